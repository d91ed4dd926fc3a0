//===- TimeOutput.cpp - A kernel's predicted time in text and JSON --------===//
#include "tools/output/TimeOutput.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {

json::Object timeJson(const TimeEstimate &T, const GpuProfile &G) {
  json::Object Parts;
  for (unsigned L = 0; L < NumTimeLimiters; ++L)
    Parts[timeLimiterName(TimeLimiter(L))] = T.PartUs[L];
  return json::Object{{"gpu", G.Name},
                      {"predicted_us", T.Us},
                      {"limiter", timeLimiterName(T.Limiter)},
                      {"parts_us", std::move(Parts)},
                      {"overlap_us", T.OverlapUs},
                      {"stream_floor_us", T.StreamFloorUs},
                      {"latency_terms_us", json::Object{{"loads_unloaded", T.LoadWaitUs},
                                                        {"barriers", T.BarrierWaitUs},
                                                        {"block_launch", T.BlockWaitUs},
                                                        {"scheduling", T.SchedulingUs}}},
                      {"assumption", l2Assumption(T, G)}};
}

std::string timeText(const TimeEstimate &T, const GpuProfile &G) {
  SmallVector<std::string, 8> Parts;
  for (unsigned L = 0; L < NumTimeLimiters; ++L)
    if (T.PartUs[L] >= 0.05)
      Parts.push_back(timeLimiterName(TimeLimiter(L)).str() + " " +
                      formatMicroseconds(T.PartUs[L]));
  std::string Assumed = l2Assumption(T, G);
  return formatMicroseconds(T.Us) + " on " + G.Display.str() + ", " +
         timeLimiterName(T.Limiter).str() + "-bound (" + join(Parts, ", ") + ")" +
         (Assumed.empty() ? "" : "; " + Assumed);
}

} // namespace warplint
