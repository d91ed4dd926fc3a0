// A value a loop leaves after an unknown number of iterations (a pointer
// walked through a per-thread slice, then used after the loop; the index a
// runtime-unrolled loop hands to its remainder) is the closed form
// ScalarEvolution gives, evaluated in each lane: not "not modelled".
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s --implicit-check-not=unmodelled
#include <cuda_runtime.h>

// Each thread walks its own row of `len` floats, then writes past its end.
// warplint: launch grid(64) block(256)
__global__ void sliceWalk(float *rows, int len, int pitch) {
  float *c = rows + (blockIdx.x * 256 + threadIdx.x) * pitch;
  float sum = 0;
  for (int n = 0; n < len; n++) {
    sum += *c;
    c += 1;
  }
  *c = sum;
}
// CHECK-LABEL: kernel sliceWalk
// CHECK: loop_exit_values.cu:14:12 global ld 4B strided stride 4*pitch B
// CHECK: loop_exit_values.cu:17:6 global st 4B strided stride depends on len, pitch

// A loop the optimizer unrolls at run time (a remainder loop starts where the
// unrolled one stopped).
// warplint: launch grid(64) block(256)
__global__ void scaleRow(float *data, int n) {
  if (threadIdx.x == 0)
    for (int i = 1; i < n; i++)
      data[blockIdx.x * 4096 + i] /= data[blockIdx.x * 4096];
}
// CHECK-LABEL: kernel scaleRow
// CHECK: loop_exit_values.cu:29:35 global ld 4B broadcast sectors_per_request=1.00 ideal 1.00 [3 IR sites]
// CHECK: loop_exit_values.cu:29:35 global st 4B broadcast sectors_per_request=1.00 ideal 1.00 [3 IR sites]
