// out-of-bounds: found by the device model's run with --confirm (the run
// stops at the first one of each kernel); without it the rule finds nothing.
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer in=128 --buffer out=128 --buffer src=256 --buffer dst=256 2>&1 | FileCheck %s --implicit-check-not='[out-of-bounds]'
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --check-prefix=STATIC --implicit-check-not='[out-of-bounds]'

// STATIC: warning: kernel 'far_stride': {{.*}} [global-uncoalesced]

// One element past the end of 'in', in the last thread of the grid.
// warplint: launch grid(2) block(64)
__global__ void shift(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: out-of-bounds.cu:[[@LINE+3]]:12: error: kernel 'shift': load of 4 bytes at byte offset 512 of buffer 'in' (512 bytes) by lane 31, thread (63,0,0) of block (1,0,0), found by the device model's run (grid(2,1,1) block(64,1,1)); guard the access with a bounds check (if (i < n)) or size the buffer and the launch to each other [out-of-bounds]
  // CHECK: out-of-bounds.cu:[[@LINE+2]]:12: note: buffer 'in': 128 x float (zero)
  // CHECK: out-of-bounds.cu:[[@LINE+1]]:12: note: the run stopped at this error: later blocks did not run, and figures measured after it are missing
  out[i] = in[i + 1];
}

// A shared tile smaller than the block, through a macro.
#define STAGE(t, v) (t)[threadIdx.x] = (v)
// warplint: launch grid(1) block(64)
__global__ void small_tile(const float *src, float *dst) {
  __shared__ float tile[32];
  // CHECK: out-of-bounds.cu:[[@LINE+1]]:3: error: kernel 'small_tile': store of 4 bytes at {{.*}}shared{{.*}} by lane 0, thread (32,0,0) of block (0,0,0), found by the device model's run (grid(1,1,1) block(64,1,1)); size the __shared__ array to the block, or guard the access with a bounds check on threadIdx [out-of-bounds]
  STAGE(tile, src[threadIdx.x]);
  __syncthreads();
  dst[threadIdx.x] = tile[threadIdx.x % 32];
}

// A buffer no option sizes: warplint's own guess runs out, so only a note.
// warplint: launch grid(1) block(32)
__global__ void far_stride(const float *far, float *near) {
  // CHECK: out-of-bounds.cu:[[@LINE+1]]:23: note: kernel 'far_stride': load of 4 bytes at byte offset {{[0-9]+}} of buffer 'far' ({{[0-9]+}} bytes) by lane {{[0-9]+}}, {{.*}}, in the device model's run (grid(1,1,1) block(32,1,1)); warplint sized 'far' itself ({{[0-9]+}} elements: no --buffer or launch file gave it), so give its real size with --buffer far=COUNT or a launch file to tell a real overrun from a guess [out-of-bounds]
  near[threadIdx.x] = far[threadIdx.x * 4096];
}

// Negative: a guarded access within the buffers given.
// warplint: launch grid(2) block(64)
__global__ void guarded(const float *src, float *dst, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    dst[i] = src[i + 1];
}
