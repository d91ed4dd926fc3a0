//===- SassReader.h - cuobjdump -sass and nvdisasm listings -----*- C++ -*-===//
//
// Reads the SASS listings of the CUDA toolkit (`cuobjdump -sass`, `nvdisasm`
// with or without -g/-gi line info, optionally with `cuobjdump -res-usage`
// output in the same text): per function the register count where the
// listing has it (EIATTR_REGCOUNT, SHI_REGISTERS, REG:), every memory
// instruction by state space, the spills (LDL/STL of stack slots that are
// stored and reloaded) apart from private arrays in local memory (LDL/STL
// through computed addresses), which of them sit inside loops
// (frontend/SassCfg) and their source lines.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_SASSREADER_H
#define WARPLINT_FRONTEND_SASSREADER_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// A source position from `//## File "...", line N [inlined at "...", line M]`.
struct SassSourceLine {
  std::string File;
  unsigned Line = 0;
  std::string InlinedAtFile; ///< Where the code was inlined, when -gi says so.
  unsigned InlinedAtLine = 0;
  bool valid() const { return Line != 0; }
};

/// One SASS instruction.
struct SassInstruction {
  uint64_t Address = 0;
  std::string Predicate; ///< "@P0", "@!P1", "" when none.
  std::string Opcode;    ///< With modifiers: "LDG.E.128".
  std::string Base;      ///< Without modifiers: "LDG".
  std::string Operands;  ///< As written, without the final ';'.
  unsigned ListingLine = 0;
  SassSourceLine Source;
  unsigned LoopDepth = 0; ///< Filled by the control-flow analysis.
};

/// What a memory instruction does.
enum class SassMemOp { Load, Store, Atomic, Reduction };

/// "ld", "st", "atom", "red".
llvm::StringRef sassMemOpName(SassMemOp Op);

/// A memory instruction: index into SassFunction::Instructions.
struct SassMemoryAccess {
  size_t Index = 0;
  unsigned Space = AS_Generic; ///< AS_Global, AS_Shared, AS_Local, AS_Const, AS_Generic.
  SassMemOp Op = SassMemOp::Load;
  unsigned Bytes = 4;
  int ConstBank = -1;  ///< c[0xN][...] bank for constant loads.
  /// LDL/STL of a stack slot ptxas both stores and reloads at a constant
  /// offset from the stack pointer: a register spill.
  bool IsSpill = false;
  /// LDL/STL through an address computed at run time: a private array
  /// indexed with a run-time index (never a spill).
  bool RuntimeAddress = false;
};

/// One function of a listing.
struct SassFunction {
  std::string Name;       ///< Mangled.
  std::string SourceName; ///< Demangled, without the parameter list.
  std::optional<unsigned> Registers;
  std::optional<uint64_t> StackFrameBytes;
  std::vector<SassInstruction> Instructions;
  std::vector<SassMemoryAccess> Accesses;
  unsigned Loops = 0; ///< Natural loops found in the control flow.

  const SassInstruction &instruction(const SassMemoryAccess &A) const {
    return Instructions[A.Index];
  }
  bool inLoop(const SassMemoryAccess &A) const {
    return Instructions[A.Index].LoopDepth > 0;
  }
  unsigned spillInstructions() const;
  unsigned spillInstructionsInLoops() const;
  /// LDL/STL that are not spills: private arrays kept in local memory.
  unsigned localArrayInstructions() const;
  unsigned localArrayInstructionsInLoops() const;
  void print(llvm::raw_ostream &OS) const;
};

/// A whole listing.
struct SassListing {
  std::string Path;   ///< As given ("-" for stdin, "<memory>" for text).
  std::string Arch;   ///< "sm_90" when the listing names it.
  std::string Format; ///< "cuobjdump" or "nvdisasm".
  std::vector<SassFunction> Functions;

  /// By mangled or demangled name; null when absent.
  const SassFunction *find(llvm::StringRef Name) const;
  void print(llvm::raw_ostream &OS) const;
};

/// Parses listing text. Errors name Path and the listing line.
llvm::Expected<SassListing> parseSassListing(llvm::StringRef Text,
                                             llvm::StringRef Path = "<memory>");

/// Reads a listing from a file, or from stdin when Path is "-".
llvm::Expected<SassListing> readSassListing(llvm::StringRef Path);

/// Classifies a SASS opcode (with or without modifiers) as a memory access;
/// None for instructions that do not access memory.
std::optional<SassMemoryAccess> classifySassOpcode(llvm::StringRef Opcode,
                                                   llvm::StringRef Operands = "");

} // namespace warplint

#endif
