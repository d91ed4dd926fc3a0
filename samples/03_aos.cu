// An array of structures: reading one field of a 16-byte struct wastes three
// quarters of every sector. A structure of arrays would be coalesced.
struct Particle {
  float x, y, z, mass;
};

// warplint: launch grid(1024) block(128)
__global__ void total_mass(const Particle *p, float *mass_out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  mass_out[i] = p[i].mass * 2.0f;
}
