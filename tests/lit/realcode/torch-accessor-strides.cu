// The strides of a packed accessor are known only at run time; a tensor an
// extension makes (torch::zeros, x.contiguous()) is contiguous, so they are
// sampled as a contiguous tensor's (strides[N-1] = 1, strides[i] =
// strides[i+1] * sizes[i+1]) and the findings that rest on them say so.
// Before, each stride was an unknown of its own (load@N), and an access whose
// last index is threadIdx.x was reported 32 sectors where 4 would do.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-uncoalesced]'
// RUN: not %warplint check --no-cuda-sdk --kernel gather_first %s 2>&1 | FileCheck %s --check-prefix=NOTE
#include <torch/extension.h>

// threadIdx.x indexes the last dimension: adjacent elements, coalesced.
// warplint: launch grid(16,8) block(128)
__global__ void fill_last(torch::PackedTensorAccessor64<double, 4, torch::RestrictPtrTraits> out,
                          int rows, int cols) {
  const int b = blockIdx.y;
  const int k = blockIdx.x * blockDim.x + threadIdx.x;
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      out[b][r][c][k] = 0.5;
}

// The same with 32-bit indices, whose strides the optimizer loads two at a
// time (<2 x i32>), read through a sub-accessor.
// warplint: launch grid(16) block(128)
__global__ void copy_rows(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> in,
                          torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> out) {
  const int j = blockIdx.x * blockDim.x + threadIdx.x;
  for (int i = 0; i < in.size(0); ++i) {
    auto row = in[i];
    out[i][j] = row[j] * 2.0f;
  }
}

// threadIdx.x indexes the first dimension: a contiguous tensor's rows
// apart, which only the sizes decide (the finding says what it assumed).
// warplint: launch grid(16) block(128)
__global__ void gather_first(const torch::PackedTensorAccessor64<float, 3, torch::RestrictPtrTraits> in,
                             float *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: torch-accessor-strides.cu:[[@LINE+1]]:12: warning: kernel 'gather_first': 32 sectors per request where 4 would do: adjacent threads are 4*in.stride(0) (assuming a contiguous tensor) bytes apart ({{.*}}) {{.*}}[global-uncoalesced]
  out[i] = in[i][0][0];
}
// NOTE: note: assumed: {{.*}}the tensor accessor 'in' is taken to view a contiguous tensor: strides[2] = 1, strides[i] = strides[i+1] * sizes[i+1], each size sampled as an unknown argument is; depends on in.stride(0) (assuming a contiguous tensor) {{.*}}: sampled as 16777216 and 1000000
