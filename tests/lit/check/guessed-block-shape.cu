// A kernel that reads threadIdx.y (or .z, or blockDim.y/.z) is written for
// blocks of more than one dimension. Where no launch gives its block (the
// 1-D block of 256 assumed, or __launch_bounds__ alone, which bounds the
// threads but not the shape), a figure that follows from which lanes are
// which threads is a guess: a note that says so, not a warning. (Judged
// false on real code: kernels launched with dim3(8, 8) from another file
// were reported 8-way bank conflicts where the GPU sees 4-way.)
// RUN: not %warplint check --no-cuda-sdk %s > %t.out 2>&1
// RUN: FileCheck %s < %t.out

// CHECK: guessed-block-shape.cu:[[@LINE+5]]:{{[0-9]+}}: note: kernel 'tileNoLaunch': 4-way bank conflict{{.*}}assuming block(256,1,1){{.*}}[shared-bank-conflict]
// CHECK: note: the kernel reads threadIdx.y, so it runs in blocks of more than one dimension, not the 1-D block(256,1,1) assumed: {{.*}}is a guess until the launch is given
__global__ void tileNoLaunch(double *out) {
  __shared__ double s[8][64];
  int tx = threadIdx.x, ty = threadIdx.y;
  s[ty][tx * 8 % 64] = tx;
  __syncthreads();
  out[ty * 8 + tx] = s[ty][tx];
}

// The same kernel with its launch given: the conflict is a warning, at the
// shape the GPU runs (8-way for block(8,8), where the 1-D guess said 4-way).
// warplint: launch block(8,8)
// CHECK: guessed-block-shape.cu:[[@LINE+4]]:{{[0-9]+}}: warning: kernel 'tileGiven': 8-way bank conflict{{.*}}[shared-bank-conflict]
__global__ void tileGiven(double *out) {
  __shared__ double s[8][64];
  int tx = threadIdx.x, ty = threadIdx.y;
  s[ty][tx * 8 % 64] = tx;
  __syncthreads();
  out[ty * 8 + tx] = s[ty][tx];
}

// __launch_bounds__ bounds the threads, not the shape.
// CHECK: guessed-block-shape.cu:[[@LINE+3]]:{{[0-9]+}}: note: kernel 'boundedRows': {{.*}}[global-uncoalesced]
// CHECK: note: the kernel reads blockDim.y, so it runs in blocks of more than one dimension, not the 1-D block(128,1,1) taken from __launch_bounds__
__global__ void __launch_bounds__(128) boundedRows(const float *in, float *out, int n) {
  out[threadIdx.x * blockDim.y] = in[threadIdx.x * 16 * blockDim.y];
}

// A 1-D kernel keeps its warning with the assumed block.
// CHECK: guessed-block-shape.cu:[[@LINE+2]]:{{[0-9]+}}: warning: kernel 'strided1d': {{.*}}[global-uncoalesced]
__global__ void strided1d(const float *in, float *out) {
  out[threadIdx.x] = in[threadIdx.x * 16];
}
