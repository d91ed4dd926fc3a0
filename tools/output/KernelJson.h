//===- KernelJson.h - One kernel of `accesses --format=json` ----*- C++ -*-===//
//
// The kernel objects of DESIGN.md's accesses JSON, shared by `accesses`
// and `report` (which embeds them in its page): launch, every access with
// its prediction and the traffic it wastes, branches, barriers, local
// arrays, and the kernel's registers and occupancy.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_KERNELJSON_H
#define WARPLINT_TOOLS_KERNELJSON_H

#include "analyzer/arch/GpuProfile.h"
#include "analyzer/time/TimeModel.h"
#include "rules/Rule.h"

#include "llvm/Support/JSON.h"

namespace warplint {

/// What a request of Space costs in: "sectors" (global, local), "wavefronts"
/// (shared) or "passes" (constant, parameter).
llvm::StringRef costUnit(unsigned Space);

/// K's launch priced on Gpu (the time `accesses`, `report` and `diff`
/// give a kernel): the estimate, or an error saying why there is none.
llvm::Expected<TimeEstimate> kernelTime(const KernelFacts &K, const GpuProfile &Gpu);

/// One kernel: {"name", "mangled", "launch", "accesses", "branches",
/// "barriers", "local_arrays", "resources"}. Each access has its predicted
/// per-request figure and, where it is counted in bytes (global and local
/// sectors, shared wavefronts), "predicted.bytes_per_request",
/// "ideal_bytes_per_request" and "wasted_bytes_per_request"; with the device
/// model's run (K.Run) its "measured" requests and per-request figure. With
/// Gpu, "time": the launch's predicted duration on it (tools/TimeOutput.h),
/// or why there is none.
llvm::json::Object kernelJson(const KernelFacts &K, const GpuProfile *Gpu = nullptr);

/// {"registers", "registers_from", "static_shared_bytes",
/// "dynamic_shared_bytes", "block_size", "blocks_per_sm", "warps_per_sm",
/// "occupancy_percent", "limiter"} of K's launch on K.Arch.
llvm::json::Object resourcesJson(const KernelFacts &K);

} // namespace warplint

#endif
