// global-rmw-in-loop: positive and negative cases, through a macro and a template.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-rmw-in-loop]'

__global__ void accumulate(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:12: warning: kernel 'accumulate': a global store of the same address on every iteration of the loop at line [[#@LINE-1]] where one around the loop would do: {{.*}}accumulate in a local variable {{.*}} [global-rmw-in-loop]
    out[i] += a[k * n + i];
}

#define ACC(dst, v) (dst) += (v)
template <typename T> __global__ void accumulate_t(const T *a, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    // CHECK: global-rmw-in-loop.cu:[[@LINE+1]]:5: warning: kernel 'accumulate_t<double>': a global store {{.*}} [global-rmw-in-loop]
    ACC(out[i], a[k * n + i]);
}
template __global__ void accumulate_t<double>(const double *, double *, int);

// Negative: accumulating in a register, __restrict__ pointers (the compiler
// keeps the value in a register), a store whose address moves with the loop,
// and an atomic (contention, not this rule).
__global__ void in_register(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = out[i];
  for (int k = 0; k < n; ++k)
    acc += a[k * n + i];
  out[i] = acc;
}
__global__ void restricted(const float *__restrict__ a, float *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    out[i] += a[k * n + i];
}
__global__ void moving(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  for (int k = 0; k < n; ++k)
    out[k * n + i] += a[k * n + i];
}
__global__ void counting(const int *keys, int *hist, int n) {
  for (int k = 0; k < n; ++k)
    atomicAdd(&hist[0], keys[k * blockDim.x + threadIdx.x]);
}
