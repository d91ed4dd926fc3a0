// grid-underfilled: a grid-stride kernel (its loop steps by gridDim, so the
// grid sets the parallelism) launched with too few blocks to fill the GPU
// (sm_90: the H100 SXM's 132 SMs x the blocks per SM the occupancy
// calculation allows), or with a small last wave. On an H100 the 64-block
// reduction below ran 12.4x slower than 1024 blocks
// (tests/hardware/h100/launchlimits.csv).
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[grid-underfilled]'
// Another GPU: 16 SMs hold 128 blocks of 256 threads, which 64 do not fill.
// RUN: not %warplint check --no-cuda-sdk --config %S/Inputs/grid-underfilled-16sms.yaml %s 2>&1 | FileCheck %s --check-prefix=SMS16 --implicit-check-not='[grid-underfilled]'

__global__ void reduce(const float *in, float *out, int n) {
  __shared__ float part[256];
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    s += in[i];
  part[threadIdx.x] = s;
  __syncthreads();
  for (int w = 128; w > 0; w >>= 1) {
    if (threadIdx.x < w)
      part[threadIdx.x] += part[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    atomicAdd(out, part[0]);
}

// One element per thread: the grid follows the data (negative).
__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * in[i];
}

// A grid-stride sum over float4s: each thread has 16 bytes in flight per
// iteration.
__global__ void reduce4(const float4 *in, float *out, int n4) {
  float s = 0;
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n4; i += gridDim.x * blockDim.x) {
    float4 v = in[i];
    s += v.x + v.y + v.z + v.w;
  }
  atomicAdd(out, s);
}

void host(const float *in, float *out) {
  int n = 1 << 26;
  // CHECK-DAG: warning: kernel 'reduce': the host launch at grid-underfilled.cu:[[@LINE+2]] runs a grid-stride loop (the loop at line 14), whose parallelism the grid sets, with 64 blocks where the H100 SXM holds 1056 at once (132 SMs x 8 blocks of 256 threads per SM): 6% of the GPU busy, 68 of its 132 SMs without a block; launch grid(1056) (132 SMs x 8 blocks per SM; at run time, multiProcessorCount x cudaOccupancyMaxActiveBlocksPerMultiprocessor) [grid-underfilled]
  // SMS16: warning: kernel 'reduce': the host launch at grid-underfilled.cu:[[@LINE+1]] runs {{.*}} with 64 blocks where a GPU of 16 SMs holds 128 at once (16 SMs x 8 blocks of 256 threads per SM): 50% of the GPU busy, 4.0 blocks per SM where 8 fit; launch grid(128) {{.*}} [grid-underfilled]
  reduce<<<64, 256>>>(in, out, n);
  // CHECK-DAG: warning: kernel 'reduce': the host launch at grid-underfilled.cu:[[@LINE+2]] runs {{.*}} with 132 blocks where the H100 SXM holds 1056 at once {{.*}}: 12% of the GPU busy, 1.0 blocks per SM where 8 fit; launch grid(1056) {{.*}} [grid-underfilled]
  // SMS16: warning: kernel 'reduce': the host launch at grid-underfilled.cu:[[@LINE+1]] runs {{.*}} with 132 blocks where a GPU of 16 SMs holds 128 at once {{.*}}: 2 waves, the last of 4 blocks (3% of the GPU), so the GPU is 52% busy over the launch; launch grid(128) (16 SMs x 8 blocks per SM; {{.*}}) [grid-underfilled]
  reduce<<<132, 256>>>(in, out, n);
  // A small last wave: 1100 blocks run in 2 waves, the second of 44 blocks.
  // CHECK-DAG: warning: kernel 'reduce': the host launch at grid-underfilled.cu:[[@LINE+2]] runs {{.*}} with 1100 blocks where the H100 SXM holds 1056 at once (132 SMs x 8 blocks of 256 threads per SM): 2 waves, the last of 44 blocks (4% of the GPU), so the GPU is 52% busy over the launch; launch grid(1056) (132 SMs x 8 blocks per SM; {{.*}}) [grid-underfilled]
  // (With 16 SMs: 9 waves, the last of 76 blocks, 95% busy: silent.)
  reduce<<<1100, 256>>>(in, out, n);
  // Fills the GPU: 1024 of 1056 resident blocks, 97% (negative); and 3 full waves.
  reduce<<<1024, 256>>>(in, out, n);
  reduce<<<3168, 256>>>(in, out, n);
  // 1024 blocks of 128 threads: one wave of 16 resident blocks per SM, half
  // of them used. Every SM has 7 or 8 blocks (896+ threads): with 16 bytes
  // per thread in flight that hides DRAM's latency at its bandwidth, and more
  // blocks would not help (on an H200, tests/hardware/h200/gridfill.csv: a
  // float4 grid-stride copy at 1024 x 128 ran within 3% of 2112 x 128;
  // negative). With 4 bytes per thread in flight (reduce) the same grid ran
  // 1.85x slower than 2112 blocks: reported.
  reduce4<<<1024, 128>>>((const float4 *)in, out, n / 4);
  // CHECK-DAG: warning: kernel 'reduce': the host launch at grid-underfilled.cu:[[@LINE+1]] runs {{.*}} with 1024 blocks where the H100 SXM holds 2112 at once (132 SMs x 16 blocks of 128 threads per SM): 48% of the GPU busy, 7.8 blocks per SM where 16 fit; launch grid(2112) {{.*}} [grid-underfilled]
  reduce<<<1024, 128>>>(in, out, n);
  // Two blocks of 128 threads per SM keep 4 KiB in flight per SM, too few
  // (an H200 ran the float4 copy 2x slower at 264 x 128 than at 2112 x 128).
  // CHECK-DAG: warning: kernel 'reduce4': the host launch at grid-underfilled.cu:[[@LINE+2]] runs {{.*}} with 264 blocks where the H100 SXM holds 2112 at once (132 SMs x 16 blocks of 128 threads per SM): 12% of the GPU busy, 2.0 blocks per SM where 16 fit; launch grid(2112) {{.*}} [grid-underfilled]
  // SMS16: warning: kernel 'reduce4': the host launch at grid-underfilled.cu:[[@LINE+1]] runs {{.*}} with 264 blocks where a GPU of 16 SMs holds 256 at once {{.*}}: 2 waves, the last of 8 blocks {{.*}} [grid-underfilled]
  reduce4<<<264, 128>>>((const float4 *)in, out, n / 4);
  // The grid follows n (negative).
  scale<<<64, 256>>>(in, out, n);
}

// CHECK-DAG leaves holes in --implicit-check-not: the findings are counted too.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | grep -c '\[grid-underfilled\]' | FileCheck %s --check-prefix=COUNT
// COUNT: {{^}}5{{$}}
