// A launcher that takes the kernel as a function pointer, or as a template
// parameter, and launches it with its own shape: the block comes from that
// launch (32, 4), not from the kernel's __launch_bounds__(128) as a 1-D
// block. Each call of the launcher names the kernel it passes.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128) tiled(float *p) {
  p[(blockIdx.x * 4 + threadIdx.y) * 32 + threadIdx.x] = 0;
}
// CHECK: kernel tiled  launch grid(64,1,1) block(32,4,1) (host-launch at line [[T:[0-9]+]] from main at hostflow-kernel-pointer.cu:[[#]])

__global__ void __launch_bounds__(128) plain(float *p) {
  p[(blockIdx.x * 4 + threadIdx.y) * 32 + threadIdx.x] = 1;
}
// CHECK: kernel plain  launch grid(8,1,1) block(32,4,1) (host-launch at line [[P:[0-9]+]] from main at hostflow-kernel-pointer.cu:[[#]])

// Through a local initialised with the kernel, passed to the launcher or
// launched itself.
__global__ void __launch_bounds__(128) picked(float *p) {
  p[(blockIdx.x * 4 + threadIdx.y) * 32 + threadIdx.x] = 3;
}
// CHECK: kernel picked  launch grid(4,1,1) block(32,4,1) (host-launch at line [[T]] from run_picked at hostflow-kernel-pointer.cu:[[#]])
__global__ void __launch_bounds__(128) local_k(float *p) {
  p[(blockIdx.x * 4 + threadIdx.y) * 32 + threadIdx.x] = 4;
}
// CHECK: kernel local_k  launch grid(2,1,1) block(32,4,1) (host-launch at line [[#]])

// A local the host code changes on a branch: which kernel it launches is not
// known, so neither takes that launch.
__global__ void __launch_bounds__(128) maybe_a(float *p) { p[threadIdx.x] = 5; }
// CHECK: kernel maybe_a  launch grid(?) block(128,1,1) (__launch_bounds__)
__global__ void __launch_bounds__(128) maybe_b(float *p) { p[threadIdx.x] = 6; }
// CHECK: kernel maybe_b  launch grid(?) block(128,1,1) (__launch_bounds__)

// Not launched through any launcher: the 1-D block of its bounds.
__global__ void __launch_bounds__(128) alone(float *p) { p[threadIdx.x] = 2; }
// CHECK: kernel alone  launch grid(?) block(128,1,1) (__launch_bounds__)

// A template kernel (listed after the others).
template <int S> __global__ void __launch_bounds__(128) scaled(float *p) {
  p[(blockIdx.x * 4 + threadIdx.y) * 32 + threadIdx.x] *= S;
}
// CHECK: kernel scaled<2>  launch grid(16,1,1) block(32,4,1) (host-launch at line [[T]] from main at hostflow-kernel-pointer.cu:[[#]])

template <class K> void launch_t(K kern, float *p, int blocks) {
  kern<<<blocks, dim3(32, 4)>>>(p);
}

void launch_p(void (*kern)(float *), float *p) { kern<<<8, dim3(32, 4)>>>(p); }

typedef void (*kernel_t)(float *);

void run_picked(float *p) {
  kernel_t k = picked;
  launch_t(k, p, 4);
}

void run_local(float *p) {
  auto k = &local_k;
  k<<<2, dim3(32, 4)>>>(p);
}

void run_maybe(float *p, bool second) {
  kernel_t k = maybe_a;
  if (second)
    k = maybe_b;
  launch_t(k, p, 1);
}

int main() {
  float *p;
  cudaMalloc(&p, 1 << 20);
  launch_t(tiled, p, 64);
  launch_t(&scaled<2>, p, 16);
  launch_p(plain, p);
  return 0;
}
