// A stride between lanes that depends on a scalar argument not given
// (--arg/launch file) is reported as a stride that depends on it: the stride
// at each sampled value and, when it is affine in one argument (checked at a
// third value), the formula.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON
// With n given the stride is a number again.
// RUN: %warplint accesses --no-cuda-sdk --arg n=1024 %s | FileCheck %s --check-prefix=KNOWN

// warplint: launch grid(32,32) block(32,8)
__global__ void column_walk(const float *m, float *out, int n) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  out[y * n + x] = m[x * n + y];
}
// CHECK-LABEL: kernel column_walk
// CHECK-NEXT: arg_stride.cu:13:18 global st 4B coalesced stride 4B
// CHECK-NEXT: arg_stride.cu:13:20 global ld 4B column-major stride 4*n B (16384B at n=4096, 4000B at n=1000) sectors_per_request=32.00 ideal 4.00
// KNOWN-LABEL: kernel column_walk
// KNOWN:      arg_stride.cu:13:20 global ld 4B column-major stride 4096B sectors_per_request=32.00 ideal 4.00

// warplint: launch grid(64) block(256)
__global__ void rows(const float *m, float *out, int n, int k) {
  int x = blockIdx.x * 256 + threadIdx.x;
  out[x] = m[x * n + 3] + m[x * (n + 1)] + m[x * n * n] + m[x * (n + k)] + m[x + n];
}
// CHECK-LABEL: kernel rows
// CHECK-NEXT: arg_stride.cu:24:10 global st 4B coalesced
// CHECK-NEXT: arg_stride.cu:24:12 global ld 4B strided stride 4*n B (16384B at n=4096, 8000B at n=2000) sectors_per_request=32.00
// CHECK-NEXT: arg_stride.cu:24:27 global ld 4B strided stride 4*n+4 B (16388B at n=4096, 8004B at n=2000) sectors_per_request=32.00
// Not affine in n: the sampled strides only.
// CHECK-NEXT: arg_stride.cu:24:44 global ld 4B strided stride depends on n (67108864B at n=4096, 16000000B at n=2000) sectors_per_request=32.00
// Two arguments, each at values of its own: no formula.
// CHECK-NEXT: arg_stride.cu:24:59 global ld 4B strided stride depends on n, k (49152B at (n=4096, k=8192), 12000B at (n=2000, k=1000)) sectors_per_request=32.00
// An argument in the base only: the stride is a number.
// CHECK-NEXT: arg_stride.cu:24:76 global ld 4B coalesced stride 4B

// JSON:      "pattern": "column-major",
// JSON:      "stride_bytes": null,
// JSON-NEXT: "stride_depends_on": "n",
// JSON-NEXT: "stride_formula": "4*n",
// JSON-NEXT: "stride_samples": [
// JSON-NEXT:   {
// JSON-NEXT:     "arg_value": 4096,
// JSON-NEXT:     "stride_bytes": 16384
// JSON-NEXT:   },
// JSON-NEXT:   {
// JSON-NEXT:     "arg_value": 1000,
// JSON-NEXT:     "stride_bytes": 4000
// JSON-NEXT:   }
// JSON-NEXT: ],
