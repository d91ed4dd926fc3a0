# Writes front-end bombs into the directory argv[1] (issue 42): files of a
# few hundred bytes that make Clang's front end run and grow without bound.
#   macro.cu      A0 is two tokens, each A<k> two of A<k-1>: A40 used once
#                 expands to 2^41 tokens, all in one initializer.
#   templates.cu  a template that instantiates two of itself per level, with
#                 distinct arguments: 2^30 instantiations.
import os
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)

lines = ["#define A0 1 +"]
for k in range(1, 41):
    lines.append("#define A%d A%d A%d" % (k, k - 1, k - 1))
lines += ["__device__ int bomb_value = A40 1;",
          "__global__ void bomb(int *out) { out[threadIdx.x] = bomb_value; }"]
with open(os.path.join(out, "macro.cu"), "w") as f:
    f.write("\n".join(lines) + "\n")

with open(os.path.join(out, "templates.cu"), "w") as f:
    f.write("""template <int D, unsigned long long K> struct Node {
  static constexpr unsigned long long value =
      Node<D - 1, 2 * K>::value + Node<D - 1, 2 * K + 1>::value;
};
template <unsigned long long K> struct Node<0, K> {
  static constexpr unsigned long long value = K;
};
__global__ void bomb(unsigned long long *out) { out[threadIdx.x] = Node<30, 1>::value; }
""")
