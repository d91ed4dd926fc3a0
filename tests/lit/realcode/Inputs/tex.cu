// Source of tex.ptx (nvcc -arch=sm_90 -ptx): a texture fetch next to a global store.
__global__ void fetch(cudaTextureObject_t tex, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = tex1Dfetch<float>(tex, i);
}
