// libcu++'s atomics as the CUDA toolkit ships them (include/cccl): they are
// written as inline assembly, which warplint lowers to LLVM atomics, so the
// accesses are found at the user's line and the device model runs them.
// Debian's libcu++-dev 1.8.1 does not compile under Clang's CUDA mode, so
// this test needs the toolkit.
// REQUIRES: cuda-sdk
// RUN: %warplint accesses %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck --check-prefix=ACC %s < %t.acc
// RUN: %warplint run %s --kernel histogram --grid 4 --block 128 --buffer in=512:const:7 --buffer bins=256 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: %warplint run %s --kernel tickets --grid 2 --block 64 --buffer next=1 --buffer out=128 >> %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck --check-prefix=MODEL %s < %t.run
#include <cuda/atomic>
#include <cuda/std/atomic>

// warplint: launch grid(4) block(128)
__global__ void histogram(const int *in, int *bins) {
  int i = blockIdx.x * 128 + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_device> bin(bins[in[i] & 255]);
  bin.fetch_add(1, cuda::std::memory_order_relaxed);
}

// warplint: launch grid(2) block(64)
__global__ void tickets(cuda::std::atomic<int> *next, int *out) {
  int t = next->fetch_add(1, cuda::std::memory_order_relaxed);
  out[t] = blockIdx.x;
}

// ACC-NOT: error
// ACC-LABEL: kernel histogram
// ACC: libcudacxx-atomic.cu:18:{{[0-9]+}} global ld 4B coalesced
// ACC: libcudacxx-atomic.cu:19:{{[0-9]+}} global atom 4B data-dependent
// ACC-LABEL: kernel tickets
// ACC: libcudacxx-atomic.cu:24:{{[0-9]+}} global atom 4B
// ACC: libcudacxx-atomic.cu:25:{{[0-9]+}} global st 4B data-dependent
// ACC: exit=0

// Every lane adds to bins[7]: one sector per request. The tickets are 32
// consecutive slots per warp: 4 sectors per store.
// MODEL-NOT: error
// MODEL-LABEL: kernel histogram
// MODEL: libcudacxx-atomic.cu:19:{{[0-9]+}} global atom 4B: 16 requests, 1.00 sectors/request
// MODEL: exit=0
// MODEL-LABEL: kernel tickets
// MODEL: libcudacxx-atomic.cu:25:{{[0-9]+}} global st 4B: 4 requests, 4.00 sectors/request
// MODEL: exit=0
