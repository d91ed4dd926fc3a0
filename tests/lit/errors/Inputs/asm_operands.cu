// Inline asm operands without the comma between them: nvcc reads the next
// constraint string as the next operand, Clang expects ')'. warplint reads
// them as nvcc does; a missing ')' elsewhere stays an error.
__device__ void publish(unsigned value, unsigned *slot) {
  asm volatile("st.global.u32 [%1], %0;" :: "r"(value) "l"(slot) : "memory");
}

__global__ void flags(unsigned *slots, const float *in, float *out) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  publish(i, slots + i * 4);
  out[i * 2] = in[i];
}
