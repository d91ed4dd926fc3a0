// A convolution-shaped loop nest with unknown bounds (for r, for c, for k over
// an image, accumulating) once made `check` grow without bound (6 GB in 23 s;
// the OOM killer with a deeper nest). Every kernel's analysis has a budget in
// memory and time: a kernel that hits it is reported as such, by name and
// with the budget, and the other kernels of the file are still analyzed.

// The default budget: with the nest's shared sample budget (NestSampleBudget)
// the four-deep nest, the triple nest and the strided copy are all analyzed.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck --check-prefix=DEFAULT %s < %t.out
// DEFAULT-DAG: analysis-budget.cu:[[@LINE+33]]:18: warning: kernel 'conv2dNest': {{.*}} [global-misaligned]
// DEFAULT-DAG: analysis-budget.cu:[[@LINE+39]]:{{[0-9]+}}: warning: kernel 'strided': {{.*}} [global-uncoalesced]
// DEFAULT-NOT: was not checked
// DEFAULT: exit=1

// A small budget stops the triple nest too, and only it.
// RUN: %warplint check --no-cuda-sdk --budget-mb=4 --kernel conv %s 2>&1 | FileCheck --check-prefix=SMALL %s
// SMALL: note: kernel 'conv' was not checked: its analysis stopped because its sampled values outgrew 4 MB (the budget per kernel is 4 MB and 20 s)
// RUN: %warplint accesses --no-cuda-sdk --budget-mb=4 --kernel conv %s | FileCheck --check-prefix=ACCESSES %s
// ACCESSES: kernel conv
// ACCESSES-NEXT: analysis stopped: its sampled values outgrew 4 MB (the per-kernel budget is 4 MB and 20 s)
// ACCESSES: global ld 4B unmodelled (the kernel's analysis budget (4 MB and 20 s) ran out)

#include <cuda_runtime.h>

__global__ void conv(const float *img, const float *filt, float *out, int H, int W, int K) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c)
      for (int k = 0; k < K; ++k)
        acc += img[(r + k) * W + c + o] * filt[k];
  out[o] = acc;
}

__global__ void conv2dNest(const float *img, const float *filt, float *out, int H, int W,
                           int C, int K) {
  int o = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int r = 0; r < H; ++r)
    for (int c = 0; c < W; ++c)
      for (int ch = 0; ch < C; ++ch)
        for (int k = 0; k < K; ++k)
          acc += img[((r + k) * W + c) * C + ch + o] * filt[k * C + ch];
  out[o] = acc;
}

__global__ void strided(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[32 * i];
}

// The triple nest alone, at the default budget: analyzed, not stopped.
// RUN: not %warplint check --no-cuda-sdk --kernel conv %s 2>&1 | FileCheck --check-prefix=CONV %s
// CONV-NOT: was not checked
// CONV: warning: kernel 'conv': {{.*}} sectors per request
// CONV-NOT: was not checked
