// Each distinct assumption once per access: a loop whose trip count depends
// on data, met by every sampled warp and outer iteration, once said 4,074
// times for one access of a real kernel (28.6 MB of JSON for one file).
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | %python %S/Inputs/count-assumptions.py | FileCheck %s
// CHECK: accesses: 4
// CHECK-SAME: repeated assumptions: 0
// CHECK: a loop's trip count depends on data
#include <cuda_runtime.h>
// warplint: launch grid(64) block(256)
__global__ void walk(const int *len, const float *in, float *out) {
  float acc = 0;
  for (int r = 0; r < 8; ++r)
    for (int i = 0; i < len[threadIdx.x + r]; ++i)
      for (int j = 0; j < len[threadIdx.x * 2 + i]; ++j)
        acc += in[(i * 64 + j) * 256 + threadIdx.x];
  out[threadIdx.x] = acc;
}
