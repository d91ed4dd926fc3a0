// --time-report on check: the front end's time, then each kernel's analysis
// in the order checked (which kernel is slow to lint); a copy of an earlier
// kernel says its analysis was reused. Without the option, nothing.
// RUN: not %warplint check --no-cuda-sdk --no-cache --time-report %s 2> %t.err > /dev/null
// RUN: FileCheck %s < %t.err
// RUN: not %warplint check --no-cuda-sdk --no-cache %s 2> %t.quiet > /dev/null
// RUN: not grep -q '^time:' %t.quiet
// accesses prints the same kernel lines.
// RUN: %warplint accesses --no-cuda-sdk --no-cache --time-report %s 2> %t.acc > /dev/null
// RUN: FileCheck --check-prefix=ACC %s < %t.acc

namespace first {
__global__ void sumRows(int cols, const float *a, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += a[r * cols + c];
  out[r] = s;
}
} // namespace first

namespace second {
__global__ void sumRows(int cols, const float *a, float *out) {
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
  for (int c = 0; c < cols; ++c)
    s += a[r * cols + c];
  out[r] = s;
}
} // namespace second

__global__ void scale(float *x) { x[threadIdx.x] *= 2.0f; }

// CHECK: time: {{.*}}time-report.cu: front end {{[0-9]+\.[0-9]+}} s
// CHECK-NEXT: time: {{.*}}time-report.cu: kernel first::sumRows: analysis {{[0-9]+\.[0-9]+}} s
// CHECK-NEXT: time: {{.*}}time-report.cu: kernel second::sumRows: analysis reused (a copy of an earlier kernel)
// CHECK-NEXT: time: {{.*}}time-report.cu: kernel scale: analysis {{[0-9]+\.[0-9]+}} s

// ACC: time: {{.*}}time-report.cu: kernel first::sumRows: analysis {{[0-9]+\.[0-9]+}} s
// ACC-NEXT: time: {{.*}}time-report.cu: kernel second::sumRows: analysis reused (a copy of an earlier kernel)
// ACC-NEXT: time: {{.*}}time-report.cu: kernel scale: analysis {{[0-9]+\.[0-9]+}} s
