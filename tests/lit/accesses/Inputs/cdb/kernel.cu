#include "tile.h"
// warplint: launch grid(4) block(32)
__global__ void k(float *p) { p[threadIdx.x * STRIDE] = TILE_WIDTH; }
