// Fields of arrays of structures are labelled struct-field with the struct's
// size, although O2 has turned the struct GEPs into byte offsets by the time
// the accesses are predicted (the frontend records them before).
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON

struct V3 { float x, y, z; };
struct Nest { V3 pos[2]; float w; };
struct Arr { float v[4]; int id; };
struct P { float x, y, z, mass; };

__device__ float massOf(const P &q) { return q.mass; }

// warplint: launch grid(64) block(128)
__global__ void fields(const Nest *q, const Arr *a, const P *p, float *o, int j) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const P &r = p[i];
  o[i] = q[i].pos[1].y + a[i].v[j & 3] + r.z + massOf(p[i]);
  // Not a field: the same bytes read through a float pointer are a stride.
  o[i + 1] = ((const float *)p)[4 * i];
  // Every field of the struct, one load each (4-byte aligned: no vector); with
// the read above (its x) and those on line 18, every field of P is used.
  o[i + 2] = p[i].x + p[i].y + p[i].z + p[i].mass;
}
// CHECK-LABEL: kernel fields
// CHECK-NEXT: struct_fields.cu:12:48 global ld 4B struct-field stride 16B struct 16B every-field sectors_per_request=16.00 ideal 4.00
// CHECK-NEXT: struct_fields.cu:18:8 global st 4B coalesced
// CHECK-NEXT: struct_fields.cu:18:22 global ld 4B struct-field stride 28B struct 28B sectors_per_request=28.00 ideal 4.00
// CHECK-NEXT: struct_fields.cu:18:26 global ld 4B struct-field stride 20B struct 20B sectors_per_request=20.00 ideal 4.00
// CHECK-NEXT: struct_fields.cu:18:44 global ld 4B struct-field stride 16B struct 16B every-field sectors_per_request=16.00 ideal 4.00
// CHECK-NEXT: struct_fields.cu:20:12 global st 4B misaligned
// CHECK-NEXT: struct_fields.cu:20:14 global ld 4B strided stride 16B sectors_per_request=16.00 ideal 4.00
// CHECK-NEXT: struct_fields.cu:23:12 global st 4B misaligned
// CHECK-NEXT: struct_fields.cu:23:28 global ld 4B struct-field stride 16B struct 16B every-field sectors_per_request=16.00 ideal 4.00
// CHECK-NEXT: struct_fields.cu:23:37 global ld 4B struct-field stride 16B struct 16B every-field sectors_per_request=16.00 ideal 4.00
// CHECK-NEXT: struct_fields.cu:23:46 global ld 4B struct-field stride 16B struct 16B every-field sectors_per_request=16.00 ideal 4.00

// Templates: one struct size per instantiation.
template <class T> __global__ void second(const T *p, float *o) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  o[i] = p[i].y;
}
template __global__ void second<V3>(const V3 *, float *);
template __global__ void second<P>(const P *, float *);
// CHECK-LABEL: kernel second<V3>
// CHECK:      struct_fields.cu:[[@LINE-5]]:15 global ld 4B struct-field stride 12B struct 12B sectors_per_request=12.00 ideal 4.00
// CHECK-LABEL: kernel second<P>
// CHECK:      struct_fields.cu:[[@LINE-7]]:15 global ld 4B struct-field stride 16B struct 16B sectors_per_request=16.00 ideal 4.00

// In JSON the struct size is "struct_bytes", next to the pattern, and
// "every_field_used" when the kernel uses the whole struct.
// JSON:      "every_field_used": true,
// JSON:      "pattern": "struct-field",
// JSON-NEXT: "predicted": {
// JSON:      "stride_bytes": 16,
// JSON-NEXT: "struct_bytes": 16,
