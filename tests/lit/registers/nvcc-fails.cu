// When nvcc's device compile does not give a verdict, the claims stay
// estimates and say why, and a note names the file: a compile that runs past
// its time limit (stopped), one that fails (the command is shown, never
// nvcc's messages, which can quote any file a hostile #include names). The
// toolkits are fakes (Inputs/*-toolkit/bin/nvcc), found through --cuda-path.
// RUN: not %warplint check --no-cuda-sdk --no-cache --cuda-path=%S/Inputs/slow-toolkit --nvcc-timeout=1 %s 2>&1 | FileCheck %s --check-prefix=SLOW
// RUN: not %warplint check --no-cuda-sdk --no-cache --cuda-path=%S/Inputs/failing-toolkit %s -- -DSIZE=64 -Wall -O1 2>&1 | FileCheck %s --check-prefix=FAILS --implicit-check-not=secret-line

// SLOW: note: {{.*}}nvcc-fails.cu: nvcc's device compile ran past its 1 s limit and was stopped; register, local-memory and spill findings of this file are estimates from the IR
// SLOW: warning: kernel 'forced': about 74 registers live {{.*}} ptxas will likely spill (an estimate from the IR, medium confidence: nvcc's device compile of the file did not succeed){{.*}} [register-spill]

// The command has the file's -D, not its other flags (-Wall, -O1).
// FAILS: note: {{.*}}nvcc-fails.cu: nvcc's device compile failed (exit 3); its messages are not shown, run it to see them: {{.*}}failing-toolkit/bin/nvcc -x cu -cubin -arch=sm_90 -Xptxas -v --extended-lambda --expt-relaxed-constexpr -DSIZE=64 {{[^ ]*}}nvcc-fails.cu -o out.cubin; register, local-memory and spill findings of this file are estimates from the IR
// FAILS: warning: kernel 'forced': about 74 registers live {{.*}} (an estimate from the IR, medium confidence: nvcc's device compile of the file did not succeed){{.*}} [register-spill]

#ifndef SIZE
#define SIZE 64
#endif

__global__ void __launch_bounds__(1024, 2) forced(const float *in, float *out, int iters) {
  float acc[SIZE];
#pragma unroll
  for (int j = 0; j < SIZE; ++j)
    acc[j] = in[threadIdx.x + j * 1024];
  for (int it = 0; it < iters; ++it) {
#pragma unroll
    for (int j = 0; j < SIZE; ++j)
      acc[j] = acc[j] * acc[(j + 1) % SIZE] + in[it];
  }
  float s = 0;
#pragma unroll
  for (int j = 0; j < SIZE; ++j)
    s += acc[j] * (float)j;
  out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}
