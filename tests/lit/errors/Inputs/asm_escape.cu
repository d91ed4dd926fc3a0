// `%globaltimer` with a single `%`: nvcc passes it through to PTX, Clang
// rejects the escape. warplint reads it as `%%globaltimer`.
__global__ void stamp(unsigned long long *out, const float *in, float *copy) {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  out[blockIdx.x * blockDim.x + threadIdx.x] = t;
  copy[(blockIdx.x * blockDim.x + threadIdx.x) * 2] = in[threadIdx.x];
}
