// Exit status of run and check --confirm: 0 clean, 1 the run found faults,
// 2 the tool could not run the kernel (what the device model cannot run:
// a declared but undefined device function, inline asm nobody understood,
// recursion, here through a function pointer). A call through a function
// pointer runs.
//
// RUN: %warplint run --no-cuda-sdk %s --kernel clean --grid 1 --block 32 --buffer out=32 > %t.clean 2>&1; echo "exit=$?" >> %t.clean
// RUN: FileCheck --check-prefix=CLEAN %s < %t.clean
// CLEAN-NOT: error:
//
// RUN: %warplint run --no-cuda-sdk %s --kernel overrun --grid 1 --block 32 --buffer out=16 > %t.fault 2>&1; echo "exit=$?" >> %t.fault
// RUN: FileCheck --check-prefix=FAULT %s < %t.fault
//
// RUN: %warplint run --no-cuda-sdk %s --kernel undefined --grid 1 --block 32 --buffer out=32 > %t.undef 2>&1; echo "exit=$?" >> %t.undef
// RUN: FileCheck --check-prefix=UNDEF %s < %t.undef
//
// RUN: %warplint run --no-cuda-sdk %s --kernel asm_unknown --grid 1 --block 32 --buffer out=32 > %t.asm 2>&1; echo "exit=$?" >> %t.asm
// RUN: FileCheck --check-prefix=ASM %s < %t.asm
// ASM-NOT: indirect call
//
// RUN: %warplint run --no-cuda-sdk %s --kernel pointer --grid 1 --block 32 --buffer out=32 --arg which=1 > %t.ptr 2>&1; echo "exit=$?" >> %t.ptr
// RUN: FileCheck --check-prefix=CLEAN %s < %t.ptr
// RUN: %warplint run --no-cuda-sdk %s --kernel recursive --grid 1 --block 32 --buffer out=32 > %t.rec 2>&1; echo "exit=$?" >> %t.rec
// RUN: FileCheck --check-prefix=REC %s < %t.rec
// REC: exit-codes.cu:[[#@LINE+38]]:{{[0-9]+}}: error: cannot run: recursion: halve(float) is called while it runs {{.*}} [unsupported]
//
// What the model cannot run but the run never reaches does not fail it.
// RUN: %warplint run --no-cuda-sdk %s --kernel unreached --grid 1 --block 32 --buffer out=32 --arg n=0 > %t.unreached 2>&1; echo "exit=$?" >> %t.unreached
// RUN: FileCheck --check-prefix=CLEAN %s < %t.unreached
//
// check --confirm: a kernel its run could not run makes the check exit 2.
// RUN: %warplint check --no-cuda-sdk --confirm --kernel undefined %s --launch-file %S/Inputs/exit-codes.launch.json > %t.check 2>&1; echo "exit=$?" >> %t.check
// RUN: FileCheck --check-prefix=CHECK-UNDEF %s < %t.check
// CHECK-UNDEF: note: kernel 'undefined': cannot run: scale(float) is declared but not defined {{.*}} [device-fault]
// RUN: %warplint check --no-cuda-sdk --confirm --kernel clean %s --launch-file %S/Inputs/exit-codes.launch.json > %t.checkclean 2>&1; echo "exit=$?" >> %t.checkclean
// RUN: FileCheck --check-prefix=CLEAN %s < %t.checkclean

__global__ void clean(float *out) { out[threadIdx.x] = threadIdx.x; }

// FAULT: exit-codes.cu:[[#@LINE+1]]:{{[0-9]+}}: error: store of 4 bytes at byte offset 64 of buffer 'out' {{.*}} [out-of-bounds]
__global__ void overrun(float *out) { out[threadIdx.x] = threadIdx.x; }

__device__ float scale(float x);
// UNDEF: exit-codes.cu:[[#@LINE+1]]:{{[0-9]+}}: error: cannot run: scale(float) is declared but not defined {{.*}} [unsupported]
__global__ void undefined(float *out) { out[threadIdx.x] = scale(out[threadIdx.x]); }

__global__ void asm_unknown(unsigned *out) {
  unsigned v = out[threadIdx.x], w;
  // ASM: error: cannot run: inline asm not understood: 'bmsk.clamp.b32 $0, $1, $1;' (constraints "=r,r") at {{.*}}exit-codes.cu:[[#@LINE+1]] [unsupported]
  asm("bmsk.clamp.b32 %0, %1, %1;" : "=r"(w) : "r"(v));
  out[threadIdx.x] = w;
}

__device__ float twice(float x) { return 2 * x; }
__device__ float thrice(float x) { return 3 * x; }
__global__ void pointer(float *out, int which) {
  float (*fn)(float) = which ? twice : thrice;
  out[threadIdx.x] = fn(out[threadIdx.x]);
}

__device__ float halve(float x);
__device__ float (*next)(float) = halve;
__device__ float halve(float x) { return x < 1 ? x : next(x / 2); }
__global__ void recursive(float *out) { out[threadIdx.x] = halve(out[threadIdx.x] + 4); }

__global__ void unreached(float *out, int n) {
  if (n > 0)
    out[threadIdx.x] = scale(out[threadIdx.x]);
  else
    out[threadIdx.x] = 1;
}

// The exit status ends each output.
// CLEAN: exit=0
// FAULT: exit=1
// UNDEF: exit=2
// ASM: exit=2
// REC: exit=2
// CHECK-UNDEF: exit=2
