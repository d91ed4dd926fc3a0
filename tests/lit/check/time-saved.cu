// The time model's saving on check's findings (docs/time.md): a gather at
// stride 32 B reads 8x the sectors it needs from DRAM. At grid(16384)
// block(256) on an H100 SXM: 131072 requests x 32 sectors = 134 MB of `in`
// plus 16.8 MB of `out` at 3046 GB/s is 49.6 us; with the queued launch's
// 4.39 us and the 0.7 us of issue that does not overlap (14 SASS-like
// instructions a warp, analyzer/arch/SassCount.h), 54.7 us. Read at 4
// sectors per request, `in` is 16.8 MB: with `out` 32 MiB, which L2 keeps
// from one launch to the next, so the fixed kernel is L2 work, 14.9 us: the
// fix saves 39.6 us (72%).
// RUN: not %warplint check --no-cuda-sdk %s | FileCheck %s
// RUN: not %warplint check --no-cuda-sdk --gpu=h200 %s | FileCheck --check-prefix=H200 %s
// RUN: not %warplint check --no-cuda-sdk --gpu=none %s | FileCheck --check-prefix=NONE %s
// RUN: not %warplint check --no-cuda-sdk --gpu=h300 %s 2>&1 | FileCheck --check-prefix=BAD %s
// RUN: not %warplint check --no-cuda-sdk --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: not %warplint check --no-cuda-sdk --format=sarif %s | FileCheck --check-prefix=SARIF %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck --check-prefix=ACCESSES %s

// warplint: launch grid(16384) block(256)
__global__ void gather8(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}
// CHECK: time-saved.cu:[[@LINE-2]]:12: warning: kernel 'gather8': 32 sectors per request where 4 would do
// CHECK-NEXT: out[i] = in[8 * i];
// CHECK-NEXT: ^
// CHECK-NEXT: time-saved.cu:[[@LINE-5]]:12: note: fixing this saves ~39.6 us of 54.7 us (72%) on H100 SXM at grid(16384,1,1) block(256,1,1)
// H200: note: fixing this saves ~{{[0-9.]+}} us of {{[0-9.]+}} us ({{[0-9]+}}%) on H200 at grid(16384,1,1) block(256,1,1)
// NONE: warning: kernel 'gather8'
// NONE-NOT: fixing this
// BAD: unknown GPU 'h300' (known: v100-sxm, t4, a100-sxm, a10, l40s, h100-sxm, h100-pcie, h200)
// JSON: "time_saved": {
// JSON-NEXT: "assumption": "L2 {{(cold|warm|partly warm)}} assumed (the kernel{{.*}})",
// JSON-NEXT: "gpu": "h100-sxm",
// JSON-NEXT: "kernel_us": 54.6{{[0-9]+}},
// JSON-NEXT: "launch": "grid(16384,1,1) block(256,1,1)",
// JSON-NEXT: "percent": 72.{{[0-9]+}},
// JSON-NEXT: "us": 39.{{[0-9]+}}
// SARIF: "timeSaved": {
// SARIF-NEXT: "assumption": "L2 {{.*}}",
// SARIF-NEXT: "gpu": "h100-sxm",
// ACCESSES: "time": {
// ACCESSES-NEXT: "assumption": "L2 {{.*}}",
// ACCESSES-NEXT: "gpu": "h100-sxm",
// ACCESSES: "limiter": "dram",
// ACCESSES: "predicted_us": 54.6{{[0-9]+}}
