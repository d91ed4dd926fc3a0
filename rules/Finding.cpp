//===- Finding.cpp - What a rule reports ----------------------------------===//
#include "rules/Finding.h"

#include "analyzer/time/TimeModel.h"

#include "llvm/Support/FormatVariadic.h"

#include <tuple>

using namespace llvm;

namespace warplint {

std::string TimeSaved::text() const {
  std::string Where = formatv("on {0} at {1}", GpuDisplay, Launch).str();
  if (!Assumption.empty())
    Where += "; " + Assumption;
  if (Us < 0)
    return formatv("the time model predicts this fix slower by {0} (the kernel takes {1}) {2}",
                   formatMicroseconds(-Us), formatMicroseconds(KernelUs), Where)
        .str();
  if (percent() < 1)
    return formatv("fixing this saves under 1% of {0} {1}", formatMicroseconds(KernelUs), Where)
        .str();
  return formatv("fixing this saves ~{0} of {1} ({2:f0}%) {3}", formatMicroseconds(Us),
                 formatMicroseconds(KernelUs), percent(), Where)
      .str();
}

StringRef severityName(Severity S) {
  switch (S) {
  case Severity::Note:
    return "note";
  case Severity::Warning:
    return "warning";
  case Severity::Error:
    return "error";
  }
  return "warning";
}

std::optional<Severity> parseSeverity(StringRef Text) {
  for (Severity S : {Severity::Note, Severity::Warning, Severity::Error})
    if (Text == severityName(S))
      return S;
  return std::nullopt;
}

bool Finding::operator<(const Finding &O) const {
  return std::tie(Loc.File, Loc.Line, Loc.Column, Rule, Kernel, Message) <
         std::tie(O.Loc.File, O.Loc.Line, O.Loc.Column, O.Rule, O.Kernel, O.Message);
}

} // namespace warplint
