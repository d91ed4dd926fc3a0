//===- LspHover.cpp - textDocument/hover over a memory access -------------===//
#include "tools/lsp/LspHover.h"

#include "llvm/ADT/StringMap.h"

using namespace llvm;

namespace warplint {

namespace {

/// How far Pos is from R on R's line, in characters (0: inside or at an end).
int distance(const lsp::Range &R, const lsp::Position &Pos) {
  if (Pos.character < R.start.character)
    return R.start.character - Pos.character;
  if (Pos.character > R.end.character)
    return Pos.character - R.end.character;
  return 0;
}

/// The most accesses one hover lists.
constexpr size_t MaxShown = 4;

} // namespace

std::optional<json::Value> hoverAt(ArrayRef<AccessHover> Accesses, StringRef Path,
                                   const DocumentText &Doc, const lsp::Position &Pos) {
  StringMap<bool> Mine; // File names of the accesses: this document or not.
  unsigned Line = Pos.line + 1;
  // The accesses on the line, the closest to the cursor first found.
  std::vector<const AccessHover *> Best;
  int BestDistance = 0;
  std::optional<lsp::Range> BestRange;
  for (const AccessHover &A : Accesses) {
    if (A.Loc.Line != Line)
      continue;
    auto [It, New] = Mine.try_emplace(A.Loc.File, false);
    if (New)
      It->second = sameFile(A.Loc.File, Path);
    if (!It->second)
      continue;
    lsp::Range R = Doc.token(A.Loc.Line, A.Loc.Column);
    int D = distance(R, Pos);
    if (!BestRange || D < BestDistance) {
      Best.clear();
      BestDistance = D;
      BestRange = R;
    }
    if (D == BestDistance && R == *BestRange)
      Best.push_back(&A);
  }
  if (Best.empty())
    return std::nullopt;
  std::string Text;
  for (size_t I = 0; I < Best.size() && I < MaxShown; ++I)
    Text += (I ? "\n---\n\n" : "") + Best[I]->Markdown;
  if (Best.size() > MaxShown)
    Text += "\n---\n\n(" + std::to_string(Best.size() - MaxShown) + " more accesses here)\n";
  return json::Object{
      {"contents", json::Object{{"kind", "markdown"}, {"value", std::move(Text)}}},
      {"range", json::Object{{"start", json::Object{{"line", BestRange->start.line},
                                                    {"character", BestRange->start.character}}},
                             {"end", json::Object{{"line", BestRange->end.line},
                                                  {"character", BestRange->end.character}}}}}};
}

} // namespace warplint
