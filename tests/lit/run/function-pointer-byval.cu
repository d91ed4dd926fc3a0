// A call through a function pointer to a function that takes a structure
// by value (NVPTX passes it as a byval pointer): a callee that only reads
// its copy is given the caller's structure, whose bytes a copy would hold.
// It was refused ("by-value aggregate argument").
// RUN: %warplint run --no-cuda-sdk %s --grid 2 --block 32 --buffer v=64:iota --buffer out=64 --arg f=twice > %t.twice 2>&1; echo "exit=$?" >> %t.twice
// RUN: FileCheck --check-prefix=TWICE %s < %t.twice
// TWICE: visit 1 39 78
// TWICE-NOT: error
// TWICE: exit=0
// RUN: %warplint run --no-cuda-sdk %s --grid 2 --block 32 --buffer v=64:iota --buffer out=64 --arg f=shifted | FileCheck --check-prefix=SHIFTED %s
// SHIFTED: visit 1 39 139
//
// A callee that passes its copy's address on (it may write the copy, which
// must not change the caller's) still cannot run.
// RUN: not %warplint run --no-cuda-sdk %s --grid 2 --block 32 --buffer v=64:iota --buffer out=64 --arg f=handed 2>&1 | FileCheck --check-prefix=ESCAPES %s
// ESCAPES: cannot run: a call through a function pointer to handed, which takes a by-value aggregate argument the callee writes or whose address it passes on (lane 0
#include <cstdio>

struct place { int block, width, lane; };

__device__ int twice(int *v, place p) { return 2 * v[p.block * p.width + p.lane]; }
__device__ int shifted(int *v, place p) { return v[p.block * p.width + p.lane] + 100; }
__device__ __noinline__ int next(int *v, place *q) {
  q->lane = (q->lane + 1) % q->width;
  return v[q->block * q->width + q->lane];
}
__device__ int handed(int *v, place p) { return next(v, &p) + p.lane; }
typedef int (*place_fn)(int *, place);

__global__ void visit(int *v, int *out, place_fn f) {
  place p = {(int)blockIdx.x, (int)blockDim.x, (int)threadIdx.x};
  int r = f(v, p);
  out[p.block * p.width + p.lane] = r;
  if (p.block == 1 && p.lane == 7)
    printf("visit %d %d %d\n", p.block, p.block * p.width + p.lane, r);
}
