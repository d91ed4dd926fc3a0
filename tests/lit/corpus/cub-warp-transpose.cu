// CUB's BlockLoad with BLOCK_LOAD_WARP_TRANSPOSE (Debian's libcub-dev): each
// lane reads its two items back from shared memory at 8 bytes a lane. The
// IR holds two float loads; nvcc makes them one ld.shared.v2.f32 (CUB's
// storage is 16-byte aligned), 2 wavefronts, the fewest 8 bytes a lane
// allow: no bank conflict (bitsandbytes' kQuantizeBlockwiseSmall was judged
// a false one, issue 43). Its 4-byte lanes' warp-striped stores are
// conflict-free too.
// REQUIRES: cub
// RUN: %warplint check --no-cuda-sdk %s > %t 2>&1; echo "exit=$?" >> %t
// RUN: FileCheck %s --implicit-check-not='[shared-bank-conflict]' < %t
// CHECK: exit=0
#include <cub/block/block_load.cuh>

// warplint: launch grid(64) block(32)
__global__ void warp_transpose_pairs(const float *__restrict__ in, float *__restrict__ out, int n) {
  typedef cub::BlockLoad<float, 32, 2, cub::BLOCK_LOAD_WARP_TRANSPOSE> Load;
  __shared__ typename Load::TempStorage tmp;
  float v[2];
  Load(tmp).Load(in + blockIdx.x * 64, v, n - blockIdx.x * 64, 0.f);
  out[blockIdx.x * 32 + threadIdx.x] = v[0] + v[1];
}
