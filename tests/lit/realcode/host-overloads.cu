// Host code that calls what nvcc's headers give the host and Clang's CUDA
// headers do not (min and max of floating and integer values, isfinite,
// isnan and isinf unqualified, clock() with no <ctime>): the device-side
// compile keeps the host code, so no "host code skipped" note, and the launch
// shapes come from main(). host-overloads-sdk.test runs this file with the
// toolkit's headers.
// RUN: %warplint accesses --no-cuda-sdk %s > %t.out 2> %t.err; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=ERR --allow-empty %s < %t.err
// ERR-NOT: host code skipped
// ERR-NOT: error
#include <cstdio>

__global__ void scale(float *x, float s) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[2 * i] *= s;
}

__global__ void count(unsigned *hits, const float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (isfinite(x[i]) && max(x[i], 0.0f) > 1.0f)
    atomicAdd(hits, 1u);
}

static double seconds_since(long start) { return (double)(clock() - start) / CLOCKS_PER_SEC; }

int main() {
  long start = clock();
  float a = 1.5f, b = 2.5f;
  double c = 3.0, d = 4.0;
  float s = max(a, b) - min(a, b);
  double t = max(c, d) + min(c, (double)b) + max(a, c);
  long long n = max(1ll << 20, 4096ll);
  unsigned u = min(7u, 9u) + max(3, 4u);
  if (!isfinite(s) || isnan(t) || isinf(a) || isnan(1.0f) || !isfinite(d))
    return 1;
  float *x;
  unsigned *hits;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&hits, sizeof(unsigned));
  scale<<<64, 128>>>(x, s);
  // CHECK: kernel scale  launch grid(64,1,1) block(128,1,1) (host-launch at line [[@LINE-1]])
  dim3 block(32, 4);
  count<<<dim3(256), block>>>(hits, x);
  // CHECK: kernel count  launch grid(256,1,1) block(32,4,1) (host-launch at line [[@LINE-1]])
  printf("%f %u %f\n", t, u, seconds_since(start));
  return 0;
}
// CHECK: exit=0
