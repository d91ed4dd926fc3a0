// The SIMD intrinsics (__vadd2 ... __vsads4), the dot products (__dp4a,
// __dp2a_lo/hi, every overload) and the PTX they are made of, also in forms
// the headers do not use (mixed operand types, .sat with a signed or
// unsigned destination, .add accumulating onto c, a merge that ignores c),
// on 32 threads' inputs (lane edges first: 0x8000, 0x7fff, 0x80, 0x7f, all
// ones), printed as hex. tests/hardware/h100/simd-video.txt is this file's
// output on an H100 (nvcc -arch=sm_90, CUDA 13): the device model must print
// the same, with the toolkit's headers and with the embedded prelude
// (simd-video-prelude.test).
// REQUIRES: cuda-sdk
// RUN: %warplint run %s --grid 1 --block 32 --buffer sink=32 > %t.sdk 2>&1
// RUN: grep '^t' %t.sdk | sort > %t.sdk.sorted
// RUN: sort %S/../../hardware/h100/simd-video.txt > %t.gpu
// RUN: diff %t.gpu %t.sdk.sorted
#include <cstdio>

__device__ unsigned mix(unsigned i) { return (i * 2654435761u) ^ (i << 9) ^ 0x9e3779b9u; }

__device__ unsigned edge(unsigned t) {
  const unsigned E[] = {0u,          0xffffffffu, 0x80008000u, 0x7fff7fffu, 0x80808080u,
                        0x7f7f7f7fu, 0x00010001u, 0xff00ff00u, 0x7fff8000u, 0x807f7f80u,
                        0x01ff01ffu, 0xfffe0002u};
  return t < 12 ? E[t] : mix(t);
}

#define PTX(INSN, A, B, C)                                                     \
  ({                                                                           \
    unsigned r_;                                                               \
    asm(INSN " %0, %1, %2, %3;" : "=r"(r_) : "r"(A), "r"(B), "r"(C));          \
    r_;                                                                        \
  })

__global__ void simd(unsigned *sink) {
  unsigned t = threadIdx.x;
  unsigned a = edge(t), b = edge((t * 5 + 3) % 32) ^ (t >= 16 ? mix(t + 77) : 0u), c = mix(t + 5);
  int sa = int(a), sb = int(b), sc = int(c);
  char4 ca = __builtin_bit_cast(char4, a), cb = __builtin_bit_cast(char4, b);
  uchar4 ua = __builtin_bit_cast(uchar4, a), ub = __builtin_bit_cast(uchar4, b);
  short2 ha = __builtin_bit_cast(short2, a);
  ushort2 uha = __builtin_bit_cast(ushort2, a);
  printf("t%02u in %08x %08x %08x\n", t, a, b, c);
  printf("t%02u add2 %08x %08x %08x %08x %08x %08x\n", t, __vadd2(a, b), __vaddss2(a, b),
         __vaddus2(a, b), __vsub2(a, b), __vsubss2(a, b), __vsubus2(a, b));
  printf("t%02u add4 %08x %08x %08x %08x %08x %08x\n", t, __vadd4(a, b), __vaddss4(a, b),
         __vaddus4(a, b), __vsub4(a, b), __vsubss4(a, b), __vsubus4(a, b));
  printf("t%02u avg %08x %08x %08x %08x %08x %08x\n", t, __vavgs2(a, b), __vavgu2(a, b),
         __vhaddu2(a, b), __vavgs4(a, b), __vavgu4(a, b), __vhaddu4(a, b));
  printf("t%02u abs %08x %08x %08x %08x %08x %08x %08x %08x\n", t, __vabs2(a), __vabsss2(a),
         __vabs4(a), __vabsss4(a), __vneg2(a), __vnegss2(a), __vneg4(a), __vnegss4(a));
  printf("t%02u diff %08x %08x %08x %08x %08x %08x %08x %08x\n", t, __vabsdiffs2(a, b),
         __vabsdiffu2(a, b), __vabsdiffs4(a, b), __vabsdiffu4(a, b), __vsads2(a, b),
         __vsadu2(a, b), __vsads4(a, b), __vsadu4(a, b));
  printf("t%02u minmax %08x %08x %08x %08x %08x %08x %08x %08x\n", t, __vmaxs2(a, b),
         __vmaxu2(a, b), __vmins2(a, b), __vminu2(a, b), __vmaxs4(a, b), __vmaxu4(a, b),
         __vmins4(a, b), __vminu4(a, b));
  printf("t%02u set2 %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x\n", t, __vseteq2(a, b),
         __vsetne2(a, b), __vsetges2(a, b), __vsetgeu2(a, b), __vsetgts2(a, b),
         __vsetgtu2(a, b), __vsetles2(a, b), __vsetleu2(a, b), __vsetlts2(a, b),
         __vsetltu2(a, b));
  printf("t%02u set4 %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x\n", t, __vseteq4(a, b),
         __vsetne4(a, b), __vsetges4(a, b), __vsetgeu4(a, b), __vsetgts4(a, b),
         __vsetgtu4(a, b), __vsetles4(a, b), __vsetleu4(a, b), __vsetlts4(a, b),
         __vsetltu4(a, b));
  printf("t%02u cmp2 %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x\n", t, __vcmpeq2(a, b),
         __vcmpne2(a, b), __vcmpges2(a, b), __vcmpgeu2(a, b), __vcmpgts2(a, b),
         __vcmpgtu2(a, b), __vcmples2(a, b), __vcmpleu2(a, b), __vcmplts2(a, b),
         __vcmpltu2(a, b));
  printf("t%02u cmp4 %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x\n", t, __vcmpeq4(a, b),
         __vcmpne4(a, b), __vcmpges4(a, b), __vcmpgeu4(a, b), __vcmpgts4(a, b),
         __vcmpgtu4(a, b), __vcmples4(a, b), __vcmpleu4(a, b), __vcmplts4(a, b),
         __vcmpltu4(a, b));
  printf("t%02u dp %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x %08x\n", t,
         __dp4a(sa, sb, sc), __dp4a(a, b, c), __dp4a(ca, cb, sc), __dp4a(ua, ub, c),
         __dp2a_lo(sa, sb, sc), __dp2a_lo(a, b, c), __dp2a_lo(ha, cb, sc), __dp2a_lo(uha, ub, c),
         __dp2a_hi(sa, sb, sc), __dp2a_hi(a, b, c), __dp2a_hi(ha, cb, sc), __dp2a_hi(uha, ub, c));
  // Forms the headers do not write.
  printf("t%02u mixed %08x %08x %08x %08x %08x %08x %08x %08x\n", t,
         PTX("vadd2.s32.u32.s32.sat", a, b, 0), PTX("vsub4.u32.s32.u32.sat", a, b, 0),
         PTX("vavrg4.s32.u32.s32", a, b, 0), PTX("vabsdiff2.u32.s32.u32.sat", a, b, 0),
         PTX("vmin4.s32.s32.u32", a, b, 0), PTX("vmax2.u32.u32.s32", a, b, 0),
         PTX("vsub2.s32.u32.u32.sat", a, b, 0), PTX("vadd4.u32.s32.s32.sat", a, b, 0));
  printf("t%02u accumulate %08x %08x %08x %08x %08x %08x %08x %08x\n", t,
         PTX("vadd4.s32.s32.s32.add", a, b, c), PTX("vsub2.u32.u32.u32.add", a, b, c),
         PTX("vavrg2.s32.s32.s32.add", a, b, c), PTX("vmin2.s32.s32.s32.add", a, b, c),
         PTX("vmax4.u32.s32.u32.add", a, b, c), PTX("vabsdiff4.s32.u32.s32.add", a, b, c),
         PTX("vset4.s32.u32.lt.add", a, b, c), PTX("vset2.s32.s32.ne.add", a, b, c));
  printf("t%02u merge %08x %08x %08x %08x %08x %08x\n", t, PTX("vadd2.u32.u32.u32", a, b, c),
         PTX("vset4.u32.s32.ge", a, b, c), PTX("vset2.u32.s32.gt", a, b, c),
         PTX("vmax4.s32.s32.s32", a, b, c), PTX("vavrg2.u32.u32.u32.sat", a, b, c),
         PTX("vabsdiff4.s32.s32.s32.sat", a, b, c));
  printf("t%02u dpmixed %08x %08x %08x %08x\n", t, PTX("dp4a.u32.s32", a, b, c),
         PTX("dp4a.s32.u32", a, b, c), PTX("dp2a.lo.u32.s32", a, b, c),
         PTX("dp2a.hi.s32.u32", a, b, c));
  sink[t] = a;
}

int main() {
  unsigned *s;
  cudaMalloc(&s, 32 * sizeof(unsigned));
  simd<<<1, 32>>>(s);
  cudaDeviceSynchronize();
  return 0;
}
