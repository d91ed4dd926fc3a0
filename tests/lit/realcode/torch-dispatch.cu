// A PyTorch extension's usual kernel: a template launched inside
// AT_DISPATCH_FLOATING_TYPES_AND_HALF, with torch's headers absent. The
// dispatch stands in: the template is instantiated for every type the macro
// runs its lambda for (float, double, at::Half), each analyzed, never the
// fatal "'torch/extension.h' file not found" (issue 41, item 1).
// RUN: %warplint check --no-cuda-sdk %s > %t.out 2> %t.err; echo "exit=$?" >> %t.out
// RUN: FileCheck %s < %t.out
// RUN: FileCheck --check-prefix=NOTE %s < %t.err
// The launch inside the lambda is read for each instantiation: its block
// from the host function's constant, its grid from n (a tensor's size,
// unknown without torch), never an assumed block (issue 41, item 1).
// RUN: %warplint accesses --no-cuda-sdk %s 2>/dev/null > %t.acc
// RUN: FileCheck --check-prefix=ACC %s < %t.acc
// RUN: not grep "(assumed)" %t.acc
// ACC-DAG: kernel gather_kernel<float, 4>  launch grid(?) block(256,1,1) (host-launch at line [[#LAUNCH:]])
// ACC-DAG: kernel gather_kernel<double, 4>  launch grid(?) block(256,1,1) (host-launch at line [[#LAUNCH]])
// ACC-DAG: kernel gather_kernel<__half, 4>  launch grid(?) block(256,1,1) (host-launch at line [[#LAUNCH]])
// The launch of a second dispatch, AT_DISPATCH_FLOATING_TYPES_AND(kBFloat16, ...),
// with its grid from constants: grid and block both known, per type.
// ACC-DAG: kernel scale_kernel<float>  launch grid(40,1,1) block(128,1,1) (host-launch at line [[#SCALE:]])
// ACC-DAG: kernel scale_kernel<double>  launch grid(40,1,1) block(128,1,1) (host-launch at line [[#SCALE]])
// ACC-DAG: kernel scale_kernel<__nv_bfloat16>  launch grid(40,1,1) block(128,1,1) (host-launch at line [[#SCALE]])
// NOTE: host code skipped: torch/extension.h not found
// NOTE-NOT: fatal error
#include <torch/extension.h>

template <typename scalar_t, int Stride>
__global__ void gather_kernel(const scalar_t *__restrict__ in, scalar_t *__restrict__ out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i * Stride];
}
// CHECK-DAG: torch-dispatch.cu:[[@LINE-2]]:{{[0-9]+}}: warning: kernel 'gather_kernel<double, 4>': 32 sectors per request where 8 would do{{.*}}[global-uncoalesced]
// CHECK-DAG: torch-dispatch.cu:[[@LINE-3]]:{{[0-9]+}}: warning: kernel 'gather_kernel<float, 4>': 16 sectors per request where 4 would do{{.*}}[global-uncoalesced]
// CHECK-DAG: torch-dispatch.cu:[[@LINE-4]]:{{[0-9]+}}: warning: kernel 'gather_kernel<__half, 4>': 8 sectors per request where 2 would do{{.*}}[global-uncoalesced]
// CHECK-DAG: note: assumed: grid unknown: {{.*}} host launch at torch-dispatch.cu:[[#@LINE+7]] is made of n (a local the host code leaves unknown));

torch::Tensor gather(torch::Tensor x) {
  auto out = torch::empty({x.size(0) / 4}, x.options());
  const int n = out.numel();
  const int threads = 256;
  AT_DISPATCH_FLOATING_TYPES_AND_HALF(x.scalar_type(), "gather", [&] {
    gather_kernel<scalar_t, 4><<<(n + threads - 1) / threads, threads>>>(
        x.data_ptr<scalar_t>(), out.data_ptr<scalar_t>(), n);
  });
  return out;
}

template <typename scalar_t>
__global__ void scale_kernel(scalar_t *p, float s) {
  p[blockIdx.x * blockDim.x + threadIdx.x] *= s;
}

void scale(torch::Tensor x, float s) {
  constexpr int blocks = 40, threads = 128;
  AT_DISPATCH_FLOATING_TYPES_AND(at::ScalarType::BFloat16, x.scalar_type(), "scale", [&] {
    scale_kernel<scalar_t><<<blocks, threads>>>(x.data_ptr<scalar_t>(), s);
  });
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("gather", &gather, "gather"); }
// CHECK: exit=1
