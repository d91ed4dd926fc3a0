// A launch through a function pointer that a picker function of the file
// returns: `fn k = pick(...); k<<<g, b>>>(...)`. The launch is one of every
// kernel the picker can return (through a macro's list of returns, a switch,
// a ternary, another picker, a local it returns), each with that launch's
// block and grid, and the launch line names the return.
// RUN: %warplint accesses --no-cuda-sdk --no-cache %s | FileCheck %s
#include <cuda_runtime.h>

template <int Rows, int Cols> __global__ void tile_sum(const float *a, float *o) {
  o[blockIdx.x * 32 + threadIdx.x] = a[threadIdx.x] * Rows + Cols;
}
// (Listed after the other kernels, below.)

__global__ void scan_a(float *p) { p[blockIdx.x * 128 + threadIdx.y * 64 + threadIdx.x] += 1; }
// CHECK: kernel scan_a  launch grid(8,1,1) block(64,2,1) (host-launch at line [[SL:[0-9]+]] (returned by pick_scan at hostflow-kernel-picker.cu:[[#]]) from main at hostflow-kernel-picker.cu:[[#]])
__global__ void scan_b(float *p) { p[blockIdx.x * 128 + threadIdx.y * 64 + threadIdx.x] += 2; }
// CHECK: kernel scan_b  launch grid(8,1,1) block(64,2,1) (host-launch at line [[SL]] (returned by pick_scan at hostflow-kernel-picker.cu:[[#]]) from main at hostflow-kernel-picker.cu:[[#]])
__global__ void scan_wide(float *p) { p[blockIdx.x * 128 + threadIdx.y * 64 + threadIdx.x] += 3; }
// CHECK: kernel scan_wide  launch grid(8,1,1) block(64,2,1) (host-launch at line [[SL]] (returned by pick_any at hostflow-kernel-picker.cu:[[#]]) from main at hostflow-kernel-picker.cu:[[#]])
__global__ void scan_narrow(float *p) { p[blockIdx.x * 128 + threadIdx.y * 64 + threadIdx.x] += 4; }
// CHECK: kernel scan_narrow  launch grid(8,1,1) block(64,2,1) (host-launch at line [[SL]] (returned by pick_any at hostflow-kernel-picker.cu:[[#]]) from main at hostflow-kernel-picker.cu:[[#]])

// Returned by a picker whose result the host changes before the launch:
// which kernel runs is not known, so it takes no launch.
__global__ void changed(float *p) { p[threadIdx.x] = 5; }
// CHECK: kernel changed  launch grid(?) block(256,1,1) (assumed)
__global__ void other(float *p) { p[threadIdx.x] = 6; }
// CHECK: kernel other  launch grid(?) block(256,1,1) (assumed)

// The template's instantiations, listed last: the explicit one first, which
// no picker returns (no launch), then those pick_tile returns.
// CHECK: kernel tile_sum<8, 32>  launch grid(?) block(256,1,1) (assumed)
// CHECK: kernel tile_sum<1, 32>  launch grid(64,1,1) block(32,1,1) (host-launch at line [[TL:[0-9]+]] (returned by pick_tile at hostflow-kernel-picker.cu:[[#R1:]]))
// CHECK: kernel tile_sum<2, 32>  launch grid(64,1,1) block(32,1,1) (host-launch at line [[TL]] (returned by pick_tile at hostflow-kernel-picker.cu:[[#R1+1]]))
// CHECK: kernel tile_sum<4, 64>  launch grid(64,1,1) block(32,1,1) (host-launch at line [[TL]] (returned by pick_tile at hostflow-kernel-picker.cu:[[#R1+2]]))

typedef void (*tile_fn)(const float *, float *);
typedef void (*scan_fn)(float *);

// A list of returns that a macro writes, one a line.
#define PICK_ROWS(r, c) if (rows == r) return tile_sum<r, c>;
tile_fn pick_tile(int rows) {
  PICK_ROWS(1, 32)
  PICK_ROWS(2, 32)
  PICK_ROWS(4, 64)
  return nullptr;
}
template __global__ void tile_sum<8, 32>(const float *, float *);

scan_fn pick_scan(int mode) {
  switch (mode) {
  case 0:
    return scan_a;
  case 1:
    return &scan_b;
  default:
    return 0;
  }
}

// Asks another picker first, through a local it returns.
scan_fn pick_any(int mode, bool wide) {
  scan_fn k = pick_scan(mode);
  if (k)
    return k;
  k = wide ? scan_wide : scan_narrow;
  return k;
}

scan_fn pick_changed(int mode) { return mode ? changed : 0; }
// Declared only: what it returns is in another file.
scan_fn pick_elsewhere(int mode);

void run_tile(const float *a, float *o, int rows) {
  dim3 block(32);
  tile_fn kernel = pick_tile(rows);
  if (!kernel)
    return;
  kernel<<<64, block>>>(a, o);
}

void run_scan(float *p, int mode) {
  scan_fn k = pick_any(mode, mode > 2);
  k<<<8, dim3(64, 2)>>>(p);
}

void run_changed(float *p, int mode) {
  scan_fn k = pick_changed(mode);
  if (mode > 3)
    k = other;
  k<<<8, 32>>>(p);
  scan_fn e = pick_elsewhere(mode);
  e<<<8, 32>>>(p);
}

int main(int argc, char **argv) {
  float *p;
  cudaMalloc(&p, 1 << 20);
  run_scan(p, argc);
  return 0;
}
