// A host program for the ring kernel of tests/lit/run/mbarrier.cu (a
// producer filling a two-stage ring with bulk copies, three consumer warps
// waiting on mbarriers), so that Nsight Compute can count it as `warplint
// run` does: grid 1, block 128, 8 tiles, the input an iota.
#include "../../../lit/run/mbarrier.cu"

int main() {
  constexpr int N = 2048;
  float Host[N];
  for (int I = 0; I < N; ++I)
    Host[I] = float(I);
  float *In, *Out;
  cudaMalloc(&In, sizeof(Host));
  cudaMalloc(&Out, sizeof(Host));
  cudaMemcpy(In, Host, sizeof(Host), cudaMemcpyHostToDevice);
  ring<<<1, 128>>>(In, Out, 8);
  cudaError_t E = cudaDeviceSynchronize();
  std::printf("%s\n", cudaGetErrorString(E));
  return E != cudaSuccess;
}
