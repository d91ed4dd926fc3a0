// REQUIRES: cuda-sdk
// Cache-hint loads and stores with the toolkit's headers: Clang's CUDA
// headers define only some of them (__ldg, __ldcg, __ldcv, __ldcs, __stwt, and
// not for long and unsigned long); warplint force-includes the rest. The list
// of Inputs/cache_hint_calls.py is what the toolkit's sm_32_intrinsics.h
// declares, every overload of it compiles and keeps its cache operator.
// RUN: %python %S/Inputs/cache_hint_calls.py header %cuda-path/include/sm_32_intrinsics.h | FileCheck --check-prefix=HEADER %s
// HEADER-NOT: not in the list
// HEADER: 300 overloads declared, 300 in the list, 0 missing from it
// RUN: %python %S/Inputs/cache_hint_calls.py gen %t.calls.cu
// RUN: %warplint accesses --cuda-path=%cuda-path --format=json %t.calls.cu -- -ferror-limit=0 > %t.json
// RUN: %python %S/Inputs/cache_hint_calls.py verify %t.json | FileCheck --check-prefix=ALL %s
// ALL-NOT: not compiled
// ALL-NOT: with cache=
// ALL: 300 of 300 overloads compile, 300 with their cache operator
//
// With the fp16 and bf16 headers, whose own overloads (__half, ...) come
// from the toolkit, the other types' still resolve; the same file compiles
// with the prelude.
// RUN: %warplint accesses --cuda-path=%cuda-path %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck --check-prefix=ACC %s < %t.acc
// RUN: %warplint accesses --no-cuda-sdk %s > %t.prelude 2>&1; echo "exit=$?" >> %t.prelude
// RUN: FileCheck --check-prefix=ACC %s < %t.prelude
// RUN: %warplint run --cuda-path=%cuda-path %s --kernel halves --grid 1 --block 32 --buffer a=32:const:7 --buffer b=32 --buffer x=32:iota --buffer y=32 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck --check-prefix=MODEL %s < %t.run
#include <cuda_fp16.h>
#include <cuda_bf16.h>

__global__ void halves(const __half *a, __half *b, const float *x, float *y) {
  // ACC-LABEL: kernel halves
  int i = threadIdx.x;
  __half h = __ldcs(a + i);
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-1]]:{{[0-9]+}} global ld 2B {{.*}} cache=cs
  __stcs(b + i, h);
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-1]]:{{[0-9]+}} global st 2B {{.*}} cache=cs
  float v = __ldcs(x + i);
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-1]]:{{[0-9]+}} global ld 4B {{.*}} cache=cs
  __stcs(y + i, v + 0.5f);
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-1]]:{{[0-9]+}} global st 4B {{.*}} cache=cs
  if (i == 3)
    // The bits of the __half the buffer fill wrote (const:7 fills its 16-bit word), unchanged.
    printf("h=%x y=%.2f\n", (unsigned)*(const unsigned short *)&b[i], y[i]);
  // MODEL: h=7 y=3.50
  // MODEL: exit=0
}

__global__ void brains(const __nv_bfloat162 *a, __nv_bfloat162 *b, const int4 *c, int4 *d) {
  // ACC-LABEL: kernel brains
  int i = threadIdx.x;
  __stwt(b + i, __ldcg(a + i));
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-1]]:{{[0-9]+}} global ld 4B {{.*}} cache=cg
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-2]]:{{[0-9]+}} global st 4B {{.*}} cache=wt
  __stcg(d + i, __ldlu(c + i));
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-1]]:{{[0-9]+}} global ld 16B {{.*}} cache=lu
  // ACC-DAG: cache-hints-sdk.cu:[[@LINE-2]]:{{[0-9]+}} global st 16B {{.*}} cache=cg
}
// ACC-NOT: error
// ACC: exit=0
