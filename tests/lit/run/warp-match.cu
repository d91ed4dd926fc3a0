// The sm_70-90 warp functions the prelude now declares, run by the device
// model: __match_any_sync / __match_all_sync (32- and 64-bit values, a
// partial mask), __reduce_*_sync, and atomicAdd on float2/float4 (PTX's
// vector atom, one atomic per element). The values are what PTX defines.
// warp-match-sdk.test runs the same file with the toolkit's headers.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer v2=1 --buffer v4=1 2>&1 | FileCheck %s
#include <cstdio>

__global__ void warpMatch(float2 *v2, float4 *v4) {
  int t = threadIdx.x;
  int allSame = 0, allDiff = 0;
  unsigned any32 = __match_any_sync(0xffffffffu, t % 4);
  unsigned any64 = __match_any_sync(0xffffffffu, (long long)(t / 8) << 40);
  unsigned all = __match_all_sync(0xffffffffu, 7.0, &allSame);
  unsigned none = __match_all_sync(0xffffffffu, t, &allDiff);
  unsigned half = 0;
  if (t < 16)
    half = __match_any_sync(0x0000ffffu, t % 2);
  unsigned sum = __reduce_add_sync(0xffffffffu, (unsigned)t);
  int mn = __reduce_min_sync(0xffffffffu, 5 - t);
  unsigned orr = __reduce_or_sync(0xffffffffu, 1u << t);
  if (t == 1 || t == 8)
    printf("t%d any32=%08x any64=%08x all=%08x/%d none=%08x/%d half=%08x sum=%u min=%d or=%08x\n",
           t, any32, any64, all, allSame, none, allDiff, half, sum, mn, orr);
  float2 old2 = atomicAdd(v2, make_float2(1.0f, 2.0f));
  float4 old4 = atomicAdd_block(v4, make_float4(1.0f, 2.0f, 3.0f, 4.0f));
  __syncthreads();
  if (t == 0)
    printf("old2=%g,%g v2=%g,%g old4=%g,%g,%g,%g v4=%g,%g,%g,%g\n", old2.x, old2.y, v2->x, v2->y,
           old4.x, old4.y, old4.z, old4.w, v4->x, v4->y, v4->z, v4->w);
}

// CHECK-DAG: t1 any32=22222222 any64=000000ff all=ffffffff/1 none=00000000/0 half=0000aaaa sum=496 min=-26 or=ffffffff
// CHECK-DAG: t8 any32=11111111 any64=0000ff00 all=ffffffff/1 none=00000000/0 half=00005555 sum=496 min=-26 or=ffffffff
// CHECK-DAG: old2={{[0-9]+}},{{[0-9]+}} v2=32,64 old4={{[0-9]+}},{{[0-9]+}},{{[0-9]+}},{{[0-9]+}} v4=32,64,96,128
// CHECK-NOT: cannot run
