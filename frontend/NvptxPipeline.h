//===- NvptxPipeline.h - The IR every input is brought to -------*- C++ -*-===//
//
// Shared by the CUDA, PTX and LLVM IR inputs: the NVPTX target machine, the
// IR passes NVPTX instruction selection would see, and the facts that only
// the unoptimized IR still shows (private arrays, struct-field selections).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_NVPTXPIPELINE_H
#define WARPLINT_FRONTEND_NVPTXPIPELINE_H

#include "frontend/DeviceModule.h"
#include "frontend/FileBudget.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace warplint {

/// A TargetMachine for NVPTX at the given arch (sm_XX).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createNvptxTargetMachine(llvm::StringRef Arch);

/// Gives M's device functions (not kernels, not noinline) internal linkage,
/// as nvcc's whole-program compile sees them, so the inliner treats a
/// function called once as NVVM does.
void internalizeDeviceFunctions(llvm::Module &M);

/// Keeps M's device functions that Names name (source or mangled names;
/// kernels aside) through optimization, with their code: each is put in
/// llvm.compiler.used, an address taken, as a -rdc compile keeps a function
/// another file may take the address of. A kernel's function-pointer
/// parameter can then be given one though device code never takes its
/// address (run --arg f=NAME). Returns how many.
unsigned keepNamedFunctions(llvm::Module &M, llvm::ArrayRef<std::string> Names);

/// Runs the IR pipeline NVPTX instruction selection would see on M (after
/// markAccessOrigins and internalizeDeviceFunctions): the O2
/// module pipeline with NVPTX's callbacks, then InferAddressSpaces,
/// SeparateConstOffsetFromGEP-free cleanups and the LoadStoreVectorizer.
/// With a Budget, stops (skipping every pass left) once it has run out and
/// returns false.
bool optimizeForNvptx(llvm::Module &M, llvm::TargetMachine &TM,
                      const FileBudget *Budget = nullptr);

/// The text of the marker optimizeForNvptx puts before a store to a
/// __constant__ variable (followed by the variable's name): LLVM deletes
/// such stores (constant memory is read-only), the marker, inline asm with
/// side effects and a PTX comment, stays for the device model to report.
constexpr const char *ConstantStoreMarker = "// warplint: store to __constant__ ";

/// Keeps the faults nvcc's binary keeps and LLVM's -O2 would erase: malloc,
/// free and the global operator new/delete stay calls (not builtins the
/// optimizer deletes with the accesses to their blocks), and __shared__
/// variables are externally initialized (so a read of one nothing wrote is
/// not folded to undef). Changes nothing where the program reads only memory
/// it wrote and allocates only blocks that escape.
void keepFaultingAccesses(llvm::Module &M);

/// Puts the marker before every store, atomic, memset or memcpy whose
/// destination is a __constant__ variable. Returns how many.
unsigned markConstantStores(llvm::Module &M);

/// Records the private arrays of M before optimization.
std::vector<LocalArrayDecl> collectLocalArrays(const llvm::Module &M);

/// Records the struct-field selections of M (with the sizes of the structures
/// they step through) before optimization turns them into byte offsets.
std::vector<StructFieldUse> collectStructFields(const llvm::Module &M);

/// Keeps each memory access's location as metadata (AccessOriginKind), so
/// that one an optimization moves without it still has a line.
void markAccessOrigins(llvm::Module &M);

/// Hands M to Result the way every input does: records what optimization
/// would erase (private arrays, struct-field selections), then optimizes it
/// for NVPTX with TM unless Optimize is false (the editor optimizes only the
/// kernels whose code changed, tools/commands/IncrementalCheck). Libdevice, when not
/// empty, is the toolkit's libdevice bitcode, linked before optimizing
/// (linkLibdevice; a file that cannot be linked leaves the `__nv_*` calls to
/// the device model's native stand-ins). A Budget that runs out while it
/// optimizes sets Result.BudgetStop.
void finishDeviceModule(DeviceModule &Result, std::unique_ptr<llvm::Module> M,
                        llvm::TargetMachine &TM, bool Optimize = true,
                        llvm::StringRef Libdevice = "", const FileBudget *Budget = nullptr);

} // namespace warplint

#endif
