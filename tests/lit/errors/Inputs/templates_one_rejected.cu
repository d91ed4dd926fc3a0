// Five kernel templates, each instantiated by a launch in main; Clang
// rejects the instantiation of the last one (a member its argument lacks).
template <int TILE> __global__ void copyRows(const float *in, float *out, int n) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i < n)
    out[i] = in[i];
}

template <int STRIDE> __global__ void strided(const float *in, float *out, int n) {
  int i = (blockIdx.x * blockDim.x + threadIdx.x) * STRIDE;
  if (i < n)
    out[i] = in[i];
}

template <typename T> __global__ void scale(T *data, T f, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    data[i] *= f;
}

template <int W> __global__ void transposeNaive(const float *in, float *out) {
  int x = blockIdx.x * W + threadIdx.x, y = blockIdx.y * W + threadIdx.y;
  out[x * 1024 + y] = in[y * 1024 + x];
}

struct Plain {
  float value;
};

template <typename P> __global__ void usesTraits(P *p, float *out) {
  out[threadIdx.x] = p[threadIdx.x].value * P::scaleFactor();
}

int main() {
  float *a, *b;
  Plain *p;
  int n = 1 << 20;
  cudaMalloc(&a, n * 4);
  cudaMalloc(&b, n * 4);
  cudaMalloc(&p, n * 4);
  copyRows<256><<<n / 256, 256>>>(a, b, n);
  strided<4><<<n / 256, 256>>>(a, b, n);
  scale<float><<<n / 256, 256>>>(a, 2.0f, n);
  transposeNaive<32><<<dim3(32, 32), dim3(32, 32)>>>(a, b);
  usesTraits<Plain><<<1, 128>>>(p, b);
  return 0;
}
