// The kernels of a file pasted into several namespaces are analyzed once
// (analyzer/KernelCopies.h): each copy must still be reported at its own
// lines, with the lines its messages quote (the load an address depends on,
// the branch that diverges) its own; a copy that differs in a constant is
// analyzed on its own.

// RUN: %warplint check --no-cuda-sdk %s > %t.out 2>&1; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck --check-prefix=ACC %s

#include <cuda_runtime.h>

namespace first {
__global__ void gatherEvery(int n, const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i % 2)
    return;
  out[i] = in[2 * i] + in[idx[i]];
}
} // namespace first

namespace second {
// Two lines further down.

__global__ void gatherEvery(int n, const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i % 2)
    return;
  out[i] = in[2 * i] + in[idx[i]];
}
} // namespace second

namespace third {
__global__ void gatherEvery(int n, const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i % 2)
    return;
  out[i] = in[4 * i] + in[idx[i]];
}
} // namespace third

// CHECK-DAG: kernel-copies.cu:16:7: warning: kernel 'first::gatherEvery': {{.*}}[warp-divergent-branch]
// CHECK-DAG: kernel-copies.cu:18:12: warning: kernel 'first::gatherEvery': 8 sectors per request {{.*}}8 bytes apart{{.*}}[global-uncoalesced]
// CHECK-DAG: kernel-copies.cu:27:7: warning: kernel 'second::gatherEvery': {{.*}}[warp-divergent-branch]
// CHECK-DAG: kernel-copies.cu:29:12: warning: kernel 'second::gatherEvery': 8 sectors per request {{.*}}8 bytes apart{{.*}}[global-uncoalesced]
// CHECK-DAG: kernel-copies.cu:36:7: warning: kernel 'third::gatherEvery': {{.*}}[warp-divergent-branch]
// CHECK-DAG: kernel-copies.cu:38:12: warning: kernel 'third::gatherEvery': 16 sectors per request {{.*}}16 bytes apart{{.*}}[global-uncoalesced]
// CHECK: exit=1

// ACC-LABEL: kernel first::gatherEvery
// ACC: kernel-copies.cu:18:24 global ld 4B data-dependent (a value loaded at line 18)
// ACC: kernel-copies.cu:16:7 branch divergent within a warp
// ACC-LABEL: kernel second::gatherEvery
// ACC: kernel-copies.cu:29:24 global ld 4B data-dependent (a value loaded at line 29)
// ACC: kernel-copies.cu:27:7 branch divergent within a warp
// ACC-LABEL: kernel third::gatherEvery
// ACC: kernel-copies.cu:38:12 global ld 4B strided stride 16B
// ACC: kernel-copies.cu:38:24 global ld 4B data-dependent (a value loaded at line 38)
// ACC: kernel-copies.cu:36:7 branch divergent within a warp
