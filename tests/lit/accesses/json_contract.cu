// The JSON of `warplint accesses` (DESIGN.md): per kernel its launch and per
// access file, line, column, space, op, bytes, pattern, stride, uniform,
// predicted and assumptions; data-dependent ones predict null (totals: worst).
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck %s

// warplint: launch grid(8) block(64)
__global__ void gather(const int *idx, const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[idx[i]];
}
// Keys come sorted, accesses in source order.
// CHECK:      "accesses": [
// CHECK:        "bytes": 4,
// CHECK-NEXT:   "column": 10,
// CHECK:        "line": 9,
// CHECK-NEXT:   "op": "st",
// CHECK-NEXT:   "pattern": "coalesced",
// CHECK:          "sectors_per_request": 4,
// CHECK:        "space": "global",
// CHECK-NEXT:   "stride_bytes": 4,
// The whole launch: 16 warps, one request each, 4 sectors a request.
// CHECK-NEXT:   "totals": {
// CHECK-NEXT:     "formula": null,
// CHECK-NEXT:     "ideal": 64,
// CHECK-NEXT:     "requests": 16,
// CHECK-NEXT:     "sectors": 64
// CHECK-NEXT:   },
// CHECK-NEXT:   "uniform": false
// CHECK:        "column": 12,
// CHECK-NEXT:   "depends_on": "a value loaded at line 9",
// CHECK:        "pattern": "data-dependent",
// CHECK:          "sectors_per_request": null,
// Its requests are known, their cost is not: every lane its own sector
// assumed, 32 a request where 4 would do.
// CHECK:        "totals": {
// CHECK-NEXT:     "assumed": "addresses from loaded data: every lane its own sector (the worst case)",
// CHECK-NEXT:     "formula": null,
// CHECK-NEXT:     "ideal": 64,
// CHECK-NEXT:     "requests": 16,
// CHECK-NEXT:     "sectors": 512
// CHECK-NEXT:   },
// CHECK:        "column": 15,
// CHECK:        "pattern": "coalesced",
// CHECK:      "launch": {
// CHECK:        "block": [
// CHECK-NEXT:     64,
// CHECK:        "source": "annotation at line 6"
// CHECK:      "name": "gather"
