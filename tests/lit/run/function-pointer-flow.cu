// A function-pointer parameter the kernel calls only through what carries
// its value on: a select between two parameters after comparing them, and
// a cast to a data pointer and back (null on one path). Each is a function
// pointer --arg f=NAME gives (it was given a data buffer before, and the
// call went to the buffer's address: invalid-call).
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=inc --arg g=inc --arg n=1 > %t.same 2>&1; echo "exit=$?" >> %t.same
// RUN: FileCheck --check-prefix=SAME %s < %t.same
// SAME: pick 3 4 31
// SAME-NOT: error
// SAME: exit=0
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=dec --arg g=dec --arg n=1 | FileCheck --check-prefix=DEC %s
// DEC: pick 3 2 29
//
// Without them the run asks for each.
// RUN: not %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 2>&1 | FileCheck --check-prefix=ASK %s
// ASK: argument 'f' of kernel 'pick' is a pointer to a device function: give it with --arg f=FUNCTION
// RUN: not %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=inc 2>&1 | FileCheck --check-prefix=ASKG %s
// ASKG: argument 'g' of kernel 'pick' is a pointer to a device function: give it with --arg g=FUNCTION
//
// The cast's null path, and a null f (--arg f=0): the call through it is
// the fault a GPU reports, at the call's line (with f null, f < g picks f:
// the first call faults).
// RUN: not %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=inc --arg g=dec --arg n=0 2>&1 | FileCheck --check-prefix=CASTNULL %s
// CASTNULL: function-pointer-flow.cu:[[@LINE+16]]:{{[0-9]+}}: error: call through a null function pointer by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}function-pointer-flow.cu:[[@LINE+16]] [invalid-call]
// RUN: not %warplint run --no-cuda-sdk %s --grid 1 --block 32 --buffer out=32 --arg f=0 --arg g=dec --arg n=1 2>&1 | FileCheck --check-prefix=NULL %s
// NULL: function-pointer-flow.cu:[[@LINE+13]]:{{[0-9]+}}: error: call through a null function pointer by lane 0, thread (0,0,0) of block (0,0,0) at {{.*}}function-pointer-flow.cu:[[@LINE+13]] [invalid-call]
#include <cstdio>

__device__ int inc(int x) { return x + 1; }
__device__ int dec(int x) { return x - 1; }
typedef int (*op_t)(int);

__global__ void pick(int *out, op_t f, op_t g, int n) {
  int t = threadIdx.x;
  op_t h = f < g ? f : g;
  void *p = (void *)f;
  if (n == 0)
    p = nullptr;
  int a = h(t);
  int b = ((op_t)p)(10 * t);
  out[t] = a + b;
  if (t == 3)
    printf("pick %d %d %d\n", t, a, b);
}
