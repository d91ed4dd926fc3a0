# Writes a kernel whose body is an else-if chain of N arms (argv[1]), which
# the LLVM optimizer spends minutes on (issue 42).
import sys

n = int(sys.argv[1])
out = ["__global__ void chain(const int *in, int *out) {",
       "  int t = in[blockIdx.x * blockDim.x + threadIdx.x];",
       "  int r;",
       "  if (t == 0) r = 1;"]
for i in range(1, n):
    out.append("  else if (t == %d) r = in[%d];" % (i * 3, i))
out += ["  else r = -1;", "  out[blockIdx.x * blockDim.x + threadIdx.x] = r;", "}"]
print("\n".join(out))
