// register-spill settled by the toolkit (check --ptxas, which is nvcc's own
// device compile, the default; --ptxas=clang: ptxas on Clang's PTX): the
// spill bytes are attached, and where the compile does not spill the
// prediction is overruled (a note, no warning). The cap --maxrregcount gives
// reaches nvcc's compile as -maxrregcount.
// REQUIRES: ptxas, nvcc
// RUN: not %warplint check --no-cuda-sdk --ptxas %s 2>&1 | FileCheck %s --check-prefix=NVCC --implicit-check-not='[register-spill]'
// RUN: not %warplint check --no-cuda-sdk --ptxas --kernel unbounded --maxrregcount=72 %s 2>&1 | FileCheck %s --check-prefix=OVERRULED --implicit-check-not='[register-spill]'
// RUN: not %warplint check --no-cuda-sdk --ptxas --kernel forced --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: not %warplint check --no-cuda-sdk --ptxas=clang %s 2>&1 | FileCheck %s --check-prefix=CLANG --implicit-check-not='[register-spill]'
// RUN: not %warplint check --no-cuda-sdk --ptxas=clang --kernel unbounded --maxrregcount=72 %s 2>&1 | FileCheck %s --check-prefix=CLANG-OVERRULED --implicit-check-not='[register-spill]'

#define N 64

// NVCC: register-spill-ptxas.cu:[[@LINE+4]]:44: warning: kernel 'forced': nvcc's device compile spills 488 bytes of stores and 488 bytes of loads per thread {{.*}} [register-spill]
// NVCC: register-spill-ptxas.cu:[[@LINE+3]]:44: note: nvcc's device compile (ptxas -v): 32 registers, 272 bytes stack frame, 488 bytes of spill stores, 488 bytes of spill loads
// CLANG: register-spill-ptxas.cu:[[@LINE+2]]:44: warning: kernel 'forced': ptxas spills {{[1-9][0-9]*}} bytes of stores and {{[1-9][0-9]*}} bytes of loads per thread to local memory under the cap of 32 registers from __launch_bounds__(1024, 2): about 74 registers are live at line [[@LINE+10]] (acc from line [[@LINE+6]] (64 registers){{.*}}); every spilled value is a round trip through L1 to local memory that a register would not cost; {{.*}} [register-spill]
// CLANG: register-spill-ptxas.cu:[[@LINE+1]]:44: note: ptxas: 32 registers, {{[0-9]+}} bytes stack frame, {{[0-9]+}} bytes of spill stores, {{[0-9]+}} bytes of spill loads
__global__ void __launch_bounds__(1024, 2) forced(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// The estimate (about 74) exceeds --maxrregcount=72, but ptxas needs only 70
// (nvcc -maxrregcount=72: 72, no spill).
// OVERRULED: register-spill-ptxas.cu:[[@LINE+2]]:17: note: kernel 'unbounded': the estimate of about 74 registers at line {{[0-9]+}} exceeds the cap of 72 from --maxrregcount=72, but nvcc's device compile fits the kernel in 72 registers without spilling: no spill [register-spill]
// CLANG-OVERRULED: register-spill-ptxas.cu:[[@LINE+1]]:17: note: kernel 'unbounded': the estimate of about 74 registers at line {{[0-9]+}} exceeds the cap of 72 from --maxrregcount=72, but ptxas fits the kernel in {{[0-9]+}} registers without spilling: no spill [register-spill]
__global__ void unbounded(const float *in, float *out, int iters) {
  float acc[N];
#pragma unroll
  for (int j = 0; j < N; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < N; ++j)
      acc[j] = acc[j] * acc[(j + 1) % N] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < N; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// A light kernel under the same bounds (negative).
__global__ void __launch_bounds__(1024, 2) light(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * 2.0f + 1.0f;
}

// JSON: "confirmed": {
// JSON-NEXT: "contradicted": false,
// JSON-NEXT: "launch": "",
// JSON-NEXT: "measured": {{[1-9][0-9]*}},
// JSON-NEXT: "metric": "ptxas_spill_store_bytes",
// JSON: "rule": "register-spill"
