// Host code that the device-side compile rejects (nvcc's host compiler would
// take it) does not stop the kernels: the host part is skipped with a note,
// a missing host-only header is served empty, and the kernel is analyzed.
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2> %t.err; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// The launch in the skipped host code is still read (from the compile that
// kept it): its block is unknown there, and the assumption says so.
// RUN: %warplint accesses --no-cuda-sdk --format=json %s 2>/dev/null | FileCheck --check-prefix=LAUNCH %s
// LAUNCH: "the block of the host launch at host-skipped.cu:22 is not known from the host code: assumed a 1-D block of 256 threads (a multiple of 32)"
// NOTE: note: {{.*}}host-skipped.cu: host code skipped: warplint_host_only_api.h not found (pass -I to its include directory, or -p); left out: 'run_on_host' (host-skipped.cu:19-24)
#include "warplint_host_only_api.h"

__global__ void strided(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[32 * i]; // CHECK: host-skipped.cu:[[@LINE]]:12: warning: {{.*}}[global-uncoalesced]
}

int run_on_host(int n) {
  host_only_setup(n);               // declared by the missing header
  int threads = host_max(n, 2.5f);  // an overload only the host side has
  strided<<<n / threads, threads>>>(nullptr, nullptr);
  return threads;
}
// CHECK: exit=1
