// A library's own kernel, as CUB's device-wide algorithms write theirs.
namespace lib {
template <typename T> __global__ void scatterKernel(const T *in, T *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i * 16];
}
template <typename T> void scatter(const T *in, T *out, int n) {
  scatterKernel<<<(n + 255) / 256, 256>>>(in, out, n);
}
} // namespace lib
