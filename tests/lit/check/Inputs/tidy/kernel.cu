// Suppressing every finding of one kernel (tidy-nolint.test): `warplint:
// ignore-kernel[...]` on its declaration line or the comment lines above it.
// warplint: ignore-kernel[global-uncoalesced]
// warplint: launch block(256)
__global__ void quiet(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = in[2 * threadIdx.x] + in[3 * threadIdx.x];
}

// warplint: launch block(256)
__global__ void loud(const float *__restrict__ in, float *__restrict__ out) {
  out[threadIdx.x] = in[2 * threadIdx.x];
}

// warplint: launch block(256)
__global__ void all_quiet(const float *in, float *out) { // warplint: ignore-kernel[*]
  out[threadIdx.x] = in[4 * threadIdx.x];
}

// warplint: launch block(256)
__global__ void other_rule(const float *__restrict__ in, float *__restrict__ out) {
  // warplint: ignore-kernel[shared-bank-conflict]
  out[threadIdx.x] = in[5 * threadIdx.x];
}
