//===- TensorAccessors.h - PyTorch's packed accessors as kernel arguments -*- C++ -*-===//
//
// A PyTorch kernel takes its tensors as packed accessors, by value: the data
// pointer, then N sizes and N strides (`GenericPackedTensorAccessor<T, N>`,
// torch's and warplint's stand-in alike). Their values are known only at run
// time, and a tensor an extension makes (`at::zeros({N, H, W, K})`, `x.contiguous()`)
// is contiguous: strides[N-1] = 1, strides[i] = strides[i+1] * sizes[i+1]. The
// thread-index model samples the strides so (ThreadIndexModel::unknownValue)
// rather than as unrelated unknowns, and says so.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_ANALYZER_TENSORACCESSORS_H
#define WARPLINT_ANALYZER_TENSORACCESSORS_H

#include "llvm/IR/Argument.h"
#include "llvm/IR/Instructions.h"

#include <optional>

namespace warplint {

/// One size or stride of a packed accessor argument, as a load reads it.
struct AccessorField {
  const llvm::Argument *Arg = nullptr; ///< The accessor (a byval argument).
  unsigned Rank = 0;                   ///< Its dimensions (N).
  unsigned Dim = 0;                    ///< The dimension the field is of.
  bool IsStride = false;               ///< strides_[Dim]; else sizes_[Dim].
  /// Fields read at once: a vector load (the optimizer's `<2 x i32>` of
  /// strides_[Dim] and strides_[Dim+1]) reads this many from Dim on.
  unsigned Elements = 1;
};

/// The rank of A when it is a packed accessor passed by value; 0 otherwise.
unsigned accessorRank(const llvm::Argument &A);

/// The stride of dimension Dim of a contiguous tensor of Rank dimensions
/// whose every size is Size: what the model samples (ThreadIndexModel's
/// sizes are each argument sample's value) and the device model is given
/// for a run that confirms it (rules/Confirm).
uint64_t contiguousStrideOf(unsigned Dim, unsigned Rank, uint64_t Size);

/// The accessor field L loads: a load of one whole size or stride (or a
/// vector of consecutive ones) at a
/// constant offset into a byval argument whose type is a packed accessor
/// (a struct named GenericPackedTensorAccessor laid out as a pointer and two
/// arrays of N integers). None for any other load.
std::optional<AccessorField> accessorField(const llvm::LoadInst &L);

} // namespace warplint

#endif
