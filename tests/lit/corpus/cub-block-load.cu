// Real library code nobody here wrote: CUB's BlockLoad from Debian's
// libcub-dev, through the embedded prelude (as on a machine without a CUDA
// toolkit). A direct blocked load has each thread read 4 consecutive ints, so
// a warp's request spans 16 sectors where 4 would do; the warp-transposed
// load reads striped (4 sectors) and reorders through shared memory (its read
// back is one ld.shared.v4.u32 in nvcc's code: no conflict, see below). The
// accesses CUB makes are found, attributed to the line that called
// BlockLoad, with CUB's own line as a note.
// REQUIRES: cub
// RUN: %warplint accesses --no-cuda-sdk %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck --check-prefix=ACC %s < %t.acc
// RUN: %warplint check --confirm --no-cuda-sdk %s > %t.chk 2>&1; echo "exit=$?" >> %t.chk
// RUN: FileCheck --check-prefix=CHK %s < %t.chk
// The device model runs CUB's code too (its LaneId() is inline assembly that
// reads %laneid). It runs the IR's four scalar loads of the read back, 4
// wavefronts each, where the GPU's one vector load costs 4 in all.
// RUN: %warplint run --no-cuda-sdk --kernel load_direct --grid 256 --block 128 --buffer in=131072 --buffer out=32768 %s > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: %warplint run --no-cuda-sdk --kernel load_transposed --grid 256 --block 128 --buffer in=131072 --buffer out=32768 %s >> %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck --check-prefix=MODEL %s < %t.run
#include <cub/block/block_load.cuh>

// warplint: launch grid(256) block(128)
__global__ void load_direct(const int *in, int *out) {
  using Load = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_DIRECT>;
  __shared__ typename Load::TempStorage tmp;
  int items[4];
  Load(tmp).Load(in + blockIdx.x * 512, items);
  out[blockIdx.x * 128 + threadIdx.x] = items[0] + items[1] + items[2] + items[3];
}

// warplint: launch grid(256) block(128)
__global__ void load_transposed(const int *in, int *out) {
  using Load = cub::BlockLoad<int, 128, 4, cub::BLOCK_LOAD_WARP_TRANSPOSE>;
  __shared__ typename Load::TempStorage tmp;
  int items[4];
  Load(tmp).Load(in + blockIdx.x * 512, items);
  out[blockIdx.x * 128 + threadIdx.x] = items[0] + items[1] + items[2] + items[3];
}

// ACC-NOT: error
// ACC-LABEL: kernel load_direct
// ACC: cub-block-load.cu:27:{{[0-9]+}} global ld 4B strided stride 16B sectors_per_request=16.00 ideal 4.00 [4 IR sites]
// ACC: cub-block-load.cu:28:{{[0-9]+}} global st 4B coalesced stride 4B sectors_per_request=4.00
// ACC-LABEL: kernel load_transposed
// ACC: cub-block-load.cu:36:{{[0-9]+}} global ld 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00 [4 IR sites]
// ACC-DAG: cub-block-load.cu:36:{{[0-9]+}} shared ld 4B
// ACC-DAG: cub-block-load.cu:36:{{[0-9]+}} shared st 4B
// ACC: exit=0

// CHK-NOT: error
// CHK: cub-block-load.cu:27:{{[0-9]+}}: warning: kernel 'load_direct': 16 sectors per request where 4 would do{{.*}}[global-uncoalesced]
// CHK: note: device model measured 16.00 sectors per request {{.*}} the run confirms the prediction
// CHK: block_load.cuh:{{[0-9]+}}:{{[0-9]+}}: note: the access is in block_load.cuh:{{[0-9]+}} (a library header), reached from the line reported
// The exchange's read back of 4 consecutive ints per thread: nvcc makes one
// ld.shared.v4.u32 of CUB's 16-byte aligned storage, 4 wavefronts, the fewest
// 16 bytes a lane allow, so no conflict (a 4-way one before issue 43's second look).
// CHK-NOT: [shared-bank-conflict]
// CHK: exit=1

// MODEL-LABEL: kernel load_direct
// MODEL: cub-block-load.cu:27:13 global ld 4B: 4096 requests, 16.00 sectors/request
// MODEL: exit=0
// MODEL-LABEL: kernel load_transposed
// MODEL: cub-block-load.cu:36:13 global ld 4B: 4096 requests, 4.00 sectors/request
// MODEL: cub-block-load.cu:36:13 shared ld 4B: 4096 requests, 4.00 wavefronts/request
// MODEL: cub-block-load.cu:36:13 shared st 4B: 4096 requests, 1.00 wavefronts/request
// MODEL: exit=0
