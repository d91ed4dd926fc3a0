//===- Finding.cpp - What a rule reports ----------------------------------===//
#include "rules/Finding.h"

#include <tuple>

using namespace llvm;

namespace warplint {

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
