// The PTX conversions of cuda_fp8.hpp written as inline asm (no toolkit
// needed: warplint lowers the asm itself, frontend/asm/Fp8Asm.cpp), on
// fp8-convert.cu's inputs: each result must be what the H100 printed for the
// same conversion (tests/hardware/h100/fp8-convert.txt, projected by awk):
// the saturating float and half pairs to e4m3/e5m2, every code back to
// half, and the e8m0 scales (the H100 ran the toolkit's sm_90 code for
// those; sm_100's cvt...ue8m0x2 is specified to agree).
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 > %t.out
// RUN: grep -E '^t[0-9]+ ' %t.out | sort > %t.sorted
// RUN: awk -f %S/Inputs/fp8_asm_project.awk %S/../../hardware/h100/fp8-convert.txt | sort > %t.gpu
// RUN: diff %t.gpu %t.sorted
// RUN: FileCheck %s < %t.out
#include <cstdio>
typedef unsigned U;
typedef unsigned short H;

// fp8-convert.cu's floats, and their halves and bfloat16s (round to nearest).
__constant__ U EF[32] = {0x3f800000, 0x3f880000, 0x3f980000, 0x43e00000, 0x43e80000, 0x43e80001,
                         0x43f00000, 0x47600000, 0x47680000, 0x4767ffff, 0x3b000000, 0x3a800000,
                         0x3b400000, 0x37800000, 0x37000000, 0x37000001, 0x7fc00000, 0xffc00000,
                         0x7f800001, 0x7f800000, 0xff800000, 0x80000000, 0xc3e00000, 0x3c800000,
                         0x3c600000, 0x49742400, 0xaedbe6ff, 0x40533333, 0xbe99999a, 0x3f900000,
                         0x3fb00000, 0x35800000};
__constant__ H EH[32] = {0x3c00, 0x3c40, 0x3cc0, 0x5f00, 0x5f40, 0x5f40, 0x5f80, 0x7b00,
                         0x7b40, 0x7b40, 0x1800, 0x1400, 0x1a00, 0x0100, 0x0080, 0x0080,
                         0x7fff, 0x7fff, 0x7fff, 0x7c00, 0xfc00, 0x8000, 0xdf00, 0x2400,
                         0x2300, 0x7c00, 0x8000, 0x429a, 0xb4cd, 0x3c80, 0x3d80, 0x0010};
__constant__ H EB[32] = {0x3f80, 0x3f88, 0x3f98, 0x43e0, 0x43e8, 0x43e8, 0x43f0, 0x4760,
                         0x4768, 0x4768, 0x3b00, 0x3a80, 0x3b40, 0x3780, 0x3700, 0x3700,
                         0x7fff, 0x7fff, 0x7fff, 0x7f80, 0xff80, 0x8000, 0xc3e0, 0x3c80,
                         0x3c60, 0x4974, 0xaedc, 0x4053, 0xbe9a, 0x3f90, 0x3fb0, 0x3580};

#define TO8_F32(Name, Op)                                                      \
  __device__ H Name(float hi, float lo) {                                      \
    H d;                                                                       \
    asm("{" Op " %0, %1, %2;}" : "=h"(d) : "f"(hi), "f"(lo));                  \
    return d;                                                                  \
  }
#define FROM_X(Name, Op, DT, DC, ST, SC)                                       \
  __device__ DT Name(ST a) {                                                   \
    DT d;                                                                      \
    asm("{" Op " %0, %1;}" : DC(d) : SC(a));                                   \
    return d;                                                                  \
  }
TO8_F32(e4f, "cvt.rn.satfinite.e4m3x2.f32")
TO8_F32(e5f, "cvt.rn.satfinite.e5m2x2.f32")
TO8_F32(e4fRelu, "cvt.rn.satfinite.relu.e4m3x2.f32")
TO8_F32(zSat, "cvt.rz.satfinite.ue8m0x2.f32")
TO8_F32(pSat, "cvt.rp.satfinite.ue8m0x2.f32")
TO8_F32(z, "cvt.rz.ue8m0x2.f32")
TO8_F32(p, "cvt.rp.ue8m0x2.f32")
FROM_X(e4h, "cvt.rn.satfinite.e4m3x2.f16x2", H, "=h", U, "r")
FROM_X(e5h, "cvt.rn.satfinite.e5m2x2.f16x2", H, "=h", U, "r")
FROM_X(h4, "cvt.rn.f16x2.e4m3x2", U, "=r", H, "h")
FROM_X(h5, "cvt.rn.f16x2.e5m2x2", U, "=r", H, "h")
FROM_X(h4Relu, "cvt.rn.relu.f16x2.e4m3x2", U, "=r", H, "h")
FROM_X(pSatB, "cvt.rp.satfinite.ue8m0x2.bf16x2", H, "=h", U, "r")
FROM_X(bf, "cvt.rn.bf16x2.ue8m0x2", U, "=r", H, "h")
FROM_X(narrow, "  cvt.rn.f32.f64", float, "=f", double, "d")
FROM_X(widen, "  cvt.f64.f32", double, "=d", float, "f")

__global__ void fp8asm() {
  U t = threadIdx.x, g = (t + 7) % 32;
  float f = __uint_as_float(EF[t]), fg = __uint_as_float(EF[g]);
  // The fixture's f line: e4m3 and e5m2 saturated, the e4m3 pair (f, g).
  printf("t%u f %08x : %02x %02x %04x\n", t, EF[t], e4f(0.0f, f) & 0xff, e5f(0.0f, f) & 0xff,
         e4f(fg, f));
  // Its h line: the same from halves, the pair (h, hg).
  printf("t%u h %04x : %02x %02x %04x\n", t, EH[t], e4h(EH[t]) & 0xff, e5h(EH[t]) & 0xff,
         e4h(EH[t] | (U)EH[g] << 16));
  // e8m0 (its e8 line): float toward zero and up, saturated and not, the
  // bfloat16 up and saturated, the pair (f, g) toward zero.
  printf("t%u e8 %08x : %02x %02x %02x %02x %02x %04x\n", t, EF[t], zSat(0.0f, f) & 0xff,
         pSat(0.0f, f) & 0xff, p(0.0f, f) & 0xff, z(0.0f, f) & 0xff, pSatB(EB[t]) & 0xff, z(fg, f));
  // Every code back to half (e4m3, e5m2, the e4m3 pair (c, c ^ 0x80)) and
  // every e8m0 code to bfloat16.
  for (U k = 0; k < 8; ++k) {
    U c = t * 8 + k, pair = h4((H)(c | (c ^ 0x80) << 8));
    printf("t%u r %02x : %04x %04x %04x %04x %04x\n", t, c, h4((H)c) & 0xffff, h5((H)c) & 0xffff,
           pair & 0xffff, pair >> 16, bf((H)c) & 0xffff);
  }
  if (t == 0) {
    // .relu: -1 is +0, 2 is 0x40; -1 and 1 back: +0 and 1.0. 1e300 to float
    // is infinity, 0.1f widened exactly.
    double d = widen(0.1f);
    printf("relu %04x %08x narrow %08x widen %016llx\n", e4fRelu(-1.0f, 2.0f), h4Relu(0xb838),
           __float_as_uint(narrow(1e300)), (unsigned long long)__double_as_longlong(d));
  }
}
// CHECK: relu 0040 00003c00 narrow 7f800000 widen 3fb99999a0000000
// CHECK-NOT: cannot run

int main() {
  fp8asm<<<1, 32>>>();
  cudaDeviceSynchronize();
  return 0;
}
