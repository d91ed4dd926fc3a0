// One launch-file reader serves run, check and accesses: dims as strings,
// floating-point, string and boolean arguments, bare buffer counts and
// dynamic shared memory.
// RUN: %warplint run --no-cuda-sdk %s --launch-file %S/Inputs/scale.launch.json | FileCheck %s --check-prefix=OUT
// RUN: %warplint accesses --no-cuda-sdk %s --launch-file %S/Inputs/scale.launch.json | FileCheck %s --check-prefix=ACCESSES
// RUN: %warplint check --no-cuda-sdk %s --confirm --launch-file %S/Inputs/scale.launch.json --format=json > %t.json || true
// RUN: FileCheck %s --check-prefix=CHECK-JSON --input-file %t.json
// RUN: not %warplint run --no-cuda-sdk %s --launch-file %S/Inputs/bad-arg.launch.json 2>&1 | FileCheck %s --check-prefix=BAD-ARG
// RUN: not %warplint check --no-cuda-sdk %s --launch-file %S/Inputs/bad-arg.launch.json 2>&1 | FileCheck %s --check-prefix=BAD-ARG
// RUN: not %warplint run --no-cuda-sdk %s --launch-file %S/Inputs/bad-buffers.launch.json 2>&1 | FileCheck %s --check-prefix=BAD-BUFFERS

__global__ void scale(const float *in, float *out, float factor, int n, bool verbose) {
  extern __shared__ float stage[];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  stage[threadIdx.x] = in[i];
  __syncthreads();
  if (i < n)
    out[i] = stage[threadIdx.x] * factor;
  if (verbose && i == 0)
    printf("factor %.2f n %d\n", factor, n);
}

// OUT: factor 2.50 n 128
// OUT: kernel scale grid (2,1,1) block (64,1,1): 2 of 2 blocks
// OUT-NOT: not given
// OUT-NOT: give --buffer
// OUT: launch-file.cu:[[@LINE-9]]:12 global st 4B: 4 requests, 4.00 sectors/request

// ACCESSES: kernel scale  launch grid(2,1,1) block(64,1,1) (launch file {{.*}}scale.launch.json)

// CHECK-JSON: "diagnostics": [
// CHECK-JSON-NOT: "rule": "out-of-bounds"

// BAD-ARG: bad-arg.launch.json: error: entry 0: argument 'factor' is not a number
// BAD-BUFFERS: bad-buffers.launch.json: error: entry 0: "buffers" is an object of NAME: "COUNT[:FILL]"
