// readonly-not-restrict: a note with the __restrict__ fix-it, where a load of
// a read-only parameter follows a store through another pointer.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[readonly-not-restrict]'
// RUN: not %warplint check --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON

// CHECK: readonly-not-restrict.cu:[[@LINE+4]]:36: note: kernel 'twice': 'x' is only read but not __restrict__: it is loaded after a store through 'y' that the compiler must assume may have changed it{{.*}} [readonly-not-restrict]
// CHECK-NEXT: __global__ void twice(const float *x, float *y, int n) {
// CHECK-NEXT: {{^ *}}| {{ *}}^
// CHECK-NEXT: {{^ *}}| {{ *}}__restrict__
__global__ void twice(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: readonly-not-restrict.cu:[[@LINE+1]]:8: note: the store through 'y'
  y[i] = x[i] + 1;
  // CHECK: readonly-not-restrict.cu:[[@LINE+1]]:18: note: the load of 'x' that follows it
  y[i + n] = 2 * x[i];
}
// JSON: "insert": "__restrict__ ",
// JSON: "remove_columns": 0
// JSON: "rule": "readonly-not-restrict",
// JSON: "severity": "note"

// A loop, in a template, parameters on their own lines.
template <typename T>
__global__ void accumulate(const T *src,
                           // CHECK: readonly-not-restrict.cu:[[@LINE-1]]:37: note: kernel 'accumulate<int>': 'src' is only read{{.*}} [readonly-not-restrict]
                           T *dst, int n) {
  for (int k = 0; k < n; ++k)
    dst[threadIdx.x] += src[k * blockDim.x + threadIdx.x];
}
template __global__ void accumulate<int>(const int *, int *, int);

// Negative: every load before the store (nothing to gain), already
// __restrict__, written in place, and a pointer that escapes into memory.
__global__ void saxpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}
__global__ void restricted(const float *__restrict__ x, float *__restrict__ y, int n) {
  y[threadIdx.x] = x[threadIdx.x];
  y[threadIdx.x + n] = x[threadIdx.x];
}
__global__ void in_place(float *x) { x[threadIdx.x] *= 2; }
__global__ void escapes(const float *x, const float **slot, float *y, int n) {
  *slot = x;
  y[threadIdx.x] = x[threadIdx.x];
  y[threadIdx.x + n] = x[threadIdx.x];
}

// Declarations that a pattern over the text cannot read, as Clang's AST
// does: the fix-it goes just before the parameter's name.
// A pointer type from a macro, and from a typedef.
#define RO_PTR const float *
typedef const float *ro_ptr;
// CHECK: readonly-not-restrict.cu:[[@LINE+1]]:34: note: kernel 'via_macro': 'x' is only read{{.*}} [readonly-not-restrict]
__global__ void via_macro(RO_PTR x, float *y, int n) {
  y[threadIdx.x] = x[threadIdx.x] + 1;
  y[threadIdx.x + n] = 2 * x[threadIdx.x];
}
// CHECK: readonly-not-restrict.cu:[[@LINE+1]]:36: note: kernel 'via_typedef': 'x' is only read{{.*}} [readonly-not-restrict]
__global__ void via_typedef(ro_ptr x, float *y, int n) {
  y[threadIdx.x] = x[threadIdx.x] + 1;
  y[threadIdx.x + n] = 2 * x[threadIdx.x];
}
// A comment between the '*' and the name, and the name on the next line.
// CHECK: readonly-not-restrict.cu:[[@LINE+1]]:48: note: kernel 'commented': 'x' is only read{{.*}} [readonly-not-restrict]
__global__ void commented(const float * /*in*/ x, float *y, int n) {
  y[threadIdx.x] = x[threadIdx.x] + 1;
  y[threadIdx.x + n] = 2 * x[threadIdx.x];
}
__global__ void broken_line(const float *
                            // CHECK: readonly-not-restrict.cu:[[@LINE+1]]:29: note: kernel 'broken_line': 'x' is only read{{.*}} [readonly-not-restrict]
                            x, float *y, int n) {
  y[threadIdx.x] = x[threadIdx.x] + 1;
  y[threadIdx.x + n] = 2 * x[threadIdx.x];
}
// Parameters declared by a macro's body: no place in the file to edit, so
// no fix-it, and the note is at the kernel's declaration.
#define COPY_PARAMS const float *x, float *y, int n
// CHECK: readonly-not-restrict.cu:[[@LINE+2]]:1: note: kernel 'macro_params': 'x' is only read{{.*}} [readonly-not-restrict]
// CHECK-NOT: __restrict__{{$}}
__global__ void macro_params(COPY_PARAMS) {
  y[threadIdx.x] = x[threadIdx.x] + 1;
  y[threadIdx.x + n] = 2 * x[threadIdx.x];
}
// A template whose pointer type is a template parameter.
template <typename P>
// CHECK: readonly-not-restrict.cu:[[@LINE+1]]:34: note: kernel 'templated<float const*>': 'x' is only read{{.*}} [readonly-not-restrict]
__global__ void templated(P /**/ x, float *y, int n) {
  y[threadIdx.x] = x[threadIdx.x] + 1;
  y[threadIdx.x + n] = 2 * x[threadIdx.x];
}
template __global__ void templated<const float *>(const float *, float *, int);
