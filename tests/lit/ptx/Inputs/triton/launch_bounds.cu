// __launch_bounds__(128, 4): the same bound as .maxntid 128 and
// .minnctapersm 4 in PTX.
__global__ void __launch_bounds__(128, 4) k(float *p) { p[threadIdx.x] = 1.0f; }
