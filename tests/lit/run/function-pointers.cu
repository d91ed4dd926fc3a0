// Calls through device function pointers and virtual calls run: a function's
// address is a value that maps back to the function, and the lanes of a warp
// that call different functions diverge as at a branch (each target runs for
// its lanes) and rejoin after the call. Expected values and counters are
// worked out by hand in the comments.
//
// A table of function pointers indexed by threadIdx: four targets in one
// warp (t % 4: add1, dbl, sq, neg). The table is one 32-byte __device__
// array: its load is 1 request of 1 sector; the store after the call is 1
// request of 4 sectors (32 lanes x 4 bytes), which it is only if the lanes
// rejoined.
// RUN: %warplint run --no-cuda-sdk %s --kernel table_call --grid 1 --block 32 --buffer out=32 > %t.table 2>&1; echo "exit=$?" >> %t.table
// RUN: FileCheck --check-prefix=TABLE %s < %t.table
// TABLE-DAG: table 0 1
// TABLE-DAG: table 1 2
// TABLE-DAG: table 2 4
// TABLE-DAG: table 3 -3
// TABLE-DAG: table 6 36
// TABLE-DAG: table 29 58
// TABLE-DAG: table 31 -31
// TABLE: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 1
// TABLE: l1tex__t_requests_pipe_lsu_mem_global_op_st.sum 1
// TABLE: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum 1
// TABLE: l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum 4
// TABLE-NOT: error
// TABLE: exit=0
//
// A uniform pointer passed as a kernel argument: named by a __device__
// variable that holds it (as host code copies it with cudaMemcpyFromSymbol),
// or by the function's name; without one the run cannot start; 0 is a null
// pointer, which a GPU cannot call (the launch fails).
// RUN: %warplint run --no-cuda-sdk %s --kernel uniform_arg --grid 1 --block 32 --buffer out=32 --arg f=chosen | FileCheck --check-prefix=CHOSEN %s
// CHOSEN: uniform 5 10
// CHOSEN: l1tex__t_requests_pipe_lsu_mem_global_op_st.sum 1
// RUN: %warplint run --no-cuda-sdk %s --kernel uniform_arg --grid 1 --block 32 --buffer out=32 --arg f=sq | FileCheck --check-prefix=BYNAME %s
// BYNAME: uniform 5 25
// RUN: not %warplint run --no-cuda-sdk %s --kernel uniform_arg --grid 1 --block 32 --buffer out=32 2>&1 | FileCheck --check-prefix=NOARG %s
// NOARG: argument 'f' of kernel 'uniform_arg' is a pointer to a device function: give it with --arg f=FUNCTION (one of: {{.*}}chosen
// RUN: %warplint run --no-cuda-sdk %s --kernel uniform_arg --grid 1 --block 32 --buffer out=32 --arg f=0 > %t.null 2>&1; echo "exit=$?" >> %t.null
// RUN: FileCheck --check-prefix=NULL %s < %t.null
// NULL: function-pointers.cu:[[#@LINE+92]]:{{[0-9]+}}: error: call through a null function pointer by lane 0, thread (0,0,0) of block (0,0,0) {{.*}}[invalid-call]
// NULL: exit=1
//
// Virtual calls on objects the kernel creates with new: odd threads make a
// Square, even ones a Rect, so the warp's call of area() reaches two
// functions through two vtables (each a buffer of its own: the one request
// that loads the warp's entries touches 2 sectors). `delete s` loads each
// object's vtable pointer (32 heap blocks: 32 sectors) and the destructor's
// entry (2 vtables: 2 sectors): 2 requests, 17 sectors each.
// RUN: %warplint run --no-cuda-sdk %s --kernel shapes --grid 1 --block 32 --buffer out=32 > %t.shapes 2>&1; echo "exit=$?" >> %t.shapes
// RUN: FileCheck --check-prefix=SHAPES %s < %t.shapes
// SHAPES-DAG: area 3 9.0
// SHAPES-DAG: area 4 8.0
// SHAPES-DAG: area 31 961.0
// SHAPES: function-pointers.cu:[[#@LINE+105]]:{{[0-9]+}} global st 4B: 1 requests, 4.00 sectors/request
// SHAPES-NEXT: function-pointers.cu:[[#@LINE+104]]:{{[0-9]+}} global ld 8B: 1 requests, 2.00 sectors/request
// SHAPES: function-pointers.cu:[[#@LINE+105]]:{{[0-9]+}} global ld 8B: 2 requests, 17.00 sectors/request
// SHAPES-NOT: error
// SHAPES-NOT: heap-leak
// SHAPES: exit=0
//
// Placement new into a slot of shared memory: the first half-warp steps with Inc
// (1 + 3t after three steps), the second with Mul (27), a divergent call in
// each of the loop's three iterations, whose vtable entries come from two
// vtables (3 requests, 2 sectors each).
// RUN: %warplint run --no-cuda-sdk %s --kernel placed --grid 1 --block 32 --buffer out=32 > %t.placed 2>&1; echo "exit=$?" >> %t.placed
// RUN: FileCheck --check-prefix=PLACED %s < %t.placed
// PLACED-DAG: placed 0 1
// PLACED-DAG: placed 5 16
// PLACED-DAG: placed 15 46
// PLACED-DAG: placed 16 27
// PLACED-DAG: placed 31 27
// PLACED: function-pointers.cu:[[#@LINE+113]]:{{[0-9]+}} global ld 8B: 3 requests, 2.00 sectors/request
// PLACED: function-pointers.cu:[[#@LINE+113]]:{{[0-9]+}} global st 4B: 1 requests, 4.00 sectors/request
// PLACED-NOT: error
// PLACED: exit=0
//
// A divergent call whose targets access memory: even lanes load in[t] (16
// lanes over 128 bytes: 4 sectors), odd lanes in[2t] (16 lanes over 256
// bytes: 8 sectors), one request each; after the call the lanes have
// rejoined: a full-warp shuffle sees every lane's value (out[t] = v(t) +
// v(t+1), v(t) = t for even t, 2t for odd; lane 31 shuffles its own), and
// the store is one request of 4 sectors.
// RUN: %warplint run --no-cuda-sdk %s --kernel divergent --grid 1 --block 32 --buffer in=64:iota --buffer out=32 > %t.div 2>&1; echo "exit=$?" >> %t.div
// RUN: FileCheck --check-prefix=DIV %s < %t.div
// DIV-DAG: div 0 2
// DIV-DAG: div 1 4
// DIV-DAG: div 30 92
// DIV-DAG: div 31 124
// DIV: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 2
// DIV: l1tex__t_requests_pipe_lsu_mem_global_op_st.sum 1
// DIV: l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum 12
// DIV: l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum 4
// DIV: function-pointers.cu:[[#@LINE+97]]:{{[0-9]+}} global ld 4B: 1 requests, 4.00 sectors/request
// DIV-NEXT: function-pointers.cu:[[#@LINE+97]]:{{[0-9]+}} global ld 4B: 1 requests, 8.00 sectors/request
// DIV-NEXT: function-pointers.cu:[[#@LINE+103]]:{{[0-9]+}} global st 4B: 1 requests, 4.00 sectors/request
// DIV-NOT: error
// DIV: exit=0
//
// Recursion through a function pointer still cannot run (exit 2), and only
// where a run takes it: every other kernel here may reach countdown through
// a pointer of its type, and runs.
// RUN: %warplint run --no-cuda-sdk %s --kernel recursive --grid 1 --block 32 --buffer out=32 > %t.rec 2>&1; echo "exit=$?" >> %t.rec
// RUN: FileCheck --check-prefix=REC %s < %t.rec
// REC: error: cannot run: recursion: countdown(int) is called while it runs {{.*}}[unsupported]
// REC: exit=2
//
// check --confirm reports a call through a pointer nobody set as a
// device-fault error.
// RUN: not %warplint check --no-cuda-sdk --confirm --kernel call_unset %s 2>&1 | FileCheck --check-prefix=UNSET %s
// UNSET: error: kernel 'call_unset': call through a null function pointer by lane 0, {{.*}}call only through a pointer that holds a __device__ function's address {{.*}}[device-fault]
#include <cstdio>

__device__ inline void *operator new(size_t, void *p) noexcept { return p; }

__device__ int add1(int x) { return x + 1; }
__device__ int dbl(int x) { return 2 * x; }
__device__ int sq(int x) { return x * x; }
__device__ int neg(int x) { return -x; }
typedef int (*op_t)(int);
__device__ op_t table[4] = {add1, dbl, sq, neg};
__device__ op_t chosen = dbl;

__global__ void table_call(int *out) {
  int t = threadIdx.x;
  int r = table[t % 4](t);
  out[t] = r;
  printf("table %d %d\n", t, r);
}

__global__ void uniform_arg(int *out, op_t f) {
  int t = threadIdx.x;
  out[t] = f(t);
  if (t == 5)
    printf("uniform %d %d\n", t, out[t]);
}

struct Shape {
  __device__ virtual float area() const = 0;
  __device__ virtual ~Shape() {}
};
struct Square : Shape {
  float s;
  __device__ Square(float s) : s(s) {}
  __device__ float area() const override { return s * s; }
};
struct Rect : Shape {
  float w, h;
  __device__ Rect(float w, float h) : w(w), h(h) {}
  __device__ float area() const override { return w * h; }
};

__global__ void shapes(float *out) {
  int t = threadIdx.x;
  Shape *s;
  if (t % 2)
    s = new Square(t);
  else
    s = new Rect(t, 2);
  out[t] = s->area();
  printf("area %d %.1f\n", t, out[t]);
  delete s;
}

struct Counter {
  __device__ virtual int step(int x) const = 0;
};
struct Inc : Counter {
  int by;
  __device__ Inc(int by) : by(by) {}
  __device__ int step(int x) const override { return x + by; }
};
struct Mul : Counter {
  int by;
  __device__ Mul(int by) : by(by) {}
  __device__ int step(int x) const override { return x * by; }
};

__global__ void placed(int *out) {
  __shared__ alignas(16) unsigned char pool[32][16];
  int t = threadIdx.x;
  void *buf = pool[t % 32];
  Counter *c = t < 16 ? (Counter *)new (buf) Inc(t) : (Counter *)new (buf) Mul(3);
  int v = 1;
  for (int k = 0; k < 3; ++k)
    v = c->step(v);
  out[t] = v;
  printf("placed %d %d\n", t, v);
}

__device__ float even_load(const float *p, int t) { return p[t]; }
__device__ float odd_load(const float *p, int t) { return p[2 * t]; }

__global__ void divergent(const float *in, float *out) {
  int t = threadIdx.x;
  float (*f)(const float *, int) = (t & 1) ? odd_load : even_load;
  float v = f(in, t);
  float w = __shfl_down_sync(0xffffffff, v, 1);
  out[t] = v + w;
  printf("div %d %.0f\n", t, v + w);
}

__device__ int countdown(int n);
__device__ op_t again = countdown;
__device__ int countdown(int n) { return n <= 0 ? 0 : 1 + again(n - 1); }

__global__ void recursive(int *out) { out[threadIdx.x] = countdown(threadIdx.x); }

__device__ op_t unset;
// warplint: launch grid(1) block(32)
__global__ void call_unset(int *out) { out[threadIdx.x] = unset(threadIdx.x); }
