// --kernel and a launch file's "kernel" name a template's instantiation as
// its source name, template arguments compared by value: `r<int, 256>`,
// `r<int,256u>` and `r< int , 0x100UL >` all name warplint's (and Nsight
// Compute's) `r<int, 256u>`; `r<int, 128>` does not.
// RUN: %warplint accesses --no-cuda-sdk --no-cache --kernel 'r<int, 256>' %s | FileCheck %s --check-prefix=SEL --implicit-check-not='kernel r<int, 128'
// RUN: %warplint accesses --no-cuda-sdk --no-cache --kernel 'r<int,256u>' %s | FileCheck %s --check-prefix=SEL --implicit-check-not='kernel r<int, 128'
// RUN: %warplint accesses --no-cuda-sdk --no-cache --kernel 'r< int , 0x100UL >' %s | FileCheck %s --check-prefix=SEL --implicit-check-not='kernel r<int, 128'
// RUN: not %warplint check --no-cuda-sdk --no-cache --kernel 'r<int, 256>' %s 2>&1 | FileCheck %s --check-prefix=CHECK
// RUN: echo '[{"kernel": "r<int, 256>", "grid": [7], "block": [64]}]' > %t.json
// RUN: %warplint accesses --no-cuda-sdk --no-cache --launch-file %t.json %s | FileCheck %s --check-prefix=FILE
// The device model's run finds the kernel the same way.
// RUN: %warplint run --no-cuda-sdk --no-cache --kernel 'r<int,256>' --grid 1 --block 64 %s 2>&1 | FileCheck %s --check-prefix=DM
// RUN: echo '[{"kernel": "r<int, 256>", "grid": [1], "block": [64]}]' > %t.run.json
// RUN: %warplint run --no-cuda-sdk --no-cache --launch-file %t.run.json %s 2>&1 | FileCheck %s --check-prefix=DM
#include <cuda_runtime.h>

template <class T, unsigned B> __global__ void r(T *p) { p[(blockIdx.x * B + threadIdx.x) * 2] = 0; }
template __global__ void r<int, 256>(int *);
template __global__ void r<int, 128>(int *);

// SEL: kernel r<int, 256u>  launch
// CHECK: warning: kernel 'r<int, 256u>': {{.*}}
// CHECK-NOT: kernel 'r<int, 128u>'
// DM: kernel r<int, 256u> grid (1,1,1) block (64,1,1)
// FILE: kernel r<int, 256u>  launch grid(7,1,1) block(64,1,1) (launch file
// FILE: kernel r<int, 128u>  launch grid(?) block(256,1,1) (assumed)
