// REQUIRES: host-openmp
// Host code that uses OpenMP (omp.h, #pragma omp) compiles when the flags
// say so, as nvcc's host compiler gets them: -Xcompiler -fopenmp in the
// compile command (-p), or --host-flags=-fopenmp. Without either, omp.h is
// not found and the host code is skipped with a note.
// RUN: %warplint accesses --no-cuda-sdk %s > %t.none 2>&1
// RUN: FileCheck --check-prefix=NONE %s < %t.none
// NONE: host code skipped: omp.h not found (pass -I to its include directory, or -p); left out: 'main'
// RUN: %warplint accesses --no-cuda-sdk --host-flags=-fopenmp %s > %t.flag 2>&1
// RUN: FileCheck --check-prefix=OMP %s < %t.flag
// RUN: rm -rf %t.db && mkdir -p %t.db
// RUN: echo '[{"directory": "%S", "file": "%s", "command": "nvcc -Xcompiler -fopenmp,-O3 -c host-openmp.cu"}]' > %t.db/compile_commands.json
// RUN: %warplint accesses --no-cuda-sdk -p %t.db %s > %t.db/out 2>&1
// RUN: FileCheck --check-prefix=OMP %s < %t.db/out
// OMP-NOT: host code skipped
// OMP-NOT: error
#include <omp.h>
#include <cstdio>

__global__ void halve(float *x) { x[2 * (blockIdx.x * blockDim.x + threadIdx.x)] *= 0.5f; }

int main() {
  int threads = 0;
#pragma omp parallel reduction(+ : threads)
  threads += omp_get_num_threads() > 0;
  halve<<<8, 64>>>(nullptr);
  // OMP: kernel halve  launch grid(8,1,1) block(64,1,1) (host-launch at line [[@LINE-1]])
  printf("%d\n", threads);
  return 0;
}
