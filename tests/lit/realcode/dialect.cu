// Code that nvcc builds, with a warning at most, but that Clang rejects by
// default is analyzed: warplint makes those diagnostics warnings (issue 23,
// docs/dialect.md). One construct per kernel; each kernel's finding, on a
// line after the construct, shows that the file was analyzed past it.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s --implicit-check-not=error: < %t.out
// RUN: %warplint accesses --no-cuda-sdk %s --kernel literal_suffix > %t.acc 2>&1
// RUN: FileCheck --check-prefix=ACC %s < %t.acc

#include <cstdio>

// A string macro written against a literal ("("fNID")"): gcc's preprocessor
// (nvcc's) warns, Clang's lexer takes fNID for a literal suffix. As a
// warning, fNID is a token of its own and the strings concatenate as nvcc's
// do: "In node (7)", 11 characters.
#define fNID "7"
#define NODE_MSG "In node ("fNID")"
__global__ void literal_suffix(const float *in, float *out) {
  if (threadIdx.x == 0)
    printf(NODE_MSG "\n");
  // The stride is the message's length: 11 floats, 44 bytes.
  // ACC: dialect.cu:[[@LINE+2]]:{{[0-9]+}} global ld 4B strided stride 44B
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'literal_suffix': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[threadIdx.x * (sizeof(NODE_MSG) - 1)];
}

// Narrowing in braces.
__global__ void narrowing(const float *in, float *out, double scale, int n) {
  int pair[2] = {scale, 1};
  unsigned count{n};
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'narrowing': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[32 * threadIdx.x] + pair[0] + count;
}

// `register` in C++17.
__global__ void register_storage(const float *in, float *out) {
  register float x = in[32 * threadIdx.x];
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'register_storage': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = x + in[64 * threadIdx.x];
}

// Incrementing a bool in C++17.
__global__ void increment_bool(const float *in, float *out, bool seen) {
  seen++;
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'increment_bool': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[32 * threadIdx.x] * seen;
}

// The address of a temporary.
struct Offset { int v; __device__ Offset() : v(32) {} };
__device__ const Offset *pass(const Offset *o) { return o; }
__global__ void address_of_temporary(const float *in, float *out) {
  int stride = pass(&Offset())->v;
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'address_of_temporary': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[stride * threadIdx.x];
}

// `return;` in a function that returns a value.
__device__ int stride_of(int n) {
  if (n < 0)
    return;
  return 32;
}
__global__ void return_without_value(const float *in, float *out) {
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'return_without_value': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[stride_of(1) * threadIdx.x];
}

// A chained comparison.
__global__ void chained_comparison(const float *in, float *out, int a, int b, int c) {
  if (a < b < c)
    out[blockIdx.x] = 0.0f;
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'chained_comparison': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[32 * threadIdx.x];
}

// `enum class` naming a scoped enumeration in a declaration.
enum class Mode { Copy, Strided };
__global__ void elaborated_enum_class(const float *in, float *out) {
  enum class Mode m = Mode::Strided;
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'elaborated_enum_class': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[(m == Mode::Strided ? 32 : 1) * threadIdx.x];
}

// A class object passed through `...`.
struct Pair { float a; __device__ Pair() : a(1) {} __device__ Pair(const Pair &o) : a(o.a) {} };
__device__ int count_args(int n, ...) { return n; }
__global__ void non_pod_varargs(const float *in, float *out, int flag) {
  Pair p;
  if (flag == 12345)
    out[0] = count_args(1, p);
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'non_pod_varargs': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[32 * threadIdx.x];
}

// A cast as an inline asm output operand.
__global__ void asm_cast_output(const float *in, float *out) {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"((int)lane));
  // CHECK: dialect.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'asm_cast_output': {{.*}}[global-uncoalesced]
  out[threadIdx.x] = in[32 * threadIdx.x] + lane;
}

// CHECK: exit=1
