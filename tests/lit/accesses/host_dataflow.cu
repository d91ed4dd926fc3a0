// Host launches k<<<g, b>>> read through the host code's simple data flow in
// the function that launches: locals initialised and assigned in straight-line
// code before the launch (dim3 fields one by one, compound assignments,
// #defines, const int, sizeof, casts, known ternaries, min/max). A value
// assigned in a loop or a branch that does not hold the launch, or read from
// argc, is unknown: the launch then says grid(?) or an assumed block, never 1.
// Integer arguments the host makes constant are bound like --arg, saying where
// they come from; --arg still wins.
// RUN: %warplint accesses --no-cuda-sdk %s | FileCheck %s
// RUN: %warplint accesses --no-cuda-sdk --arg n=2 %s | FileCheck %s --check-prefix=CMD
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=JSON
// RUN: not %warplint check --no-cuda-sdk %s 2>&1 | FileCheck %s --check-prefix=CHECKCMD
// RUN: not %warplint check --no-cuda-sdk --format=json %s | FileCheck %s --check-prefix=CHECKJSON
// --confirm sizes the device model's buffers by the host's cudaMalloc (n
// known, a default buffer would be overrun); --buffer still wins.
// RUN: not %warplint check --no-cuda-sdk --confirm --kernel column %s 2>&1 | FileCheck %s --check-prefix=CONFIRM --implicit-check-not='[out-of-bounds]'
// RUN: not %warplint check --no-cuda-sdk --confirm --kernel column --buffer a=10 %s 2>&1 | FileCheck %s --check-prefix=SMALL
#include <cuda_runtime.h>
#define TILE 16
#define WIDTH 1024
namespace std {
template <class T> const T &min(const T &a, const T &b);
template <class T> const T &max(const T &a, const T &b);
} // namespace std

__global__ void fields(float *p) { p[threadIdx.y * 32 + threadIdx.x] = 0; }
// CHECK-LABEL: kernel fields  launch grid(64,4,1) block(32,8,1) (host-launch at line {{[0-9]+}})

__global__ void computed(float *p) { p[blockIdx.x * blockDim.x + threadIdx.x] = 0; }
// CHECK-LABEL: kernel computed  launch grid(4096,1,1) block(256,1,1) (host-launch at line {{[0-9]+}})

__global__ void macros(float *p) { p[threadIdx.y * TILE + threadIdx.x] = 0; }
// CHECK-LABEL: kernel macros  launch grid(64,64,1) block(16,16,1) (host-launch at line {{[0-9]+}})

__global__ void helpers(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel helpers  launch grid(512,1,1) block(128,1,1) (host-launch at line {{[0-9]+}})

// Assigned in a branch of unknown condition that does not hold the launch:
// a launch per branch, the then-branch's analyzed (launch/hostflow-branch.cu).
__global__ void branchy(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel branchy  launch grid(1,1,1) block(128,1,1) (host-launch at line {{[0-9]+}} (argc > 1), 1 of 2 host launch shapes)

// A dim3 field assigned in such a branch: likewise.
__global__ void branch_field(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel branch_field  launch grid(1,1,1) block(32,2,1) (host-launch at line {{[0-9]+}} (argc > 2), 1 of 2 host launch shapes)

// The grid doubled in a loop: unknown; the block is still known.
__global__ void loopy(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel loopy  launch grid(?) block(64,1,1) (host-launch at line {{[0-9]+}})

// The block size read from argc: unknown.
__global__ void from_argc(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel from_argc  launch grid(?) block(256,1,1) (assumed)
// JSON: "the block of the host launch at host_dataflow.cu:[[#]] is not known from the host code: assumed a 1-D block of 256 threads (a multiple of 32)"

// n computed in main and passed: bound, with where it came from.
__global__ void column(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  // CHECKCMD: host_dataflow.cu:[[@LINE+2]]:12: warning: kernel 'column': {{.*}}adjacent threads are 4096 bytes apart{{.*}}[global-uncoalesced]
  // CHECKCMD: note: assumed: n = 1024 from the host launch at host_dataflow.cu:{{[0-9]+}}
  out[i] = a[i * n];
}
// CHECK-LABEL: kernel column  launch grid(4,1,1) block(256,1,1)
// CHECK-SAME: (host-launch at line [[LN:[0-9]+]]); n = 1024 from the host launch at host_dataflow.cu:[[LN]]{{$}}
// CHECK-NEXT: host_dataflow.cu:[[#@LINE-4]]:10 global st 4B coalesced stride 4B
// CHECK-NEXT: host_dataflow.cu:[[#@LINE-5]]:12 global ld 4B strided stride 4096B sectors_per_request=32.00
// CMD-LABEL: kernel column  launch grid(4,1,1) block(256,1,1) (host-launch at line {{[0-9]+}}){{$}}
// CMD: host_dataflow.cu:[[#@LINE-7]]:12 global ld 4B strided stride 8B sectors_per_request=8.00
// CONFIRM: host_dataflow.cu:[[#@LINE-8]]:12: note: device model measured 32.00 sectors per request (grid(4,1,1) block(256,1,1))
// SMALL: kernel 'column': load of 4 bytes at byte offset {{[0-9]+}} of buffer 'a' (40 bytes){{.*}}[out-of-bounds]
// CHECKJSON:      "kernel": "column",
// CHECKJSON:      "notes": [
// CHECKJSON:        "message": "assumed: n = 1024 from the host launch at host_dataflow.cu:{{[0-9]+}};
// JSON:      "n = 1024 from the host launch at host_dataflow.cu:{{[0-9]+}}"
// JSON:      "launch": {
// JSON-NEXT:   "args": {
// JSON-NEXT:     "n": 1024
// JSON:        "assumptions": [
// JSON-NEXT:     "n = 1024 from the host launch at host_dataflow.cu:{{[0-9]+}}"
// JSON:        "buffer_bytes": {
// JSON-NEXT:     "a": 4194304,
// JSON-NEXT:     "out": 4096
// JSON:        "source": "host-launch at line {{[0-9]+}}"
// JSON:      "name": "column"

// A scalar argument assigned in a loop is not bound: the stride depends on it.
__global__ void unbound(const float *a, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = a[i * n];
}
// CHECK-LABEL: kernel unbound  launch grid(8,1,1) block(128,1,1) (host-launch at line {{[0-9]+}}){{$}}
// CHECK: host_dataflow.cu:[[#@LINE-3]]:12 global ld 4B {{.*}}stride 4*n B

// Launched from a function whose n is a parameter: the grid and n unknown.
__global__ void in_helper(float *p, int n) { p[threadIdx.x * n] = 0; }
// CHECK-LABEL: kernel in_helper  launch grid(?) block(256,1,1) (host-launch at line {{[0-9]+}}){{$}}
// CHECK-NEXT: host_dataflow.cu:[[#@LINE-2]]:{{[0-9]+}} global st 4B strided stride 4*n B

// Launched in a loop: the body's straight-line values before the launch.
__global__ void in_loop(float *p, int n) { p[threadIdx.x * n] = 0; }
// CHECK-LABEL: kernel in_loop  launch grid(2,1,1) block(96,1,1)
// CHECK-SAME: (host-launch at line [[LL:[0-9]+]]); n = 3 from the host launch at host_dataflow.cu:[[LL]]{{$}}

// Its address taken: unknown.
__global__ void escaped(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel escaped  launch grid(?) block(32,1,1) (host-launch at line {{[0-9]+}})

// Through a do { } while (0) macro.
__global__ void via_macro(float *p) { p[threadIdx.x] = 0; }
// CHECK-LABEL: kernel via_macro  launch grid(3,1,1) block(160,1,1) (host-launch at line {{[0-9]+}})
#define LAUNCH(k, g, b, ...)                                                   \
  do {                                                                         \
    k<<<g, b>>>(__VA_ARGS__);                                                  \
  } while (0)

// In a function template: its instantiation's values.
__global__ void in_template(float *p, int n) { p[threadIdx.x * n] = 0; }
// CHECK-LABEL: kernel in_template  launch grid(1,1,1) block(64,1,1)
// CHECK-SAME: (host-launch at line [[LT:[0-9]+]] from main at host_dataflow.cu:{{[0-9]+}}); n = 8 from the host launch at host_dataflow.cu:[[LT]]{{$}}

// Two launches of other shapes that disagree on n: the first launch's shape,
// and its own n (the other launch is said).
__global__ void twice(float *p, int n) { p[threadIdx.x * n] = 0; }
// CHECK: kernel twice  launch grid(1,1,1) block(32,1,1) (host-launch at line [[TW:[0-9]+]], 1 of 2 host launch shapes); n = 8 from the host launch at host_dataflow.cu:[[TW]]{{$}}

template <int B> void launchTemplate(float *p) {
  int n = B / 8;
  in_template<<<1, B>>>(p, n);
}
void run(float *d, int n) { in_helper<<<n / 256, 256>>>(d, n); }
void setInt(int *v);

int main(int argc, char **argv) {
  float *p;
  {
    dim3 threads;
    threads.x = 32;
    threads.y = 8;
    dim3 blocks;
    blocks.x = 64;
    blocks.y = 4;
    fields<<<blocks, threads>>>(p);
  }
  {
    int n = 1 << 20;
    int threads = 256;
    int blocks = (n + threads - 1) / threads;
    computed<<<blocks, threads>>>(p);
  }
  {
    const int T = TILE;
    dim3 b(T, T);
    dim3 g(WIDTH / b.x, WIDTH / b.y);
    macros<<<g, b>>>(p);
  }
  {
    int n = WIDTH * 64;
    int per = sizeof(float4) / sizeof(float);
    int t = n > 1000 ? 128 : 32;
    unsigned g = (unsigned)(n / per) / t * 4;
    helpers<<<std::max(std::min(g, 1024u), 1u), t>>>(p);
  }
  {
    int t = 64;
    if (argc > 1)
      t = 128;
    branchy<<<1, t>>>(p);
  }
  {
    dim3 b(32);
    if (argc > 2)
      b.y = 2;
    branch_field<<<1, b>>>(p);
  }
  {
    int g = 1;
    for (int i = 0; i < argc; ++i)
      g *= 2;
    loopy<<<g, 64>>>(p);
  }
  from_argc<<<4, argc * 32>>>(p);
  {
    int n = 512;
    n *= 2;
    float *a, *out;
    cudaMalloc(&a, n * n * sizeof(float));
    cudaMalloc(&out, n * sizeof(float));
    column<<<n / 256, 256>>>(a, out, n);
  }
  {
    int n = 4;
    while (n < argc)
      n += 4;
    unbound<<<8, 128>>>(p, p, n);
  }
  for (int r = 0; r < argc; ++r) {
    int b = 32;
    b *= 3;
    int n = 1;
    n += 2;
    in_loop<<<2, b>>>(p, n);
  }
  {
    int g = 8;
    setInt(&g);
    escaped<<<g, 32>>>(p);
  }
  {
    int t = 5;
    t *= 32;
    LAUNCH(via_macro, 3, t, p);
  }
  launchTemplate<64>(p);
  twice<<<1, 32>>>(p, 8);
  twice<<<1, 64>>>(p, 8 + argc);
}
