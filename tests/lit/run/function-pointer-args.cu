// A kernel's function-pointer parameter given a __device__ function whose
// address device code never takes: a host gets such a pointer from another
// file's __device__ variable in a -rdc build, where every externally
// visible function is kept. --arg f=NAME keeps NAME through optimization
// (without it the whole-program compile drops `triple`, which nothing
// calls, and inlines `square` into its one caller), so the run can call it.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=triple > %t.triple 2>&1; echo "exit=$?" >> %t.triple
// RUN: FileCheck --check-prefix=TRIPLE %s < %t.triple
// TRIPLE: apply 5 15 25
// TRIPLE-NOT: error
// TRIPLE: exit=0
//
// One the kernel also calls directly; by its mangled name too.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=square | FileCheck --check-prefix=SQUARE %s
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=_Z6squarei | FileCheck --check-prefix=SQUARE %s
// SQUARE: apply 5 25 25
//
// A function of another type is not a value of the parameter, and without
// --arg the run says what it may be given.
// RUN: not %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=halve 2>&1 | FileCheck --check-prefix=TYPE %s
// TYPE: --arg f=halve: no __device__ function of the type 'f' is called with, nor a __device__ variable holding one, has that name
// RUN: not %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 2>&1 | FileCheck --check-prefix=NOARG %s
// NOARG: argument 'f' of kernel 'apply' is a pointer to a device function: give it with --arg f=FUNCTION (any __device__ function of its type the file defines, by name)
#include <cstdio>

__device__ int triple(int x) { return 3 * x; }
__device__ int square(int x) { return x * x; }
__device__ float halve(float x) { return x / 2; }
typedef int (*op_t)(int);

__global__ void apply(int *out, op_t f) {
  int t = threadIdx.x;
  out[t] = f(t);
  if (t == 5)
    printf("apply %d %d %d\n", t, out[t], square(t));
}
