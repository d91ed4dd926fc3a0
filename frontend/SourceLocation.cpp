//===- SourceLocation.cpp - Where an instruction is in the user's source --===//
#include "frontend/SourceLocation.h"
#include "frontend/MergedAccesses.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <tuple>

using namespace llvm;

namespace warplint {
namespace {

/// Headers that are not the user's: the prelude, an SDK, system headers, and
/// installed Python packages (Triton's tl.max/tl.sum helpers in
/// triton/language/standard.py, Inductor's triton_helpers.py): a Triton
/// kernel's findings are at the user's line that called them.
bool isSystemFile(StringRef Path) {
  return Path.starts_with("/__warplint_prelude") || Path.starts_with("/usr/include/") ||
         Path.starts_with("/usr/lib/") ||
         (Path.contains("/include/") && Path.contains("cuda")) ||
         Path.contains("/site-packages/") || Path.contains("/dist-packages/");
}

SourceLoc toSourceLoc(const DILocation *L) {
  SourceLoc S;
  S.File = displayPath(L->getDirectory(), L->getFilename());
  S.Line = L->getLine();
  S.Column = L->getColumn();
  return S;
}

} // namespace

std::string displayPath(StringRef Directory, StringRef Name) {
  if (Name.empty())
    return "";
  // Asked for every location the rules report: the working directory is
  // read once (two stat calls each time: 6,400 on a 54-kernel file).
  // warplint never changes it.
  static const std::string Cwd = [] {
    SmallString<256> Dir;
    return sys::fs::current_path(Dir) ? std::string() : Dir.str().str();
  }();
  SmallString<256> Full;
  if (!sys::path::is_absolute(Name)) {
    Full = Directory;
    if (!sys::path::is_absolute(Full)) {
      if (Cwd.empty())
        return Name.str();
      SmallString<256> Rel(Full);
      Full = Cwd;
      sys::path::append(Full, Rel);
    }
  }
  sys::path::append(Full, Name);
  sys::path::remove_dots(Full, /*remove_dot_dot=*/true);
  StringRef Rel = Full.str();
  if (!Cwd.empty() && Rel.consume_front(Cwd) && !Rel.empty() &&
      sys::path::is_separator(Rel.front()))
    return Rel.drop_front().str();
  return Full.str().str();
}

bool SourceLoc::operator<(const SourceLoc &O) const {
  return std::tie(File, Line, Column) < std::tie(O.File, O.Line, O.Column);
}

namespace {
/// The name of the module metadata that holds the --header-filter regex.
constexpr StringLiteral HeaderFilterKey = "warplint.header_filter";

/// The header filter of M, if one was set.
std::optional<std::string> headerFilter(const Module &M) {
  const NamedMDNode *N = M.getNamedMetadata(HeaderFilterKey);
  if (!N || !N->getNumOperands() || !N->getOperand(0)->getNumOperands())
    return std::nullopt;
  if (auto *S = dyn_cast<MDString>(N->getOperand(0)->getOperand(0)))
    return S->getString().str();
  return std::nullopt;
}

/// True when findings at L are reported at L: a user file (not a library or
/// system header) that is the main file, or a header the filter accepts.
bool reportsOwnFindings(const DILocation *L, const Instruction &I,
                        const std::optional<std::string> &Filter) {
  std::string Path = displayPath(L->getDirectory(), L->getFilename());
  if (isSystemFile(L->getFilename()) || isSystemFile(Path))
    return false;
  if (!Filter)
    return true;
  const DISubprogram *SP = I.getFunction()->getSubprogram();
  if (SP && SP->getUnit() &&
      displayPath(SP->getUnit()->getDirectory(), SP->getUnit()->getFilename()) == Path)
    return true;
  return Regex(*Filter).match(Path);
}
} // namespace

namespace {
/// L's user-facing location (I's or a location I stands for).
SourceLoc userLocationOf(const DILocation *L, const Instruction &I) {
  if (!L)
    return {};
  std::optional<std::string> Filter = headerFilter(*I.getModule());
  for (const DILocation *Cur = L; Cur; Cur = Cur->getInlinedAt())
    if (reportsOwnFindings(Cur, I, Filter) && Cur->getLine())
      return toSourceLoc(Cur);
  return L->getLine() ? toSourceLoc(L) : SourceLoc();
}

SourceLoc ownUserLocation(const Instruction &I, bool Origin = false) {
  const DILocation *L = I.getDebugLoc().get();
  if (Origin)
    L = dyn_cast_or_null<DILocation>(I.getMetadata(AccessOriginKind));
  return userLocationOf(L, I);
}
} // namespace

std::vector<SourceLoc> mergedLocations(const Instruction &I) {
  std::vector<SourceLoc> Out;
  const MDNode *Merged = I.getMetadata(MergedAccessesKind);
  if (!Merged)
    return Out;
  SourceLoc Own = userLocation(I);
  for (const MDOperand &Op : Merged->operands()) {
    SourceLoc L = userLocationOf(dyn_cast_or_null<DILocation>(Op.get()), I);
    if (L.valid() && !(L == Own) && !llvm::is_contained(Out, L))
      Out.push_back(std::move(L));
  }
  llvm::sort(Out);
  return Out;
}

SourceLoc userLocation(const Instruction &I) {
  SourceLoc Own = ownUserLocation(I);
  // (Values without a line, phis above all, are told by their names.)
  if (Own.valid() || !I.mayReadOrWriteMemory() || !I.getFunction()->getSubprogram())
    return Own;
  if (SourceLoc Origin = ownUserLocation(I, /*Origin=*/true); Origin.valid())
    return Origin;
  // A memory access at line 0 or without a location in a function with line
  // tables: an instruction the optimizer made from several (merged accesses keep the first line,
  // NvptxPipeline; other merges say line 0) or made anew (a load a loop pass
  // re-creates). The nearest located instruction of its block before it,
  // else after it.
  const BasicBlock *BB = I.getParent();
  for (auto It = I.getReverseIterator(); It != BB->rend(); ++It)
    if (SourceLoc L = ownUserLocation(*It); L.valid())
      return L;
  for (auto It = I.getIterator(); It != BB->end(); ++It)
    if (SourceLoc L = ownUserLocation(*It); L.valid())
      return L;
  return Own;
}

SourceLoc innermostLocation(const Instruction &I) {
  const DILocation *L = I.getDebugLoc().get();
  return L ? toSourceLoc(L) : SourceLoc();
}

bool isLibraryFile(StringRef Path) { return isSystemFile(Path); }

void setHeaderFilter(Module &M, StringRef Regex) {
  NamedMDNode *N = M.getOrInsertNamedMetadata(HeaderFilterKey);
  N->clearOperands();
  N->addOperand(MDNode::get(M.getContext(), MDString::get(M.getContext(), Regex)));
}

SourceLoc outermostLocation(const Instruction &I) {
  const DILocation *L = I.getDebugLoc().get();
  if (!L)
    return {};
  while (const DILocation *Outer = L->getInlinedAt())
    L = Outer;
  return toSourceLoc(L);
}

SourceLoc declarationLocation(const Function &F) {
  const DISubprogram *SP = F.getSubprogram();
  if (!SP)
    return {};
  SourceLoc S;
  S.File = displayPath(SP->getDirectory(), SP->getFilename());
  S.Line = SP->getLine();
  S.Column = 1;
  return S;
}

} // namespace warplint
