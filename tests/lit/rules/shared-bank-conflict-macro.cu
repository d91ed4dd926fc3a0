// shared-bank-conflict: the padding fix-it edits only the tile's own text
// when the tile is declared through macros (issue 23). TILE is used for
// more than the tiles (the block's offset), so its #define is never edited.
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --implicit-check-not='[shared-bank-conflict]'
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --check-prefix=FIX --implicit-check-not='pad the tile here'
// RUN: not %warplint check --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON --implicit-check-not='"insert"'

#define TILE 32

// Declared directly in the kernel: ` + 1` after the row's TILE, where the
// declaration is written.
// warplint: launch grid(8,8) block(32,32)
__global__ void plain(const float *in, float *out, int w) {
  __shared__ float t[TILE][TILE];
  // FIX: shared-bank-conflict-macro.cu:[[@LINE-1]]:28: note: pad the tile here
  // FIX-NEXT: __shared__ float t[TILE][TILE];
  // FIX-NEXT: ^~~~
  // FIX-NEXT: TILE + 1
  int x = blockIdx.x * TILE + threadIdx.x;
  t[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + x];
  __syncthreads();
  // CHECK: shared-bank-conflict-macro.cu:[[@LINE+1]]:26: warning: kernel 'plain': 32-way bank conflict{{.*}}; pad the row of 't' by one element {{.*}}[shared-bank-conflict]
  out[threadIdx.y * w] = t[threadIdx.x][threadIdx.y];
}

// Declared by a macro expanded once: the row's TILE in the macro's body.
#define DECL_TILE(n) __shared__ float n[TILE][TILE]
// FIX: shared-bank-conflict-macro.cu:[[@LINE-1]]:47: note: pad the tile here
// FIX-NEXT: #define DECL_TILE(n) __shared__ float n[TILE][TILE]
// FIX-NEXT: ^~~~
// FIX-NEXT: TILE + 1
// warplint: launch grid(8,8) block(32,32)
__global__ void declared_once(const float *in, float *out, int w) {
  DECL_TILE(tile);
  int x = blockIdx.x * TILE + threadIdx.x;
  tile[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + x];
  __syncthreads();
  // CHECK: shared-bank-conflict-macro.cu:[[@LINE+1]]:26: warning: kernel 'declared_once': 32-way bank conflict{{.*}}; pad the row of 'tile' by one element {{.*}}[shared-bank-conflict]
  out[threadIdx.y * w] = tile[threadIdx.x][threadIdx.y];
}

// Declared by a macro expanded twice: an edit of its body would pad both
// tiles, so the note says where, with no fix-it.
#define DECL_TWICE(n) __shared__ float n[TILE][TILE]
// FIX: shared-bank-conflict-macro.cu:[[@LINE-1]]:48: note: pad the tile here (no fix-it: the row's size is written in the body of 'DECL_TWICE', which is expanded 2 times: an edit there changes every declaration it makes)
// FIX: shared-bank-conflict-macro.cu:[[@LINE-2]]:48: note: pad the tile here (no fix-it: {{.*}}'DECL_TWICE', which is expanded 2 times{{.*}})
// warplint: launch grid(8,8) block(32,32)
__global__ void twice_a(const float *in, float *out, int w) {
  DECL_TWICE(a);
  a[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  // CHECK: shared-bank-conflict-macro.cu:[[@LINE+1]]:26: warning: kernel 'twice_a': 32-way bank conflict{{.*}}[shared-bank-conflict]
  out[threadIdx.y * w] = a[threadIdx.x][threadIdx.y];
}
// warplint: launch grid(8,8) block(32,32)
__global__ void twice_b(const float *in, float *out, int w) {
  DECL_TWICE(b);
  b[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  // CHECK: shared-bank-conflict-macro.cu:[[@LINE+1]]:26: warning: kernel 'twice_b': 32-way bank conflict{{.*}}[shared-bank-conflict]
  out[threadIdx.y * w] = b[threadIdx.x][threadIdx.y];
}

// One macro argument for both dimensions: editing it would pad the column
// count too.
#define DECL_SQUARE(n, s) __shared__ float n[s][s]
// warplint: launch grid(8,8) block(32,32)
__global__ void square(const float *in, float *out, int w) {
  DECL_SQUARE(sq, 32);
  // FIX: shared-bank-conflict-macro.cu:[[@LINE-1]]:19: note: pad the tile here (no fix-it: the row's size is one macro argument for two dimensions: an edit there changes both)
  sq[threadIdx.y][threadIdx.x] = in[threadIdx.y * w + threadIdx.x];
  __syncthreads();
  // CHECK: shared-bank-conflict-macro.cu:[[@LINE+1]]:26: warning: kernel 'square': 32-way bank conflict{{.*}}[shared-bank-conflict]
  out[threadIdx.y * w] = sq[threadIdx.x][threadIdx.y];
}

// JSON: "insert": "TILE + 1",
// JSON-NEXT: "line": 14,
// JSON: "insert": "TILE + 1",
// JSON-NEXT: "line": 27,
