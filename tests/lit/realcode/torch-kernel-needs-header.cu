// A kernel that itself needs the missing framework header (it uses a torch
// type the stand-in lacks, in its signature or in its body) is not analyzed,
// and says so with the header named; a kernel on at::Half (CUDA's __half
// stands in) and the kernel beside them that needs nothing from torch are
// analyzed; exit 2 (not everything could be analyzed).
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2> %t.err; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// RUN: %warplint check --no-cuda-sdk --format=json %s > %t.json 2>/dev/null; %python %S/../check/Inputs/check_json.py %t.json | FileCheck --check-prefix=JSON %s
// NOTE: host code skipped: torch/types.h not found (pass -I to its include directory, or -p)
// JSON:      torch-kernel-needs-header.cu:[[@LINE+6]]:{{[0-9]+}} warning global-uncoalesced kernel=halve_half
// JSON:      torch-kernel-needs-header.cu:[[@LINE+10]]:3 error compile-error kernel=to_bf16 confirmed=null: kernel 'to_bf16' was not analyzed: use of undeclared identifier 'c10' (torch/types.h not found)
// JSON:      torch-kernel-needs-header.cu:[[@LINE+15]]:{{[0-9]+}} warning global-uncoalesced kernel=gather_every_other
#include <torch/types.h>

__global__ void halve_half(const at::Half *x, at::Half *y) {
  y[threadIdx.x] = x[16 * threadIdx.x];
}
// CHECK: torch-kernel-needs-header.cu:[[@LINE-2]]:{{[0-9]+}}: warning: kernel 'halve_half': 32 sectors per request where 2 would do{{.*}}[global-uncoalesced]

__global__ void to_bf16(const float *in, void *out) {
  c10::BFloat16 v = in[threadIdx.x];
  static_cast<c10::BFloat16 *>(out)[threadIdx.x] = v;
}
// CHECK: torch-kernel-needs-header.cu:[[@LINE-3]]:3: error: kernel 'to_bf16' was not analyzed: use of undeclared identifier 'c10' (torch/types.h not found) [compile-error]

__global__ void gather_every_other(const float *in, float *out) {
  out[threadIdx.x] = in[2 * threadIdx.x];
}
// CHECK: torch-kernel-needs-header.cu:[[@LINE-2]]:22: warning: {{.*}}[global-uncoalesced]
// CHECK: exit=2
