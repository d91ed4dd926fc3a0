// Inline PTX on half values that frontend/asm/HalfAsm.cpp lowers runs; a text
// with one instruction or qualifier it does not know (here .ftz on f16
// arithmetic, after two it knows) is left whole, and the run stops with its
// text, as for any assembly the device model cannot read.
// RUN: %warplint run --no-cuda-sdk %s --kernel known --grid 1 --block 32 --buffer out=32 > %t.known 2>&1; echo "exit=$?" >> %t.known
// RUN: FileCheck --check-prefix=KNOWN %s < %t.known
// RUN: %warplint run --no-cuda-sdk %s --kernel unknown --grid 1 --block 32 --buffer out=32 > %t.unknown 2>&1; echo "exit=$?" >> %t.unknown
// RUN: FileCheck --check-prefix=UNKNOWN %s < %t.unknown
#include <cstdio>

__global__ void known(unsigned short *out) {
  unsigned short r;
  float f = threadIdx.x * 0.5f + 2050.0f;
  // Round toward zero, then add -0.0 and 1.0 in f16.
  asm("{ .reg .b16 one, mzero, t;\n mov.b16 one, 0x3c00U;\n mov.b16 mzero, 0x8000U;\n"
      " cvt.rz.f16.f32 t, %1;\n add.rn.f16 t, t, mzero;\n add.f16 %0, t, one;\n}"
      : "=h"(r) : "f"(f));
  out[threadIdx.x] = r;
  if (threadIdx.x == 3)
    printf("r=%04x\n", (unsigned)r);
}
// 2051.5 rounds toward zero to 2050 (0x6801; to nearest, 2052); + -0: 2050;
// + 1: 2051 ties to even, 2052 (0x6802).
// KNOWN: r=6802
// KNOWN-NOT: cannot run
// KNOWN: exit=0

__global__ void unknown(unsigned short *out) {
  unsigned short r;
  float f = threadIdx.x * 0.5f;
  asm("{ .reg .b16 t;\n cvt.rn.f16.f32 t, %1;\n add.ftz.f16 %0, t, t;\n}" : "=h"(r) : "f"(f));
  out[threadIdx.x] = r;
}
// UNKNOWN: error: cannot run: inline asm not understood: '{ .reg .b16 t; cvt.rn.f16.f32 t, $1; add.ftz.f16 $0, t, t; }' (constraints "=h,f") {{.*}}[unsupported]
// UNKNOWN: exit=2
