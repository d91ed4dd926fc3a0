// PTX fixture kernels: arithmetic, conversions and bit operations.
#include <cuda_runtime.h>

__global__ void math(const float *x, const double *d, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float a = x[i];
    double b = d[i];
    float r = sqrtf(a) + rsqrtf(a) + __expf(a) + __logf(a) + __sinf(a) + __cosf(a) +
              fmaf(a, a, 1.f) + __fdividef(a, 3.f) + fabsf(a) + fminf(a, 2.f) +
              fmaxf(a, -2.f) + (float)sqrt(b) + (float)(b / 3.0) + 1.0f / a;
    out[i] = r + (float)(int)rintf(a) + floorf(a) + ceilf(a) + truncf(a);
  }
}

__global__ void bits(const unsigned *x, unsigned long long *y, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    unsigned v = x[i];
    unsigned long long w = y[i];
    out[i] = __popc(v) + __clz(v) + __brev(v) + __byte_perm(v, v >> 3, 0x3210) +
             __popcll(w) + __clzll(w) + __mul24(v, 7) + __umul24(v, v) + __mulhi(v, 77) +
             __umulhi(v, v) + (int)(__mul64hi(w, 3) >> 1) + (int)(v % 13u) + (int)(v / 7u) +
             min((int)v, 4) + max((int)v, -4) + abs((int)v) + (int)(w >> (v & 63)) +
             (int)(v << (v & 31)) + __funnelshift_l(v, v, 5) + __ffs(v);
    y[i] = w * 3 + (w >> 2) - (unsigned long long)(v & 0xff);
  }
}

__global__ void convert(const double *d, const short *s, const unsigned char *c, float *f,
                        long long *l, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    f[i] = (float)d[i] + (float)s[i] + (float)c[i];
    l[i] = (long long)d[i] + (long long)s[i] * (long long)c[i];
  }
}
