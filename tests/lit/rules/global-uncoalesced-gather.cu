// global-uncoalesced on a loop whose lanes have no one stride: a packed
// triangle unpacked by columns, whose gather spreads wider as the row grows
// (kaldi's batched_convert_sp_to_dense_kernel, issue 43's second look). The
// sectors change with the loop counter because the spread does, not the
// alignment: the message says so, and the fix is the layout's.
// RUN: not %warplint check --no-cuda-sdk --arg n=32 %s 2>&1 | FileCheck %s --implicit-check-not='[global-uncoalesced]'
// CHECK: global-uncoalesced-gather.cu:[[@LINE+6]]:{{[0-9]+}}: warning: kernel 'unpack': {{.*}} sectors per request on average ({{[0-9]+}} to {{[0-9]+}} over the loop) where 4 would do: the distance between adjacent lanes changes with the loop counter (no one stride: a gather whose spread grows or shrinks from one iteration to the next), {{.*}}; make adjacent threads touch adjacent elements in every iteration (threadIdx.x in the fastest-varying index), or stage the data through shared memory [global-uncoalesced]
// warplint: launch grid(1) block(32)
__global__ void unpack(const float *__restrict__ packed, float *__restrict__ dense, int n) {
  int i = threadIdx.x;
  for (int j = 0; j < n; ++j) {
    int r = i > j ? i : j, c = i > j ? j : i;
    dense[j * 32 + i] = packed[r * (r + 1) / 2 + c];
  }
}
// A constant stride whose start moves with the counter: the stride first.
// CHECK: global-uncoalesced-gather.cu:[[@LINE+4]]:{{[0-9]+}}: warning: kernel 'pairs': {{.*}}: adjacent threads are 8 bytes apart (2 elements of 4 bytes), and the warp's alignment changes with the loop counter, {{.*}}; make adjacent threads touch adjacent elements (threadIdx.x in the fastest-varying index), or use a structure of arrays [global-uncoalesced]
// warplint: launch grid(1) block(32)
__global__ void pairs(const float *__restrict__ in, float *__restrict__ out, int n) {
  for (int k = 0; k < n; ++k)
    out[threadIdx.x + 32 * k] = in[2 * threadIdx.x + 3 * k];
}
