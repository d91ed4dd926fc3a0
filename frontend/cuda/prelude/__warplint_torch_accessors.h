// warplint stand-in for the tensor accessors of PyTorch's C++ headers, served
// (with nothing else of torch) where <torch/extension.h>, <torch/types.h> or
// an ATen header is not found. A kernel that indexes a packed accessor is then
// analyzed as the real templates index it: element (i0, ..., iN-1) lies at
// data + i0 * strides[0] + ... + iN-1 * strides[N-1], with the sizes and the
// strides passed by value inside the accessor (known only at run time).
// Host code that uses torch::Tensor still does not compile, and is left out.
// at::Half and at::BFloat16 stand in as CUDA's own 2-byte types: the
// kernels PyTorch's dispatch macros instantiate for them (TorchDispatch.h)
// move the same bytes. The dispatch macros (AT_DISPATCH_*) run their lambda
// once per type with scalar_t that type, as torch's do, so a launch inside
// the lambda is a launch of each instantiation, read with the host code
// around it (its block and grid from the host function's values).
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

namespace at {
/// The scalar types the dispatch macros' extra arguments name
/// (`at::ScalarType::BFloat16`, `at::kHalf`), in torch's order.
enum class ScalarType : signed char {
  Byte, Char, Short, Int, Long, Half, Float, Double,
  ComplexHalf, ComplexFloat, ComplexDouble, Bool, QInt8, QUInt8, QInt32, BFloat16
};
constexpr ScalarType kByte = ScalarType::Byte, kChar = ScalarType::Char,
                     kShort = ScalarType::Short, kInt = ScalarType::Int,
                     kLong = ScalarType::Long, kHalf = ScalarType::Half,
                     kFloat = ScalarType::Float, kDouble = ScalarType::Double,
                     kBool = ScalarType::Bool, kBFloat16 = ScalarType::BFloat16;
} // namespace at

namespace __warplint_torch {
/// The C++ type of a scalar type, as TorchDispatch.cpp's scalarType names it.
template <at::ScalarType> struct scalar;
template <> struct scalar<at::ScalarType::Byte> { using type = unsigned char; };
template <> struct scalar<at::ScalarType::Char> { using type = signed char; };
template <> struct scalar<at::ScalarType::Short> { using type = short; };
template <> struct scalar<at::ScalarType::Int> { using type = int; };
template <> struct scalar<at::ScalarType::Long> { using type = long; };
template <> struct scalar<at::ScalarType::Half> { using type = at::Half; };
template <> struct scalar<at::ScalarType::Float> { using type = float; };
template <> struct scalar<at::ScalarType::Double> { using type = double; };
template <> struct scalar<at::ScalarType::Bool> { using type = bool; };
template <> struct scalar<at::ScalarType::BFloat16> { using type = at::BFloat16; };
} // namespace __warplint_torch

// The lambda run with scalar_t one type: T, or the C++ type of scalar type ST.
#define __WARPLINT_DISPATCH_AS(T, ...)                                                   \
  {                                                                                      \
    using scalar_t = T;                                                                  \
    __VA_ARGS__();                                                                       \
  }
#define __WARPLINT_DISPATCH_ST(ST, ...)                                                  \
  __WARPLINT_DISPATCH_AS(typename ::__warplint_torch::scalar<ST>::type, __VA_ARGS__)
// The types of each family (TorchDispatch.cpp's dispatchTypes, in its order).
#define __WARPLINT_DISPATCH_FLOATING(...)                                                \
  __WARPLINT_DISPATCH_AS(float, __VA_ARGS__) __WARPLINT_DISPATCH_AS(double, __VA_ARGS__)
#define __WARPLINT_DISPATCH_INTEGRAL(...)                                                \
  __WARPLINT_DISPATCH_AS(unsigned char, __VA_ARGS__)                                     \
  __WARPLINT_DISPATCH_AS(signed char, __VA_ARGS__)                                       \
  __WARPLINT_DISPATCH_AS(short, __VA_ARGS__)                                             \
  __WARPLINT_DISPATCH_AS(int, __VA_ARGS__) __WARPLINT_DISPATCH_AS(long, __VA_ARGS__)
#define __WARPLINT_DISPATCH_ALL(...)                                                     \
  __WARPLINT_DISPATCH_FLOATING(__VA_ARGS__) __WARPLINT_DISPATCH_INTEGRAL(__VA_ARGS__)

// A family's types and then one, two or three more the leading arguments name.
#define __WARPLINT_DISPATCH_AND0(FAMILY, ...) [&] { FAMILY(__VA_ARGS__) }()
#define __WARPLINT_DISPATCH_AND1(FAMILY, T1, ...)                                        \
  [&] { FAMILY(__VA_ARGS__) __WARPLINT_DISPATCH_ST(T1, __VA_ARGS__) }()
#define __WARPLINT_DISPATCH_AND2(FAMILY, T1, T2, ...)                                    \
  [&] {                                                                                  \
    FAMILY(__VA_ARGS__)                                                                  \
    __WARPLINT_DISPATCH_ST(T1, __VA_ARGS__) __WARPLINT_DISPATCH_ST(T2, __VA_ARGS__)      \
  }()
#define __WARPLINT_DISPATCH_AND3(FAMILY, T1, T2, T3, ...)                                \
  [&] {                                                                                  \
    FAMILY(__VA_ARGS__)                                                                  \
    __WARPLINT_DISPATCH_ST(T1, __VA_ARGS__) __WARPLINT_DISPATCH_ST(T2, __VA_ARGS__)      \
    __WARPLINT_DISPATCH_ST(T3, __VA_ARGS__)                                              \
  }()

#define AT_DISPATCH_FLOATING_TYPES(TYPE, NAME, ...)                                      \
  __WARPLINT_DISPATCH_AND0(__WARPLINT_DISPATCH_FLOATING, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND_HALF(TYPE, NAME, ...)                             \
  __WARPLINT_DISPATCH_AND1(__WARPLINT_DISPATCH_FLOATING, at::ScalarType::Half, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND(T1, TYPE, NAME, ...)                              \
  __WARPLINT_DISPATCH_AND1(__WARPLINT_DISPATCH_FLOATING, T1, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND2(T1, T2, TYPE, NAME, ...)                         \
  __WARPLINT_DISPATCH_AND2(__WARPLINT_DISPATCH_FLOATING, T1, T2, __VA_ARGS__)
#define AT_DISPATCH_FLOATING_TYPES_AND3(T1, T2, T3, TYPE, NAME, ...)                     \
  __WARPLINT_DISPATCH_AND3(__WARPLINT_DISPATCH_FLOATING, T1, T2, T3, __VA_ARGS__)
#define AT_DISPATCH_INTEGRAL_TYPES(TYPE, NAME, ...)                                      \
  __WARPLINT_DISPATCH_AND0(__WARPLINT_DISPATCH_INTEGRAL, __VA_ARGS__)
#define AT_DISPATCH_INTEGRAL_TYPES_AND(T1, TYPE, NAME, ...)                              \
  __WARPLINT_DISPATCH_AND1(__WARPLINT_DISPATCH_INTEGRAL, T1, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES(TYPE, NAME, ...)                                           \
  __WARPLINT_DISPATCH_AND0(__WARPLINT_DISPATCH_ALL, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND(T1, TYPE, NAME, ...)                                   \
  __WARPLINT_DISPATCH_AND1(__WARPLINT_DISPATCH_ALL, T1, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND2(T1, T2, TYPE, NAME, ...)                              \
  __WARPLINT_DISPATCH_AND2(__WARPLINT_DISPATCH_ALL, T1, T2, __VA_ARGS__)
#define AT_DISPATCH_ALL_TYPES_AND3(T1, T2, T3, TYPE, NAME, ...)                          \
  __WARPLINT_DISPATCH_AND3(__WARPLINT_DISPATCH_ALL, T1, T2, T3, __VA_ARGS__)

namespace at {
/// The host's tensor, declared only: enough of its interface that host code
/// around a launch parses (`x.data_ptr<scalar_t>()` as the launch's
/// argument), its values unknown. Code that needs more of torch (its
/// factories, options) still fails and is left out, its launches read.
class Tensor;
/// A tensor's options, declared only (`x.options().dtype(at::kFloat)`).
struct TensorOptions {
  TensorOptions dtype(ScalarType Type) const;
};

class Tensor {
public:
  TensorOptions options() const;
  template <typename T = void> T *data_ptr() const;
  template <typename T> T *data() const;
  template <typename T> const T *const_data_ptr() const;
  template <typename T> T *mutable_data_ptr() const;
  long long size(long long Dim) const;
  long long stride(long long Dim) const;
  long long numel() const;
  long long dim() const;
  ScalarType scalar_type() const;
  Tensor contiguous() const;
  template <typename T, decltype(sizeof(0)) N, template <typename> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor32<T, N, PtrTraits> packed_accessor32() const;
  template <typename T, decltype(sizeof(0)) N, template <typename> class PtrTraits = DefaultPtrTraits>
  PackedTensorAccessor64<T, N, PtrTraits> packed_accessor64() const;
};

/// The factories host code makes its outputs with (`torch::empty({n, d},
/// x.options())`), declared only: the sizes as a braced list.
template <decltype(sizeof(0)) N>
Tensor empty(const long long (&Sizes)[N], TensorOptions Options = TensorOptions());
template <decltype(sizeof(0)) N>
Tensor zeros(const long long (&Sizes)[N], TensorOptions Options = TensorOptions());
template <decltype(sizeof(0)) N>
Tensor ones(const long long (&Sizes)[N], TensorOptions Options = TensorOptions());
Tensor empty_like(const Tensor &T);
Tensor zeros_like(const Tensor &T);

namespace cuda {
/// The stream a launch's fourth argument names (`at::cuda::getCurrentCUDAStream()`).
cudaStream_t getCurrentCUDAStream(signed char Device = -1);
} // namespace cuda
} // namespace at

namespace torch {
using at::Tensor;
using at::TensorOptions;
using at::empty;
using at::empty_like;
using at::ones;
using at::zeros;
using at::zeros_like;
using at::ScalarType;
using at::kBFloat16;
using at::kDouble;
using at::kFloat;
using at::kHalf;
using at::DefaultPtrTraits;
using at::GenericPackedTensorAccessor;
using at::PackedTensorAccessor32;
using at::PackedTensorAccessor64;
using at::RestrictPtrTraits;
using at::TensorAccessor;
} // namespace torch

#endif
