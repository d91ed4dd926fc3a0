// printf in an endless loop: the device model's output is bounded as a GPU's
// printf buffer is, and says it was cut.
#include <cstdio>

__global__ void chatty(int *out) {
  for (int i = 0;; ++i) {
    printf("thread %d says line %d of an endless loop\n", threadIdx.x, i);
    if (i == -1)
      out[0] = i;
  }
}
