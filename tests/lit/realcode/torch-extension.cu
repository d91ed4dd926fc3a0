// A PyTorch extension linted where PyTorch is not installed: no torch header
// exists anywhere. The kernels, which need nothing from torch, are analyzed;
// host code using more of torch than the stand-in declares is left out, named
// in one note; the host function that compiles is kept; the launch in the
// left-out host code is still read from Clang's recovered AST (block(32) from
// its constants; the grid and sizes from tensors are unknown, and said so).
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2> %t.err; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// RUN: grep -c "host code skipped" %t.err | FileCheck --check-prefix=ONCE %s
// RUN: %warplint accesses --no-cuda-sdk %s 2>/dev/null | FileCheck --check-prefix=ACC %s
// RUN: %warplint accesses --no-cuda-sdk --format=json %s 2>/dev/null | FileCheck --check-prefix=JSON %s
// NOTE: note: {{.*}}torch-extension.cu: host code skipped: torch/extension.h not found (pass -I to its include directory, or -p); PyTorch's tensor accessors came from warplint's stand-in; left out: 'forward' (torch-extension.cu:45-55), 'PYBIND11_MODULE' (torch-extension.cu:57-59)
// NOTE-NOT: host code skipped
// ONCE: {{^1$}}
// ACC: kernel scores  launch grid(?) block(32,1,1) (host-launch at line 52)
// ACC: kernel fill  launch grid(8,1,1) block(128,1,1) (host-launch at line 43)
// JSON: "the host launch at torch-extension.cu:52 is in host code that did not compile; it leaves unknown the grid (grid_dim(Q.size(0), Q.size(1))), d = Q.size(2), n = Q.size(1): a launch file gives them ({\"kernel\": \"scores\", \"grid\": [X, Y, Z], \"args\": {\"d\": N, \"n\": N}})"
#include <torch/extension.h>

using torch::Tensor;

// One row of Q against the rows of K kept in shared memory, one thread a row.
__global__ void scores(const float *q, const float *k, float *s, int n, int d) {
  extern __shared__ float krow[];
  int t = threadIdx.x;
  int base = (blockIdx.x * gridDim.y + blockIdx.y) * n;
  for (int j = 0; j < d; ++j)
    krow[t * d + j] = k[(base + t) * d + j];
// CHECK: torch-extension.cu:[[@LINE-1]]:21: warning: kernel 'scores': {{.*}} with block(32,1,1) from the host-launch at line 52; {{.*}}[shared-bank-conflict]
// CHECK: torch-extension.cu:[[@LINE-2]]:23: warning: {{.*}}[global-uncoalesced]
  __syncthreads();
  float acc = 0.0f;
  for (int j = 0; j < d; ++j)
    acc += q[(base + t) * d + j] * krow[t * d + j];
  s[base + t] = acc; // coalesced: no finding
}
// CHECK-NOT: torch-extension.cu:[[@LINE-2]]:{{.*}}global-uncoalesced

__global__ void fill(float *p, float v) { p[blockIdx.x * blockDim.x + threadIdx.x] = v; }

// Host code that compiles: kept, and its launch read as usual.
void warm_up(float *scratch) { fill<<<8, 128>>>(scratch, 0.0f); }

Tensor forward(Tensor Q, Tensor K) {
  const int Bc = 32;
  const int n = Q.size(1), d = Q.size(2);
  auto S = torch::zeros({Q.size(0), n}, Q.options().requires_grad(false));
  const int shared_bytes = Bc * d * sizeof(float);
  dim3 block_dim(Bc);
  dim3 grid_dim(Q.size(0), Q.size(1));
  scores<<<grid_dim, block_dim, shared_bytes>>>(Q.data_ptr<float>(), K.data_ptr<float>(),
                                                S.data_ptr<float>(), n, d);
  return S;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("forward", &forward, "scores of Q against K");
}
// CHECK: exit=1
