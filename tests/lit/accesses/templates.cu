// Template kernels are named by their source name with template arguments,
// one entry per instantiation.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
template <typename T, int S>
__global__ void scale(T *p) { p[threadIdx.x * S] *= 2; }
template __global__ void scale<float, 2>(float *);
template __global__ void scale<double, 1>(double *);
// CHECK-LABEL: kernel scale<float, 2>
// CHECK-NEXT: templates.cu:5:50 global ld 4B strided stride 8B sectors_per_request=8.00 ideal 4.00
// CHECK-NEXT: templates.cu:5:50 global st 4B strided stride 8B sectors_per_request=8.00 ideal 4.00
// CHECK-LABEL: kernel scale<double, 1>
// CHECK-NEXT: templates.cu:5:50 global ld 8B coalesced stride 8B
