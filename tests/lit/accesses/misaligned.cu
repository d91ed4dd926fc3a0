// Contiguous lanes that start off a sector boundary: lane 0's offset (or
// offsets, when it changes from warp to warp), whether another load of the
// same warp touches the same sectors (a stencil's neighbour), and whether a
// loop-varying access touches sectors of the iteration before (a sliding
// window).
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON

// warplint: launch grid(64) block(256)
__global__ void stencil(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x + 1;
  out[i] = in[i - 1] + in[i] + in[i + 1];
}
// CHECK-LABEL: kernel stencil
// CHECK-NEXT: misaligned.cu:12:10 global st 4B misaligned stride 4B offset 4B sectors_per_request=5.00 ideal 4.00{{$}}
// CHECK-NEXT: misaligned.cu:12:12 global ld 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00{{$}}
// CHECK-NEXT: misaligned.cu:12:24 global ld 4B misaligned stride 4B offset 4B shares-sectors-with 12:12 sectors_per_request=5.00 ideal 4.00{{$}}
// CHECK-NEXT: misaligned.cu:12:32 global ld 4B misaligned stride 4B offset 8B shares-sectors-with 12:12 sectors_per_request=5.00 ideal 4.00{{$}}

// A pointer offset: alone, no neighbour.
// warplint: launch grid(64) block(256)
__global__ void shifted(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  const float *row = in + 3;
  out[i] = row[i];
}
// CHECK-LABEL: kernel shifted
// CHECK:      misaligned.cu:[[@LINE-3]]:12 global ld 4B misaligned stride 4B offset 12B sectors_per_request=5.00 ideal 4.00{{$}}

// An odd row pitch: each row of the block starts elsewhere in its sector.
// warplint: launch grid(32,32) block(32,8)
__global__ void pitch(const float *m, float *out) {
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 8 + threadIdx.y;
  out[y * 1024 + x] = m[y * 1001 + x];
}
// CHECK-LABEL: kernel pitch
// CHECK:      misaligned.cu:[[@LINE-3]]:23 global ld 4B misaligned stride 4B offset 4..28B sectors_per_request=4.88 ideal 4.00 range 4.00..5.00{{$}}

// A window sliding with the loop counter.
// warplint: launch grid(64) block(256)
__global__ void window(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    s += in[i + j];
  out[i] = s;
}
// CHECK-LABEL: kernel window
// CHECK:      misaligned.cu:[[@LINE-4]]:10 global ld 4B loop-varying stride 4B sliding-window sectors_per_request=4.88 ideal 4.00 range 4.00..5.00 per-iteration 4,5x7{{$}}

// Not a window: each iteration jumps by 33 floats, away from the last.
// warplint: launch grid(64) block(256)
__global__ void jumps(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f;
#pragma unroll 1
  for (int j = 0; j < 8; ++j)
    s += in[i + 33 * j];
  out[i] = s;
}
// CHECK-LABEL: kernel jumps
// CHECK:      misaligned.cu:[[@LINE-4]]:10 global ld 4B loop-varying stride 4B sectors_per_request=4.88 ideal 4.00 range 4.00..5.00 per-iteration 4,5x7{{$}}

// JSON:      "column": 24,
// JSON:      "shares_sectors_with": {
// JSON-NEXT:   "column": 12,
// JSON:      "offset_bytes": 4,
// JSON-NEXT: "offsets_bytes": [
// JSON-NEXT:   4,
// JSON-NEXT:   8,
// JSON:        28
// JSON-NEXT: ],
// JSON:      "sliding_window": true,
// JSON-NOT:  "sliding_window"
