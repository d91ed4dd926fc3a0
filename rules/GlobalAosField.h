//===- GlobalAosField.h - global-aos-field ----------------------*- C++ -*-===//
#ifndef WARPLINT_RULES_GLOBALAOSFIELD_H
#define WARPLINT_RULES_GLOBALAOSFIELD_H

#include "analyzer/time/LaunchWork.h"
#include "rules/Rule.h"

namespace warplint {

/// A global access to one field of an array of structures (`p[i].mass`,
/// pattern struct-field): adjacent threads are a struct apart, so a warp
/// fetches whole structs to use one field of each. The fix is a structure of
/// arrays or, when every field is used, one vector load per struct. Option:
/// threshold (default 1.5), the ratio of sectors to the ideal above which it
/// warns.
class GlobalAosFieldRule : public Rule {
public:
  explicit GlobalAosFieldRule(const RuleOptions &Opts);
  void check(const KernelFacts &K, const FindingSink &Out) const override;
  /// The fix gives the access its ideal cost.
  bool modelFix(const KernelFacts &, const Finding &F, LaunchWork &W) const override {
    return makeIdealAt(F, W);
  }

private:
  double Threshold;
};

} // namespace warplint

#endif
