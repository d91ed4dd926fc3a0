//===- SmallFloat.cpp - IEEE half and bfloat16, exactly -------------------===//
#include "devicemodel/SmallFloat.h"

#include "llvm/ADT/bit.h"

#include <cmath>

namespace warplint {
namespace dm {
namespace {

struct Layout {
  unsigned MantBits;
  int Bias;
  unsigned ExpMax; ///< The all-ones exponent field.
};
constexpr Layout layoutOf(unsigned Fmt) {
  return Fmt == SF_BFloat ? Layout{7, 127, 0xff} : Layout{10, 15, 0x1f};
}
constexpr uint64_t CanonicalNaN = 0x7fff;

/// Neg * (Mant * 2^Exp + a positive amount below 2^Exp when Sticky), rounded
/// to nearest even in format L. Mant is not zero.
uint64_t roundParts(bool Neg, uint64_t Mant, int Exp, bool Sticky, const Layout &L) {
  uint64_t Sign = Neg ? 0x8000 : 0;
  int Top = Exp + 63 - llvm::countl_zero(Mant); // Mant * 2^Exp in [2^Top, 2^(Top+1)).
  int MinExp = 1 - L.Bias;
  // The quantum of the result: MantBits below the leading bit, or the
  // subnormals' fixed one.
  int Q = (Top >= MinExp ? Top : MinExp) - int(L.MantBits);
  int Shift = Q - Exp;
  uint64_t R;
  if (Shift <= 0) {
    R = Mant << -Shift; // Exact: fewer than MantBits + 1 bits.
  } else {
    uint64_t Rem = Shift >= 64 ? Mant : Mant & ((uint64_t(1) << Shift) - 1);
    R = Shift >= 64 ? 0 : Mant >> Shift;
    uint64_t Half = Shift > 64 ? 0 : uint64_t(1) << (Shift - 1);
    bool Up = Shift > 64 ? false
                         : (Rem > Half || (Rem == Half && (Sticky || (R & 1))));
    R += Up;
  }
  if (R >> (L.MantBits + 1)) { // Rounded up into the next binade.
    R >>= 1;
    ++Q;
  }
  if (R < (uint64_t(1) << L.MantBits)) // Subnormal (or zero).
    return Sign | R;
  int Biased = Q + int(L.MantBits) + L.Bias;
  if (Biased >= int(L.ExpMax))
    return Sign | (uint64_t(L.ExpMax) << L.MantBits);
  return Sign | (uint64_t(Biased) << L.MantBits) | (R - (uint64_t(1) << L.MantBits));
}

/// Finite nonzero X as Mant * 2^Exp.
void splitDouble(double X, uint64_t &Mant, int &Exp) {
  uint64_t B = llvm::bit_cast<uint64_t>(X);
  unsigned E = (B >> 52) & 0x7ff;
  Mant = B & ((uint64_t(1) << 52) - 1);
  if (E) {
    Mant |= uint64_t(1) << 52;
    Exp = int(E) - 1075;
  } else {
    Exp = -1074;
  }
}

uint64_t roundDouble(double X, bool Sticky, bool Below, unsigned Fmt) {
  const Layout L = layoutOf(Fmt);
  if (std::isnan(X))
    return CanonicalNaN;
  uint64_t Sign = std::signbit(X) ? 0x8000 : 0;
  if (std::isinf(X))
    return Sign | (uint64_t(L.ExpMax) << L.MantBits);
  if (X == 0)
    return Sign;
  uint64_t Mant;
  int Exp;
  splitDouble(X, Mant, Exp);
  if (Sticky && Below) { // The value lies just below |X|: one more bit.
    Mant = 2 * Mant - 1;
    --Exp;
  }
  return roundParts(Sign != 0, Mant, Exp, Sticky, L);
}

} // namespace

double smallToDouble(uint64_t Bits, unsigned Fmt) {
  const Layout L = layoutOf(Fmt);
  bool Neg = Bits & 0x8000;
  unsigned E = (Bits >> L.MantBits) & L.ExpMax;
  uint64_t M = Bits & ((uint64_t(1) << L.MantBits) - 1);
  double V;
  if (E == L.ExpMax)
    V = M ? std::nan("") : INFINITY;
  else if (E == 0)
    V = std::ldexp(double(M), 1 - L.Bias - int(L.MantBits));
  else
    V = std::ldexp(double(M | (uint64_t(1) << L.MantBits)), int(E) - L.Bias - int(L.MantBits));
  return Neg ? -V : V;
}

uint64_t smallToFloatBits(uint64_t Bits, unsigned Fmt) {
  Bits &= 0xffff;
  if (Fmt == SF_BFloat)
    return Bits << 16;
  const Layout L = layoutOf(Fmt);
  if (((Bits >> L.MantBits) & L.ExpMax) == L.ExpMax) // Infinity, NaN (payload kept).
    return ((Bits & 0x8000) << 16) | 0x7f800000u | ((Bits & 0x3ff) << 13);
  return llvm::bit_cast<uint32_t>(float(smallToDouble(Bits, Fmt)));
}

uint64_t roundToSmall(double X, unsigned Fmt) { return roundDouble(X, false, false, Fmt); }

uint64_t convertToSmall(uint64_t V, unsigned Src, unsigned Fmt) {
  switch (Src) {
  case SS_Float:
    return roundToSmall(double(llvm::bit_cast<float>(uint32_t(V))), Fmt);
  case SS_Double: {
    // cvt.rn.f16.f64 keeps a NaN's sign and its payload's top bits, quiet.
    const Layout L = layoutOf(Fmt);
    if (std::isnan(llvm::bit_cast<double>(V)))
      return ((V >> 48) & 0x8000) | (uint64_t(L.ExpMax) << L.MantBits) |
             (uint64_t(1) << (L.MantBits - 1)) |
             ((V & ((uint64_t(1) << 52) - 1)) >> (52 - L.MantBits));
    return roundToSmall(llvm::bit_cast<double>(V), Fmt);
  }
  default: {
    bool Neg = Src == SS_Signed && int64_t(V) < 0;
    uint64_t Mag = Neg ? ~V + 1 : V;
    if (!Mag)
      return 0;
    return roundParts(Neg, Mag, 0, false, layoutOf(Fmt));
  }
  }
}

uint64_t smallBinary(unsigned Kind, uint64_t A, uint64_t B, unsigned Fmt) {
  // In double: exact for add, sub, mul and rem of 16-bit values; div and the
  // rounding of its double result twice are innocuous (53 >= 2 * 11 + 2).
  double X = smallToDouble(A, Fmt), Y = smallToDouble(B, Fmt);
  switch (Kind) {
  case SB_Add: return roundToSmall(X + Y, Fmt);
  case SB_Sub: return roundToSmall(X - Y, Fmt);
  case SB_Mul: return roundToSmall(X * Y, Fmt);
  case SB_Div: return roundToSmall(X / Y, Fmt);
  case SB_Rem: return roundToSmall(std::fmod(X, Y), Fmt);
  default: return std::isnan(X) ? CanonicalNaN : (A & 0xffff) ^ 0x8000; // SB_Neg.
  }
}

uint64_t smallFma(uint64_t A, uint64_t B, uint64_t C, unsigned Fmt) {
  double P = smallToDouble(A, Fmt) * smallToDouble(B, Fmt); // Exact.
  double Z = smallToDouble(C, Fmt);
  double S = P + Z;
  if (!std::isfinite(S))
    return roundToSmall(S, Fmt);
  // The rounding error of S (TwoSum): the exact P + Z is S + Err.
  double Bp = S - P, Ap = S - Bp;
  double Err = (P - Ap) + (Z - Bp);
  if (Err == 0 || S == 0)
    return roundToSmall(S, Fmt);
  return roundDouble(S, true, std::signbit(Err) != std::signbit(S), Fmt);
}

} // namespace dm
} // namespace warplint
