// A grid the host code leaves unknown but bounds by its conditions: the
// else path of an `if`, the exit of a loop (its condition false there), and
// a division by what a loop searched for (`blocks /= factor` after
// `while (blocks / factor > 24 || ...) ++factor;`): the assumption says the
// most blocks it can have. Where the condition does not prove one (`&&`
// false), it says none.
// RUN: %warplint accesses --no-cuda-sdk --no-cache --format=json %s | FileCheck %s
#include <cuda_runtime.h>

#define CAP 24

__global__ void factored(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
// CHECK: "grid unknown: {{.*}}hostflow-bounds.cu:[[#]] is made of m (a parameter of factor): --arg m=VALUE gives it); the host code lets it have at most 24 blocks"

__global__ void halved_do(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 1; }
// CHECK: "grid unknown: {{.*}}; the host code lets it have at most 40 blocks"

__global__ void stepped(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 2; }
// CHECK: "grid unknown: {{.*}}; the host code lets it have at most 49 blocks"

__global__ void shifted(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 3; }
// CHECK: "grid unknown: {{.*}}; the host code lets it have at most 36 blocks"

__global__ void either_exit(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 4; }
// CHECK: "grid unknown: {{.*}}; the host code lets it have at most 64 blocks"

// `while (b > 24 && flag)` may stop on flag alone: no bound.
__global__ void both_needed(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 5; }
// CHECK: "grid unknown: {{.*}}hostflow-bounds.cu:[[#]] is made of m (a parameter of loops): --arg m=VALUE gives it)",

void factor(float *p, int m) {
  int b = (m + 255) / 256;
  if (b > CAP) {
    int f = 1;
    while (b / f > CAP || b % f)
      ++f;
    b /= f;
  }
  factored<<<b, 256>>>(p);
}

void loops(float *p, int m, bool flag) {
  int b = m / 256;
  do {
    b = (b + 1) / 2;
  } while (b > 40);
  halved_do<<<b, 256>>>(p);
  int s = m / 256;
  while (s >= 50)
    s -= 10;
  stepped<<<s, 256>>>(p);
  long t = m;
  for (; t > 36; t >>= 1)
    ;
  shifted<<<t, 256>>>(p);
  int e = m / 256;
  while (64 < e || flag)
    e /= 2;
  either_exit<<<e, 256>>>(p);
  int c = m / 256;
  while (c > 24 && flag)
    c /= 2;
  both_needed<<<c, 256>>>(p);
}
