// Cache-hint loads and stores (__ldg, __ldcg, __ldca, __ldcs, __ldlu, __ldcv,
// __stwb, __stcg, __stcs, __stwt) through the embedded prelude: every overload
// nvcc's sm_32_intrinsics.h declares (ten functions over 30 types, generated
// by Inputs/cache_hint_calls.py) compiles, and each becomes one plain global
// access of its type's size that keeps its PTX cache operator (cache-hints-sdk.test
// does the same with the toolkit's headers).
// RUN: %python %S/Inputs/cache_hint_calls.py gen %t.calls.cu
// RUN: %warplint accesses --no-cuda-sdk --format=json %t.calls.cu -- -ferror-limit=0 > %t.json
// RUN: %python %S/Inputs/cache_hint_calls.py verify %t.json | FileCheck --check-prefix=ALL %s
// ALL-NOT: not compiled
// ALL-NOT: with cache=
// ALL: 300 of 300 overloads compile, 300 with their cache operator
//
// The kernels below: `accesses` names each access's cache operator (text and
// JSON), and the device model runs them with the values unchanged.
// RUN: %warplint accesses --no-cuda-sdk %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck --check-prefix=ACC %s < %t.acc
// RUN: %warplint accesses --no-cuda-sdk --format=json %s | FileCheck --check-prefix=JSON %s
// RUN: %warplint run --no-cuda-sdk %s --kernel stream --grid 2 --block 64 --buffer in=128:iota --buffer out=128 > %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: %warplint run --no-cuda-sdk %s --kernel values --grid 1 --block 32 --buffer s=32:const:-3 --buffer u=32:const:250 --buffer d=32:iota --buffer out=32 >> %t.run 2>&1; echo "exit=$?" >> %t.run
// RUN: FileCheck --check-prefix=MODEL %s < %t.run

// A streaming copy: the output is written once and never read again.
__global__ void stream(const float4 *in, float4 *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 v = __ldcs(in + i);
  // ACC-LABEL: kernel stream
  // ACC: cache-hints.cu:[[@LINE-2]]:{{[0-9]+}} global ld 16B coalesced stride 16B sectors_per_request=16.00 ideal 16.00 cache=cs
  // JSON: "bytes": 16,
  // JSON-NEXT: "cache": "cs",
  // JSON-NEXT: "column": {{[0-9]+}},
  // JSON-NEXT: "file": "{{.*}}cache-hints.cu",
  // JSON-NEXT: "ir_sites": 1,
  // JSON-NEXT: "line": [[@LINE-8]],
  // JSON-NEXT: "op": "ld",
  v.x = v.x * 2.0f;
  __stcs(out + i, v);
  // ACC: cache-hints.cu:[[@LINE-1]]:{{[0-9]+}} global st 16B coalesced stride 16B sectors_per_request=16.00 ideal 16.00 cache=cs
  // MODEL: out[65] = 520.0 261.0 262.0 263.0
  // MODEL: kernel stream
  // MODEL: cache-hints.cu:[[@LINE-15]]:{{[0-9]+}} global ld 16B: 4 requests, 16.00 sectors/request, cache=cs
  // MODEL: cache-hints.cu:[[@LINE-5]]:{{[0-9]+}} global st 16B: 4 requests, 16.00 sectors/request, cache=cs
  // MODEL: exit=0
  if (i == 65)
    printf("out[65] = %.1f %.1f %.1f %.1f\n", out[i].x, out[i].y, out[i].z, out[i].w);
}

// Signed and unsigned bytes widen as their types say; a vector of doubles
// arrives whole; a value stored write-through reads back unchanged.
__global__ void values(const signed char *s, const unsigned char *u, const double2 *d,
                       int *out) {
  // ACC-LABEL: kernel values
  int i = threadIdx.x;
  int a = __ldcg(s + i);
  // ACC-DAG: cache-hints.cu:[[@LINE-1]]:{{[0-9]+}} global ld 1B {{.*}} cache=cg
  int b = __ldlu(u + i);
  // ACC-DAG: cache-hints.cu:[[@LINE-1]]:{{[0-9]+}} global ld 1B {{.*}} cache=lu
  double2 c = __ldg(d + i);
  // ACC-DAG: cache-hints.cu:[[@LINE-1]]:{{[0-9]+}} global ld 16B {{.*}} cache=nc
  __stwt(out + i, a + b);
  // ACC-DAG: cache-hints.cu:[[@LINE-1]]:{{[0-9]+}} global st 4B {{.*}} cache=wt
  int back = __ldcv(out + i);
  // ACC-DAG: cache-hints.cu:[[@LINE-1]]:{{[0-9]+}} global ld 4B {{.*}} cache=cv
  if (i == 5)
    printf("s=%d u=%d d=%.1f,%.1f back=%d\n", a, b, c.x, c.y, back);
  // MODEL: s=-3 u=250 d=10.0,11.0 back=247
  // MODEL: exit=0
}

// A project's own overload (a fallback written for Clang's headers, which
// lack __stcs) is a non-template: it wins over warplint's, no redefinition.
__device__ void __stcs(short *p, short v) { *p = v; }
__global__ void own(short *p) { __stcs(p + threadIdx.x, (short)1); }
// ACC-LABEL: kernel own
// ACC: cache-hints.cu:[[@LINE-3]]:{{[0-9]+}} global st 2B coalesced stride 2B sectors_per_request=2.00 ideal 2.00{{ *$}}
// ACC: exit=0
