// A structure passed to a kernel by value: its pointer fields get buffers of
// their own and its scalars their values, named as the source names them
// (p.in, p.dims.x, p.stride[1]), from flags or a launch file's nested
// objects; the bytes live in the constant bank, as kernel parameters do.
// RUN: %warplint run --no-cuda-sdk %s --grid 2 --block 64 --arg p.n=128 --arg p.scale=2.5 --arg 'p.stride[0]=1' --arg 'p.stride[1]=2' --arg p.dims.x=3 --arg p.dims.y=-4 --buffer p.in=256:iota --buffer p.out=128 | FileCheck %s
// RUN: %warplint run --no-cuda-sdk %s --launch-file %S/Inputs/struct-args.launch.json | FileCheck %s
// CHECK-DAG: n 128 scale 2.50 stride 1 2 dims 3 -4
// CHECK-DAG: out[7] = 35.00
// CHECK-NOT: error
// The structure's fields are read from the constant bank, not global memory:
// the global loads are p.in's 4 and p.out[7]'s 1. (The static analysis does
// not bind a structure's fields from the launch yet, so the fields do not
// feed an address here: the cost-agreement test compares this kernel.)
// CHECK: l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum 5
// CHECK: struct-args.cu:[[#LINE:]]:16 global ld 4B: 4 requests, 8.00 sectors/request
// CHECK-NEXT: struct-args.cu:[[#LINE]]:18 const ld 8B: 4 requests, 0.00 replays/request
//
// check --confirm runs it with the launch file's fields too.
// RUN: not %warplint check --no-cuda-sdk --confirm %s --launch-file %S/Inputs/struct-args.launch.json 2>&1 | FileCheck %s --check-prefix=CONFIRM
// CONFIRM: note: device model measured 8.00 sectors per request (grid(2,1,1) block(64,1,1)): the run confirms the prediction
// CONFIRM-NOT: not given: p.n
//
// Unnamed fields are an error that lists the names there are.
// RUN: not %warplint run --no-cuda-sdk %s --grid 1 --block 32 --arg p.count=4 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// UNKNOWN: kernel 'scaleKernel' has no parameter 'p.count' (parameters: p.in, p.out, p.n, p.scale, p.stride[0], p.stride[1], p.dims.x, p.dims.y
//
// Not given, a structure's leaves get what parameters get: buffers sized by
// the launch, integers the number of threads, floats 1.
// RUN: %warplint run --no-cuda-sdk %s --grid 1 --block 32 | FileCheck %s --check-prefix=DEFAULTS
// DEFAULTS: note: buffer 'p.in': 64 x float (2 per thread of the launch
// DEFAULTS: note: argument 'p.n' = 32 (not given: the number of threads of the launch)
// DEFAULTS: note: argument 'p.scale' = 1 (not given)
#include <cstdio>

struct Dims {
  int x, y;
};

struct Params {
  const float *in;
  float *out;
  int n;
  float scale;
  int stride[2];
  Dims dims;
};

__global__ void scaleKernel(Params p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < p.n)
    p.out[i] = p.in[i * 2] * p.scale;
  if (i == 0)
    printf("n %d scale %.2f stride %d %d dims %d %d\n", p.n, p.scale, p.stride[0], p.stride[1],
           p.dims.x, p.dims.y);
  if (i == 7)
    printf("out[7] = %.2f\n", p.out[7]);
}
