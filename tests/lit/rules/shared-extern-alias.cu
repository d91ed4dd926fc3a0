// shared-extern-alias: several extern __shared__ arrays used in one kernel all
// start at offset 0 of the dynamic shared memory, so they are the same bytes.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[shared-extern-alias]'
// The same from the PTX LLVM writes for this file (PTX declares the arrays
// as bytes: the element types come from the accesses).
// RUN: %clang-ptx %t.ptx %s
// RUN: not %warplint check %t.ptx 2>&1 | FileCheck %s --check-prefix=PTX --implicit-check-not='[shared-extern-alias]'

// Two element types over the same bytes.
// warplint: launch grid(64) block(256) shared(2048)
__global__ void two_types(const float *in, float *out) {
  extern __shared__ float vals[];
  extern __shared__ int counts[];
  int t = threadIdx.x;
  vals[t] = in[blockIdx.x * 256 + t];
  // CHECK: shared-extern-alias.cu:[[@LINE+3]]:13: warning: kernel 'two_types': extern __shared__ arrays 'vals' (float) and 'counts' (int) both start at offset 0 of the block's dynamic shared memory, so they are the same bytes: this store to 'counts' overwrites bytes 0..1023 of 'vals' (the bytes the sampled threads access through both names) and reinterprets float as int; declare one extern buffer and carve it with explicit offsets: extern __shared__ unsigned char smem[]; float *vals = (float *)smem; int *counts = (int *)(smem + N_vals * sizeof(float)), N_vals being the elements 'vals' needs [shared-extern-alias]
  // CHECK: shared-extern-alias.cu:[[@LINE-2]]:11: note: 'vals' is written here, bytes 0..1023 of the dynamic shared memory
  // PTX: shared-extern-alias.cu:[[@LINE+1]]:13: warning: kernel 'two_types': extern __shared__ arrays 'vals' ({{[a-z ]+}}) and 'counts' ({{[a-z ]+}}) both start at offset 0{{.*}} [shared-extern-alias]
  counts[t] = 0;
  __syncthreads();
  out[blockIdx.x * 256 + t] = vals[255 - t] + counts[t];
}

// The same element type: the second half of the data overwrites the first.
__global__ void same_type(const float *in, float *out) {
  extern __shared__ float first[];
  extern __shared__ float second[];
  int t = threadIdx.x;
  first[t] = in[t];
  // CHECK: shared-extern-alias.cu:[[@LINE+2]]:13: warning: kernel 'same_type': extern __shared__ arrays 'first' (float) and 'second' (float) both start at offset 0 of the block's dynamic shared memory, so they are the same bytes: this store to 'second' overwrites bytes 0..1023 of 'first' (the bytes the sampled threads access through both names); declare one extern buffer {{.*}} [shared-extern-alias]
  // PTX: shared-extern-alias.cu:[[@LINE+1]]:13: warning: kernel 'same_type': extern __shared__ arrays 'first' {{.*}} [shared-extern-alias]
  second[t] = in[t + 256];
  __syncthreads();
  out[t] = first[t] + second[t];
}

// Two names carved apart by hand: 'hdr' is used for its first 16 ints and
// 'rows' only from element 16 on (through a helper), so no byte is
// accessed through both names (negative).
__device__ void put_row(float *row, float v) { row[threadIdx.x] = v; }
// warplint: launch grid(8) block(128) shared(576)
__global__ void carved_by_hand(const int *h, const float *in, float *out) {
  extern __shared__ int hdr[];
  extern __shared__ float rows[];
  if (threadIdx.x < 16)
    hdr[threadIdx.x] = h[threadIdx.x];
  put_row(rows + 16, in[blockIdx.x * 128 + threadIdx.x]);
  __syncthreads();
  out[blockIdx.x * 128 + threadIdx.x] = rows[16 + threadIdx.x] * hdr[threadIdx.x & 15];
}

// Carved by hand, one element short: 'lo' uses ints 0..63, 'hi' starts at
// element 63, so the two share bytes 252..255.
// warplint: launch grid(8) block(128) shared(764)
__global__ void carved_short(const int *in, int *out) {
  extern __shared__ int lo[];
  extern __shared__ int hi[];
  if (threadIdx.x < 64)
    lo[threadIdx.x] = in[threadIdx.x];
  // CHECK: shared-extern-alias.cu:[[@LINE+3]]:24: warning: kernel 'carved_short': extern __shared__ arrays 'lo' (int) and 'hi' (int) both start at offset 0 of the block's dynamic shared memory, so they are the same bytes: this store to 'hi' overwrites bytes 252..255 of 'lo' (the bytes the sampled threads access through both names); declare one extern buffer {{.*}} [shared-extern-alias]
  // CHECK: shared-extern-alias.cu:[[@LINE-2]]:21: note: 'lo' is written here, bytes 0..255 of the dynamic shared memory
  // PTX: shared-extern-alias.cu:[[@LINE+1]]:24: warning: kernel 'carved_short': extern __shared__ arrays 'lo' {{.*}} overwrites bytes 252..255 of 'lo' {{.*}} [shared-extern-alias]
  hi[63 + threadIdx.x] = in[64 + threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = hi[63 + threadIdx.x] + lo[threadIdx.x & 63];
}

// Where 'slot' stores depends on loaded data: the overlap is assumed.
// warplint: launch grid(8) block(128) shared(1024)
__global__ void scattered(const int *where, const float *in, float *out) {
  extern __shared__ float base[];
  extern __shared__ float slot[];
  if (threadIdx.x < 32)
    base[threadIdx.x] = in[threadIdx.x];
  // CHECK: shared-extern-alias.cu:[[@LINE+3]]:28: warning: kernel 'scattered': extern __shared__ arrays 'base' (float) and 'slot' (float) both start at offset 0 of the block's dynamic shared memory, so they are the same bytes: this store to 'slot' may overwrite the first elements of 'base' (overlap assumed: the bytes of 'slot' accessed at line [[@LINE+3]] are not known: its address depends on a value loaded at line [[@LINE+3]]); declare one extern buffer {{.*}} [shared-extern-alias]
  // CHECK: shared-extern-alias.cu:[[@LINE-2]]:23: note: 'base' is written here, bytes 0..127 of the dynamic shared memory
  // PTX: shared-extern-alias.cu:[[@LINE+1]]:28: warning: kernel 'scattered': extern __shared__ arrays 'base' {{.*}} (overlap assumed: {{.*}} [shared-extern-alias]
  slot[where[threadIdx.x]] = in[128 + threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = base[threadIdx.x & 31] + slot[threadIdx.x];
}

// One extern buffer carved with explicit offsets (negative).
__global__ void carved(const float *in, float *out) {
  extern __shared__ unsigned char smem[];
  float *v = (float *)smem;
  int *c = (int *)(smem + 256 * sizeof(float));
  int t = threadIdx.x;
  v[t] = in[t];
  c[t] = 1;
  __syncthreads();
  out[t] = v[t] + c[t];
}

// Two declared, one used (negative).
__global__ void one_used(const float *in, float *out) {
  extern __shared__ float used[];
  extern __shared__ double unused_here[];
  used[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  out[threadIdx.x] = used[255 - threadIdx.x];
}

// Each kernel its own extern array (negative).
__global__ void own_a(float *out) {
  extern __shared__ float only_a[];
  only_a[threadIdx.x] = 1.0f;
  __syncthreads();
  out[threadIdx.x] = only_a[255 - threadIdx.x];
}
__global__ void own_b(int *out) {
  extern __shared__ int only_b[];
  only_b[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = only_b[255 - threadIdx.x];
}

// A template (instantiated once: two instantiations would redeclare tbuf
// with another type).
template <class T> __global__ void tmpl(const T *in, T *out) {
  extern __shared__ T tbuf[];
  extern __shared__ int tflags[];
  tbuf[threadIdx.x] = in[threadIdx.x];
  // CHECK: shared-extern-alias.cu:[[@LINE+2]]:23: warning: kernel 'tmpl<double>': extern __shared__ arrays 'tbuf' (double) and 'tflags' (int) both start at offset 0 {{.*}} reinterprets double as int; {{.*}} [shared-extern-alias]
  // PTX: shared-extern-alias.cu:[[@LINE+1]]:23: warning: kernel 'tmpl<double>': extern __shared__ arrays 'tbuf' {{.*}} [shared-extern-alias]
  tflags[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = tbuf[threadIdx.x] * tflags[threadIdx.x];
}
template __global__ void tmpl<double>(const double *, double *);

// Declared through a macro.
#define SMEM(type, name) extern __shared__ type name[]
__global__ void via_macro(const float *in, float *out) {
  SMEM(float, ma);
  SMEM(short, mb);
  ma[threadIdx.x] = in[threadIdx.x];
  // CHECK: shared-extern-alias.cu:[[@LINE+2]]:19: warning: kernel 'via_macro': extern __shared__ arrays 'ma' (float) and 'mb' (short) both start at offset 0 {{.*}} reinterprets float as short; {{.*}} short *mb = (short *)(smem + N_ma * sizeof(float)){{.*}} [shared-extern-alias]
  // PTX: shared-extern-alias.cu:[[@LINE+1]]:19: warning: kernel 'via_macro': extern __shared__ arrays 'ma' {{.*}} [shared-extern-alias]
  mb[threadIdx.x] = 2;
  __syncthreads();
  out[threadIdx.x] = ma[threadIdx.x] + mb[threadIdx.x];
}

// Suppressed (negative).
__global__ void known(float *out) {
  extern __shared__ float ka[];
  extern __shared__ float kb[];
  ka[threadIdx.x] = 1.0f;
  // warplint: ignore[shared-extern-alias]
  kb[threadIdx.x] = 2.0f;
  __syncthreads();
  out[threadIdx.x] = ka[threadIdx.x];
}
