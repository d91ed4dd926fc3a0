// Buffer fills write every component of a vector (or wider) element: iota
// counts through the components (element i of a uint4 holds 4i .. 4i+3, the
// buffer read as uint counts 0, 1, 2, ...), const and random fill each one.
// RUN: %warplint run %s --kernel words --grid 1 --block 64 --buffer in=64:iota --buffer out=64 | FileCheck %s --check-prefix=IOTA
// RUN: %warplint run %s --kernel words --grid 1 --block 64 --buffer in=64:const:7 --buffer out=64 | FileCheck %s --check-prefix=CONST
// RUN: %warplint run %s --kernel words --grid 1 --block 64 --buffer in=64:random:1:9 --buffer out=64 | FileCheck %s --check-prefix=RANDOM
// RUN: %warplint run %s --kernel floats --grid 1 --block 32 --buffer f=32:const:2.5 --buffer d=32:iota | FileCheck %s --check-prefix=FLOATS

// A zero .z or .w (the fill stopping after 8 bytes) traps.
__global__ void words(const uint4 *in, unsigned *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  uint4 v = in[i];
  out[i] = v.w;
  if (i == 5)
    printf("in[5] = %u %u %u %u\n", v.x, v.y, v.z, v.w);
  if (v.z == 0 || v.w == 0)
    __trap();
}

// IOTA: in[5] = 20 21 22 23
// IOTA: kernel words grid (1,1,1) block (64,1,1): 1 of 1 blocks
// IOTA-NOT: error
// CONST: in[5] = 7 7 7 7
// CONST-NOT: error
// RANDOM: in[5] = {{[1-9] [1-9] [1-9] [1-9]}}
// RANDOM-NOT: error

__global__ void floats(const float4 *f, const double2 *d) {
  int i = threadIdx.x;
  float4 a = f[i];
  double2 b = d[i];
  if (i == 3)
    printf("f[3] = %.2f %.2f %.2f %.2f, d[3] = %.1f %.1f\n", a.x, a.y, a.z, a.w, b.x, b.y);
}

// FLOATS: f[3] = 2.50 2.50 2.50 2.50, d[3] = 6.0 7.0
