// Findings inside headers: a library header (here the prelude's __ldg) is
// always reported at the user's calling line, with the header line as a note;
// a user header reports its own findings unless --header-filter leaves it out.
// RUN: %warplint check --no-cuda-sdk %s > %t.all; echo "exit=$?" >> %t.all
// RUN: FileCheck --check-prefix=ALL %s < %t.all
// RUN: %warplint check --no-cuda-sdk --header-filter='nothing-matches' %s > %t.none; echo "exit=$?" >> %t.none
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// RUN: %warplint check --no-cuda-sdk --header-filter='gather' %s > %t.some; echo "exit=$?" >> %t.some
// RUN: FileCheck --check-prefix=ALL %s < %t.some
// RUN: %warplint check --no-cuda-sdk --header-filter='(' %s > %t.bad 2>&1; echo "exit=$?" >> %t.bad
// RUN: FileCheck --check-prefix=BAD %s < %t.bad
#include "Inputs/gather.cuh"

__global__ void via_ldg(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = __ldg(&in[32 * i]);
}

__global__ void via_header(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = gather(in, i);
}

// ALL-DAG: header-filter.cu:16:{{[0-9]+}}: warning: {{.*}}[global-uncoalesced]
// ALL-DAG: __warplint_cache_hints.h:{{[0-9]+}}:{{[0-9]+}}: note: the access is in __warplint_cache_hints.h:{{[0-9]+}} (a library header), reached from the line reported
// ALL-DAG: gather.cuh:4:{{[0-9]+}}: warning: {{.*}}[global-uncoalesced]
// ALL: exit=1
// NONE-DAG: header-filter.cu:16:{{[0-9]+}}: warning: {{.*}}[global-uncoalesced]
// NONE-DAG: header-filter.cu:21:{{[0-9]+}}: warning: {{.*}}[global-uncoalesced]
// NONE-DAG: gather.cuh:4:{{[0-9]+}}: note: the access is in gather.cuh:4, reached from the line reported
// NONE-NOT: gather.cuh:4:{{[0-9]+}}: warning
// NONE: exit=1
// BAD: --header-filter '(': parentheses not balanced
// BAD: exit=2
