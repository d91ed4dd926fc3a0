//===- RuleHelp.cpp - A rule's page, compiled in, as help text ------------===//
#include "tools/output/RuleHelp.h"

#include "frontend/EmbeddedFile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {

namespace {

#include "EmbeddedRuleDocs.inc"

StringRef rulePage(StringRef Id) { return embeddedFile(EmbeddedRuleDocs, (Id + ".md").str()); }

/// Paragraphs of Text (blank-line separated), each with its lines joined.
SmallVector<std::string, 8> paragraphs(StringRef Text) {
  SmallVector<std::string, 8> Out;
  std::string Cur;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.rtrim();
    if (L.trim().empty()) {
      if (!Cur.empty())
        Out.push_back(std::move(Cur));
      Cur.clear();
      continue;
    }
    Cur += (Cur.empty() ? "" : "\n") + L.str();
  }
  if (!Cur.empty())
    Out.push_back(std::move(Cur));
  return Out;
}

/// The section of Page under "## Heading", up to the next "## "; empty
/// when there is none.
StringRef section(StringRef Page, StringRef Heading) {
  size_t At = Page.find(("\n## " + Heading + "\n").str());
  if (At == StringRef::npos)
    return "";
  StringRef Rest = Page.drop_front(At + 5 + Heading.size());
  return Rest.take_front(Rest.find("\n## "));
}

} // namespace

std::string plainText(StringRef Markdown) {
  std::string Out;
  for (size_t I = 0; I < Markdown.size(); ++I) {
    char C = Markdown[I];
    if (C == '`' || (C == '*' && I + 1 < Markdown.size() && Markdown[I + 1] == '*')) {
      if (C == '*')
        ++I;
      continue;
    }
    if (C == '[') { // [text](link): the text.
      size_t Close = Markdown.find("](", I);
      size_t End = Close == StringRef::npos ? StringRef::npos : Markdown.find(')', Close);
      if (End != StringRef::npos && Markdown.substr(I, Close - I).count('\n') == 0) {
        Out += plainText(Markdown.slice(I + 1, Close));
        I = End;
        continue;
      }
    }
    Out += C;
  }
  return Out;
}

std::optional<RuleHelp> ruleHelp(StringRef Id) {
  StringRef Page = rulePage(Id);
  if (Page.empty())
    return std::nullopt;
  // What and why: the paragraphs between the title and the first section.
  StringRef Body = Page;
  if (Body.starts_with("# "))
    Body = Body.drop_until([](char C) { return C == '\n'; });
  StringRef Intro = Body.take_front(Body.find("\n## "));
  SmallVector<std::string, 8> Paras = paragraphs(Intro);
  if (Paras.empty())
    return std::nullopt;
  RuleHelp H;
  // One line each: the page wraps its paragraphs at 90 columns.
  auto OneLine = [](std::string P) {
    for (char &C : P)
      if (C == '\n')
        C = ' ';
    return P;
  };
  H.FullDescription = plainText(OneLine(Paras.front()));
  SmallVector<std::string, 8> Md;
  for (std::string &P : Paras)
    Md.push_back(OneLine(P));
  StringRef Fix = section(Page, "Fix");
  if (!Fix.trim().empty()) {
    Md.push_back("**Fix.**");
    for (std::string &P : paragraphs(Fix))
      Md.push_back(StringRef(P).starts_with("```") || StringRef(P).starts_with("    ") ? P : OneLine(P));
  }
  H.Markdown = join(Md, "\n\n");
  SmallVector<std::string, 8> Text;
  for (const std::string &P : Md)
    Text.push_back(plainText(P));
  H.Text = join(Text, "\n\n");
  return H;
}

} // namespace warplint
