// readonly-not-restrict: a note with the __restrict__ fix-it.
// RUN: %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[readonly-not-restrict]'
// RUN: %warplint check --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON

// CHECK: readonly-not-restrict.cu:[[@LINE+4]]:45: note: kernel 'saxpy': 'x' is only read but not __restrict__: the compiler must assume stores through 'y' may change it{{.*}} [readonly-not-restrict]
// CHECK-NEXT: __global__ void saxpy(float a, const float *x, float *y, int n) {
// CHECK-NEXT: {{^ *}}| {{ *}}^
// CHECK-NEXT: {{^ *}}| {{ *}}__restrict__
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
// JSON: "insert": "__restrict__ ",
// JSON: "remove_columns": 0
// JSON: "rule": "readonly-not-restrict",
// JSON: "severity": "note"

// A template, parameters on their own lines.
template <typename T>
__global__ void copy(const T *src,
                     // CHECK: readonly-not-restrict.cu:[[@LINE-1]]:31: note: kernel 'copy<int>': 'src' is only read{{.*}} [readonly-not-restrict]
                     T *dst) {
  dst[threadIdx.x] = src[threadIdx.x];
}
template __global__ void copy<int>(const int *, int *);

// Negative: already __restrict__, written (in place), only one pointer, and a
// pointer that escapes into memory.
__global__ void restricted(const float *__restrict__ x, float *__restrict__ y) {
  y[threadIdx.x] = x[threadIdx.x];
}
__global__ void in_place(float *x) { x[threadIdx.x] *= 2; }
__global__ void both_written(float *x, float *y) {
  x[threadIdx.x] = y[threadIdx.x];
  y[threadIdx.x] = 0;
}
__global__ void escapes(const float *x, const float **slot, float *y) {
  *slot = x;
  y[threadIdx.x] = x[threadIdx.x];
}
