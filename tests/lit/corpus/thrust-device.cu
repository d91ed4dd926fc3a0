// Thrust's device code (Debian's libthrust-dev) inside kernels we wrote,
// through the embedded prelude: thrust::complex arithmetic, a sequential
// thrust::reduce and thrust::sort per thread (thrust::seq), and an array of
// thrust::tuple. The accesses Thrust makes are found and reported at the
// user's line, with Thrust's own line as a note.
// REQUIRES: thrust
// RUN: %warplint accesses --no-cuda-sdk %s > %t.acc 2>&1; echo "exit=$?" >> %t.acc
// RUN: FileCheck --check-prefix=ACC %s < %t.acc
// RUN: %warplint check --confirm --no-cuda-sdk %s > %t.chk 2>&1; echo "exit=$?" >> %t.chk
// RUN: FileCheck --check-prefix=CHK %s < %t.chk
#include <thrust/complex.h>
#include <thrust/execution_policy.h>
#include <thrust/reduce.h>
#include <thrust/sort.h>
#include <thrust/tuple.h>

// warplint: launch grid(256) block(128)
__global__ void complex_mul(const thrust::complex<float> *a,
                            const thrust::complex<float> *b, thrust::complex<float> *c) {
  int i = blockIdx.x * 128 + threadIdx.x;
  c[i] = a[i] * b[i];
}

// Each thread sums its own row of 64 floats: adjacent threads read 256 bytes
// apart, inside Thrust's sequential reduce.
// warplint: launch grid(64) block(128)
__global__ void row_sums(const float *m, float *out) {
  int r = blockIdx.x * 128 + threadIdx.x;
  out[r] = thrust::reduce(thrust::seq, m + r * 64, m + (r + 1) * 64, 0.0f);
}

// An array of (float, int) tuples of which the kernel reads the float.
// warplint: launch grid(256) block(128)
__global__ void tuple_first(const thrust::tuple<float, int> *t, float *out) {
  int i = blockIdx.x * 128 + threadIdx.x;
  out[i] = thrust::get<0>(t[i]) * 2.0f;
}

// Each thread sorts 8 keys of its own, read and written striped (coalesced).
// warplint: launch grid(64) block(128)
__global__ void sort_keys(const int *in, int *out) {
  int i = blockIdx.x * 128 + threadIdx.x;
  int k[8];
  for (int j = 0; j < 8; ++j)
    k[j] = in[j * 8192 + i];
  thrust::sort(thrust::seq, k, k + 8);
  for (int j = 0; j < 8; ++j)
    out[j * 8192 + i] = k[j];
}

// complex<float> is 8 bytes: 8 sectors per request is the ideal.
// ACC-NOT: error
// ACC-LABEL: kernel complex_mul
// ACC: thrust-device.cu:21:{{[0-9]+}} global st 8B coalesced stride 8B sectors_per_request=8.00 ideal 8.00
// ACC: thrust-device.cu:21:{{[0-9]+}} global ld 8B coalesced stride 8B sectors_per_request=8.00 ideal 8.00 [2 IR sites]
// ACC-LABEL: kernel row_sums
// ACC: thrust-device.cu:29:{{[0-9]+}} global st 4B coalesced stride 4B sectors_per_request=4.00
// ACC: thrust-device.cu:29:{{[0-9]+}} global ld 4B strided stride 256B sectors_per_request=32.00 ideal 4.00
// ACC-LABEL: kernel tuple_first
// ACC: thrust-device.cu:36:{{[0-9]+}} global ld 4B strided stride 8B sectors_per_request=8.00 ideal 4.00
// ACC-LABEL: kernel sort_keys
// ACC: thrust-device.cu:45:{{[0-9]+}} global ld 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00 [8 IR sites]
// ACC: thrust-device.cu:46:{{[0-9]+}} local ld 4B
// ACC: thrust-device.cu:48:{{[0-9]+}} global st 4B coalesced stride 4B sectors_per_request=4.00 ideal 4.00 [8 IR sites]
// ACC: array k [32B] local: dynamic index
// ACC: exit=0

// CHK-NOT: error
// CHK-NOT: complex_mul
// CHK: thrust-device.cu:29:{{[0-9]+}}: warning: kernel 'row_sums': 32 sectors per request where 4 would do{{.*}}[global-uncoalesced]
// CHK: note: device model measured 32.00 sectors per request {{.*}} the run confirms the prediction
// CHK: reduce.h:{{[0-9]+}}:{{[0-9]+}}: note: the access is in reduce.h:{{[0-9]+}} (a library header), reached from the line reported
// CHK: thrust-device.cu:36:{{[0-9]+}}: warning: kernel 'tuple_first': 8 sectors per request where 4 would do{{.*}}[global-uncoalesced]
// CHK: note: device model measured 8.00 sectors per request {{.*}} the run confirms the prediction
// Thrust's sequential sort is an insertion sort: run-time indices into the
// thread's array keep it in local memory. Its merge step mallocs a temporary
// buffer, which nvcc keeps (CUDA 13's PTX of sort_keys calls malloc and free)
// and so does warplint (malloc is no builtin it may delete): the first access
// in a library header the note names may be in malloc_and_free.h.
// CHK: thrust-device.cu:46:{{[0-9]+}}: warning: kernel 'sort_keys': private array 'k' {{.*}}[local-dynamic-index]
// CHK: {{insertion_sort|malloc_and_free}}.h:{{[0-9]+}}:{{[0-9]+}}: note: the access is in {{insertion_sort|malloc_and_free}}.h:{{[0-9]+}} (a library header), reached from the line reported
// CHK-NOT: complex_mul
// CHK: exit=1
