//===- Decoder.h - Decode a kernel's IR once into a Program -----*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_DECODER_H
#define WARPLINT_DEVICEMODEL_DECODER_H

#include "devicemodel/Decoded.h"

#include "llvm/Support/Error.h"

#include <memory>

namespace llvm {
class Module;
class GlobalVariable;
} // namespace llvm

namespace warplint {
namespace dm {

/// Kernel parameters as the launch sees them.
/// A scalar or pointer inside a by-value structure parameter.
struct StructLeaf {
  std::string Name;     ///< "in", "dims.x", "stride[1]".
  uint64_t Offset = 0;  ///< Byte offset in the structure.
  unsigned Bytes = 4;   ///< The leaf's size.
  bool IsPointer = false, IsFloat = false, IsSigned = true;
  std::string ElemType; ///< A pointer's element type.
  unsigned ElemBytes = 4;
};

struct ParamInfo {
  std::string Name;      ///< Source name ("arg3" when the IR has none).
  bool IsPointer = false;
  bool IsFloat = false;  ///< float / double scalar.
  /// A pointer the kernel calls through: its value names a function
  /// (--arg NAME=FUNCTION; Program::FunctionValues).
  bool IsFunction = false;
  unsigned Bytes = 4;    ///< Scalar size, or inferred pointee element size.
  std::string ElemType;  ///< "float", "int", "double", ... (pointers).
  /// A structure passed by value: its bytes live in the constant bank (as
  /// kernel parameters do on the GPU) at StructOffset, StructBytes long;
  /// the argument is their address. Leaves: what fills them.
  bool IsStruct = false;
  uint64_t StructOffset = 0, StructBytes = 0;
  std::vector<StructLeaf> Leaves;
};

/// One global variable with its initial bytes and its place.
struct GlobalImage {
  std::string Name;
  unsigned Space = 0;      ///< 1 global (also generic-space constants), 3, 4.
  uint64_t Address = 0;    ///< Encoded address of its first byte.
  uint64_t Bytes = 0;
  unsigned BufferIndex = 0; ///< Global buffers: window index.
  std::vector<uint8_t> Init; ///< Empty: zero (shared: undefined).
};

/// A kernel and the device functions it calls, decoded.
struct Program {
  std::vector<Function> Funcs; ///< Funcs[0] is the kernel.
  std::vector<Site> Sites;
  std::vector<SourceLoc> Locations;
  std::vector<std::string> Messages; ///< Unsupported-instruction messages.
  std::vector<ParamInfo> Params;
  std::vector<GlobalImage> Globals;  ///< Global buffers and constants.
  uint64_t SharedStaticBytes = 0;
  uint64_t ConstBytes = 0;
  unsigned FirstFreeBuffer = 1; ///< Window index for the launch's buffers.
  uint32_t MaxLocalBytes = 0;   ///< Per thread, deepest call chain.
  std::string KernelName;       ///< Source name.
  /// The kernel reads %reserved_smem_offset_*: its blocks get the system's
  /// reserved shared memory (LaunchShape::ReservedShared).
  bool UsesReservedShared = false;
  /// The kernel accesses memory through the grid workspace it reads from
  /// %envreg1/2 (a grid-wide sync of cooperative groups): it runs as a
  /// cooperative launch, every block resident (LaunchShape::GridWorkspace).
  /// A kernel that only reads the register (this_grid().thread_rank()) runs
  /// as a normal launch, and reads a null workspace.
  bool UsesGridWorkspace = false;
  /// Function addresses, by code id (codeIdOf): the function a call through
  /// the address runs (index in Funcs; NoSlot: none, as for a function only
  /// declared or of another type than the calls), and its source name.
  std::vector<uint32_t> CodeTargets;
  std::vector<std::string> CodeNames;
  /// Why a function of a call's type cannot be called through its address
  /// (by code id; "" where it can or is of no call's type).
  std::vector<std::string> CodeRefusals;
  /// What a function-pointer argument may be given as (--arg f=NAME): a
  /// function whose address device code takes (mangled or source name), or
  /// a __device__ variable that holds one; and the function's address.
  std::vector<std::pair<std::string, uint64_t>> FunctionValues;

  const SourceLoc &locationOf(const Function &F, uint32_t InstIdx) const {
    return Locations[F.InstLoc[InstIdx]];
  }
};

/// Decodes Kernel and its callees. Fails only for what cannot be decoded at
/// all (recursion, unsupported types in parameters); an unknown instruction
/// becomes an Unsupported instruction that stops the kernel if reached.
llvm::Expected<std::unique_ptr<Program>> decodeKernel(const llvm::Function &Kernel);

} // namespace dm
} // namespace warplint

#endif
