// A force-style kernel that starts `n1 = tid + N1; if (n1 < N2)`: with every
// unknown argument sampled at one value, no sampled thread entered the body,
// every access was "unreached" and the file exited 0 with no finding and no
// note, a kernel reported clean that was never checked. Unknown arguments now
// take values of their own (ascending in parameter order in one sample,
// descending in the other), so the guard opens and the strided store is found;
// a kernel whose accesses stay unreached says so in every output.

// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck --check-prefix=CHECK %s < %t.out
// CHECK-DAG: unreached-guard.cu:[[@LINE+31]]:{{[0-9]+}}: warning: kernel 'force': {{.*}}[global-uncoalesced]
// CHECK-DAG: unreached-guard.cu:[[@LINE+34]]:{{[0-9]+}}: warning: kernel 'dead' was not checked: none of its 1 memory access was reached by a sampled thread, so nothing of its cost is known: the guards around them may read argument n, not given (each sampled at values of its own), and the block was assumed, block(256,1,1); give their values with --arg NAME=VALUE, the launch with --grid/--block, or a launch file [kernel-unreached]
// CHECK-DAG: unreached-guard.cu:[[@LINE+44]]:{{[0-9]+}}: note: kernel 'rare': 1 of its 3 memory accesses were reached by no sampled thread, so their cost was not checked: the guards around them may read arguments n, flag, not given {{.*}}[kernel-unreached]
// CHECK: analyzed 2 of 3 kernels
// CHECK: exit=2

// The same at given values: the guard of 'force' stays shut for them, and the
// kernel says so rather than reading clean.
// RUN: %warplint check --no-cuda-sdk --kernel force --arg N1=100000 --arg N2=0 --grid 8 --block 128 %s > %t.given 2>&1; echo "exit=$?" >> %t.given
// RUN: FileCheck --check-prefix=GIVEN %s < %t.given
// GIVEN: warning: kernel 'force' was not checked: none of its 2 memory accesses was reached by a sampled thread, so nothing of its cost is known: at grid(8,1,1) block(128,1,1){{.*}}[kernel-unreached]
// GIVEN: exit=2

// JSON lists the kernel among what was not analyzed.
// RUN: not %warplint check --no-cuda-sdk --kernel dead --format=json %s | FileCheck --check-prefix=JSON %s
// JSON: "not_analyzed": [
// JSON: "name": "dead"

// partial-ok keeps the exit to the findings, the warning stays.
// RUN: printf 'partial-ok: true\n' > %t.yaml
// RUN: %warplint check --no-cuda-sdk --config %t.yaml --kernel dead %s > %t.partial 2>&1; echo "exit=$?" >> %t.partial
// RUN: FileCheck --check-prefix=PARTIAL %s < %t.partial
// PARTIAL: [kernel-unreached]
// PARTIAL: exit=1

#include <cuda_runtime.h>

__global__ void force(const float *pos, float *f, int N1, int N2) {
  int n1 = blockIdx.x * blockDim.x + threadIdx.x + N1;
  if (n1 < N2) {
    float x = pos[n1];
    f[3 * n1] = x * 2.0f;
  }
}

__global__ void dead(float *out, int n) {
  if (threadIdx.x < 1000)
    return;
  out[threadIdx.x * n] = 1.0f;
}

__global__ void rare(const float *in, float *out, int n, int flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
  if (flag == 12345)
    out[0] = 0.0f;
}
