// run and check --confirm refuse a launch the GPU refuses (launch-fails) as
// the GPU would: the same message, exit 2, and the device model never runs
// it; the twin inside the limit runs.
//
// A grid over the y limit, and one at it.
// RUN: %warplint run --no-cuda-sdk %s --kernel fill --grid 1,70000 --block 32 > %t.grid 2>&1; echo "exit=$?" >> %t.grid
// RUN: FileCheck --check-prefix=GRID %s < %t.grid
// GRID: error: {{.*}}launch-fails.cu: kernel 'fill': the launch from the command line fails with cudaErrorInvalidValue: grid(1,70000,1) has 70000 blocks in y, more than the limit of 65535 on sm_90 (x at most 2147483647, y and z at most 65535); put the large dimension in x, or loop over the rest in the kernel [launch-fails]
// GRID-NOT: blocks (sampled
// GRID: exit=2
// RUN: %warplint run --no-cuda-sdk %s --kernel fill --grid 1,65535 --block 32 --blocks 2 --buffer o=1048576 > %t.gridok 2>&1; echo "exit=$?" >> %t.gridok
// RUN: FileCheck --check-prefix=GRIDOK %s < %t.gridok
// GRIDOK-NOT: [launch-fails]
// GRIDOK: kernel fill grid (1,65535,1) block (32,1,1): 2 of 65535 blocks
// GRIDOK: exit=0
//
// 64 KB of dynamic shared memory for a kernel this file launches without
// the opt-in; 48 KB runs.
// RUN: %warplint run --no-cuda-sdk %s --kernel dyn --grid 64 --block 256 --shared-bytes 65536 > %t.shared 2>&1; echo "exit=$?" >> %t.shared
// RUN: FileCheck --check-prefix=SHARED %s < %t.shared
// SHARED: error: {{.*}}: kernel 'dyn': the launch from the command line fails with cudaErrorInvalidValue: 64 KB of dynamic shared memory per block is more than the 48 KB a block may have without opting in, {{.*}} [launch-fails]
// SHARED: exit=2
// RUN: %warplint run --no-cuda-sdk %s --kernel dyn --grid 64 --block 256 --shared-bytes 49152 > %t.sharedok 2>&1; echo "exit=$?" >> %t.sharedok
// RUN: FileCheck --check-prefix=SHAREDOK %s < %t.sharedok
// SHAREDOK-NOT: [launch-fails]
// SHAREDOK: exit=0
//
// check --confirm: the host launch below fails, so the confirming run is
// refused with launch-fails' message (a note beside the rule's error).
// RUN: %warplint check --no-cuda-sdk --confirm %s > %t.confirm 2>&1; echo "exit=$?" >> %t.confirm
// RUN: FileCheck --check-prefix=CONFIRM %s < %t.confirm
// CONFIRM: error: kernel 'dyn': the host launch at launch-fails.cu:[[#HOST:]] fails with cudaErrorInvalidValue: 64 KB of dynamic shared memory {{.*}} [launch-fails]
// CONFIRM: note: kernel 'dyn': the host launch at launch-fails.cu:[[#HOST]] fails with cudaErrorInvalidValue: 64 KB of dynamic shared memory {{.*}}; --confirm does not run a launch the GPU refuses [launch-fails]
// CONFIRM-NOT: [out-of-bounds]
// CONFIRM: exit=2
// With the opt-in (-DOPT_IN) the same launch runs (exit 1: its occupancy
// warning; 512 blocks put more on an SM than the 3 that fit).
// RUN: %warplint check --no-cuda-sdk --confirm %s -- -DOPT_IN > %t.optin 2>&1; echo "exit=$?" >> %t.optin
// RUN: FileCheck --check-prefix=OPTIN %s < %t.optin
// OPTIN-NOT: [launch-fails]
// OPTIN: warning: kernel 'dyn': 64 KB of shared memory per block allows 3 blocks = 38% occupancy {{.*}} [occupancy-limited]
// OPTIN-NOT: [launch-fails]
// OPTIN: exit=1

__global__ void fill(float *o) {
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x;
  if (i < (1 << 20))
    o[i] = 1.0f;
}
__global__ void dyn(float *o) {
  extern __shared__ float d[];
  long i = (long)blockIdx.x * blockDim.x + threadIdx.x; // Each block its own tile.
  d[threadIdx.x] = o[i];
  __syncthreads();
  o[i] = d[blockDim.x - 1 - threadIdx.x];
}
void host(float *o) {
#ifdef OPT_IN
  cudaFuncSetAttribute(dyn, cudaFuncAttributeMaxDynamicSharedMemorySize, 64 * 1024);
#endif
  dyn<<<512, 256, 64 * 1024>>>(o);
}
