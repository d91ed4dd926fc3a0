//===- PtxInstruction.h - One PTX instruction, typed ------------*- C++ -*-===//
//
// The instruction table (PtxOpcodes.def) as an enum, and one instruction as
// both inputs meet it: the .ptx parser's opcode and modifiers, or the text
// of an inline asm statement ("dp4a.u32.s32 $0, $1, $2, $3;"), decoded into
// the opcode and its typed modifiers (types, state space, rounding, cache
// operator, vector width). The lowerings (lower/Lower.h) read these, not
// strings.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXISA_PTXINSTRUCTION_H
#define WARPLINT_FRONTEND_PTXISA_PTXINSTRUCTION_H

#include "frontend/ptxisa/PtxTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace warplint {
namespace ptx {

/// One row of PtxOpcodes.def.
enum class Opcode : uint16_t {
#define PTX_OPCODE(Enum, Name, Family, Operands, Examples) Enum,
#include "frontend/ptxisa/PtxOpcodes.def"
};

/// Which lowering gives an opcode its meaning: Lifter for what only the
/// .ptx lifter lowers, the others in frontend/ptxisa/lower/ for both inputs.
enum class Family : uint8_t { Lifter, Arith, Bits, Video, Math, Warp, Async, Wgmma };

/// The table's columns for one opcode.
struct OpcodeInfo {
  llvm::StringRef Name;     ///< "dp4a".
  Family Fam;
  llvm::StringRef Operands; ///< "d,s,s,s" (PtxOpcodes.def says the kinds).
  llvm::StringRef Examples; ///< For the agreement test; may be empty.

  /// The most operands the opcode takes, and the fewest.
  unsigned maxOperands() const;
  unsigned minOperands() const;
};

/// The table row of Op.
const OpcodeInfo &opcodeInfo(Opcode Op);
/// Every row, in the table's order.
llvm::ArrayRef<OpcodeInfo> opcodeTable();
/// The opcode named Name ("shfl"), or none.
std::optional<Opcode> lookupOpcode(llvm::StringRef Name);

/// A rounding modifier.
enum class Rounding : uint8_t { None, Rn, Rz, Rm, Rp, Rni, Rzi, Rmi, Rpi, Rna, Rs };

/// An instruction's opcode and modifiers, typed.
struct PtxInst {
  Opcode Op = Opcode::Mov;
  llvm::SmallVector<std::string, 4> Mods; ///< As written, without dots.
  /// The type modifiers, in order ("cvt.rn.f32.s32": f32, s32).
  llvm::SmallVector<Type, 3> Types;
  std::optional<Space> Sp;           ///< The state space, if one is named.
  Rounding Rnd = Rounding::None;
  std::string CacheOp;               ///< ca, cg, cs, lu, cv, wb, wt, or "".
  unsigned VectorWidth = 1;          ///< .v2 / .v4 / .v8.
  bool Sat = false, Ftz = false, Approx = false, Sync = false;

  const OpcodeInfo &info() const { return opcodeInfo(Op); }
  llvm::StringRef name() const { return info().Name; }
  bool hasMod(llvm::StringRef M) const;
  /// The FromEnd-th type modifier counted from the last (0: the last).
  std::optional<Type> type(unsigned FromEnd = 0) const;
};

/// Decodes an opcode and its modifiers ("vadd4", {"s32","s32","s32","sat"});
/// none when the opcode is not in the table.
std::optional<PtxInst> decodeInstruction(llvm::StringRef Opcode,
                                         llvm::ArrayRef<std::string> Mods);

/// One instruction parsed from text.
struct ParsedInstruction {
  PtxInst Inst;
  /// The operands as written, trimmed ("$0", "%r1|%p1", "0x96", "[$1+4]",
  /// a brace list "{$0, $1}" as one).
  llvm::SmallVector<std::string, 6> Operands;
};

/// Parses the one instruction of Text ("shfl.sync.idx.b32 $0, $1, 5, 31,
/// -1;", optionally braced "{ ... }", the ';' optional): none when the text
/// holds anything else (a declaration, a guard, a second instruction) or the
/// opcode is not in the table.
std::optional<ParsedInstruction> parseInstruction(llvm::StringRef Text);

} // namespace ptx
} // namespace warplint

#endif
