// Host code that still fails after the retries is told once per file, with
// its first error and what it cost the launches: the launch read from the
// failed host function's text (its block unknown there: assumed), and a
// kernel no launch was read for ("host launches not read ...: grid/block
// assumed").
// RUN: %warplint accesses --no-cuda-sdk %s > %t.out 2> %t.err
// RUN: FileCheck %s < %t.err
// RUN: grep -c "host code skipped" %t.err | FileCheck --check-prefix=ONCE %s
// ONCE: 1
// CHECK: note: {{.*}}host-failure-note.cu: host code skipped: 'launchScale' (host-failure-note.cu:[[@LINE+14]]-[[@LINE+17]]) did not compile ({{.*}}host-failure-note.cu:[[@LINE+15]]:{{[0-9]+}}: error: use of undeclared identifier 'hostOnlyThreads'); the kernels and the other host code were kept; 1 host launch read from the skipped code's text (1 without a known grid/block there: assumed); host launches not read for 'addOne': grid/block assumed

__global__ void scale(float *x, float a) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] *= a;
}

__global__ void addOne(float *x) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] += 1.0f;
}

int hostFine(int n) { return n / 2; }

void launchScale(float *x, int n) {
  int threads = hostOnlyThreads(n);
  scale<<<n / threads, threads>>>(x, 2.0f);
}

void (*addOneEntry)(float *) = addOne;
