// A convolution's loop nest (rows, columns, channels) and a deeper one: the
// samples per access used to multiply each loop's cap (8 x 8 x 64 iterations
// for every sampled warp, 6 GB in 23 s; the OOM killer past that). Loops two
// or more levels out from the innermost one are now sampled a few iterations
// (FarOuterCap), the whole nest shares one budget of samples per warp and says
// so; the analysis budget (--budget-mb, --budget-steps) bounds what is left.
// The work budget is counted, not timed, so the sanitizer build on a loaded
// machine (where five_deep once took more than 20 s) stops where a fast one does.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// CHECK-DAG: note: assumed: {{.*}}a loop nest 3 deep: sampled at most 32 iterations of its loop at depth 3
// CHECK-DAG: note: assumed: {{.*}}a loop nest 5 deep: sampled at most 8 iterations of its loop at depth 5
// CHECK-DAG: deep-loop-nest.cu:[[@LINE+10]]:{{[0-9]+}}: warning: kernel 'conv'
// CHECK-NOT: error
// CHECK: exit=1
// warplint: launch grid(32,32) block(16,16)
__global__ void conv(const float *img, const float *w, float *out, int W, int C, int R) {
  int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y * blockDim.y + threadIdx.y;
  float acc = 0.0f;
  for (int r = 0; r < R; ++r)
    for (int c = 0; c < R; ++c)
      for (int k = 0; k < C; ++k)
        acc += img[((y + r) * W + (x + c)) * C + k] * w[(r * R + c) * C + k];
  out[y * W + x] = acc;
}

// warplint: launch grid(64) block(128)
__global__ void five_deep(const float *in, float *out, int n) {
  float acc = 0.0f;
  for (int a = 0; a < n; ++a)
    for (int b = 0; b < n; ++b)
      for (int c = 0; c < n; ++c)
        for (int d = 0; d < n; ++d)
          for (int e = 0; e < n; ++e)
            acc += in[(((a * n + b) * n + c) * n + d) * n + e + threadIdx.x];
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
