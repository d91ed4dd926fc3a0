//===- SharedStaticTooLarge.cpp - shared-static-too-large -----------------===//
#include "rules/SharedStaticTooLarge.h"

#include "rules/AccessMessages.h"
#include "rules/KernelResources.h"
#include "rules/Suppressions.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

#include <algorithm>

using namespace llvm;

namespace warplint {

SharedStaticTooLargeRule::SharedStaticTooLargeRule(const RuleOptions &Opts)
    : Rule("shared-static-too-large", Opts), Fraction(Opts.number("fraction", 50)) {}

namespace {

/// PTX input (no AST): the closest line at or above the variable's first use
/// that declares it (or passes its name to a macro), at the name's column;
/// the first use when none is found.
SourceLoc declarationFromText(const SharedVariable &V, SourceCache &Sources) {
  const SourceLoc &Use = V.FirstUse;
  if (!Use.valid())
    return Use;
  std::string Name = Regex::escape(V.Name);
  // `__shared__ float tile[...]`, or the name passed to a declaring macro.
  Regex Decl("__shared__[^;]*[^A-Za-z0-9_](" + Name + ")[ \t]*\\[");
  Regex MacroArg("[(,][ \t]*(" + Name + ")[ \t]*[,)]");
  for (Regex *R : {&Decl, &MacroArg})
    for (unsigned Line = Use.Line; Line >= 1 && Line + 500 > Use.Line; --Line) {
      StringRef Text = Sources.line(Use.File, Line);
      SmallVector<StringRef, 2> M;
      if (R->match(Text, &M))
        return SourceLoc{Use.File, Line, unsigned(M[1].data() - Text.data() + 1)};
    }
  return Use;
}

/// Where a __shared__ variable is declared: where Clang's AST says its name
/// is written (CUDA input), else found in the text.
SourceLoc declarationOf(const SharedVariable &V, const KernelFacts &K) {
  const SourceDecls &Decls = K.DM.Decls;
  if (!Decls.Available || !V.GV)
    return declarationFromText(V, K.Sources);
  auto It = Decls.Variables.find(V.GV->getName());
  return It != Decls.Variables.end() && It->second.Name.valid() ? It->second.Name
                                                                : V.FirstUse;
}

/// "'tile' (32 KB), 'sums' (16 KB)": the largest static variables.
std::string largest(std::vector<const SharedVariable *> &Vars) {
  std::stable_sort(Vars.begin(), Vars.end(),
                   [](const SharedVariable *A, const SharedVariable *B) {
                     return A->Bytes > B->Bytes;
                   });
  std::string S;
  for (size_t I = 0; I < Vars.size() && I < 3; ++I)
    S += (I ? ", '" : "'") + Vars[I]->Name + "' (" + formatBytes(Vars[I]->Bytes) + ")";
  if (Vars.size() > 3)
    S += formatv(" and {0} more", Vars.size() - 3).str();
  return S;
}

} // namespace

void SharedStaticTooLargeRule::check(const KernelFacts &K, const FindingSink &Out) const {
  uint64_t Bytes = staticSharedBytes(K);
  std::vector<const SharedVariable *> Static;
  for (const SharedVariable &V : K.Shared.variables())
    if (!V.Extern)
      Static.push_back(&V);
  if (!Bytes || Static.empty())
    return;
  std::string Vars = largest(Static);
  const SharedVariable &Top = *Static.front();
  SourceLoc Loc = declarationOf(Top, K);
  if (!Loc.valid())
    Loc = kernelLocation(K.Kernel, K.Sources);
  const ArchProfile &A = K.Arch;
  if (Bytes > A.SharedBytesPerBlockDefault) {
    std::string Fix =
        Bytes > A.SharedBytesPerBlockOptIn
            ? formatv("even dynamic shared memory is limited to {0} per block on {1}: use "
                      "smaller tiles",
                      formatBytes(A.SharedBytesPerBlockOptIn), A.Name)
                  .str()
            : formatv("allocate it as dynamic shared memory: declare 'extern __shared__ {0} "
                      "{1}[];', launch with {2} bytes as the third <<<>>> argument, and "
                      "first call cudaFuncSetAttribute({3}, "
                      "cudaFuncAttributeMaxDynamicSharedMemorySize, {2}) (up to {4} per "
                      "block on {5})",
                      Top.ElementType, Top.Name, Bytes, K.Name,
                      formatBytes(A.SharedBytesPerBlockOptIn), A.Name)
                  .str();
    Out(make(K, Loc,
             formatv("{0}{1} of static shared memory per block ({2}) exceed the {3} a block "
                     "can declare statically on {4}: ptxas rejects the kernel (too much "
                     "shared data) and it cannot launch; {5}",
                     kernelPrefix(K), formatBytes(Bytes), Vars,
                     formatBytes(A.SharedBytesPerBlockDefault), A.Name, Fix),
             Severity::Error));
    return;
  }
  uint64_t Taken = Bytes + A.SharedReservedPerBlock;
  double Percent = 100.0 * double(Taken) / A.SharedBytesPerSM;
  if (Percent <= Fraction)
    return;
  OccupancyResult O = computeOccupancy(A, launchResources(K));
  if (O.BlocksPerSM == 0 || !O.limitedBy(OccupancyLimiter::SharedMemory))
    return;
  Out(make(K, Loc,
           formatv("{0}{1} of static shared memory per block ({2}) take {3}% of the {4} of "
                   "an SM on {5}{6}: only {7} block{8} fit{9} = {10}% occupancy, {11}; use "
                   "smaller tiles, or size the buffer at launch with dynamic shared memory "
                   "(extern __shared__ and the third <<<>>> argument) so it can be tuned per "
                   "architecture",
                   kernelPrefix(K), formatBytes(Bytes), Vars, unsigned(Percent + 0.5),
                   formatBytes(A.SharedBytesPerSM), A.Name,
                   A.SharedReservedPerBlock
                       ? formatv(" (with the {0} reserved per block)",
                                 formatBytes(A.SharedReservedPerBlock))
                             .str()
                       : "",
                   O.BlocksPerSM, O.BlocksPerSM == 1 ? "" : "s",
                   O.BlocksPerSM == 1 ? "s" : "", O.occupancyPercent(),
                   K.launchAssumption() + dynamicSharedAssumption(K))));
}

} // namespace warplint
