// REQUIRES: cuda-sdk
// A kernel that takes cooperative_groups::this_grid() only for its
// thread_rank() and num_threads() (a grid-stride loop, no grid.sync()) reads
// the grid workspace's address from %envreg1/2 but never accesses memory
// through it: a normal <<<>>> launch of any size runs it, sampled like any
// other launch, and its workspace is null (is_valid() is false, as on a GPU
// without a cooperative launch). Only a kernel that syncs the grid runs as a
// cooperative launch (run/grid-sync.cu).
//
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel saxpy_grid --grid 100000 --block 256 --blocks=64 --arg n=1000000 --arg a=2 --buffer x=1000000:iota --buffer y=1000000:const:1 > %t.big 2>&1; echo "exit=$?" >> %t.big
// RUN: FileCheck --check-prefix=BIG %s < %t.big
// A small grid, every block run: each thread's elements are right.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel saxpy_grid --grid 3 --block 64 --arg n=1000 --arg a=2 --buffer x=1000:iota --buffer y=1000:const:1 > %t.small 2>&1; echo "exit=$?" >> %t.small
// RUN: FileCheck --check-prefix=SMALL %s < %t.small
//
// With a grid sync the same large grid is a cooperative launch that cannot
// be resident: refused.
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel saxpy_sync --grid 100000 --block 256 --arg n=1000000 --arg a=2 --buffer x=1000000:iota --buffer y=1000000:const:1 > %t.sync 2>&1; echo "exit=$?" >> %t.sync
// RUN: FileCheck --check-prefix=SYNC %s < %t.sync

#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void saxpy_grid(float a, const float *x, float *y, int n) {
  cg::grid_group grid = cg::this_grid();
  if (grid.thread_rank() == 0)
    printf("valid %d threads %llu\n", (int)grid.is_valid(), grid.num_threads());
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.num_threads())
    y[i] = a * x[i] + y[i];
  // Threads 0, 191 and the last element's: 2 * i + 1.
  if (grid.size() == 192 && (grid.thread_rank() == 0 || grid.thread_rank() == 191))
    printf("thread %llu y %g y %g\n", grid.thread_rank(), y[grid.thread_rank()],
           y[grid.thread_rank() + 768]);
}

__global__ void saxpy_sync(float a, const float *x, float *y, int n) {
  cg::grid_group grid = cg::this_grid();
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.num_threads())
    y[i] = a * x[i] + y[i];
  grid.sync();
}

// BIG: valid 0 threads 25600000
// BIG: kernel saxpy_grid grid (100000,1,1) block (256,1,1): 64 of 100000 blocks (sampled
// BIG-NOT: cannot run
// BIG-NOT: error
// BIG: exit=0
//
// SMALL-DAG: valid 0 threads 192
// SMALL-DAG: thread 0 y 1 y 1537
// SMALL-DAG: thread 191 y 383 y 1919
// SMALL: kernel saxpy_grid grid (3,1,1) block (64,1,1): 3 of 3 blocks
// SMALL-NOT: error
// SMALL: exit=0
//
// SYNC: error: {{.*}}kernel 'saxpy_sync': cannot run: a grid-wide sync needs all 100000 blocks of the launch resident at once
// SYNC: exit=2
