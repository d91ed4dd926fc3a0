// A missing ')' outside an asm statement is not rewritten: nvcc rejects it too.
__device__ float scale(float x, const char *why) { return x * 2.0f; }

__global__ void broken(float *out) {
  out[threadIdx.x] = scale(out[threadIdx.x] "twice");
}

__global__ void fine(float *out) { out[threadIdx.x * 2] = 1.0f; }
