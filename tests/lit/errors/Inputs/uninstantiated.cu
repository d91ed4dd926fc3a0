// Kernel templates nothing in the file launches: one named by a comment, one
// by a launch file, one by nothing.
template <int B, int C> __global__ void byComment(float *out) {
  out[threadIdx.x * B + C] = 1.0f;
}
// warplint: instantiate byComment<8, 1>

template <typename T> __global__ void byLaunchFile(const T *in, T *out) {
  out[blockIdx.x * blockDim.x + threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
}

template <int TILE> __global__ void byNothing(float *out) {
  out[threadIdx.x * TILE] = 0.0f;
}

__global__ void plain(float *out) { out[threadIdx.x] = 2.0f; }
