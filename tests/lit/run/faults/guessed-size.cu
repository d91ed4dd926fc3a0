// A buffer nobody sized (no --buffer, no launch file) gets 2 elements per
// thread of the launch; an access past that guess is no fault of the kernel
// (samples/02_strided.cu reads 8 floats per thread on a GPU without one), so
// `run` reports it as a note that says to give the real size, and exits 0,
// as `check --confirm` does. A size given with --buffer makes it an error.
// RUN: %warplint run --no-cuda-sdk %s --kernel gather --grid 4 --block 32 > %t.guess
// RUN: FileCheck %s --check-prefix=GUESS < %t.guess
// RUN: not %warplint run --no-cuda-sdk %s --kernel gather --grid 4 --block 32 --buffer in=256 > %t.given
// RUN: FileCheck %s --check-prefix=GIVEN < %t.given
// RUN: %warplint run --no-cuda-sdk %s --kernel gather --grid 4 --block 32 --buffer in=1024 | FileCheck %s --check-prefix=CLEAN

__global__ void gather(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}
// GUESS-NOT: error:
// GUESS: guessed-size.cu:[[@LINE-3]]:12: note: load of 4 bytes at byte offset 1024 of buffer 'in' (1024 bytes) by lane 0, thread (0,0,0) of block (1,0,0) at {{.*}}guessed-size.cu:[[@LINE-3]]; warplint sized 'in' itself (256 elements: no --buffer or launch file gave it): give its real size with --buffer in=COUNT or a launch file to tell a real overrun from a guess [out-of-bounds]
// GIVEN: guessed-size.cu:[[@LINE-4]]:12: error: load of 4 bytes at byte offset 1024 of buffer 'in' (1024 bytes) by lane 0, thread (0,0,0) of block (1,0,0) at {{.*}}guessed-size.cu:[[@LINE-4]] [out-of-bounds]
// CLEAN-NOT: out-of-bounds
// CLEAN: sites:
