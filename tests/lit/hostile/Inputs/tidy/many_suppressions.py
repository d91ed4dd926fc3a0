"""Writes a CUDA file whose comments a hostile repository could hold
(tidy-suppressions.test): a 4 MB line of NOLINT( with no closing parenthesis,
a line of 100,000 `warplint: ignore[` opened and one bracket at its end, a
line of NOLINT(...) lists each 8 KB long, and 200,000 NOLINTBEGIN lines never
closed; then a kernel with a finding."""
import sys

out = sys.stdout
out.write("// " + "NOLINT(" * 600000 + "\n")
out.write("// " + "warplint: ignore[" * 100000 + "]\n")
out.write("// " + ("NOLINT(" + "x" * 8192 + ")") * 200 + "\n")
out.write("// NOLINTBEGIN(global-uncoalesced)\n" * 200000)
out.write("""// warplint: launch block(256)
__global__ void k(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = in[2 * threadIdx.x];
}
""")
