// warplint prelude: host-side stand-ins for the CUDA runtime API, so that the
// host code of a .cu file parses. Nothing here is ever executed.
#ifndef __WARPLINT_RUNTIME_API_H
#define __WARPLINT_RUNTIME_API_H

extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __assertfail(const char *, const char *, unsigned,
                                        const char *, __SIZE_TYPE__);
extern "C" __device__ void *malloc(__SIZE_TYPE__);
extern "C" __device__ void free(void *);

typedef enum cudaError { cudaSuccess = 0, cudaErrorInvalidValue = 1,
                         cudaErrorMemoryAllocation = 2, cudaErrorInvalidConfiguration = 9,
                         cudaErrorInvalidDevice = 101, cudaErrorUnknown = 999 } cudaError_t;
// Libraries (CUB's BlockRadixRank) take these as template arguments.
typedef enum cudaSharedMemConfig { cudaSharedMemBankSizeDefault = 0,
                                   cudaSharedMemBankSizeFourByte = 1,
                                   cudaSharedMemBankSizeEightByte = 2 } cudaSharedMemConfig;
typedef enum cudaMemcpyKind { cudaMemcpyHostToHost = 0, cudaMemcpyHostToDevice = 1,
                              cudaMemcpyDeviceToHost = 2, cudaMemcpyDeviceToDevice = 3,
                              cudaMemcpyDefault = 4 } cudaMemcpyKind;
typedef enum cudaFuncAttribute { cudaFuncAttributeMaxDynamicSharedMemorySize = 8,
                                 cudaFuncAttributePreferredSharedMemoryCarveout = 9 }
    cudaFuncAttribute;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
struct cudaDeviceProp { char name[256]; size_t totalGlobalMem; size_t sharedMemPerBlock;
                        int regsPerBlock; int warpSize; int maxThreadsPerBlock;
                        int multiProcessorCount; int major; int minor; };

extern "C" {
__host__ cudaError_t cudaMalloc(void **, size_t);
__host__ cudaError_t cudaMallocManaged(void **, size_t, unsigned int = 1);
__host__ cudaError_t cudaMallocHost(void **, size_t);
__host__ cudaError_t cudaFree(void *);
__host__ cudaError_t cudaFreeHost(void *);
__host__ cudaError_t cudaMemcpy(void *, const void *, size_t, cudaMemcpyKind);
__host__ cudaError_t cudaMemcpyAsync(void *, const void *, size_t, cudaMemcpyKind,
                                     cudaStream_t = 0);
__host__ cudaError_t cudaMemcpyToSymbol(const void *, const void *, size_t, size_t = 0,
                                        cudaMemcpyKind = cudaMemcpyHostToDevice);
__host__ cudaError_t cudaMemset(void *, int, size_t);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t);
__host__ cudaError_t cudaSetDevice(int);
__host__ cudaError_t cudaGetDevice(int *);
__host__ cudaError_t cudaGetDeviceCount(int *);
__host__ cudaError_t cudaGetDeviceProperties(cudaDeviceProp *, int);
__host__ cudaError_t cudaStreamCreate(cudaStream_t *);
__host__ cudaError_t cudaStreamDestroy(cudaStream_t);
__host__ cudaError_t cudaStreamSynchronize(cudaStream_t);
__host__ cudaError_t cudaEventCreate(cudaEvent_t *);
__host__ cudaError_t cudaEventRecord(cudaEvent_t, cudaStream_t = 0);
__host__ cudaError_t cudaEventSynchronize(cudaEvent_t);
__host__ cudaError_t cudaEventElapsedTime(float *, cudaEvent_t, cudaEvent_t);
__host__ cudaError_t cudaEventDestroy(cudaEvent_t);
__host__ cudaError_t cudaFuncSetAttribute(const void *, cudaFuncAttribute, int);
__host__ cudaError_t cudaConfigureCall(dim3, dim3, size_t = 0, cudaStream_t = 0);
__host__ unsigned __cudaPushCallConfiguration(dim3, dim3, size_t = 0, void * = 0);
// What Clang calls for a kernel launched from device code (-fgpu-rdc).
__device__ void *cudaGetParameterBuffer(size_t, size_t);
__device__ cudaError_t cudaLaunchDevice(void *, void *, dim3, dim3, unsigned int,
                                        cudaStream_t);
}
template <class T> __host__ cudaError_t cudaMalloc(T **p, size_t n) {
  return cudaMalloc((void **)p, n); }
template <class T> __host__ cudaError_t cudaMallocManaged(T **p, size_t n, unsigned f = 1) {
  return cudaMallocManaged((void **)p, n, f); }
template <class T> __host__ cudaError_t cudaFuncSetAttribute(T *f, cudaFuncAttribute a, int v) {
  return cudaFuncSetAttribute((const void *)f, a, v); }

#endif
