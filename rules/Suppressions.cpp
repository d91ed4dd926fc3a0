//===- Suppressions.cpp - NOLINT and // warplint: ignore[rule-id] ---------===//
#include "rules/Suppressions.h"
#include "frontend/SourceLines.h"
#include "rules/CheckGlobs.h"
#include "rules/Rule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <map>
#include <memory>

using namespace llvm;

namespace warplint {

namespace {

constexpr StringLiteral IgnoreMarker = "warplint: ignore[";
constexpr StringLiteral IgnoreKernelMarker = "warplint: ignore-kernel[";
/// A list longer than this is no suppression's (rule ids are short): a
/// generated or hostile line must not cost a copy of itself per comment.
constexpr size_t MaxListBytes = 4096;

/// The lists of every Marker...] in Text, with the column of each marker.
std::vector<std::pair<unsigned, StringRef>> listsAfter(StringRef Text, StringRef Marker) {
  std::vector<std::pair<unsigned, StringRef>> Out;
  // One search for each closing bracket, however many markers a line holds.
  size_t Close = 0;
  for (size_t Pos = Text.find(Marker); Pos != StringRef::npos;
       Pos = Text.find(Marker, Pos + 1)) {
    size_t Start = Pos + Marker.size();
    if (Close < Start)
      Close = Text.find(']', Start);
    if (Close == StringRef::npos)
      break;
    if (Close - Start <= MaxListBytes)
      Out.push_back({unsigned(Pos + 1), Text.slice(Start, Close)});
  }
  return Out;
}

/// True when an `ignore[...]` list names Rule: its id (with or without the
/// prefix), a glob that matches it, or `*`.
bool ignoreListNames(StringRef List, StringRef Rule) {
  SmallVector<StringRef, 4> Ids;
  List.split(Ids, ',');
  return any_of(Ids, [&](StringRef Id) { return globMatchesRule(Id.trim(), Rule); });
}

/// A NOLINT comment's list: none for every rule (`NOLINT` alone).
using CheckList = std::optional<std::string>;

/// True when L names Rule (clang-tidy drops the negative globs of a NOLINT).
bool nolintNames(const CheckList &L, StringRef Rule) {
  if (!L)
    return true;
  SmallVector<StringRef, 4> Items;
  StringRef(*L).split(Items, ',');
  return any_of(Items, [&](StringRef I) {
    I = I.trim();
    return !I.empty() && !I.starts_with("-") && globMatchesRule(I, Rule);
  });
}

enum class NoLintKind { ThisLine, NextLine, Begin, End };

struct NoLint {
  NoLintKind Kind;
  unsigned Line, Column;
  CheckList Checks;
};

StringRef kindName(NoLintKind K) {
  return K == NoLintKind::Begin ? "NOLINTBEGIN" : K == NoLintKind::End ? "NOLINTEND"
         : K == NoLintKind::NextLine                                  ? "NOLINTNEXTLINE"
                                                                      : "NOLINT";
}

/// The NOLINT comments of one line, read as clang-tidy reads them: the
/// word, its kind, and the text in parentheses right after it (a list not
/// closed on the line is none: every rule).
std::vector<NoLint> nolintsIn(StringRef Text, unsigned Line) {
  std::vector<NoLint> Out;
  size_t Close = 0; // The next ')' (searched once for each, however many NOLINTs).
  for (size_t Pos = Text.find("NOLINT"); Pos != StringRef::npos;
       Pos = Text.find("NOLINT", Pos + 1)) {
    NoLint N{NoLintKind::ThisLine, Line, unsigned(Pos + 1), std::nullopt};
    StringRef Rest = Text.substr(Pos + 6);
    if (Rest.consume_front("NEXTLINE"))
      N.Kind = NoLintKind::NextLine;
    else if (Rest.consume_front("BEGIN"))
      N.Kind = NoLintKind::Begin;
    else if (Rest.consume_front("END"))
      N.Kind = NoLintKind::End;
    if (Rest.starts_with("(")) {
      size_t Open = Text.size() - Rest.size();
      if (Close != StringRef::npos && Close <= Open)
        Close = Text.find(')', Open);
      if (Close != StringRef::npos && Close - Open > MaxListBytes)
        continue;
      if (Close != StringRef::npos)
        N.Checks = Text.slice(Open + 1, Close).str();
    }
    Out.push_back(std::move(N));
  }
  return Out;
}

/// Why Item (one entry of a suppression's list) names no rule, or none when
/// it names one: a known id with or without the prefix, a glob that matches
/// one, `*`.
std::optional<std::string> unknownEntry(StringRef Item) {
  if (Item.empty())
    return std::nullopt;
  std::string Shown = Item.size() > 64 ? (Item.take_front(60) + "...").str() : Item.str();
  if (Item.contains('*')) {
    bool Any = any_of(allRules(), [&](const RuleInfo &R) { return globMatchesRule(Item, R.Id); }) ||
               any_of(otherFindingIds(), [&](StringRef Id) { return globMatchesRule(Item, Id); });
    if (Any)
      return std::nullopt;
    return "no rule matches '" + Shown + "'";
  }
  StringRef Id = Item;
  Id.consume_front(RulePrefix);
  if (isKnownFindingId(Id))
    return std::nullopt;
  return "unknown rule '" + Shown + "'";
}

Finding invalidSuppression(StringRef File, unsigned Line, unsigned Column, std::string Message) {
  Finding F;
  F.Rule = InvalidSuppressionRule.str();
  F.Level = Severity::Error;
  F.Loc = SourceLoc{File.str(), Line, Column};
  F.Message = std::move(Message);
  // As an unknown rule in the configuration: the run did not do what was asked.
  F.Incomplete = true;
  return F;
}

/// What the NOLINT comments of one file suppress.
struct FileComments {
  /// Line -> the lists of the NOLINT and NOLINTNEXTLINE comments for it.
  std::map<unsigned, std::vector<CheckList>> Lines;
  struct Block {
    unsigned From, To;
    CheckList Checks;
  };
  std::vector<Block> Blocks;

  bool covers(unsigned Line, StringRef Rule) const {
    if (auto It = Lines.find(Line); It != Lines.end())
      if (any_of(It->second, [&](const CheckList &L) { return nolintNames(L, Rule); }))
        return true;
    return any_of(Blocks, [&](const Block &B) {
      return B.From <= Line && Line <= B.To && nolintNames(B.Checks, Rule);
    });
  }
};

/// At most this many invalid-suppression errors per file, then one that
/// says more were left out (a generated or hostile file may hold millions).
constexpr size_t MaxErrorsPerFile = 50;

/// Reads File's suppression comments; their errors go to Errors.
FileComments scanFile(StringRef File, SourceCache &Sources, std::vector<Finding> &AllErrors) {
  FileComments C;
  struct Bounded {
    std::vector<Finding> Kept;
    size_t More = 0;
    void push_back(Finding F) {
      if (Kept.size() < MaxErrorsPerFile)
        Kept.push_back(std::move(F));
      else
        ++More;
    }
  } Errors;
  ArrayRef<StringRef> Lines = Sources.lines(File);
  std::vector<NoLint> Open;
  for (unsigned I = 0; I < Lines.size(); ++I) {
    StringRef Text = Lines[I];
    unsigned Line = I + 1;
    if (!Text.contains("NOLINT") && !Text.contains("warplint: ignore"))
      continue;
    for (NoLint &N : nolintsIn(Text, Line)) {
      // Other tools' checks are theirs; a name of ours must be known.
      if (N.Checks) {
        SmallVector<StringRef, 4> Items;
        StringRef(*N.Checks).split(Items, ',');
        for (StringRef Item : Items) {
          Item = Item.trim();
          if (!Item.starts_with(RulePrefix))
            continue;
          if (std::optional<std::string> Why = unknownEntry(Item))
            Errors.push_back(invalidSuppression(
                File, Line, N.Column,
                *Why + " in a " + kindName(N.Kind).str() +
                    " comment (docs/rules/README.md lists the rules)"));
        }
      }
      switch (N.Kind) {
      case NoLintKind::ThisLine:
        C.Lines[Line].push_back(N.Checks);
        break;
      case NoLintKind::NextLine:
        C.Lines[Line + 1].push_back(N.Checks);
        break;
      case NoLintKind::Begin:
        Open.push_back(N);
        break;
      case NoLintKind::End:
        if (!Open.empty() && Open.back().Checks == N.Checks) {
          C.Blocks.push_back({Open.back().Line, Line, N.Checks});
          Open.pop_back();
        } else {
          Errors.push_back(invalidSuppression(
              File, Line, N.Column,
              "unmatched 'NOLINTEND' comment without a previous 'NOLINTBEGIN' comment"));
        }
        break;
      }
    }
    for (StringRef Marker : {IgnoreMarker, IgnoreKernelMarker})
      for (auto [Column, List] : listsAfter(Text, Marker)) {
        SmallVector<StringRef, 4> Items;
        List.split(Items, ',');
        for (StringRef Item : Items)
          if (std::optional<std::string> Why = unknownEntry(Item.trim()))
            Errors.push_back(invalidSuppression(
                File, Line, Column,
                *Why + " in 'warplint: " + Marker.drop_front(10).drop_back().str() +
                    "[...]' (docs/rules/README.md lists the rules)"));
      }
  }
  for (const NoLint &N : Open)
    Errors.push_back(invalidSuppression(
        File, N.Line, N.Column,
        "unmatched 'NOLINTBEGIN' comment without a subsequent 'NOLINTEND' comment"));
  if (Errors.More) {
    Finding Last = Errors.Kept.back();
    Last.Message = std::to_string(Errors.More) +
                   " more bad suppression comments in this file, not listed";
    Errors.Kept.push_back(std::move(Last));
  }
  AllErrors.insert(AllErrors.end(), std::make_move_iterator(Errors.Kept.begin()),
                   std::make_move_iterator(Errors.Kept.end()));
  return C;
}

/// True when a `warplint: ignore-kernel[...]` naming Rule is on the line of
/// Decl or on the lines just above it that belong to the declaration
/// (comments, a template header, attributes: up to a blank line or the end
/// of the code before).
bool kernelIgnores(const SourceLoc &Decl, StringRef Rule, SourceCache &Sources) {
  auto Names = [&](StringRef Text) {
    return any_of(listsAfter(Text, IgnoreKernelMarker),
                  [&](const auto &L) { return ignoreListNames(L.second, Rule); });
  };
  if (Names(Sources.line(Decl.File, Decl.Line)))
    return true;
  for (unsigned Line = Decl.Line - 1; Line >= 1 && Line + 8 >= Decl.Line; --Line) {
    StringRef Text = Sources.line(Decl.File, Line).trim();
    bool Comment = Text.starts_with("//");
    if (Text.empty() || (!Comment && (Text.ends_with(";") || Text.ends_with("}") ||
                                      Text.ends_with("{"))))
      return false;
    if (Names(Text))
      return true;
  }
  return false;
}


} // namespace

bool suppresses(StringRef Text, StringRef Rule) {
  return any_of(listsAfter(Text, IgnoreMarker),
                [&](const auto &L) { return ignoreListNames(L.second, Rule); });
}

void applySuppressions(std::vector<Finding> &Findings, SourceCache &Sources,
                       const KernelDeclarations &Kernels, ArrayRef<std::string> Files) {
  // Each file read once, whatever it is called.
  StringMap<std::shared_ptr<FileComments>> ByName, ByPath;
  std::vector<Finding> Errors;
  auto Scan = [&](StringRef File) {
    if (File.empty() || ByName.count(File))
      return;
    std::shared_ptr<FileComments> &Same = ByPath[absolutePath(File)];
    if (!Same)
      Same = std::make_shared<FileComments>(scanFile(File, Sources, Errors));
    ByName[File] = Same;
  };
  for (const Finding &F : Findings)
    if (F.Loc.valid())
      Scan(F.Loc.File);
  for (const auto &K : Kernels)
    Scan(K.second.File);
  for (const std::string &F : Files)
    Scan(F);

  erase_if(Findings, [&](const Finding &F) {
    if (F.Loc.valid()) {
      if (std::shared_ptr<FileComments> C = ByName.lookup(F.Loc.File);
          C && C->covers(F.Loc.Line, F.Rule))
        return true;
      if (suppresses(Sources.line(F.Loc.File, F.Loc.Line), F.Rule))
        return true;
      // The line above counts only when it is a comment of its own.
      StringRef Above = Sources.line(F.Loc.File, F.Loc.Line - 1).ltrim();
      if (Above.starts_with("//") && suppresses(Above, F.Rule))
        return true;
    }
    if (auto It = Kernels.find(F.Kernel); !F.Kernel.empty() && It != Kernels.end())
      return It->second.valid() && kernelIgnores(It->second, F.Rule, Sources);
    return false;
  });
  Findings.insert(Findings.end(), std::make_move_iterator(Errors.begin()),
                  std::make_move_iterator(Errors.end()));
}

void markLabels(Finding &F, const SourceCache &Sources) {
  Sources.markLabel(F.Loc);
  for (RelatedNote &N : F.Notes)
    Sources.markLabel(N.Loc);
  llvm::erase_if(F.FixIts, [&](const FixIt &X) { return !Sources.quotable(X.Loc.File); });
}

} // namespace warplint
