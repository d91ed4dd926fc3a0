//===- Prediction.cpp - Texts of a prediction -----------------------------===//
#include "analyzer/Prediction.h"

#include "analyzer/StateSpaces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;

namespace warplint {

StringRef Prediction::metricName(unsigned Space) {
  switch (Space) {
  case AS_Shared:
    return "wavefronts_per_request";
  case AS_Const:
    return "addresses_per_request";
  default:
    return "sectors_per_request";
  }
}

std::string Prediction::sampledStridesText() const {
  // "16384B at n=4096", or "16384B at (k=4096, n=8192)" for several.
  std::string Out;
  for (size_t I = 0; I < SampledStrides.size(); ++I) {
    const auto &[Value, Stride] = SampledStrides[I];
    std::string At = I < SampledArgValues.size() ? SampledArgValues[I]
                                                 : formatv("{0}={1}", StrideDependsOn, Value).str();
    if (StringRef(At).contains(", "))
      At = "(" + At + ")";
    Out += formatv("{0}{1}B at {2}", Out.empty() ? "" : ", ", Stride, At).str();
  }
  return Out;
}

std::string Prediction::perIterationText() const {
  auto Num = [](double V) {
    return V == std::round(V) ? std::to_string(int64_t(V)) : formatv("{0:F2}", V).str();
  };
  std::string Out;
  for (size_t I = 0; I < PerIteration.size();) {
    size_t J = I;
    while (J < PerIteration.size() && PerIteration[J] == PerIteration[I])
      ++J;
    Out += (Out.empty() ? "" : ",") + Num(PerIteration[I]);
    if (J - I > 1)
      Out += "x" + std::to_string(J - I);
    I = J;
  }
  return Out;
}

} // namespace warplint
