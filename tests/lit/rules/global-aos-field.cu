// global-aos-field: positive and negative cases, through a macro and a
// template. Every [global-aos-field] line of the output must be matched.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[global-aos-field]'
// The threshold is an option: at 3.5 only the 16-byte structs (4x) warn.
// RUN: printf 'rules:\n  global-aos-field:\n    threshold: 3.5\n' > %t.yaml
// RUN: not %warplint check --no-cuda-sdk --config=%t.yaml %s 2>&1 | FileCheck %s --check-prefix=T35 --implicit-check-not='[global-aos-field]'

struct Particle {
  float x, y, z, mass;
};

// warplint: launch grid(1024) block(128)
__global__ void total_mass(const Particle *__restrict__ p, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: global-aos-field.cu:[[@LINE+2]]:17: warning: kernel 'total_mass': 16 sectors per request where 4 would do: each thread reads 4 bytes of its 16-byte struct ('mass'), so adjacent threads are 16 bytes apart and 75% of the bytes fetched are other fields, with block(128,1,1) from the annotation at line 12; use a structure of arrays: keep 'mass' in an array of its own so adjacent threads touch adjacent elements [global-aos-field]
  // T35: global-aos-field.cu:[[@LINE+1]]:17: warning: kernel 'total_mass': 16 sectors{{.*}} [global-aos-field]
  out[i] = p[i].mass * 2.0f;
}

// A store to one field.
// warplint: launch grid(1024) block(128)
__global__ void reset_mass(Particle *__restrict__ p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: global-aos-field.cu:[[@LINE+2]]:13: warning: kernel 'reset_mass': 16 sectors per request where 4 would do: each thread writes 4 bytes of its 16-byte struct ('mass'), {{.*}}; use a structure of arrays: keep 'mass' in an array of its own {{.*}} [global-aos-field]
  // T35: global-aos-field.cu:[[@LINE+1]]:13: warning: kernel 'reset_mass'{{.*}} [global-aos-field]
  p[i].mass = 1.0f;
}

// Every field of its 16-byte struct, one 4-byte load each: load it whole.
// warplint: launch grid(1024) block(128)
__global__ void sum_fields(const Particle *__restrict__ p, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-COUNT-4: global-aos-field.cu:[[@LINE+2]]:{{[0-9]+}}: warning: kernel 'sum_fields': 16 sectors per request where 4 would do: each thread reads 4 bytes of its 16-byte struct ('{{x|y|z|mass}}'), {{.*}}; every field is used: load each struct whole with one 16-byte vector access (declare it __align__(16)), or use a structure of arrays [global-aos-field]
  // T35-COUNT-4: global-aos-field.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'sum_fields'{{.*}} [global-aos-field]
  out[i] = p[i].x + p[i].y + p[i].z + p[i].mass;
}

// float3: every field used, but 12 bytes cannot move as one vector.
// warplint: launch grid(1024) block(256)
__global__ void length2(const float3 *__restrict__ v, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK-COUNT-3: global-aos-field.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'length2': 12 sectors per request where 4 would do: each thread reads 4 bytes of its 12-byte struct ('{{x|y|z}}'), so adjacent threads are 12 bytes apart and 67% of the bytes fetched are other fields, {{.*}}; every field is used, but a 12-byte struct cannot move as one vector: pad it to 16 bytes (__align__(16)) and load it whole, or use a structure of arrays [global-aos-field]
  out[i] = v[i].x * v[i].x + v[i].y * v[i].y + v[i].z * v[i].z;
}

// Through a macro: the location is the member in the macro's argument.
#define FIELD(p, i, f) (p)[i].f
// warplint: launch grid(1024) block(128)
__global__ void via_macro(const Particle *__restrict__ p, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // T35: global-aos-field.cu:[[@LINE+2]]:{{[0-9]+}}: warning: kernel 'via_macro'{{.*}} [global-aos-field]
  // CHECK: global-aos-field.cu:[[@LINE+1]]:{{[0-9]+}}: warning: kernel 'via_macro': 16 sectors per request where 4 would do: each thread reads 4 bytes of its 16-byte struct{{.*}} [global-aos-field]
  out[i] = FIELD(p, i, y);
}

// A template: float2's .y (8-byte struct, 2x) warns; a 4-byte struct is
// coalesced.
struct One {
  float v;
};
template <class T> __global__ void second(const T *__restrict__ p, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECK: global-aos-field.cu:[[@LINE+1]]:17: warning: kernel 'second<float2>': 8 sectors per request where 4 would do: each thread reads 4 bytes of its 8-byte struct ('y'){{.*}} [global-aos-field]
  out[i] = p[i].y;
}
template <class T> __global__ void first(const T *__restrict__ p, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = p[i].v;
}
template __global__ void second<float2>(const float2 *, float *);
template __global__ void first<One>(const One *, float *);

// Negative: a structure of arrays, a whole float4 per thread, one struct read
// by every lane (a broadcast), fields through a data-dependent index (that is
// global-uncoalesced's business, with --confirm), and a suppressed field read.
struct Particles {
  float *x, *y, *z, *mass;
};
// warplint: launch grid(1024) block(128)
__global__ void fine(Particles s, const float4 *__restrict__ v, const Particle *__restrict__ p,
                     const int *__restrict__ idx, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 w = v[i];
  out[i] = s.mass[i] + w.x + w.w + p[0].mass + p[idx[i]].mass;
  out[i] += p[i].z; // warplint: ignore[global-aos-field]
}
