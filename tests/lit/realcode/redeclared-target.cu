// A function declared __host__ __device__ (or __device__) and then defined
// without attributes: nvcc takes the definition as the same function,
// __host__ __device__ (warning #20037-D for the __device__ one), Clang
// rejects it ("__host__ function 'f' cannot overload __host__ __device__
// function 'f'") and the whole file stopped (a molecular-dynamics code's
// headers). The definition is compiled with `__host__ __device__` written
// before it, on its line (docs/dialect.md).
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not=error: < %t.out

__host__ __device__ float cube(float x);
float cube(float x) { return x * x * x; }

__device__ float halve(float x);
float halve(float x) { return 0.5f * x; }

template <typename T> __host__ __device__ T twice(T x);
template <typename T>
T twice(T x) { return x + x; }

__global__ void forces(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: redeclared-target.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'forces': {{.*}}[global-uncoalesced]
  out[i] = cube(in[4 * i]) + halve(in[4 * i]) + twice(in[4 * i]);
}

// Host code calls the definitions too, as nvcc's build lets it.
float hostSide() { return cube(2.0f) + halve(2.0f) + twice(1.0f); }

// CHECK: exit=1
