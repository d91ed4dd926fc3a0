// Where the optimizer merges accesses from two lines (a load hoisted out of
// both arms of a branch, a store sunk into their join) or moves one out of a
// loop, every access still has a file and a line: the first of the merged
// lines, or the nearest line of its block. Never line 0. The other lines of a
// merged access are named (`merged-with`, JSON `merged_with`), and check gives
// each a note.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck --check-prefix=JSON %s
#include <cuda_runtime.h>
// warplint: launch grid(64) block(256)
__global__ void merged(const float *a, const float *b, float *out, int flag) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  float v;
  if (flag > 3)
    v = a[i * 2] + b[i];
  else
    v = a[i * 2] - b[i];
  if (v > 0)
    out[i] = v;
  else
    out[i] = -v;
}
// CHECK-LABEL: kernel merged
// CHECK-NEXT: merged_lines.cu:15:9 global ld 4B strided stride 8B {{.*}} merged-with 17:9{{$}}
// CHECK-NEXT: merged_lines.cu:15:20 global ld 4B coalesced {{.*}} merged-with 17:20{{$}}
// CHECK-NEXT: merged_lines.cu:19:12 global st 4B coalesced {{.*}} merged-with 21:12{{$}}
// JSON:      "line": 15
// JSON:      "merged_with": [
// JSON-NEXT:   {
// JSON-NEXT:     "column": 9,
// JSON-NEXT:     "file": "{{.*}}merged_lines.cu",
// JSON-NEXT:     "line": 17
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck --check-prefix=NOTE %s
// NOTE:      merged_lines.cu:15:9: warning: kernel 'merged': 8 sectors per request
// NOTE:      merged_lines.cu:17:9: note: the optimizer merged the access on this line into the one at merged_lines.cu:15: one instruction serves both lines

// Loads that loop passes re-create in a preheader.
// warplint: launch grid(64) block(256)
__global__ void walk(const int *len, const float *in, float *out) {
  float acc = 0;
  for (int r = 0; r < 8; ++r)
    for (int i = 0; i < len[threadIdx.x + r]; ++i)
      for (int j = 0; j < len[threadIdx.x * 2 + i]; ++j)
        acc += in[(i * 64 + j) * 256 + threadIdx.x];
  out[threadIdx.x] = acc;
}
// CHECK-LABEL: kernel walk
// CHECK-NOT: {{^  :0}}
// CHECK: merged_lines.cu:42:
// CHECK-NOT: {{^  :0}}
// JSON-NOT: "line": 0
// JSON-NOT: "file": ""
