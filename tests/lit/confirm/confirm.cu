// check --confirm: each kernel runs on the device model (its launch, or a
// small one synthesized and said to be) and the measured figure is attached
// to each finding; a prediction the run contradicts is kept and says so;
// waste only the run can see (data-dependent addresses) becomes a finding.
// Buffers and arguments come from --buffer/--arg and the launch file.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --check-prefix=STATIC --implicit-check-not='device model'
// RUN: %warplint check --no-cuda-sdk %s --kernel gather --launch-file %S/Inputs/confirm.launch.json > %t.static 2>&1 || true
// RUN: not grep -F '[global-uncoalesced]' %t.static
// RUN: not %warplint check --no-cuda-sdk %s --confirm --launch-file %S/Inputs/confirm.launch.json 2>&1 | FileCheck %s --implicit-check-not='[global-uncoalesced]'
// RUN: not %warplint check --no-cuda-sdk %s --confirm --launch-file %S/Inputs/confirm.launch.json --format=json | FileCheck %s --check-prefix=JSON

// A strided read the run confirms: 32 sectors per request.
// warplint: launch grid(4) block(128)
__global__ void stride8(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // STATIC: confirm.cu:[[@LINE+3]]:12: warning: kernel 'stride8': 32 sectors per request where 4 would do{{.*}} [global-uncoalesced]
  // CHECK: confirm.cu:[[@LINE+2]]:12: warning: kernel 'stride8': 32 sectors per request where 4 would do{{.*}}use a structure of arrays [global-uncoalesced]
  // CHECK: confirm.cu:[[@LINE+1]]:12: note: device model measured 32.00 sectors per request (grid(4,1,1) block(128,1,1)): the run confirms the prediction
  out[i] = in[8 * i];
}

// A gather through a random index buffer (from the launch file): no
// prediction, so only --confirm finds it.
__global__ void gather(const int *idx, const float *table, float *dst) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: confirm.cu:[[@LINE+2]]:12: warning: kernel 'gather': measured {{[0-9.]+}} sectors per request where 4.00 would do: the addresses depend on loaded data (a value loaded at line [[@LINE+2]]), measured on the device model; sort or bucket the indices {{.*}} [global-uncoalesced]
  // CHECK: confirm.cu:[[@LINE+1]]:12: note: device model measured {{(2[5-9]|3[0-2])}}.{{[0-9]+}} sectors per request (grid(2,1,1) block(128,1,1)): the addresses depend on data, so only the run can tell
  dst[i] = table[idx[i]];
}

// The analysis samples the first 64 iterations of a loop; here they are the
// only strided ones, so the run over all of them contradicts the figure...
// warplint: launch grid(1) block(32)
__global__ void warmup(const float *in, float *out) {
  float acc = 0;
  for (int k = 0; k < 1024; ++k)
    // CHECK: confirm.cu:[[@LINE+2]]:12: warning: kernel 'warmup': {{[0-9.]+}} sectors per request on average (4 to 32 over the loop) where 4 would do: {{.*}} (contradicted by the device model, which measured 6.{{[0-9]+}} sectors per request) [global-uncoalesced]
    // CHECK: confirm.cu:[[@LINE+1]]:12: note: device model measured 6.{{[0-9]+}} sectors per request (grid(1,1,1) block(32,1,1)): the run contradicts the predicted {{[0-9.]+}} sectors per request
    acc += in[k < 64 ? threadIdx.x * 32 + k : threadIdx.x + k];
  out[threadIdx.x] = acc;
}

// ... and with a longer loop, that there is any waste at all.
// warplint: launch grid(1) block(32)
__global__ void warmup_long(const float *src, float *out) {
  float acc = 0;
  for (int k = 0; k < 4096; ++k)
    // CHECK: confirm.cu:[[@LINE+2]]:12: warning: kernel 'warmup_long': {{.*}} (contradicted by the device model, which measured 5.{{[0-9]+}} sectors per request) [global-uncoalesced]
    // CHECK: confirm.cu:[[@LINE+1]]:12: note: device model measured 5.{{[0-9]+}} sectors per request (grid(1,1,1) block(32,1,1)): the run contradicts the prediction, it saw no waste (5.{{[0-9]+}} where 4 would do)
    acc += src[k < 64 ? threadIdx.x * 32 + k : threadIdx.x + k];
  out[threadIdx.x] = acc;
}

// No launch anywhere: the run's launch is synthesized, and says so.
__global__ void no_launch(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: confirm.cu:[[@LINE+3]]:12: warning: kernel 'no_launch': 16 sectors per request where 4 would do{{.*}}assuming block(256,1,1) (no launch found{{.*}} [global-uncoalesced]
  // CHECK: confirm.cu:[[@LINE+2]]:12: note: assumed: no launch given
  // CHECK: confirm.cu:[[@LINE+1]]:12: note: device model measured 16.00 sectors per request (grid(8,1,1) block(256,1,1), a launch synthesized for the run: no launch was found): the run confirms the prediction
  out[i] = in[4 * i];
}

// JSON: "confirmed": {
// JSON-NEXT: "contradicted": false,
// JSON-NEXT: "launch": "grid(4,1,1) block(128,1,1)",
// JSON-NEXT: "measured": 32,
// JSON-NEXT: "metric": "sectors_per_request",
// JSON-NEXT: "predicted": 32,
// JSON-NEXT: "synthesized_launch": false
// JSON: "kernel": "stride8",
// JSON: "confirmed": {
// JSON-NEXT: "contradicted": false,
// JSON-NEXT: "launch": "grid(2,1,1) block(128,1,1)",
// JSON-NEXT: "measured": {{[0-9.]+}},
// JSON-NEXT: "metric": "sectors_per_request",
// JSON-NEXT: "predicted": null,
// JSON: "kernel": "gather",
// JSON: "confirmed": {
// JSON-NEXT: "contradicted": true,
// JSON: "kernel": "warmup",
// JSON: "confirmed": {
// JSON-NEXT: "contradicted": true,
// JSON: "kernel": "warmup_long",
// JSON: "confirmed": {
// JSON-NEXT: "contradicted": false,
// JSON-NEXT: "launch": "grid(8,1,1) block(256,1,1)",
// JSON-NEXT: "measured": 16,
// JSON-NEXT: "metric": "sectors_per_request",
// JSON-NEXT: "predicted": 16,
// JSON-NEXT: "synthesized_launch": true
// JSON: "kernel": "no_launch",
