//===- PtxAst.h - A parsed PTX module ---------------------------*- C++ -*-===//
//
// What PtxParser produces and PtxLifter consumes: module directives, global
// variables, and functions whose bodies are flat lists of labels and
// instructions. Instruction opcodes are kept as written, split at the dots
// ("ld.global.v4.f32" -> "ld" + {"global", "v4", "f32"}); the lifter gives
// them meaning.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXAST_H
#define WARPLINT_FRONTEND_PTXAST_H

#include "frontend/ptxisa/PtxTypes.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {
namespace ptx {

/// A position in the PTX file (1-based).
struct Loc {
  unsigned Line = 0, Col = 0;
};

/// One operand of an instruction.
struct Operand {
  enum KindTy : uint8_t {
    Register, ///< %r1, or a special register such as %tid.x.
    Symbol,   ///< A variable, function or label name.
    Int,      ///< An integer literal.
    Float,    ///< A floating literal: 0fXXXXXXXX, 0dXXXXXXXXXXXXXXXX or 1.5.
    Address,  ///< [Base+Offset]; Base is a register, a symbol or empty.
    Vector,   ///< {a, b, ...}; elements may be Sink.
    Sink,     ///< _ (a discarded result).
    List,     ///< (a, b, ...) in call.
  } Kind = Register;
  std::string Name;   ///< Register or symbol name; the address base.
  bool BaseIsRegister = false; ///< For Address.
  bool Negated = false;        ///< !%p.
  int64_t IntValue = 0;        ///< Int value; Address offset.
  uint64_t FloatBits = 0;      ///< Float bits (IEEE, of FloatWidth).
  unsigned FloatWidth = 0;     ///< 32 (0f), 64 (0d or decimal).
  std::string PairName;        ///< %r|%p: the second destination.
  std::vector<Operand> Elements; ///< Vector and List.
  Loc Where;
};

/// An instruction with its guard predicate.
struct Instruction {
  std::string Opcode;                     ///< "ld".
  llvm::SmallVector<std::string, 4> Mods; ///< {"global", "v4", "f32"}.
  std::string Guard;                      ///< "%p1", empty if none.
  bool GuardNegated = false;
  std::vector<Operand> Ops;
  Loc Where;
  int DebugLoc = -1; ///< Index into Function::DebugLocs, -1 if none.

  bool hasMod(llvm::StringRef M) const;
};

/// A `.loc` directive (with an optional inlined_at chain).
struct DebugLoc {
  unsigned File = 0, Line = 0, Col = 0;
  /// The file by path when it is not a .file number (LLVM writes the callers
  /// of inlined code only in a comment: "// a.h:3:1 @[ k.cu:5:11 ]").
  std::string FilePath;
  std::string InlinedFunction; ///< function_name label, empty if not inlined.
  int InlinedAt = -1;          ///< Index of the caller's DebugLoc, -1 if none.
};

/// A register declaration: `.reg .b32 %r<42>;` (Count 42) or `.reg .b32 %x;`.
struct RegDecl {
  std::string Name;
  Type Ty;
  std::optional<unsigned> Count; ///< Set for %name<N> ranges.
};

/// A variable in a state space, at module or function scope.
struct Variable {
  std::string Name;
  Space Sp = Space::Global;
  Type Ty;
  unsigned Align = 0;     ///< 0: natural.
  unsigned VectorLen = 1; ///< .v2 / .v4.
  std::vector<uint64_t> Dims; ///< Array dimensions; 0 for an unsized [].
  bool Extern = false, Visible = false, Weak = false;
  /// Initializer, flattened to scalars (Int, Float, or Symbol for the
  /// address of a variable or function).
  std::vector<Operand> Init;
  bool PointerParam = false; ///< .param .u64 .ptr ...
  Loc Where;

  /// Elements of Ty in the variable (vectors and arrays flattened).
  uint64_t elementCount() const;
  /// Size in bytes.
  uint64_t sizeInBytes() const { return elementCount() * ((Ty.Width + 7) / 8); }
  bool isArray() const { return !Dims.empty(); }
};

/// One statement of a function body.
struct Statement {
  enum KindTy : uint8_t { Label, Instr } Kind = Instr;
  std::string LabelName;
  Instruction Inst;
};

/// A .entry or .func.
struct Function {
  std::string Name;
  bool IsKernel = false;
  bool Visible = false, Extern = false, Weak = false;
  bool HasBody = false;
  std::vector<Variable> Returns; ///< .func return parameters.
  std::vector<Variable> Params;
  std::vector<RegDecl> Regs;
  std::vector<Variable> Locals;     ///< .local / .shared / .const in the body.
  std::vector<Variable> CallParams; ///< .param declared in the body (callseqs).
  std::vector<Statement> Body;
  std::vector<DebugLoc> DebugLocs;
  std::optional<std::array<unsigned, 3>> MaxNTid, ReqNTid;
  std::optional<unsigned> MinCtasPerSm, MaxNReg;
  Loc Where;
};

/// A whole PTX file.
struct Module {
  std::string Version; ///< "8.8".
  std::string Target;  ///< "sm_90".
  unsigned AddressSize = 64;
  std::map<unsigned, std::string> Files; ///< .file N "path".
  std::vector<Variable> Globals;
  std::vector<Function> Functions;
};

} // namespace ptx
} // namespace warplint

#endif
