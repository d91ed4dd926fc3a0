"""A host call graph built to multiply paths: LEVELS functions, each calling
the next from CALLS sites inside a loop over a constant list of 16 values,
the deepest launching; and two functions that call each other and launch."""
import sys

levels, calls = int(sys.argv[1]), int(sys.argv[2])
print("#include <cuda_runtime.h>")
print("#include <initializer_list>")
print("__global__ void k(float *p, int n) { p[blockIdx.x * blockDim.x + threadIdx.x] = n; }")
print("__global__ void r(float *p, int n) { p[threadIdx.x] = n; }")
print("void f%d(float *p, int n) { k<<<n, 32>>>(p, n); }" % levels)
for l in range(levels - 1, -1, -1):
    body = " ".join("f%d(p, n + b + %d);" % (l + 1, c) for c in range(calls))
    print("void f%d(float *p, int n) { for (int b : {%s}) { %s } }"
          % (l, ", ".join(str(v) for v in range(1, 17)), body))
print("void g(float *p, int n);")
print("void h(float *p, int n) { if (n > 0) g(p, n - 1); r<<<1, 32>>>(p, n); }")
print("void g(float *p, int n) { h(p, n); h(p, n + 1); }")
print("int main() { float *p; cudaMalloc(&p, 1 << 20); f0(p, 1); g(p, 4); return 0; }")
