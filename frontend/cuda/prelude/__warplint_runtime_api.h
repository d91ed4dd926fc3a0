// warplint prelude: host-side stand-ins for the CUDA runtime API, so that the
// host code of a .cu file parses. Nothing here is ever executed.
#ifndef __WARPLINT_RUNTIME_API_H
#define __WARPLINT_RUNTIME_API_H

extern "C" __device__ int printf(const char *, ...);
extern "C" __device__ void __assertfail(const char *, const char *, unsigned,
                                        const char *, __SIZE_TYPE__);
extern "C" __device__ void *malloc(__SIZE_TYPE__);
extern "C" __device__ void free(void *);

// The error codes, with the runtime's values: Thrust's cuda::errc names them
// all (thrust/system/cuda/error.h).
typedef enum cudaError {
  cudaSuccess = 0, cudaErrorInvalidValue = 1, cudaErrorMemoryAllocation = 2,
  cudaErrorInitializationError = 3, cudaErrorCudartUnloading = 4,
  cudaErrorProfilerDisabled = 5, cudaErrorInvalidConfiguration = 9,
  cudaErrorInvalidPitchValue = 12, cudaErrorInvalidSymbol = 13,
  cudaErrorInvalidHostPointer = 16, cudaErrorInvalidDevicePointer = 17,
  cudaErrorInvalidTexture = 18, cudaErrorInvalidTextureBinding = 19,
  cudaErrorInvalidChannelDescriptor = 20, cudaErrorInvalidMemcpyDirection = 21,
  cudaErrorAddressOfConstant = 22, cudaErrorTextureFetchFailed = 23,
  cudaErrorTextureNotBound = 24, cudaErrorSynchronizationError = 25,
  cudaErrorInvalidFilterSetting = 26, cudaErrorInvalidNormSetting = 27,
  cudaErrorMixedDeviceExecution = 28, cudaErrorNotYetImplemented = 31,
  cudaErrorMemoryValueTooLarge = 32, cudaErrorInsufficientDriver = 35,
  cudaErrorDuplicateVariableName = 43, cudaErrorDuplicateTextureName = 44,
  cudaErrorDuplicateSurfaceName = 45, cudaErrorDevicesUnavailable = 46,
  cudaErrorIncompatibleDriverContext = 49, cudaErrorMissingConfiguration = 52,
  cudaErrorPriorLaunchFailure = 53, cudaErrorLaunchMaxDepthExceeded = 65,
  cudaErrorLaunchFileScopedTex = 66, cudaErrorLaunchFileScopedSurf = 67,
  cudaErrorSyncDepthExceeded = 68, cudaErrorInvalidDeviceFunction = 98,
  cudaErrorNoDevice = 100, cudaErrorInvalidDevice = 101, cudaErrorStartupFailure = 127,
  cudaErrorInvalidKernelImage = 200, cudaErrorMapBufferObjectFailed = 205,
  cudaErrorUnmapBufferObjectFailed = 206, cudaErrorNoKernelImageForDevice = 209,
  cudaErrorECCUncorrectable = 214, cudaErrorUnsupportedLimit = 215,
  cudaErrorDeviceAlreadyInUse = 216, cudaErrorPeerAccessUnsupported = 217,
  cudaErrorSharedObjectSymbolNotFound = 302, cudaErrorSharedObjectInitFailed = 303,
  cudaErrorOperatingSystem = 304, cudaErrorInvalidResourceHandle = 400,
  cudaErrorNotReady = 600, cudaErrorLaunchOutOfResources = 701,
  cudaErrorLaunchTimeout = 702, cudaErrorPeerAccessAlreadyEnabled = 704,
  cudaErrorPeerAccessNotEnabled = 705, cudaErrorSetOnActiveProcess = 708,
  cudaErrorAssert = 710, cudaErrorTooManyPeers = 711,
  cudaErrorHostMemoryAlreadyRegistered = 712, cudaErrorHostMemoryNotRegistered = 713,
  cudaErrorLaunchFailure = 719, cudaErrorNotPermitted = 800, cudaErrorNotSupported = 801,
  cudaErrorUnknown = 999, cudaErrorApiFailureBase = 10000 } cudaError_t;
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
// The attributes CUB's and Thrust's host code asks for.
typedef enum cudaDeviceAttr { cudaDevAttrMaxGridDimX = 5, cudaDevAttrMaxSharedMemoryPerBlock = 8,
                              cudaDevAttrMultiProcessorCount = 16,
                              cudaDevAttrComputeCapabilityMajor = 75,
                              cudaDevAttrComputeCapabilityMinor = 76 } cudaDeviceAttr;
typedef struct CUstream_st *cudaStream_t;
typedef struct CUevent_st *cudaEvent_t;
#define cudaStreamLegacy ((cudaStream_t)0x1)
#define cudaStreamPerThread ((cudaStream_t)0x2)
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
__host__ cudaError_t cudaMemsetAsync(void *, int, size_t, cudaStream_t = 0);
__host__ cudaError_t cudaDeviceGetAttribute(int *, cudaDeviceAttr, int);
__host__ cudaError_t cudaDeviceSynchronize(void);
__host__ cudaError_t cudaDeviceReset(void);
__host__ cudaError_t cudaGetLastError(void);
__host__ cudaError_t cudaPeekAtLastError(void);
__host__ const char *cudaGetErrorString(cudaError_t);
__host__ const char *cudaGetErrorName(cudaError_t);
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
// The runtime's C++ forms: a __constant__ or __device__ variable passed as
// the symbol itself (a structure, an array), as real code writes it.
template <class T>
__host__ cudaError_t cudaMemcpyToSymbol(const T &, const void *, size_t = sizeof(T),
                                        size_t = 0, cudaMemcpyKind = cudaMemcpyHostToDevice);
template <class T>
__host__ cudaError_t cudaMemcpyFromSymbol(void *, const T &, size_t = sizeof(T), size_t = 0,
                                          cudaMemcpyKind = cudaMemcpyDeviceToHost);
template <class T>
__host__ cudaError_t cudaMemcpyToSymbolAsync(const T &, const void *, size_t, size_t = 0,
                                             cudaMemcpyKind = cudaMemcpyHostToDevice,
                                             cudaStream_t = 0);
template <class T, class U> __host__ cudaError_t cudaGetSymbolAddress(U **, const T &);
template <class T> __host__ cudaError_t cudaGetSymbolSize(size_t *, const T &);
template <class T> __host__ cudaError_t cudaMalloc(T **p, size_t n) {
  return cudaMalloc((void **)p, n); }
template <class T> __host__ cudaError_t cudaMallocManaged(T **p, size_t n, unsigned f = 1) {
  return cudaMallocManaged((void **)p, n, f); }
template <class T> __host__ cudaError_t cudaFuncSetAttribute(T *f, cudaFuncAttribute a, int v) {
  return cudaFuncSetAttribute((const void *)f, a, v); }

#endif
