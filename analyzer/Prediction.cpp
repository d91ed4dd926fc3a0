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
  // "n=4096", or "k=n=4096" when several arguments take the value.
  std::string Names = StrideDependsOn;
  for (size_t At; (At = Names.find(", ")) != std::string::npos;)
    Names.replace(At, 2, "=");
  std::string Out;
  for (const auto &[Value, Stride] : SampledStrides)
    Out += formatv("{0}{1}B at {2}={3}", Out.empty() ? "" : ", ", Stride, Names, Value).str();
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
