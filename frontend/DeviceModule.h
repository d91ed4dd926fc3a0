//===- DeviceModule.h - What every frontend hands downstream ----*- C++ -*-===//
//
// The one thing the analyzer, the device model and the rules see: an LLVM
// module for the NVPTX target (address spaces 0 generic, 1 global, 3 shared,
// 4 const, 5 local), after the IR passes NVPTX instruction selection would see,
// with debug locations, plus the few facts only a frontend knows.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_DEVICEMODULE_H
#define WARPLINT_FRONTEND_DEVICEMODULE_H

#include "frontend/SourceLocation.h"
#include "frontend/ptxisa/Metadata.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace warplint {

/// NVPTX address spaces.
enum AddrSpace : unsigned {
  AS_Generic = 0,
  AS_Global = 1,
  AS_Shared = 3,
  AS_Const = 4,
  AS_Local = 5,
  AS_Param = 101,
};

// TensorOpMetadata and StandInMetadata: frontend/ptxisa/Metadata.h.

/// A private array as the frontend first saw it (before SROA), so the
/// analyzer can tell which ones were promoted to registers.
struct LocalArrayDecl {
  std::string Function; ///< Mangled name of the function declaring it.
  std::string Name;     ///< Variable name (the alloca's name).
  uint64_t Bytes = 0;
  unsigned Line = 0, Column = 0; ///< First use, 0 if unknown.
};

/// A source expression that selects a field of a structure (`p[i].mass`,
/// `v[i].x`), recorded before optimization: LLVM's O2 pipeline rewrites
/// struct-field GEPs into byte offsets, after which the struct is gone.
struct StructFieldUse {
  std::string File;              ///< As the debug location names it.
  unsigned Line = 0, Column = 0; ///< Of the field selection or its access.
  /// The size of a structure on the way to the field: the one that holds it,
  /// or one an array index steps over (for `q[i].pos[1].y`, both
  /// sizeof(*q) and sizeof(q->pos[0])).
  uint64_t StructBytes = 0;
  bool operator<(const StructFieldUse &O) const {
    return std::tie(File, Line, Column, StructBytes) <
           std::tie(O.File, O.Line, O.Column, O.StructBytes);
  }
};

/// A launch shape: grid and block, each x, y, z.
struct Dim3 {
  std::array<uint64_t, 3> V = {1, 1, 1};
  uint64_t count() const { return V[0] * V[1] * V[2]; }
  bool operator==(const Dim3 &O) const { return V == O.V; }
};

/// A call in the host code that raises a kernel's dynamic shared memory
/// limit: cudaFuncSetAttribute(k, cudaFuncAttributeMaxDynamicSharedMemorySize,
/// N) (frontend/launch/HostApiReader.h).
struct SharedOptIn {
  /// N when the host code makes it known (the largest of several calls);
  /// none when any call's N is unknown.
  std::optional<uint64_t> Bytes;
  std::string File; ///< Short name, as SourceLaunch::File.
  unsigned Line = 0;
};

/// A launch configuration found in the source: an annotation comment, a host
/// launch k<<<g, b>>> (its dims and arguments as the host code's simple data
/// flow makes them: frontend/launch/HostValues.h), or __launch_bounds__.
/// A dim with any part unknown is left unset, never guessed.
struct SourceLaunch {
  std::string Kernel;    ///< Mangled kernel name.
  std::optional<Dim3> Grid;
  std::optional<Dim3> Block;
  /// A host launch whose grid is unknown: the most blocks the host code
  /// lets it have (`std::min(n / 256, 24)`: 24), when it bounds every part.
  std::optional<uint64_t> GridBlocksMax;
  /// Dynamic shared memory per block: the third <<<>>> argument when it is a
  /// constant, or shared(N) in an annotation.
  std::optional<uint64_t> SharedBytes;
  /// "annotation", "host-launch", "launch-bounds"; "host-launch-unreached"
  /// for a host launch no path reaches with the values the host code knows
  /// (a case or branch they do not take): no shape, only said.
  std::string Source;
  unsigned Line = 0;     ///< Where it was found.
  /// A host launch: the file that holds it, as a short name ("main.cu").
  std::string File;
  /// A host launch: the kernel's integer parameters, by name ("#K" for an
  /// unnamed K-th), whose values the host code makes known at the launch.
  std::map<std::string, int64_t> Args;
  /// A host launch: bytes cudaMalloc'd for the buffer passed to a pointer
  /// parameter, by name as Args.
  std::map<std::string, uint64_t> BufferBytes;
  /// A host launch: what the host code makes each dim and integer argument
  /// it leaves unknown of, as written ("grid" -> "grid_dim(Q.size(0),
  /// Q.size(1))", "N" -> "Q.size(2)"), so that the user can be told what to give.
  std::map<std::string, std::string> UnknownFrom;
  /// A host launch whose grid or block the host code leaves unknown: the
  /// inputs they are made of that nothing gives, by name ("M" -> "a
  /// parameter of launch", "bs" -> "the variable of the loop at line 12").
  std::map<std::string, std::string> UnknownInputs;
  /// A host launch: how the host code reaches it, when through calls of the
  /// file or branches of unknown condition (" (bs = 64) from run at
  /// main.cu:40 (case 2) from main at main.cu:61"); empty for a plain one.
  std::string Via;
  /// A host launch: the --arg names that gave a host parameter or loop
  /// variable on its path its value, with the value.
  std::map<std::string, int64_t> NamedHost;
  /// A host launch read from host code that did not compile and was left
  /// out of the compile that analyzed the kernels.
  bool FromSkippedHost = false;
  /// A host launch: the kernel's dynamic shared memory opt-in in the same
  /// file, if any (every host launch of the kernel carries it, so that it
  /// travels wherever the launches do).
  std::optional<SharedOptIn> OptIn;
  /// A host launch through cudaLaunchCooperativeKernel.
  bool Cooperative = false;
};

/// Text of the source that a fix-it may replace: where it is written and
/// what it says. Loc is invalid when no single place in a file holds it.
struct SourceText {
  SourceLoc Loc;
  std::string Text;
  /// Empty when the text at Loc belongs to this declaration alone, so that an
  /// edit there changes nothing else; else why it does not ("written in the
  /// body of 'DECL', which is expanded 2 times"): Loc still says where it is
  /// written, for a note, but no fix-it may edit it.
  std::string NotOwn;
};

/// A variable's declaration as Clang's AST has it (CUDA input).
struct VariableDecl {
  /// Where the name is written: in a macro's argument when a macro declares
  /// it, else where the macro is used.
  SourceLoc Name;
  /// The size of each array dimension as written, outermost first.
  std::vector<SourceText> Dims;
};

/// Declarations found in Clang's AST during the compile, keyed by mangled
/// name, for the rules whose fix-its edit declarations. Only the CUDA input
/// fills it (`Available`); PTX and IR have no AST.
struct SourceDecls {
  bool Available = false;
  /// Per kernel, per parameter: where `__restrict__ ` goes so that it
  /// qualifies the pointer (before the name, when the parameter is a pointer
  /// written in a file); invalid where no edit is safe (an array parameter,
  /// a name from a macro's body, no name).
  llvm::StringMap<std::vector<SourceLoc>> RestrictAt;
  /// __shared__, __constant__ and __device__ variables.
  llvm::StringMap<VariableDecl> Variables;
  /// Per kernel, per by-value structure parameter (its index): its leaves as
  /// StructFieldsAttr (TypeNames.h) says.
  llvm::StringMap<std::map<unsigned, std::string>> StructParams;
  /// Per kernel, per pointer parameter to a structure or class (its index):
  /// "NAME:BYTES" as PointeeAttr (TypeNames.h) says. The optimized IR tells a
  /// buffer's element only from the accesses, the first field's (a
  /// `curandState *` read as 4-byte words), where `--buffer P=COUNT` counts
  /// whole structures.
  llvm::StringMap<std::map<unsigned, std::string>> RecordPointees;
};

/// Code that a frontend left out of the module because it did not compile
/// (a CUDA kernel whose body, or a callee's, Clang rejected): reported as an
/// error, so that a file with kernels left out never looks clean.
struct DroppedCode {
  /// The kernel that was not analyzed (source name); empty for a device
  /// function that no kernel calls.
  std::string Kernel;
  SourceLoc Loc; ///< Clang's error.
  /// "kernel 'k' was not analyzed: use of undeclared identifier 'f'".
  std::string Message;
  /// A kernel template that nothing instantiates (Kernel is its name, Loc
  /// where it is written), rather than code that did not compile.
  bool NotInstantiated = false;
  /// With NotInstantiated: the template is written in a header this file
  /// includes (not in the file itself) and the file's host code compiled, so
  /// it is analyzed with the files that instantiate it: a note, not a
  /// failure of this file.
  bool InHeader = false;
};

/// The output of a frontend.
struct DeviceModule {
  std::unique_ptr<llvm::LLVMContext> Context;
  std::unique_ptr<llvm::Module> M;
  std::string Path;        ///< The input file as given.
  std::string Arch;        ///< "sm_90".
  std::string Frontend;    ///< "cuda", "ptx" or "ir".
  std::string HeaderMode;  ///< "sdk:<path>" or "prelude" (CUDA only).
  std::vector<LocalArrayDecl> LocalArrays;
  std::vector<SourceLaunch> Launches;
  std::vector<StructFieldUse> StructFields; ///< Sorted, unique.
  SourceDecls Decls;
  /// PTX: where the kernels' parameter names come from, "the source FILE"
  /// (the .file line info names a source that exists) or "the PTX"
  /// (KERNEL_param_K); empty for other inputs.
  std::string NamesFrom;
  /// The input's text when it was compiled from memory (FrontendOptions::
  /// Contents): what reads the source (suppressions, fix-its) must see it.
  std::optional<std::string> Contents;
  /// Notes about how the input was compiled, for the user (host code that
  /// did not compile for the device side and was skipped).
  std::vector<std::string> Notes;
  /// Kernels and device functions left out (see DroppedCode), in source
  /// order; the module holds no definition of those kernels.
  std::vector<DroppedCode> Dropped;
  /// Clang's diagnostics of the compile that failed before code was left out
  /// (what a plain compile of the file reports); empty when none was.
  std::string DroppedDiagnostics;
  /// Where a CUDA input's preamble came from, for --time-report: "reused
  /// from cache", "built and cached", "not cached (why)"; empty when the
  /// compile used no preamble store.
  std::string PreambleSource;
  /// The files the compile read as source (absolute): the input, the headers
  /// it opened inside its roots (frontend/SourceFiles.h). Only these are ever
  /// quoted (SourceCache); a location in any other file is a label.
  std::vector<std::string> ReadFiles;
  /// Of ReadFiles, the system headers (found through -isystem or the
  /// toolkit's and the system's include folders, the prelude: the library
  /// code of a CUDA input), sorted; empty for other inputs.
  std::vector<std::string> SystemFiles;
  /// What nvcc's own device compile of the file (analyzer/NvccVerdict.h)
  /// is to see as this compile did, when it differs from the files on disk:
  /// the text of the user's files whose host code (or failing code) was left
  /// out, by absolute name, that code blanked (the input's with the
  /// instantiations it asks for appended, KernelTemplates.h)...
  std::map<std::string, std::string> NvccServed;
  /// ...and the headers that were not found, by the name they are included
  /// by, with the text they were served with: PyTorch's as warplint's
  /// stand-in (prelude/__warplint_torch_accessors.h, served under that name
  /// too), others empty. nvcc finds them after every include directory.
  std::map<std::string, std::string> NvccStandIns;
  /// Where the file's budget (FrontendOptions::Budget) ran out, when it did
  /// before the module was ready ("the IR optimizer"): the module is not to
  /// be analyzed.
  std::string BudgetStop;

  DeviceModule() : Context(std::make_unique<llvm::LLVMContext>()) {}
};

/// True for functions that are kernels (PTX .entry).
bool isKernel(const llvm::Function &F);

/// The source-level name of a function: demangled, with template arguments.
std::string sourceName(const llvm::Function &F);

/// The source-level name for a mangled symbol: "_Z1kIiEvPT_" -> "k<int>".
std::string sourceNameOf(llvm::StringRef Mangled);

/// The name of an address space as DESIGN.md spells it ("global", ...).
llvm::StringRef addrSpaceName(unsigned AS);

/// The pointer a load, store or atomic accesses; null for other instructions.
const llvm::Value *accessedPointer(const llvm::Instruction &I);

} // namespace warplint

#endif
