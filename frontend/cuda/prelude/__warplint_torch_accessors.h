// warplint stand-in for the tensor accessors of PyTorch's C++ headers, served
// (with nothing else of torch) where <torch/extension.h>, <torch/types.h> or
// an ATen header is not found. A kernel that indexes a packed accessor is then
// analyzed as the real templates index it: element (i0, ..., iN-1) lies at
// data + i0 * strides[0] + ... + iN-1 * strides[N-1], with the sizes and the
// strides passed by value inside the accessor (known only at run time).
// Host code that uses torch::Tensor still does not compile, and is left out.
// at::Half and at::BFloat16 stand in as CUDA's own 2-byte types: the
// kernels PyTorch's dispatch macros instantiate for them (TorchDispatch.h)
// move the same bytes.
#ifndef __WARPLINT_TORCH_ACCESSORS_H
#define __WARPLINT_TORCH_ACCESSORS_H

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace at {

using Half = __half;
using BFloat16 = __nv_bfloat16;

template <typename T> struct DefaultPtrTraits { typedef T *PtrType; };
template <typename T> struct RestrictPtrTraits { typedef T *__restrict__ PtrType; };

/// A view of N dimensions into an accessor: what indexing one dimension of
/// a larger accessor gives.
template <typename T, decltype(sizeof(0)) N, template <typename> class PtrTraits = DefaultPtrTraits,
          typename index_t = long long>
class TensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ TensorAccessor(PtrType Data, const index_t *Sizes, const index_t *Strides)
      : data_(Data), sizes_(Sizes), strides_(Strides) {}
  __host__ __device__ TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t I) const {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(data_ + strides_[0] * I, sizes_ + 1,
                                                         strides_ + 1);
  }
  __host__ __device__ index_t size(index_t D) const { return sizes_[D]; }
  __host__ __device__ index_t stride(index_t D) const { return strides_[D]; }
  __host__ __device__ PtrType data() const { return data_; }

protected:
  PtrType data_;
  const index_t *sizes_;
  const index_t *strides_;
};

template <typename T, template <typename> class PtrTraits, typename index_t>
class TensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ TensorAccessor(PtrType Data, const index_t *Sizes, const index_t *Strides)
      : data_(Data), sizes_(Sizes), strides_(Strides) {}
  __host__ __device__ T &operator[](index_t I) const { return data_[strides_[0] * I]; }
  __host__ __device__ index_t size(index_t D) const { return sizes_[D]; }
  __host__ __device__ index_t stride(index_t D) const { return strides_[D]; }
  __host__ __device__ PtrType data() const { return data_; }

protected:
  PtrType data_;
  const index_t *sizes_;
  const index_t *strides_;
};

/// The accessor a kernel takes by value: the data pointer and N sizes and
/// strides.
template <typename T, decltype(sizeof(0)) N, template <typename> class PtrTraits = DefaultPtrTraits,
          typename index_t = long long>
class GenericPackedTensorAccessor {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ TensorAccessor<T, N - 1, PtrTraits, index_t> operator[](index_t I) {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(data_ + strides_[0] * I, sizes_ + 1,
                                                         strides_ + 1);
  }
  __host__ __device__ const TensorAccessor<T, N - 1, PtrTraits, index_t>
  operator[](index_t I) const {
    return TensorAccessor<T, N - 1, PtrTraits, index_t>(data_ + strides_[0] * I, sizes_ + 1,
                                                         strides_ + 1);
  }
  __host__ __device__ index_t size(index_t D) const { return sizes_[D]; }
  __host__ __device__ index_t stride(index_t D) const { return strides_[D]; }
  __host__ __device__ PtrType data() const { return data_; }

protected:
  PtrType data_;
  index_t sizes_[N];
  index_t strides_[N];
};

template <typename T, template <typename> class PtrTraits, typename index_t>
class GenericPackedTensorAccessor<T, 1, PtrTraits, index_t> {
public:
  typedef typename PtrTraits<T>::PtrType PtrType;
  __host__ __device__ T &operator[](index_t I) const { return data_[strides_[0] * I]; }
  __host__ __device__ index_t size(index_t D) const { return sizes_[D]; }
  __host__ __device__ index_t stride(index_t D) const { return strides_[D]; }
  __host__ __device__ PtrType data() const { return data_; }

protected:
  PtrType data_;
  index_t sizes_[1];
  index_t strides_[1];
};

template <typename T, decltype(sizeof(0)) N, template <typename> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int>;
template <typename T, decltype(sizeof(0)) N, template <typename> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, long long>;

} // namespace at

namespace torch {
using at::DefaultPtrTraits;
using at::GenericPackedTensorAccessor;
using at::PackedTensorAccessor32;
using at::PackedTensorAccessor64;
using at::RestrictPtrTraits;
using at::TensorAccessor;
} // namespace torch

#endif
