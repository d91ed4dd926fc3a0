//===- TimeOutput.h - A kernel's predicted time in text and JSON -*- C++ -*-===//
#ifndef WARPLINT_TOOLS_TIMEOUTPUT_H
#define WARPLINT_TOOLS_TIMEOUTPUT_H

#include "analyzer/time/TimeModel.h"

#include "llvm/Support/JSON.h"

#include <string>

namespace warplint {

/// {"gpu", "predicted_us", "limiter", "parts_us": {"dram": ..., ...}}.
llvm::json::Object timeJson(const TimeEstimate &T, const GpuProfile &G);

/// "480 us on H100 SXM, dram-bound (dram 470 us, l2 120 us, issue 30 us, ...)".
std::string timeText(const TimeEstimate &T, const GpuProfile &G);

} // namespace warplint

#endif
