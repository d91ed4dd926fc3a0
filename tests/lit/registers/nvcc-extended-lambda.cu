// nvcc's device compile for the verdict takes --extended-lambda and
// --expt-relaxed-constexpr, as projects build: a __device__ lambda written in
// host code (an inference library's flash-attention launchers) made it fail,
// and the file's register and local-memory claims stayed estimates.
// REQUIRES: nvcc
// RUN: %warplint check --no-cuda-sdk --no-cache %s 2>&1 | FileCheck %s --implicit-check-not='did not succeed' --implicit-check-not='compile failed'

template <typename F> __global__ void apply(float *out, F f) { out[threadIdx.x] = f(threadIdx.x); }

constexpr float scale() { return 0.5f; }

// nvcc keeps 'h' in registers (selects over a 0-byte stack frame): the
// verdict says so where the estimate claimed local memory.
// CHECK: nvcc-extended-lambda.cu:[[@LINE+5]]:{{[0-9]+}}: note: kernel 'dynamicIndex': private array 'h' (64 bytes per thread) is indexed with a run-time index, but nvcc's device compile keeps it in registers (a 0-byte stack frame): no local-memory traffic [local-dynamic-index]
__global__ void dynamicIndex(const int *idx, float *out) {
  float h[16];
  for (int i = 0; i < 16; ++i)
    h[i] = out[i * 32 + threadIdx.x] * scale();
  out[threadIdx.x] = h[idx[threadIdx.x] & 15];
}

void host(float *out, const int *idx) {
  apply<<<1, 32>>>(out, [] __device__(int i) { return 2.0f * i; });
  dynamicIndex<<<1, 32>>>(idx, out);
}
