// Misaligned accesses: every load and store is checked against the
// alignment its instruction needs (its size, or what the IR promises when
// less: the backend splits such accesses). On a GPU the access faults with
// "misaligned address" (compute-sanitizer memcheck).
// RUN: not %warplint run --no-cuda-sdk %s --kernel misaligned_load --grid 1 --block 32 --buffer in=64 --buffer out=32 > %t.load
// RUN: FileCheck %s --check-prefix=LOAD < %t.load
// RUN: not %warplint run --no-cuda-sdk %s --kernel misaligned_vec4 --grid 1 --block 32 --buffer in=256 --buffer out=32 > %t.vec
// RUN: FileCheck %s --check-prefix=VEC < %t.vec
// RUN: %warplint run --no-cuda-sdk %s --kernel aligned_vec4 --grid 1 --block 32 --buffer in=32 --buffer out=32 | FileCheck %s --check-prefix=CLEAN
// RUN: %warplint run --no-cuda-sdk %s --kernel unaligned_bytes --grid 1 --block 32 --buffer in=64 --buffer out=32 | FileCheck %s --check-prefix=CLEAN
// RUN: not %warplint check --no-cuda-sdk %s --confirm --buffer in=256 --buffer out=32 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not='[device-fault]'

// A float read one byte past a 4-byte boundary.
// warplint: launch grid(1) block(32)
__global__ void misaligned_load(const float *in, float *out) {
  int i = threadIdx.x;
  out[i] = *(const float *)((const char *)in + 1 + 4 * i);
}
// LOAD: misaligned.cu:[[@LINE-2]]:12: error: misaligned load of 4 bytes at byte offset 1 of buffer 'in' (256 bytes), which needs 4-byte alignment (address 0x{{[0-9a-f]+}}1), by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}misaligned.cu:[[@LINE-2]] [misaligned]
// CONFIRM: misaligned.cu:[[@LINE-3]]:12: error: kernel 'misaligned_load': misaligned load of 4 bytes at byte offset 1 of buffer 'in' (1024 bytes), which needs 4-byte alignment {{.*}}by lane 0, thread (0,0,0) of block (0,0,0), found by the device model's run (grid(1,1,1) block(32,1,1)); align the address to the access size{{.*}} [device-fault]

// A float4 read at a float (not float4) boundary: 16-byte loads need 16.
// warplint: launch grid(1) block(32)
__global__ void misaligned_vec4(const float *in, float4 *out) {
  int i = threadIdx.x;
  out[i] = *(const float4 *)(in + 1 + 4 * i);
}
// VEC: misaligned.cu:[[@LINE-2]]:10: error: misaligned load of 16 bytes at byte offset 4 of buffer 'in' (1024 bytes), which needs 16-byte alignment {{.*}}by lane 0, thread (0,0,0) of block (0,0,0) {{.*}}[misaligned]
// CONFIRM: misaligned.cu:[[@LINE-3]]:10: error: kernel 'misaligned_vec4': misaligned load of 16 bytes {{.*}} [device-fault]

// Negative: aligned float4 loads and stores.
// warplint: launch grid(1) block(32)
__global__ void aligned_vec4(const float4 *in, float4 *out) {
  int i = threadIdx.x;
  out[i] = in[i];
}

// Negative: bytes need no alignment.
// warplint: launch grid(1) block(32)
__global__ void unaligned_bytes(const char *in, char *out) {
  int i = threadIdx.x;
  out[i] = in[2 * i + 1];
}

// CLEAN-NOT: error
// CLEAN: sites:
