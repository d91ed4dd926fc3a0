// A kernel that indexes torch's packed accessors, checked with no torch
// headers: warplint's stand-in for the accessor templates is served, so the
// kernel is analyzed, each access at data + i * strides[0] + j * strides[1]
// (the strides are the accessor's, known at run time only, as with the real
// headers, and sampled as a contiguous tensor's). With an SDK and torch's headers (TORCH_INCLUDE), the real
// templates give the same accesses.
// RUN: %warplint accesses --no-cuda-sdk %s 2>%t.err | FileCheck --check-prefix=ACC %s
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// RUN: %warplint accesses --no-cuda-sdk --format=json %s 2>/dev/null | %python %S/Inputs/access_keys.py - > %t.standin
// RUN: %if torch-headers %{ %warplint accesses --format=json %s -- %torch_includes 2>/dev/null | %python %S/Inputs/access_keys.py - > %t.real %}
// RUN: %if torch-headers %{ diff %t.standin %t.real %}
// RUN: FileCheck --check-prefix=KEYS %s < %t.standin
// NOTE: host headers not found were served empty ({{.*}}'torch/extension.h' file not found); PyTorch's tensor accessors came from warplint's stand-in
#include <torch/extension.h>

// warplint: launch grid(64) block(128)
__global__ void scale_rows(torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> a,
                           float s) {
  int r = blockIdx.x, c = threadIdx.x;
  if (c < a.size(1))
    a[r][c] *= s;
}

// warplint: launch grid(64) block(128)
__global__ void sum_columns(const torch::PackedTensorAccessor32<float, 2, torch::RestrictPtrTraits> a,
                            torch::PackedTensorAccessor32<float, 1, torch::RestrictPtrTraits> out) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int r = 0; r < a.size(0); ++r)
    acc += a[r][c];
  out[c] = acc;
}
// The strides are sampled as a contiguous tensor's (analyzer/TensorAccessors.h:
// strides[N-1] = 1, strides[i] = strides[i+1] * sizes[i+1]), those the
// optimizer loads two at a time (<2 x i32>) too: threadIdx.x in the last
// index is coalesced.
// ACC: kernel scale_rows  launch grid(64,1,1) block(128,1,1)
// ACC: torch-accessor.cu:21:13 global ld 4B coalesced stride 4B
// ACC: torch-accessor.cu:21:13 global st 4B coalesced stride 4B
// ACC: kernel sum_columns
// ACC: torch-accessor.cu:30:12 global ld 4B coalesced stride 4B
// ACC: torch-accessor.cu:31:10 global st 4B coalesced stride 4B
// KEYS: scale_rows torch-accessor.cu:21:13 global ld 4 coalesced
// KEYS: scale_rows torch-accessor.cu:21:13 global st 4 coalesced
// KEYS: sum_columns torch-accessor.cu:30:12 global ld 4 coalesced
