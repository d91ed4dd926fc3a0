// Execution counts (issue 25): each access's requests, sectors or wavefronts
// and ideal over the whole launch, and each kernel's warps and buffer
// footprints, computed by hand below and checked against the device model,
// which runs the same launches (the launch file gives shapes, arguments and
// buffers to both).
// RUN: %warplint accesses --no-cuda-sdk --format=json --launch-file %S/Inputs/totals.launch.json %s > %t.acc.json
// RUN: %python %S/Inputs/totals.py accesses %t.acc.json | FileCheck %s
// RUN: %warplint run --no-cuda-sdk --format=json --launch-file %S/Inputs/totals.launch.json %s > %t.run.json
// RUN: %python %S/Inputs/totals.py run %t.run.json | FileCheck %s --check-prefix=DM
// Every predicted total within 5% of the measured one (measured: AGREE).
// RUN: %python %S/Inputs/totals.py compare %t.acc.json %t.run.json | FileCheck %s --check-prefix=AGREE
// Without the launch file's arguments: n unknown, a formula.
// RUN: %warplint accesses --no-cuda-sdk --format=json %s > %t.unknown.json
// RUN: %python %S/Inputs/totals.py accesses %t.unknown.json | FileCheck %s --check-prefix=UNKNOWN
// And the device model at the value assumed (4096).
// RUN: %warplint run --no-cuda-sdk --format=json %s --kernel loop_n --grid 8 --block 128 --arg n=4096 --buffer in=4194304 --buffer out=1024 > %t.n.json
// RUN: %python %S/Inputs/totals.py run %t.n.json | FileCheck %s --check-prefix=DM-N

// 4096 blocks x 8 warps = 32768 warps, one request each per access, 4
// sectors each (32 floats); every element read once.
// warplint: launch grid(4096) block(256)
__global__ void vecadd(const float *a, const float *b, float *c) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}
// CHECK-LABEL: kernel vecadd warps=32768
// CHECK-DAG:   buffer a read=131072 written=0 reuse=1
// CHECK-DAG:   buffer b read=131072 written=0 reuse=1
// CHECK-DAG:   buffer c read=0 written=131072 reuse=1
// CHECK-DAG:   [[@LINE-6]]:8 global st requests=32768 sectors=131072 ideal=131072
// CHECK-DAG:   [[@LINE-7]]:10 global ld requests=32768 sectors=131072 ideal=131072
// CHECK-DAG:   [[@LINE-8]]:17 global ld requests=32768 sectors=131072 ideal=131072
// DM-DAG: vecadd {{[0-9]+}}:8 global st requests=32768 cost=131072

// count = 1000 of 1024 threads: warps 0..30 full (4 sectors), warp 31 has
// 8 lanes (1 sector): 32 requests, 125 sectors.
// warplint: launch grid(4) block(256)
__global__ void bounds(const float *in, float *out, int count) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < count)
    out[i] = in[i];
}
// CHECK-LABEL: kernel bounds warps=32
// CHECK-DAG:   [[@LINE-3]]:14 global ld requests=32 sectors=125 ideal=125
// CHECK-DAG:   [[@LINE-4]]:12 global st requests=32 sectors=125 ideal=125
// DM-DAG: bounds {{[0-9]+}}:14 global ld requests=32 cost=125

// 1000 iterations (more than the 64 sampled: ScalarEvolution's trip count)
// x 32 warps = 32000 requests, 4 sectors each; the store once per warp.
// warplint: launch grid(8) block(128)
__global__ void loop_const(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < 1000; ++k)
    acc += in[k * 1024 + i];
  out[i] = acc;
}
// CHECK-LABEL: kernel loop_const warps=32
// CHECK-DAG:   buffer in read=128000 written=0 reuse=1
// CHECK-DAG:   [[@LINE-5]]:12 global ld requests=32000 sectors=128000 ideal=128000
// CHECK-DAG:   [[@LINE-5]]:10 global st requests=32 sectors=128 ideal=128
// DM-DAG: loop_const {{[0-9]+}}:12 global ld requests=32000 cost=128000

// n iterations x 32 warps: 3200 requests at n = 100 (launch file); unknown,
// 32*n at the assumed n = 4096 (131072).
// warplint: launch grid(8) block(128)
__global__ void loop_n(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0;
  for (int k = 0; k < n; ++k)
    acc += in[k * 1024 + i];
  out[i] = acc;
}
// CHECK-LABEL: kernel loop_n warps=32
// CHECK-DAG:   [[@LINE-4]]:12 global ld requests=3200 sectors=12800 ideal=12800
// DM-DAG: loop_n {{[0-9]+}}:12 global ld requests=3200 cost=12800
// UNKNOWN-LABEL: kernel loop_n warps=32
// UNKNOWN:       assumes: n not given: 4096 assumed
// UNKNOWN-DAG:   [[@LINE-8]]:12 global ld requests=131072 sectors=524288 ideal=524288 formula=32*n
// DM-N: loop_n {{[0-9]+}}:12 global ld requests=131072 cost=524288

// Grid-stride over 1000000 floats with 2048 threads: threads below 576 run
// 489 iterations, the others 488; warps 0..17 run 489, warps 18..63 488:
// 18*489 + 46*488 = 31250 requests (every one a full warp: 4 sectors).
// warplint: launch grid(16) block(128)
__global__ void grid_stride(const float *in, float *out, int total) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < total; i += blockDim.x * gridDim.x)
    out[i] = 2 * in[i];
}
// CHECK-LABEL: kernel grid_stride warps=64
// CHECK-DAG:   [[@LINE-3]]:18 global ld requests=31250 sectors=125000 ideal=125000
// CHECK-DAG:   [[@LINE-4]]:12 global st requests=31250 sectors=125000 ideal=125000
// DM-DAG: grid_stride {{[0-9]+}}:18 global ld requests=31250 cost=125000

// 100x100 of a 128x128 launch, block 16x16 (a warp: two rows of 16). Blocks
// x 0..6 and y 0..5 run all 8 warps, y = 6 warps 0 and 1: 7 * 50 = 350
// requests. A warp's even row is sector-aligned (2 sectors), its odd row is
// not (3): 5 sectors; in column 6 four lanes a row: 2 sectors, ideal 1.
// 6*50*5 + 50*2 = 1600 sectors, ideal 6*50*4 + 50 = 1250.
// warplint: launch grid(8,8) block(16,16)
__global__ void bounds2d(const float *in, float *out, int w, int h) {
  int x = blockIdx.x * 16 + threadIdx.x, y = blockIdx.y * 16 + threadIdx.y;
  if (x < w && y < h)
    out[y * w + x] = in[y * w + x];
}
// CHECK-LABEL: kernel bounds2d warps=512
// CHECK-DAG:   [[@LINE-3]]:22 global ld requests=350 sectors=1600 ideal=1250
// CHECK-DAG:   [[@LINE-4]]:20 global st requests=350 sectors=1600 ideal=1250
// DM-DAG: bounds2d {{[0-9]+}}:22 global ld requests=350 cost=1600

// Every block reads the same 1024 floats (128 sectors): 64 blocks x 8 warps
// x 4 iterations = 2048 requests, 8192 sectors, 128 distinct (reuse 64);
// the output is one float a thread, 2048 distinct sectors.
// warplint: launch grid(64) block(256)
__global__ void row_reread(const float *row, float *out) {
  float acc = 0;
  for (int k = threadIdx.x; k < 1024; k += blockDim.x)
    acc += row[k];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
// CHECK-LABEL: kernel row_reread warps=512
// CHECK-DAG:   buffer row read=128 written=0 reuse=64
// CHECK-DAG:   buffer out read=0 written=2048 reuse=1
// CHECK-DAG:   [[@LINE-6]]:12 global ld requests=2048 sectors=8192 ideal=8192
// DM-DAG: row_reread {{[0-9]+}}:12 global ld requests=2048 cost=8192

// A 512x512 transpose through a 32x32 tile: 256 blocks x 8 warps x 4 rows =
// 8192 requests per access; the tile's column read costs 32 wavefronts a
// request (262144, ideal 8192), its row write 1.
// warplint: launch grid(16,16) block(32,8)
__global__ void tile_transpose(const float *in, float *out) {
  __shared__ float tile[32][32];
  int x = blockIdx.x * 32 + threadIdx.x, y = blockIdx.y * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * 512 + x];
  __syncthreads();
  x = blockIdx.y * 32 + threadIdx.x;
  y = blockIdx.x * 32 + threadIdx.y;
  for (int j = 0; j < 32; j += 8)
    out[(y + j) * 512 + x] = tile[threadIdx.x][threadIdx.y + j];
}
// CHECK-LABEL: kernel tile_transpose warps=2048
// CHECK-DAG:   [[@LINE-8]]:40 shared st requests=8192 wavefronts=8192 ideal=8192
// CHECK-DAG:   [[@LINE-9]]:42 global ld requests=8192 sectors=32768 ideal=32768
// CHECK-DAG:   [[@LINE-5]]:30 shared ld requests=8192 wavefronts=262144 ideal=8192
// CHECK-DAG:   [[@LINE-6]]:28 global st requests=8192 sectors=32768 ideal=32768
// DM-DAG: tile_transpose {{[0-9]+}}:30 shared ld requests=8192 cost=262144

// No grid (the block from __launch_bounds__): 4 requests a block, 65535
// blocks assumed.
__global__ void __launch_bounds__(128) no_grid(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// CHECK-LABEL: kernel no_grid warps=262140
// CHECK:         assumes: grid unknown: 65535 blocks assumed (formulas are per block)
// CHECK-DAG:     [[@LINE-4]]:10 global st requests=262140 sectors=1048560 ideal=1048560 formula=4*blocks

// Measured: all 38 totals of the launch file's kernels (requests and
// sectors or wavefronts) equal the device model's.
// AGREE: compared {{[0-9]+}} totals: 0 more than 5% apart
