// Hangs are found by progress, not by an instruction count: a warp whose
// state (registers, branch stack) comes back to a state it was in, with no
// other thread of its block able to change what it reads, does not
// terminate. A long loop that makes progress runs to its end, unless
// --max-instructions stops it. check --confirm reports hangs and traps as
// errors, as run does.
// RUN: not %warplint run --no-cuda-sdk %s --kernel spin --grid 1 --block 32 --buffer flag=1 | FileCheck %s --check-prefix=SPIN
// RUN: not %warplint run --no-cuda-sdk %s --kernel cycle --grid 1 --block 32 --buffer sink=1 | FileCheck %s --check-prefix=CYCLE
// RUN: %warplint run --no-cuda-sdk %s --kernel long_loop --grid 1 --block 32 --buffer out=32 --arg n=30000000 | FileCheck %s --check-prefix=LONG
// RUN: not %warplint run --no-cuda-sdk %s --kernel long_loop --grid 1 --block 32 --buffer out=32 --arg n=3000000 --max-instructions 100000 | FileCheck %s --check-prefix=LIMIT
// RUN: %warplint run --no-cuda-sdk %s --kernel handoff --grid 1 --block 64 --buffer out=64 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint run --no-cuda-sdk %s --kernel trap --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=TRAP
// RUN: not %warplint run --no-cuda-sdk %s --kernel assert_fails --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=ASSERT
// RUN: %warplint run --no-cuda-sdk %s --kernel no_trap --grid 1 --block 32 --buffer out=32 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer flag=1 --buffer sink=1 --arg n=3000000 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not='[device-fault]'

// Waits for a flag nobody sets.
// warplint: launch grid(1) block(32)
__global__ void spin(volatile int *flag) {
  while (flag[0] == 0) {
  }
}
// SPIN: hang.cu:[[@LINE-3]]:{{[0-9]+}}: error: the kernel does not terminate: warp 0 (threads 0-31) of block (0,0,0) comes back to the same state (registers, branch stack) every {{[0-9]+}} pass{{(es)?}} through the loop at {{.*}}hang.cu:[[@LINE-3]]; no thread of the block can change what it waits on (other blocks are not guaranteed to run at the same time) [hang]
// CONFIRM: hang.cu:[[@LINE-4]]:{{[0-9]+}}: error: kernel 'spin': the kernel does not terminate: {{.*}}, found by the device model's run (grid(1,1,1) block(32,1,1)); make the loop's exit depend on something that changes{{.*}} [device-fault]

// A state that cycles with period 2 and never reaches the exit.
// warplint: launch grid(1) block(32)
__global__ void cycle(volatile int *sink) {
  int x = threadIdx.x & 2;
  while (x != 3) {
    x = (x + 2) % 4;
    sink[0] = x;
  }
}
// CYCLE: hang.cu:[[@LINE-5]]:{{[0-9]+}}: error: the kernel does not terminate: warp 0 (threads 0-31) of block (0,0,0) comes back to the same state {{.*}} [hang]
// CONFIRM: hang.cu:[[@LINE-6]]:{{[0-9]+}}: error: kernel 'cycle': the kernel does not terminate{{.*}} [device-fault]

// Negative: millions of iterations, each one different: it runs to its end
// (long enough that the hang probe watches it).
// warplint: launch grid(1) block(32)
__global__ void long_loop(float *out, int n) {
  unsigned acc = threadIdx.x;
  for (int k = 0; k < n; ++k)
    acc = acc * 1664525u + 1013904223u;
  out[threadIdx.x] = acc;
}
// LONG-NOT: error
// (SASS-like: LLVM folds 8 steps of the recurrence into one multiply-add)
// LONG: smsp__inst_executed.sum {{[1-9][0-9][0-9][0-9][0-9][0-9][0-9]+}}
// LONG: warplint__ir_inst_executed.sum {{[1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]+}}
// LIMIT: hang.cu:{{[0-9]+}}:{{[0-9]+}}: error: instruction budget exhausted: block (0,0,0) executed {{[0-9]+}} warp instructions without finishing (--max-instructions); last in the loop{{.*}} [runaway]

// Negative: warp 0 waits for warp 1 of its block, which the model runs while
// warp 0 spins.
// warplint: launch grid(1) block(64)
__global__ void handoff(int *out) {
  __shared__ int ready;
  if (threadIdx.x == 0)
    ready = 0;
  __syncthreads();
  if (threadIdx.x == 0)
    while (atomicAdd(&ready, 0) == 0) {
    }
  if (threadIdx.x == 32)
    atomicExch(&ready, 1);
  out[threadIdx.x] = threadIdx.x;
}

// warplint: launch grid(1) block(32)
__global__ void trap(int *out) {
  if (threadIdx.x == 7)
    __trap();
  out[threadIdx.x] = 1;
}
// TRAP: hang.cu:[[@LINE-3]]:5: error: __trap() in thread (7,0,0) of block (0,0,0) {{.*}}[trap]
// CONFIRM: hang.cu:[[@LINE-4]]:5: error: kernel 'trap': __trap() in thread (7,0,0) of block (0,0,0), found by the device model's run {{.*}} [device-fault]

// A failed device assert (what <assert.h>'s assert calls in device code with
// the CUDA SDK) names its condition.
#define DEVICE_ASSERT(C) ((C) ? (void)0 : __assertfail(#C, __FILE__, __LINE__, __func__, 1))
// warplint: launch grid(1) block(32)
__global__ void assert_fails(int *out) {
  DEVICE_ASSERT(threadIdx.x < 16);
  out[threadIdx.x] = 1;
}
// ASSERT: hang.cu:[[@LINE-3]]:{{[0-9]+}}: error: assertion 'threadIdx.x < 16' failed in thread (16,0,0) of block (0,0,0) {{.*}}[trap]
// CONFIRM: hang.cu:[[@LINE-4]]:{{[0-9]+}}: error: kernel 'assert_fails': assertion 'threadIdx.x < 16' failed{{.*}} [device-fault]

// Negative: a trap and an assert whose conditions never hold.
// warplint: launch grid(1) block(32)
__global__ void no_trap(int *out) {
  if (threadIdx.x == 99)
    __trap();
  DEVICE_ASSERT(threadIdx.x < 32);
  out[threadIdx.x] = 1;
}

// CLEAN-NOT: error
// CLEAN: sites:
