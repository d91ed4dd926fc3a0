//===- StructArgs.h - Structures passed to a kernel by value ----*- C++ -*-===//
//
// A kernel parameter of structure type (`__global__ void k(Params p)`) is
// filled leaf by leaf, as a top-level parameter is: each pointer gets a buffer
// of its own (`--buffer p.in=COUNT`), each scalar its value (`--arg p.n=1024`,
// or a launch file's `"args": {"p": {"n": 1024}}`) or the default a scalar
// parameter gets. Leaves are named as the source writes them when the CUDA
// frontend said (StructFieldsAttr), else by position (`p.f0.f1`).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_STRUCTARGS_H
#define WARPLINT_DEVICEMODEL_STRUCTARGS_H

#include "devicemodel/Decoder.h"

#include "llvm/IR/Attributes.h"
#include "llvm/IR/DataLayout.h"

#include <vector>

namespace warplint {
namespace dm {

/// The leaves of a by-value parameter of type T: from Said (a
/// StructFieldsAttr attribute) when it is valid, else from T's layout.
std::vector<StructLeaf> structLeaves(llvm::Attribute Said, llvm::Type *T,
                                     const llvm::DataLayout &DL);

} // namespace dm
} // namespace warplint

#endif
