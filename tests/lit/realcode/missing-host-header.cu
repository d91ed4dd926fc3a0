// A host header that is not there (a project's own image or timer library):
// the kernels are still analyzed, and the launches that main() writes are
// still read, from a compile that serves the header empty and keeps the host
// code, even where that compile fails on what the header declared.
// RUN: %warplint accesses --no-cuda-sdk %s 2>&1 | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk %S/Inputs/missing-header-unused.cu 2>&1 | FileCheck --check-prefix=UNUSED %s
// Host code with more errors than Clang reports before it stops: the launch
// after them is still read.
// RUN: %warplint accesses --no-cuda-sdk %S/Inputs/many-host-errors.cu 2>/dev/null | FileCheck --check-prefix=MANY %s
// MANY: kernel blur  launch grid(64,1,1) block(128,1,1) (host-launch at line 37)
#include <cuda_runtime.h>
#include "no_such_bitmap_library.h"

__global__ void shade(float *img, int width) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  img[x * width + y] = 0.5f;
}

int main() {
  BitmapImage image("input.bmp"); // declared in the missing header
  int width = 1024;
  dim3 block(16, 8);
  dim3 grid(image.width() / 16, image.height() / 8);
  float *d;
  cudaMalloc(&d, width * width * sizeof(float));
  shade<<<grid, block>>>(d, width);
}
// CHECK: note: {{.*}}missing-host-header.cu: host code skipped
// CHECK: kernel shade  launch grid(?) block(16,8,1) (host-launch at line 26); width = 1024 from the host launch at missing-host-header.cu:26
// CHECK: missing-host-header.cu:16:22 global st 4B irregular sectors_per_request=16.00 ideal 4.00

// UNUSED: note: {{.*}}missing-header-unused.cu: host headers not found were served empty
// UNUSED: kernel scale  launch grid(64,1,1) block(256,1,1) (host-launch at line
