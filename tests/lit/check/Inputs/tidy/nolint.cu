// NOLINT comments as clang-tidy reads them (tidy-nolint.test): each line
// reads a global array at its own stride, a global-uncoalesced finding.
// warplint: launch block(256)
__global__ void k(const float *__restrict__ in, float *__restrict__ out) {
  int i = threadIdx.x;
  float s = in[2 * i]; // NOLINT
  s += in[3 * i]; // NOLINT(global-uncoalesced)
  s += in[4 * i]; // NOLINT(warplint-global-uncoalesced)
  s += in[5 * i]; // NOLINT(bugprone-*, warplint-global-*)
  s += in[6 * i]; // NOLINT(bugprone-*, shared-bank-conflict)
  s += in[7 * i]; // NOLINT(-global-uncoalesced)
  // NOLINTNEXTLINE(global-uncoalesced)
  s += in[8 * i];
  s += in[9 * i];
  // NOLINTBEGIN(global-uncoalesced)
  s += in[10 * i];
  // NOLINTBEGIN
  s += in[11 * i];
  // NOLINTEND
  s += in[12 * i];
  // NOLINTEND(global-uncoalesced)
  s += in[13 * i];
  s += in[14 * i]; // NOLINT(unclosed
  out[i] = s;
}
