// Suppression comments: `// warplint: ignore` and the rule ids in brackets, on the line of the
// finding or alone on the line above; a comma-separated list; `*` for every
// rule. A comment naming another rule, or code on the line above, does not
// suppress.
#define TILE 32

// warplint: launch block(256)
__global__ void k(const float *__restrict__ in, float *__restrict__ out) {
  int i = threadIdx.x;
  float s = in[2 * i]; // warplint: ignore[global-uncoalesced]
  // warplint: ignore[global-uncoalesced]
  s += in[3 * i];
  s += in[4 * i]; // warplint: ignore[shared-bank-conflict, global-uncoalesced]
  s += in[5 * i]; // warplint: ignore[*]
  s += in[6 * i]; // warplint: ignore[shared-bank-conflict]
  s += in[7 * i]; s += in[8 * i]; // warplint: ignore[global-uncoalesced]
  out[i] = s; // warplint: ignore[global-uncoalesced]
  s += in[9 * i];
  /* warplint: ignore[global-uncoalesced] */ s += in[10 * i];
  out[i + 1] = s;
}

// warplint: launch block(32,32)
__global__ void tile_read(float *__restrict__ out) {
  __shared__ float tile[TILE][TILE];
  tile[threadIdx.y][threadIdx.x] = threadIdx.x;
  __syncthreads();
  // warplint: ignore[shared-bank-conflict]
  out[threadIdx.y * TILE + threadIdx.x] = tile[threadIdx.x][threadIdx.y];
  __syncthreads();
  out[threadIdx.x * TILE + threadIdx.y] += tile[threadIdx.x][threadIdx.y]; // warplint: ignore[global-uncoalesced]
}
