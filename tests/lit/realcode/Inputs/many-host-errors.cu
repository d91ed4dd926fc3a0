// Host code with more errors than Clang reports before it stops (20): the
// launch in main() is still read from the compile that kept host code.
#include <cuda_runtime.h>

__global__ void blur(float *a) { a[blockIdx.x * 128 + threadIdx.x] *= 0.5f; }

void setup() {
  host_only_call_0();
  host_only_call_1();
  host_only_call_2();
  host_only_call_3();
  host_only_call_4();
  host_only_call_5();
  host_only_call_6();
  host_only_call_7();
  host_only_call_8();
  host_only_call_9();
  host_only_call_10();
  host_only_call_11();
  host_only_call_12();
  host_only_call_13();
  host_only_call_14();
  host_only_call_15();
  host_only_call_16();
  host_only_call_17();
  host_only_call_18();
  host_only_call_19();
  host_only_call_20();
  host_only_call_21();
  host_only_call_22();
  host_only_call_23();
  host_only_call_24();
}

int main() {
  setup();
  blur<<<64, 128>>>(nullptr);
}
