// Bad suppression comments (tidy-nolint.test): each is an error of its own,
// and the finding it was meant for is still reported.
// warplint: launch block(256)
__global__ void k(const float *__restrict__ in, float *__restrict__ out) {
  int i = threadIdx.x;
  float s = in[2 * i]; // NOLINT(warplint-global-uncoalesed)
  s += in[3 * i]; // warplint: ignore[global-uncoalesed]
  s += in[4 * i]; // NOLINT(bugprone-not-ours, warplint-nothing-*)
  // NOLINTBEGIN(global-uncoalesced)
  s += in[5 * i];
  // NOLINTEND(shared-bank-conflict)
  out[i] = s;
}
// The comment names no rule of warplint: not an error.
// NOLINTNEXTLINE(readability-magic-numbers)
__device__ int magic() { return 42; }
