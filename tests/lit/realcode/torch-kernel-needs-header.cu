// A kernel that itself needs the missing framework header (it uses a torch
// type, in its signature or in its body) is not analyzed, and says so with
// the header named; the kernel beside it that needs nothing from torch is
// analyzed; exit 2 (not everything could be analyzed).
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2> %t.err; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// RUN: %warplint check --no-cuda-sdk --format=json %s > %t.json 2>/dev/null; %python %S/../check/Inputs/check_json.py %t.json | FileCheck --check-prefix=JSON %s
// NOTE: host code skipped: torch/types.h not found (pass -I to its include directory, or -p)
// JSON:      torch-kernel-needs-header.cu:[[@LINE+5]]:32 error compile-error kernel=halve_half confirmed=null: kernel 'halve_half' was not analyzed: no type named 'Half' in namespace 'at' (torch/types.h not found)
// JSON-NEXT: torch-kernel-needs-header.cu:[[@LINE+8]]:3 error compile-error kernel=to_bf16 confirmed=null: kernel 'to_bf16' was not analyzed: use of undeclared identifier 'c10' (torch/types.h not found)
// JSON-NEXT: torch-kernel-needs-header.cu:[[@LINE+13]]:{{[0-9]+}} warning global-uncoalesced kernel=gather_every_other
#include <torch/types.h>

__global__ void halve_half(at::Half *x) { x[threadIdx.x] = x[threadIdx.x]; }
// CHECK: torch-kernel-needs-header.cu:[[@LINE-1]]:32: error: kernel 'halve_half' was not analyzed: no type named 'Half' in namespace 'at' (torch/types.h not found) [compile-error]

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
