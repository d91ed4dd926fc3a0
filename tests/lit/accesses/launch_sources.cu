// Launch configuration, first match wins: command line, annotation, host
// launch with constant dims (dim3 locals, constexpr, macros), __launch_bounds__,
// otherwise an assumed 1-D block.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --kernel annotated --block=64 --grid=2 %s | FileCheck --check-prefix=CMD %s
#include <cuda_runtime.h>
#define ROWS 8
constexpr int Cols = 32;

// warplint: launch grid(64,64) block(32,8)
__global__ void annotated(float *p) { p[threadIdx.y * 32 + threadIdx.x] = 0; }
// CHECK-LABEL: kernel annotated  launch grid(64,64,1) block(32,8,1) (annotation at line 10)
// CMD-LABEL: kernel annotated  launch grid(2,1,1) block(64,1,1) (command line)

__global__ void hosted(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel hosted  launch grid(16,1,1) block(32,8,1) (host-launch at line 27)

__global__ void __launch_bounds__(128) bounded(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel bounded  launch grid(?) block(128,1,1) (__launch_bounds__)

__global__ void unknown(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel unknown  launch grid(?) block(256,1,1) (assumed)

int main() {
  float *p;
  dim3 block(Cols, ROWS);
  hosted<<<16, block>>>(p);
}
