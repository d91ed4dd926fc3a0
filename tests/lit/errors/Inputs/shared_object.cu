// A __shared__ object whose default constructor does work: nvcc accepts it
// (shared memory is not initialized; the constructor is not run), Clang
// rejects it. warplint reads it as nvcc does.
struct Counter {
  int hits = 0;
  float sum = 0.0f;
  __device__ void add(float v) {
    atomicAdd(&hits, 1);
    atomicAdd(&sum, v);
  }
};

template <int B> __global__ void histogramLike(const float *in, float *out) {
  __shared__ Counter counter;
  __shared__ float tile[B];
  tile[threadIdx.x] = in[blockIdx.x * B + threadIdx.x * 2];
  __syncthreads();
  counter.add(tile[B - 1 - threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = counter.sum / counter.hits;
}

__global__ void plainObject(float *out) {
  __shared__ Counter c;
  c.add(1.0f);
  out[threadIdx.x * 4] = c.sum;
}

int main() {
  float *a, *b;
  cudaMalloc(&a, 1 << 22);
  cudaMalloc(&b, 1 << 22);
  histogramLike<128><<<1024, 128>>>(a, b);
  plainObject<<<64, 256>>>(b);
  return 0;
}
