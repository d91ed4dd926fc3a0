// global-aos-field: one field of an array of structures.
//  * mass: reads only the mass of 16-byte particles (16 sectors per request
//    where 4 would do); the fix keeps the masses in their own array (SoA).
//  * allfields: reads all four fields as four 4-byte loads (the struct is only
//    4-byte aligned, so no vector load): the other three loads hit L1. The fix
//    reads each particle as one 16-byte vector; on a DRAM-bound kernel the
//    bytes moved from DRAM are the same.
//  * float3x: the .x of a float3 (12 sectors per request); the fix is SoA.
#include "timing.cuh"

struct Particle {
  float x, y, z, mass;
};

__global__ void mass_before(const Particle *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 9.81f * p[i].mass;
}

__global__ void mass_after(const float *mass, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 9.81f * mass[i];
}

__global__ void allfields_before(const Particle *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = p[i].mass * (p[i].x * p[i].x + p[i].y * p[i].y + p[i].z * p[i].z);
}

__global__ void allfields_after(const float4 *p, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 q = p[i];
    out[i] = q.w * (q.x * q.x + q.y * q.y + q.z * q.z);
  }
}

__global__ void float3x_before(const float3 *v, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = v[i].x * v[i].x + 1.0f;
}

__global__ void float3x_after(const float *vx, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = vx[i] * vx[i] + 1.0f;
}

#define MASS_PAIR(PAIR, N)                                                      \
  {                                                                             \
    const int n = N;                                                            \
    std::vector<float> data = randomFloats((size_t)4 * n);                      \
    std::vector<float> masses(n);                                               \
    for (int i = 0; i < n; ++i)                                                 \
      masses[i] = data[4 * i + 3];                                              \
    Buffer<float> p4((size_t)4 * n), mass(n), out(n);                           \
    p4.upload(data);                                                            \
    mass.upload(masses);                                                        \
    const Particle *p = (const Particle *)p4.dev;                               \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "mass_before", grid, block,                               \
                mass_before<<<grid, block>>>(p, out.dev, n));                   \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "mass_after", grid, block,                                \
                mass_after<<<grid, block>>>(mass.dev, out.dev, n));             \
    checkSame(PAIR, ref, out.download());                                       \
  }

#define ALLFIELDS_PAIR(PAIR, N)                                                 \
  {                                                                             \
    const int n = N;                                                            \
    Buffer<float> p4((size_t)4 * n), out(n);                                    \
    p4.upload(randomFloats((size_t)4 * n));                                     \
    const Particle *p = (const Particle *)p4.dev;                               \
    const float4 *q = (const float4 *)p4.dev;                                   \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "allfields_before", grid, block,                          \
                allfields_before<<<grid, block>>>(p, out.dev, n));              \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "allfields_after", grid, block,                           \
                allfields_after<<<grid, block>>>(q, out.dev, n));               \
    checkSame(PAIR, ref, out.download());                                       \
  }

#define FLOAT3X_PAIR(PAIR, N)                                                   \
  {                                                                             \
    const int n = N;                                                            \
    std::vector<float> data = randomFloats((size_t)3 * n);                      \
    std::vector<float> xs(n);                                                   \
    for (int i = 0; i < n; ++i)                                                 \
      xs[i] = data[3 * i];                                                      \
    Buffer<float> v3((size_t)3 * n), vx(n), out(n);                             \
    v3.upload(data);                                                            \
    vx.upload(xs);                                                              \
    const float3 *v = (const float3 *)v3.dev;                                   \
    dim3 block(256);                                                            \
    dim3 grid(n / 256);                                                         \
    TIME_LAUNCH(PAIR, "float3x_before", grid, block,                            \
                float3x_before<<<grid, block>>>(v, out.dev, n));                \
    std::vector<float> ref = out.download();                                    \
    out.clear();                                                                \
    TIME_LAUNCH(PAIR, "float3x_after", grid, block,                             \
                float3x_after<<<grid, block>>>(vx.dev, out.dev, n));            \
    checkSame(PAIR, ref, out.download());                                       \
  }

int main() {
  MASS_PAIR("mass-64K", 1 << 16)
  MASS_PAIR("mass-1M", 1 << 20)
  MASS_PAIR("mass-16M", 1 << 24)
  ALLFIELDS_PAIR("allfields-1M", 1 << 20)
  ALLFIELDS_PAIR("allfields-16M", 1 << 24)
  FLOAT3X_PAIR("float3x-16M", 1 << 24)
  return 0;
}
