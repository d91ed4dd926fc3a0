// The CUDA source of ptx-source.ptx, which nvcc wrote with line info:
//   nvcc -ptx -lineinfo -arch=sm_90 ptx-source.cu -o ptx-source.ptx
// tests/lit/run/ptx-launch.test runs both with ptx-source.launch.json.
struct F4 {
  float x, y, z, w;
};

// warplint: launch grid(64) block(256)
__global__ void g_copy(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

// warplint: launch grid(64) block(256)
__global__ void float3_x(const float3 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].x;
}

// warplint: launch grid(64) block(256)
__global__ void struct16_field(const F4 *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i].y;
}

// warplint: launch grid(64) block(256)
__global__ void copy_float4(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
