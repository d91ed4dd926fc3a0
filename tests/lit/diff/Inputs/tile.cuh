// Sizes the kernels of kernels.v1.cu and kernels.v2.cu share.
#define TILE 32
#define N 2048
#define STRIDE 8
