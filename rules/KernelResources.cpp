//===- KernelResources.cpp - Registers, shared memory, where --------------===//
#include "rules/KernelResources.h"

#include "rules/Suppressions.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace warplint {

namespace {

/// The unqualified name without template arguments: "ns::k<int>" -> "k".
StringRef shortName(StringRef Name) {
  Name = Name.take_until([](char C) { return C == '<'; });
  size_t Colon = Name.rfind("::");
  return Colon == StringRef::npos ? Name : Name.drop_front(Colon + 2);
}

bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

} // namespace

SourceLoc kernelLocation(const Function &F, SourceCache &Sources) {
  SourceLoc L = declarationLocation(F);
  if (!L.valid())
    return L;
  std::string Name = sourceName(F);
  StringRef Short = shortName(Name);
  StringRef Text = Sources.line(L.File, L.Line);
  for (size_t Pos = Text.find(Short); !Short.empty() && Pos != StringRef::npos;
       Pos = Text.find(Short, Pos + 1)) {
    bool Starts = Pos == 0 || !isIdentChar(Text[Pos - 1]);
    size_t End = Pos + Short.size();
    bool Ends = End == Text.size() || !isIdentChar(Text[End]);
    if (Starts && Ends) {
      L.Column = Pos + 1;
      break;
    }
  }
  return L;
}

SourceLoc kernelOrPeakLocation(const KernelFacts &K) {
  SourceLoc L = kernelLocation(K.Kernel, K.Sources);
  return L.valid() ? L : K.Registers.peakLocation();
}

std::string RegisterFigure::str() const {
  if (FromPtxas)
    return formatv("{0} registers per thread ({1})", Registers, By).str();
  return formatv("about {0} registers per thread{1}", Registers, Estimate).str();
}

StringRef estimateConfidence(double Margin) {
  // The estimate was 15% off on the calibration kernels (docs/registers.md)
  // and up to 1.5x ptxas's count on real code: a claim that holds only while
  // ptxas needs more than two thirds of the estimate is weak.
  return Margin < 1.5 ? "low" : "medium";
}

std::string estimateNote(const KernelFacts &K, StringRef Confidence) {
  return formatv(" (an estimate from the IR, {0} confidence: {1})", Confidence,
                 K.noVerdictReason())
      .str();
}

RegisterFigure registersPerThread(const KernelFacts &K, const PtxasFunctionInfo *Verdict) {
  RegisterFigure R;
  if (Verdict && Verdict->HasUsage) {
    R.Registers = Verdict->Registers;
    R.FromPtxas = true;
    R.By = Verdict->by().str();
    return R;
  }
  R.Registers = std::min(K.Registers.estimatedRegisters(), K.Registers.cap().Registers);
  R.Estimate = estimateNote(K, "medium");
  return R;
}

RegisterFigure registersPerThread(const KernelFacts &K) {
  return registersPerThread(K, K.Ptxas);
}

uint64_t staticSharedBytes(const KernelFacts &K, const PtxasFunctionInfo *Verdict) {
  if (Verdict && Verdict->HasUsage)
    return Verdict->SharedBytes;
  return K.Shared.staticBytes();
}

uint64_t staticSharedBytes(const KernelFacts &K) { return staticSharedBytes(K, K.Ptxas); }

KernelResources launchResources(const KernelFacts &K) { return launchResources(K, K.Ptxas); }

KernelResources launchResources(const KernelFacts &K, const PtxasFunctionInfo *Verdict) {
  KernelResources R;
  R.BlockSize = unsigned(std::min<uint64_t>(K.launch().Block.count(), ~0u));
  R.RegistersPerThread = registersPerThread(K, Verdict).Registers;
  R.StaticSharedBytes = staticSharedBytes(K, Verdict);
  R.DynamicSharedBytes = K.launch().DynamicSharedBytes;
  return R;
}

std::string dynamicSharedAssumption(const KernelFacts &K) {
  const LaunchConfig &L = K.launch();
  if (L.SharedSource.empty())
    return "";
  return " and " + formatBytes(L.DynamicSharedBytes) + " of dynamic shared memory from the " +
         L.SharedSource;
}

SourceLoc sassLocation(const SassFacts &K, const SassInstruction &I) {
  if (I.Source.valid())
    return SourceLoc{I.Source.File, I.Source.Line, 1};
  return SourceLoc{K.File, I.ListingLine, 1};
}

const SassMemoryAccess *
firstSassAccess(const SassFunction &F, function_ref<bool(const SassMemoryAccess &)> Pred) {
  const SassMemoryAccess *First = nullptr;
  for (const SassMemoryAccess &A : F.Accesses) {
    if (!Pred(A))
      continue;
    if (F.inLoop(A))
      return &A;
    if (!First)
      First = &A;
  }
  return First;
}

} // namespace warplint
