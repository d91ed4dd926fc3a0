// The cooperative case of tests/hardware/launchlimits.cu with the grids the
// H100 computed at run time written out: 132 SMs x 8 resident blocks of 256
// threads (its coop,capacity row), plus one, and exactly that.
#include <cuda_runtime.h>
#define R(c, v) (void)0

__global__ void coop(float *o) { o[blockIdx.x] = 1.0f; }

void coopCases(float *o) {
  void *args[] = {&o};
  cudaLaunchCooperativeKernel((void *)coop, 1057, 256, args); R("cooperative", "fail");
  cudaLaunchCooperativeKernel((void *)coop, 1056, 256, args); R("cooperative", "ok");
}
