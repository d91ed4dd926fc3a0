// Cache-hint loads and stores (tests/lit/ptx/cache-hints.test lifts the PTX
// nvcc writes for this file: nvcc -arch=sm_90 -lineinfo -ptx).
__global__ void streamCopy(const float4 *in, const float *table, float4 *out, float *sum) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = __ldcs(in + i);
  float t = __ldg(table + (i & 31));
  float u = __ldcg(table + 32 + (i & 31));
  v.x += t + u;
  __stcs(out + i, v);
  __stwt(sum + i, v.y);
  sum[i + 4096] = v.z;
}
