// The device model's half and bfloat16 arithmetic (devicemodel/SmallFloat)
// against LLVM's APFloat, an independent IEEE implementation: every 16-bit
// pattern's value, conversions from doubles and 64-bit integers near ties,
// and add, mul, div and fma on pseudo-random operands, each rounded once to
// nearest even (NaN compared as NaN: PTX writes the canonical one).
#include "devicemodel/SmallFloat.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/bit.h"

#include "gtest/gtest.h"

#include <random>

using namespace warplint::dm;
using llvm::APFloat;
using llvm::APInt;

namespace {

const llvm::fltSemantics &semOf(unsigned Fmt) {
  return Fmt == SF_BFloat ? APFloat::BFloat() : APFloat::IEEEhalf();
}

APFloat fromBits(uint64_t Bits, unsigned Fmt) {
  return APFloat(semOf(Fmt), APInt(16, Bits & 0xffff));
}

uint64_t bitsOf(const APFloat &F) { return F.bitcastToAPInt().getZExtValue(); }

/// Bits equal, or both NaN.
::testing::AssertionResult same(uint64_t Got, const APFloat &Want, unsigned Fmt) {
  if (Want.isNaN() ? fromBits(Got, Fmt).isNaN() : Got == bitsOf(Want))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "got 0x" << std::hex << Got << ", expected 0x"
                                       << bitsOf(Want);
}

TEST(SmallFloat, EveryPatternRoundTrips) {
  for (unsigned Fmt : {SF_Half, SF_BFloat})
    for (uint64_t B = 0; B < 0x10000; ++B) {
      APFloat F = fromBits(B, Fmt);
      if (F.isNaN())
        continue;
      double D = smallToDouble(B, Fmt);
      EXPECT_EQ(D, F.convertToDouble()) << B;
      EXPECT_EQ(roundToSmall(D, Fmt), B) << B;
      EXPECT_EQ(convertToSmall(smallToFloatBits(B, Fmt), SS_Float, Fmt), B) << B;
    }
}

TEST(SmallFloat, ConversionsMatchApFloat) {
  std::mt19937_64 Rng(28);
  for (unsigned Fmt : {SF_Half, SF_BFloat})
    for (int K = 0; K < 200000; ++K) {
      // Near a 16-bit value's tie: its value plus a few units of double.
      uint64_t B = Rng() & 0xffff;
      double D = smallToDouble(B, Fmt);
      if (std::isnan(D) || std::isinf(D))
        continue;
      uint64_t DBits = llvm::bit_cast<uint64_t>(D);
      DBits += int64_t(Rng() % 2001) - 1000 + (int64_t(Rng() % 3) - 1) * (int64_t(1) << 40);
      double X = llvm::bit_cast<double>(DBits);
      bool Lost;
      APFloat Want(X);
      Want.convert(semOf(Fmt), APFloat::rmNearestTiesToEven, &Lost);
      EXPECT_TRUE(same(convertToSmall(DBits, SS_Double, Fmt), Want, Fmt)) << X;
      int64_t I = int64_t(Rng()) >> (Rng() % 64);
      APFloat WantI(semOf(Fmt));
      WantI.convertFromAPInt(APInt(64, uint64_t(I), true), true, APFloat::rmNearestTiesToEven);
      EXPECT_TRUE(same(convertToSmall(uint64_t(I), SS_Signed, Fmt), WantI, Fmt)) << I;
      APFloat WantU(semOf(Fmt));
      WantU.convertFromAPInt(APInt(64, uint64_t(I)), false, APFloat::rmNearestTiesToEven);
      EXPECT_TRUE(same(convertToSmall(uint64_t(I), SS_Unsigned, Fmt), WantU, Fmt)) << I;
    }
}

TEST(SmallFloat, ArithmeticMatchesApFloat) {
  std::mt19937_64 Rng(16);
  for (unsigned Fmt : {SF_Half, SF_BFloat})
    for (int K = 0; K < 300000; ++K) {
      uint64_t A = Rng() & 0xffff, B = Rng() & 0xffff, C = Rng() & 0xffff;
      if (K % 2) // Operands of like magnitude, where ties are likelier.
        B = (A & 0xff00) | (B & 0x80ff), C = (A & 0x7f00) ^ (C & 0x83ff);
      APFloat Sum = fromBits(A, Fmt), Prod = fromBits(A, Fmt), Quot = fromBits(A, Fmt),
              Fma = fromBits(A, Fmt);
      Sum.add(fromBits(B, Fmt), APFloat::rmNearestTiesToEven);
      Prod.multiply(fromBits(B, Fmt), APFloat::rmNearestTiesToEven);
      Quot.divide(fromBits(B, Fmt), APFloat::rmNearestTiesToEven);
      Fma.fusedMultiplyAdd(fromBits(B, Fmt), fromBits(C, Fmt), APFloat::rmNearestTiesToEven);
      EXPECT_TRUE(same(smallBinary(SB_Add, A, B, Fmt), Sum, Fmt)) << A << " + " << B;
      EXPECT_TRUE(same(smallBinary(SB_Mul, A, B, Fmt), Prod, Fmt)) << A << " * " << B;
      EXPECT_TRUE(same(smallBinary(SB_Div, A, B, Fmt), Quot, Fmt)) << A << " / " << B;
      EXPECT_TRUE(same(smallFma(A, B, C, Fmt), Fma, Fmt)) << A << " * " << B << " + " << C;
    }
}

TEST(SmallFloat, NaNs) {
  // Arithmetic and conversions from float: canonical; from double: sign and
  // payload kept, quiet (an H100's cvt.rn.f16.f64).
  EXPECT_EQ(smallBinary(SB_Add, 0x7e00, 0x3c00, SF_Half), 0x7fffu);
  EXPECT_EQ(smallBinary(SB_Neg, 0x7e01, 0x7e01, SF_Half), 0x7fffu);
  EXPECT_EQ(smallBinary(SB_Neg, 0x3c00, 0x3c00, SF_Half), 0xbc00u);
  EXPECT_EQ(convertToSmall(0xffc00000u, SS_Float, SF_BFloat), 0x7fffu);
  EXPECT_EQ(convertToSmall(0xfffc000000000123ull, SS_Double, SF_Half), 0xff00u);
  EXPECT_EQ(convertToSmall(0x7ff4000000000000ull, SS_Double, SF_BFloat), 0x7fe0u);
}

} // namespace
