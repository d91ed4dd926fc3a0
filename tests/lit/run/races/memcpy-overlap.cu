// memcpy and memset destinations that overlap between threads race like
// stores do, byte by byte: a thread that copies a word a byte at a time still
// conflicts with another thread's copy into the word's first byte. Chunks
// carry the bytes they store, so overlapping copies of the same bytes are a
// benign race (a note).
// RUN: not %warplint run --no-cuda-sdk %s --kernel copy_overlap --grid 1 --block 2 --arg n=5 --buffer in=32:random:1:200 --buffer out=32 > %t.copy
// RUN: FileCheck %s --check-prefix=COPY < %t.copy
// RUN: %warplint run --no-cuda-sdk %s --kernel copy_overlap_same --grid 1 --block 2 --arg n=5 --buffer in=32:iota --buffer out=32 | FileCheck %s --check-prefix=SAME
// RUN: not %warplint run --no-cuda-sdk %s --kernel set_overlap --grid 1 --block 2 --arg n=4 --buffer out=32 > %t.set
// RUN: FileCheck %s --check-prefix=SET < %t.set
// RUN: %warplint run --no-cuda-sdk %s --kernel copy_disjoint --grid 1 --block 2 --arg n=4 --buffer in=32:iota --buffer out=32 | FileCheck %s --check-prefix=CLEAN

// Thread t copies 5 bytes of its own 8-byte record into out + 4t: its fifth
// byte lands on the first byte thread t+1 copies.
__global__ void copy_overlap(const char *in, char *out, unsigned long n) {
  __builtin_memcpy(out + 4 * threadIdx.x, in + 8 * threadIdx.x, n);
}
// COPY: memcpy-overlap.cu:[[@LINE-2]]:{{[0-9]+}}: error: global-memory race on byte offset 4 of buffer 'out' in block (0,0,0): thread 0 writes at {{.*}}memcpy-overlap.cu:[[@LINE-2]], thread 1 wrote at {{.*}}memcpy-overlap.cu:[[@LINE-2]], lanes of one warp with no __syncwarp() between {{.*}}[global-race]
// COPY-NOT: benign

// The same overlap, both copying the same source bytes there.
__global__ void copy_overlap_same(const char *in, char *out, unsigned long n) {
  __builtin_memcpy(out + 4 * threadIdx.x, in + 4 * threadIdx.x, n);
}
// SAME: memcpy-overlap.cu:[[@LINE-2]]:{{[0-9]+}}: note: global-memory race on byte offset 4 of buffer 'out' {{.*}}; both store the same value, so the result does not depend on their order (a benign race) [global-race]
// SAME-NOT: error

// Each thread fills 4 bytes from out + 2t with its index + 1: threads 0 and 1
// both fill bytes 2 and 3 (the report names the word, at byte offset 0).
__global__ void set_overlap(char *out, unsigned long n) {
  __builtin_memset(out + 2 * threadIdx.x, threadIdx.x + 1, n);
}
// SET: memcpy-overlap.cu:[[@LINE-2]]:{{[0-9]+}}: error: global-memory race on byte offset 0 of buffer 'out' {{.*}}[global-race]

// Negative: each thread copies into its own 4 bytes.
__global__ void copy_disjoint(const char *in, char *out, unsigned long n) {
  __builtin_memcpy(out + 4 * threadIdx.x, in + 8 * threadIdx.x, n);
}
// CLEAN-NOT: memory race
// CLEAN-NOT: error
// CLEAN: sites:
