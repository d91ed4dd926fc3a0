// A convolution-shaped loop nest with unknown bounds (for r, for c, for k over
// an image, accumulating) once made `check` grow without bound (6 GB in 23 s;
// the OOM killer with a deeper nest). Every kernel's analysis has a budget in
// memory and work: a kernel that hits it is reported as such, by name and
// with the budget, and the other kernels of the file are still analyzed.

// The default budget: with the nest's shared sample budget (NestSampleBudget)
// the four-deep nest, the triple nest and the strided copy are all analyzed.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck --check-prefix=DEFAULT %s < %t.out
// DEFAULT-DAG: analysis-budget.cu:[[@LINE+41]]:18: warning: kernel 'conv2dNest': {{.*}} [global-misaligned]
// DEFAULT-DAG: analysis-budget.cu:[[@LINE+47]]:{{[0-9]+}}: warning: kernel 'strided': {{.*}} [global-uncoalesced]
// DEFAULT-NOT: was not checked
// DEFAULT: exit=1

// A small budget stops the triple nest too, and only it; a kernel not checked
// is a partial analysis (analysis-budget): the run exits 2.
// RUN: not %warplint check --no-cuda-sdk --budget-mb=4 --kernel conv %s 2>&1 | FileCheck --check-prefix=SMALL %s
// SMALL: note: kernel 'conv' was not checked: its analysis stopped because its sampled values outgrew 4 MB (the budget per kernel is 4 MB and 12M steps)
// RUN: %warplint accesses --no-cuda-sdk --budget-mb=4 --kernel conv %s | FileCheck --check-prefix=ACCESSES %s
// ACCESSES: kernel conv
// ACCESSES-NEXT: analysis stopped: its sampled values outgrew 4 MB (the per-kernel budget is 4 MB and 12M steps)
// ACCESSES: global ld 4B unmodelled (the kernel's analysis budget (4 MB and 12M steps) ran out)

// The work budget is counted, not timed: it stops a kernel at the same point
// on a loaded machine as on an idle one. A wall-clock limit is opt-in.
// RUN: %warplint accesses --no-cuda-sdk --budget-steps=0 --kernel conv %s | FileCheck --check-prefix=STEPS %s
// STEPS: analysis stopped: it took more than 0 million steps (the per-kernel budget is 192 MB and 0M steps)
// RUN: %warplint accesses --no-cuda-sdk --budget-seconds=0.000001 --kernel conv %s | FileCheck --check-prefix=WALL %s
// WALL: analysis stopped: it ran past 1e-06 s (the per-kernel budget is 192 MB and 12M steps, 1e-06 s)

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
