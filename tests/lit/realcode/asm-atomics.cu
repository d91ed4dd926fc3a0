// Atomics, ordered loads and stores and fences written as inline assembly,
// in the forms libcu++ (cuda::atomic_ref, cuda::std::atomic, as the CUDA
// toolkit ships it) writes them, become LLVM's atomic instructions: the
// analyses find the accesses at the user's line and the device model runs
// them. A counter handed out with atom.add gives the lanes of a warp 32
// consecutive slots (4 sectors per store); the ordered load, store and
// compare-and-swap of one word per thread are coalesced.
// RUN: %warplint accesses --no-cuda-sdk %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck --check-prefix=ACC %s < %t.acc
// RUN: %warplint run --no-cuda-sdk %s --kernel slots --grid 2 --block 64 --buffer counter=1 --buffer out=128 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: %warplint run --no-cuda-sdk %s --kernel ordered --grid 2 --block 64 --buffer flags=128 --buffer data=128:iota --buffer out=128 >> %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck --check-prefix=MODEL %s < %t.run

__global__ void slots(int *counter, int *out) {
  int old;
  asm volatile("atom.add.relaxed.gpu.s32 %0,[%1],%2;"
               : "=r"(old) : "l"(counter), "r"(1) : "memory");
  out[old] = blockIdx.x;
}

__global__ void ordered(unsigned *flags, const float *data, float *out) {
  int i = blockIdx.x * 64 + threadIdx.x;
  float v;
  asm volatile("ld.relaxed.gpu.f32 %0,[%1];" : "=f"(v) : "l"(data + i) : "memory");
  asm volatile("fence.sc.gpu;" ::: "memory");
  unsigned seen;
  asm volatile("atom.cas.relaxed.gpu.b32 %0,[%1],%2,%3;"
               : "=r"(seen) : "l"(flags + i), "r"(0u), "r"(1u) : "memory");
  asm volatile("st.relaxed.gpu.f32 [%0],%1;" :: "l"(out + i), "f"(v + seen) : "memory");
}

// ACC-NOT: error
// ACC-LABEL: kernel slots
// ACC: asm-atomics.cu:16:{{[0-9]+}} global atom 4B
// ACC: asm-atomics.cu:18:{{[0-9]+}} global st 4B data-dependent
// ACC-LABEL: kernel ordered
// ACC-DAG: asm-atomics.cu:24:{{[0-9]+}} global ld 4B coalesced stride 4B sectors_per_request=4.00
// ACC-DAG: asm-atomics.cu:27:{{[0-9]+}} global atom 4B coalesced stride 4B sectors_per_request=4.00
// ACC-DAG: asm-atomics.cu:29:{{[0-9]+}} global st 4B coalesced stride 4B sectors_per_request=4.00
// ACC: exit=0

// MODEL-NOT: error
// MODEL-LABEL: kernel slots
// MODEL: asm-atomics.cu:18:{{[0-9]+}} global st 4B: 4 requests, 4.00 sectors/request
// MODEL: exit=0
// MODEL-LABEL: kernel ordered
// MODEL: asm-atomics.cu:24:{{[0-9]+}} global ld 4B: 4 requests, 4.00 sectors/request
// MODEL: asm-atomics.cu:29:{{[0-9]+}} global st 4B: 4 requests, 4.00 sectors/request
// MODEL: exit=0
