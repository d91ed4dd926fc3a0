// One launch file for several source files: without --kernel, `run` runs the
// entries whose kernel this file has and notes each one it skips (the exit
// status does not change). --kernel naming a kernel the file lacks is still
// an error.
// RUN: %warplint run --no-cuda-sdk %s --launch-file %S/Inputs/shared.launch.json > %t.out 2> %t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.out
// RUN: FileCheck %s --check-prefix=SKIP --input-file %t.err
// RUN: %warplint run --no-cuda-sdk %s --launch-file %S/Inputs/shared.launch.json --kernel scale > %t.k 2>&1; echo "exit=$?" >> %t.k
// RUN: FileCheck %s --check-prefix=ABSENT --input-file %t.k
// RUN: %warplint run --no-cuda-sdk %s --launch-file %S/Inputs/shared.launch.json --kernel other > %t.o 2>&1; echo "exit=$?" >> %t.o
// RUN: FileCheck %s --check-prefix=NO-ENTRY --input-file %t.o

__global__ void halve(float *v) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  v[i] = v[i] * 0.5f;
}

__global__ void other(float *v) { v[threadIdx.x] = 0; }

// OUT: kernel halve grid (2,1,1) block (64,1,1): 2 of 2 blocks
// OUT-NOT: kernel scale
// OUT-NOT: kernel not_anywhere

// SKIP-DAG: note: {{.*}}launch-file-shared.cu: skipping the launch-file entry for kernel 'scale': not in this file
// SKIP-DAG: note: {{.*}}launch-file-shared.cu: skipping the launch-file entry for kernel 'not_anywhere': not in this file
// SKIP-NOT: error

// ABSENT: error: {{.*}}launch-file-shared.cu: no kernel named 'scale' (kernels: halve, other)
// ABSENT: exit=2

// NO-ENTRY: error: launch file {{.*}}shared.launch.json has no entry for kernel 'other'
// NO-ENTRY: exit=2
