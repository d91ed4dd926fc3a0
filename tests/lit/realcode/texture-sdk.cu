// Texture and surface object functions with the toolkit's headers: Clang's
// texture intrinsics take the sparse tex2Dgather's operands in another order
// than CUDA 13's header passes them; without warplint's supplement
// (__warplint_texture.h) that one template failed and took every texture
// fetch of the file with it. accesses lists the kernels (a fetch is not a
// load the analyses see: the texture's memory and layout are the host's);
// run stops at the first fetch and says why.
// REQUIRES: cuda-sdk
// RUN: %warplint accesses --cuda-path=%cuda-path %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck %s --check-prefix=ACC < %t.acc
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel fetch --grid 1 --block 32 --buffer out=32 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck %s --check-prefix=FETCH < %t.run
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel surface --grid 1 --block 32 > %t.surf 2>&1; echo "exit=$?" >> %t.surf
// RUN: FileCheck %s --check-prefix=SURF < %t.surf
#include <cuda_runtime.h>

__global__ void fetch(cudaTextureObject_t t, float *out) {
  int i = threadIdx.x;
  bool resident;
  float4 g = tex2Dgather<float4>(t, i + 0.5f, 0.5f, &resident, 1);
  out[i] = tex1Dfetch<float>(t, i) + tex2D<float>(t, i, 0.5f) + g.x + resident;
}

__global__ void surface(cudaSurfaceObject_t s) {
  int x = threadIdx.x * sizeof(uchar4);
  uchar4 v = surf2Dread<uchar4>(s, x, 0);
  surf2Dwrite(v, s, x, 1);
}

// ACC: kernel fetch
// ACC: texture-sdk.cu:21:10 global st 4B coalesced
// ACC: kernel surface
// ACC-NOT: error
// ACC: exit=0
// FETCH: texture-sdk.cu:20:14: error: cannot run: texture and surface instructions are not modelled {{.*}}: inline asm '{{.*}}tld4.g.2d
// FETCH: exit=2
// SURF: texture-sdk.cu:26:14: error: cannot run: texture and surface instructions are not modelled {{.*}}: inline asm 'suld.b.2d
// SURF: exit=2
