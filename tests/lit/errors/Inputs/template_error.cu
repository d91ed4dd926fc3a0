// An error that only an instantiation shows: the template kernel is not
// analyzed, the plain one is.
template <typename T>
__global__ void scale(T *data, T factor) {
  data[threadIdx.x] = mystery(data[threadIdx.x]) * factor;
}

__global__ void plain(float *out) { out[threadIdx.x * 16] = 1.0f; }

template __global__ void scale<float>(float *, float);
