// Every code of e4m3, e5m2 and e8m0, against a reference written here from
// the formats' definitions (not from the header): its float and half are
// the defined value, converting them back gives the code (NaN 0x7f, an
// e5m2 infinity the largest finite code when saturating), and the midpoint
// to the next code up rounds to the even one of the two, a little above it
// to the upper, a little below to the lower (in double, so that the
// conversion rounds once). e8m0: 2^(code - 127), back exactly in both modes.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 | FileCheck %s
// CHECK-COUNT-32: {{^}}t{{[0-9]+}} checked {{[1-9][0-9]+}} bad 0
// CHECK-NOT: bad
// CHECK-NOT: cannot run
#include <cstdio>
#include <cuda_fp8.h>

__device__ double pow2(int k) { return __longlong_as_double((long long)(k + 1023) << 52); }

/// Code C of the format with M mantissa bits and bias Bias: (-1)^s 2^(e - Bias)
/// (1 + m / 2^M), or 2^(1 - Bias) m / 2^M when e is 0. Kind: 0 finite, 1
/// infinity, 2 NaN (e4m3: S.1111.111; e5m2: all-ones exponent).
__device__ double value(unsigned C, int M, int Bias, int &Kind) {
  int S = C >> 7, E = (C & 0x7f) >> M, Mant = C & ((1 << M) - 1);
  bool E4 = M == 3;
  Kind = E4 ? ((C & 0x7f) == 0x7f ? 2 : 0) : (E == 31 ? (Mant ? 2 : 1) : 0);
  double V = E == 0 ? Mant * pow2(1 - Bias - M) : ((1 << M) + Mant) * pow2(E - Bias - M);
  return S ? -V : V;
}

__global__ void roundtrip() {
  unsigned t = threadIdx.x;
  int checked = 0, bad = 0;
  auto expect = [&](bool Ok, const char *What, unsigned C) {
    ++checked;
    if (!Ok) {
      ++bad;
      printf("t%u bad %s %02x\n", t, What, C);
    }
  };
  for (unsigned k = 0; k < 8; ++k) {
    unsigned c = t * 8 + k;
    for (int F = 0; F < 2; ++F) {
      __nv_fp8_interpretation_t I = F ? __NV_E5M2 : __NV_E4M3;
      int M = F ? 2 : 3, Bias = F ? 15 : 7, Kind;
      unsigned Max = F ? 0x7b : 0x7e, Sign = c & 0x80;
      double V = value(c, M, Bias, Kind);
      __half_raw H = __nv_cvt_fp8_to_halfraw(c, I);
      float Fl = __half2float(__half(H));
      if (Kind == 2) {
        expect(Fl != Fl && __nv_cvt_float_to_fp8(Fl, __NV_SATFINITE, I) == 0x7f, "nan", c);
        expect(__nv_cvt_halfraw_to_fp8(H, __NV_NOSAT, I) == 0x7f, "nan-half", c);
        continue;
      }
      bool SameSign = (__float_as_uint(Fl) >> 31) == (Sign >> 7);
      expect((Kind == 1 ? Fl == __uint_as_float(Sign << 24 | 0x7f800000u) : Fl == (float)V) && SameSign,
             "value", c);
      expect(__nv_cvt_float_to_fp8(Fl, __NV_NOSAT, I) == c, "back", c);
      expect(__nv_cvt_halfraw_to_fp8(H, __NV_SATFINITE, I) == (Kind == 1 ? (Sign | Max) : c),
             "back-half-sat", c);
      if (Kind == 1 || (c & 0x7f) == Max) {
        continue;
      }
      // The midpoint to the next code up in magnitude.
      int K2;
      double Next = value(c + 1, M, Bias, K2);
      double Mid = (V + Next) / 2, Nudge = (Next - V) * 0x1p-20;
      unsigned Even = (c & 1) ? c + 1 : c;
      expect(__nv_cvt_double_to_fp8(Mid, __NV_SATFINITE, I) == Even, "tie", c);
      expect(__nv_cvt_double_to_fp8(Mid + Nudge, __NV_SATFINITE, I) == c + 1 &&
                 __nv_cvt_double_to_fp8(Mid - Nudge, __NV_SATFINITE, I) == c,
             "near-tie", c);
    }
    // e8m0: 2^(c - 127); 0xff NaN.
    __nv_fp8_e8m0 z;
    z.__x = (unsigned char)c;
    float S = float(z);
    if (c == 0xff) {
      expect(S != S && __nv_cvt_float_to_e8m0(S, __NV_SATFINITE, cudaRoundZero) == 0xff, "e8nan", c);
    } else {
      expect(S == (float)pow2((int)c - 127), "e8value", c);
      expect(__nv_cvt_float_to_e8m0(S, __NV_NOSAT, cudaRoundZero) == c &&
                 __nv_cvt_float_to_e8m0(S, __NV_NOSAT, cudaRoundPosInf) == c,
             "e8back", c);
    }
  }
  printf("t%u checked %d bad %d\n", t, checked, bad);
}

int main() {
  roundtrip<<<1, 32>>>();
  cudaDeviceSynchronize();
  return 0;
}
