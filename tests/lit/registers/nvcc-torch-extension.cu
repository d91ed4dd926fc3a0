// A PyTorch extension checked where PyTorch is not installed: nvcc's device
// compile, which settles the register and local-memory claims, sees what the
// front end saw. The headers not found are served from warplint's stand-in
// (torch's) or empty (c10's), after every include directory; the host code
// the front end left out (it uses more of torch than the stand-in declares)
// is blanked in a scratch copy; the kernel template instantiated only by the
// dispatch macro in that host code is instantiated as the front end asked.
// Before, nvcc failed on the missing headers and the claims stayed IR
// estimates (nvcc 13, sm_90, -Xptxas -v figures in the comments).
// REQUIRES: nvcc
//
// RUN: not %warplint check --no-cuda-sdk --ptxas=off %s 2>&1 | FileCheck %s --check-prefix=EST
// RUN: not %warplint check --no-cuda-sdk --no-cache %s 2>&1 | FileCheck %s --implicit-check-not='[occupancy-limited]' --implicit-check-not='[register-spill]' --implicit-check-not="nvcc's device compile failed" --implicit-check-not='did not succeed'
// A header nvcc's own search finds is never shadowed by an empty stand-in:
// <omp.h>, which the front end does not find, is the host compiler's for nvcc
// (omp_lock_t below, read by nvcc only, needs it).

// CHECK: note: {{.*}}nvcc-torch-extension.cu: host code skipped: {{.*}}torch/extension.h, c10/cuda/CUDAGuard.h not found {{.*}}left out: 'forward' {{.*}}
#include <omp.h>
#include <torch/extension.h>
#include <c10/cuda/CUDAGuard.h>
#ifdef __NVCC__
static omp_lock_t host_lock;
#endif

using torch::Tensor;

// Occupancy from registers, blocks of 256: the IR's estimate is 66 (38%);
// nvcc's compile uses 62 (4 blocks = 50%): no warning.
// EST: nvcc-torch-extension.cu:[[@LINE+1]]:17: warning: kernel 'rotate': 66 registers per thread in blocks of 256 threads allow 3 blocks = 38% occupancy on sm_90, below the 50% threshold: about 66 registers per thread (an estimate from the IR, low confidence: --ptxas=off){{.*}} [occupancy-limited]
__global__ void rotate(const float *in, float *out, int rounds) {
  float r[56];
#pragma unroll
  for (int j = 0; j < 56; ++j)
    r[j] = in[threadIdx.x + j * 2048];
  for (int k = 0; k < rounds; ++k) {
#pragma unroll
    for (int j = 0; j < 56; ++j)
      r[j] = r[j] * r[(j + 1) % 56] + in[k];
  }
  float acc = 0;
#pragma unroll
  for (int j = 0; j < 56; ++j)
    acc += r[j] * (float)(j + 1);
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A ring of eight values read at a rotating index: nvcc keeps the float ring
// in registers (0-byte stack frame), the double one in a 64-byte frame.
template <typename scalar_t>
__global__ void ring(const scalar_t *in, scalar_t *out, int steps) {
  scalar_t v[8];
#pragma unroll
  for (int j = 0; j < 8; ++j)
    v[j] = in[blockIdx.x * blockDim.x + threadIdx.x + j];
  scalar_t acc = 0;
  for (int t = 0; t < steps; ++t) {
#pragma unroll
    for (int j = 0; j < 8; ++j)
      // EST: nvcc-torch-extension.cu:[[@LINE+4]]:14: warning: kernel 'ring<float>': private array 'v' (32 bytes per thread) lives in local memory because it is indexed with a run-time index (an estimate from the IR, low confidence: --ptxas=off{{.*}} [local-dynamic-index]
      // CHECK: nvcc-torch-extension.cu:[[@LINE+3]]:14: warning: kernel 'ring<double>': private array 'v' (64 bytes per thread) lives in local memory because it is indexed with a run-time index: {{.*}} [local-dynamic-index]
      // CHECK: nvcc-torch-extension.cu:[[@LINE+2]]:14: note: nvcc's device compile: 64 bytes of local memory (stack frame), no spills
      // CHECK: nvcc-torch-extension.cu:[[@LINE+1]]:14: note: kernel 'ring<float>': private array 'v' (32 bytes per thread) is indexed with a run-time index, but nvcc's device compile keeps it in registers (a 0-byte stack frame): no local-memory traffic [local-dynamic-index]
      acc += v[(j + t) % 8];
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Host code nvcc would reject with the stand-in alone (TORCH_CHECK, the
// guard): left out by the front end, blanked for nvcc.
Tensor forward(Tensor x, int rounds) {
  TORCH_CHECK(x.is_cuda(), "x must be a CUDA tensor");
  const at::cuda::OptionalCUDAGuard guard(device_of(x));
  auto y = torch::empty_like(x);
  rotate<<<x.numel() / 256, 256>>>(x.data_ptr<float>(), y.data_ptr<float>(), rounds);
  AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "ring", [&] {
    ring<scalar_t><<<x.numel() / 256, 256>>>(x.data_ptr<scalar_t>(), y.data_ptr<scalar_t>(),
                                             rounds);
  });
  return y;
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) { m.def("forward", &forward); }
