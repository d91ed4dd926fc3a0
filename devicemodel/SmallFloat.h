//===- SmallFloat.h - IEEE half and bfloat16, exactly ---------*- C++ -*-===//
//
// The 16-bit floating-point formats of CUDA's __half (IEEE binary16) and
// __nv_bfloat16 (bfloat16: float's exponent, 8 bits of precision), as raw
// bits in a lane: conversions rounded once to nearest even (from float,
// double and 64-bit integers), and the arithmetic of PTX's f16 and bf16
// instructions, each rounded once. NaN results are the canonical 0x7fff, as
// PTX's f16 and bf16 instructions and conversions from float write them (an
// H100 does: tests/hardware/h100/half-arith.txt); conversions from double
// keep the NaN's sign and payload.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_SMALLFLOAT_H
#define WARPLINT_DEVICEMODEL_SMALLFLOAT_H

#include <cstdint>

namespace warplint {
namespace dm {

/// A 16-bit format (Aux of the Op::*16 instructions, low bit).
enum SmallFormat : unsigned { SF_Half = 0, SF_BFloat = 1 };

/// Operations of Op::FBin16 (Aux >> 1); SB_Neg (neg.f16, neg.bf16: NaN
/// canonical) takes A alone.
enum SmallBinary : unsigned { SB_Add, SB_Sub, SB_Mul, SB_Div, SB_Rem, SB_Neg };

/// Sources of Op::ToSmall (Imm): float bits, double bits, a 64-bit signed
/// or unsigned integer (sign-extended before).
enum SmallSource : unsigned { SS_Float, SS_Double, SS_Signed, SS_Unsigned };

/// The value of 16-bit Bits in format Fmt, exactly.
double smallToDouble(uint64_t Bits, unsigned Fmt);
/// The float bits of 16-bit Bits (exact; a NaN keeps its sign and payload).
uint64_t smallToFloatBits(uint64_t Bits, unsigned Fmt);
/// X rounded to nearest even in format Fmt.
uint64_t roundToSmall(double X, unsigned Fmt);
/// A source value (SmallSource Src) rounded to nearest even in format Fmt.
uint64_t convertToSmall(uint64_t V, unsigned Src, unsigned Fmt);
/// A op B, rounded once.
uint64_t smallBinary(unsigned Kind, uint64_t A, uint64_t B, unsigned Fmt);
/// A * B + C, rounded once.
uint64_t smallFma(uint64_t A, uint64_t B, uint64_t C, unsigned Fmt);

} // namespace dm
} // namespace warplint

#endif
