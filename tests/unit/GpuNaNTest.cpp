// The NaN results devicemodel/GpuNaN.h writes, against values read off an
// H100 (tests/hardware/h100/nan-propagation.txt): lanes t1, t16, t11, t22
// and t23 of that file, and the host's default NaN those rules replace.
#include "devicemodel/GpuNaN.h"

#include "llvm/ADT/bit.h"

#include "gtest/gtest.h"

using namespace warplint::dm;

namespace {

float f(uint32_t B) { return llvm::bit_cast<float>(B); }
double d(uint64_t B) { return llvm::bit_cast<double>(B); }
uint32_t fb(float F) { return llvm::bit_cast<uint32_t>(F); }
uint64_t db(double D) { return llvm::bit_cast<uint64_t>(D); }

TEST(GpuNaNTest, F32NaNIsCanonical) {
  EXPECT_EQ(canonicalBits32(f(0x7f800001u) + f(0x7fa00000u)), 0x7fffffffu);
  EXPECT_EQ(canonicalBits32(f(0xffc12345u) * 1.0f), 0x7fffffffu);
  EXPECT_EQ(canonicalBits32(0.0f / f(0)), 0x7fffffffu); // Host: 0xffc00000.
  EXPECT_EQ(canonicalBits32(1.5f), fb(1.5f));
  EXPECT_EQ(canonicalBits32(-0.0f), 0x80000000u);
}

TEST(GpuNaNTest, F64KeepsTheSecondNaN) {
  // t1: 7ff0000000000001 + 7ff4000000000000 = 7ffc000000000000.
  EXPECT_EQ(db(propagateNaN64(d(0x7ff0000000000001ull), d(0x7ff4000000000000ull), 0.0)),
            0x7ffc000000000000ull);
  // t16: 7ff8000000000000 * 7ff0000000000001 = 7ff8000000000001.
  EXPECT_EQ(db(propagateNaN64(d(0x7ff8000000000000ull), d(0x7ff0000000000001ull), 0.0)),
            0x7ff8000000000001ull);
  // One NaN: its payload, quieted, either side.
  EXPECT_EQ(db(propagateNaN64(d(0x7ff4000000000000ull), -1.0, 0.0)), 0x7ffc000000000000ull);
  EXPECT_EQ(db(propagateNaN64(1.0, d(0xfff8123456789abcull), 0.0)), 0xfff8123456789abcull);
  EXPECT_EQ(db(propagateNaN64(1.0, 2.0, 3.0)), db(3.0));
  // t1: fma(x, y, 1) keeps y's; an addend NaN alone is kept, quieted.
  EXPECT_EQ(db(fma64(d(0x7ff0000000000001ull), d(0x7ff4000000000000ull), 1.0)),
            0x7ffc000000000000ull);
  EXPECT_EQ(db(fma64(2.0, 3.0, d(0x7ff0000000000001ull))), 0x7ff8000000000001ull);
  EXPECT_EQ(db(fma64(2.0, 3.0, 1.0)), db(7.0));
}

TEST(GpuNaNTest, MinMaxIgnoreOneNaN) {
  // t11/t22: a signaling NaN is ignored as a quiet one is.
  EXPECT_EQ(fb(minMaxNum(f(0x7f7fffffu), f(0x7f800001u), false)), 0x7f7fffffu);
  EXPECT_EQ(fb(minMaxNum(f(0x7fa00000u), 0.0f, true)), 0u);
  EXPECT_EQ(db(minMaxNum(d(0x7fefffffffffffffull), d(0x7ff0000000000001ull), true)),
            0x7fefffffffffffffull);
  // Two NaNs: canonical (f32), the second quieted (f64, t1).
  EXPECT_EQ(fb(minMaxNum(f(0x7fc00000u), f(0x7fc00000u), false)), 0x7fffffffu);
  EXPECT_EQ(db(minMaxNum(d(0x7ff0000000000001ull), d(0x7ff4000000000000ull), false)),
            0x7ffc000000000000ull);
  // t23: -0 below +0, either order.
  EXPECT_EQ(fb(minMaxNum(-0.0f, 0.0f, false)), 0x80000000u);
  EXPECT_EQ(fb(minMaxNum(0.0f, -0.0f, false)), 0x80000000u);
  EXPECT_EQ(fb(minMaxNum(-0.0f, 0.0f, true)), 0u);
  EXPECT_EQ(db(minMaxNum(0.0, -0.0, true)), 0u);
  EXPECT_EQ(minMaxNum(2.0, -3.0, false), -3.0);
  EXPECT_EQ(minMaxNum(2.0f, -3.0f, true), 2.0f);
}

} // namespace
