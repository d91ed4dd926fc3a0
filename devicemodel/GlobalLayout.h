//===- GlobalLayout.h - Where a kernel's global variables live --*- C++ -*-===//
#ifndef WARPLINT_DEVICEMODEL_GLOBALLAYOUT_H
#define WARPLINT_DEVICEMODEL_GLOBALLAYOUT_H

#include "devicemodel/Decoder.h"

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class Constant;
class DataLayout;
} // namespace llvm

namespace warplint {
namespace dm {

/// Places the global variables one kernel uses: __device__ variables and
/// generic-space constants each in a global buffer window of their own,
/// __constant__ variables in the constant bank, and __shared__ variables at
/// offsets of the kernel's shared window (extern arrays last, where dynamic
/// shared memory starts). Evaluates constant operands to encoded values.
class GlobalLayout {
public:
  static llvm::Expected<GlobalLayout> build(const llvm::Function &Kernel);

  /// The 64-bit lane value of a scalar constant (pointers encoded).
  uint64_t evaluate(const llvm::Constant *C) const;

  std::vector<GlobalImage> images() const;
  uint64_t sharedBytes() const { return SharedBytes; }
  uint64_t constBytes() const { return ConstBytes; }
  unsigned firstFreeBuffer() const { return NextBuffer; }
  /// The functions the kernel reaches, and every function whose address
  /// device code takes when it calls through a pointer: a function's index
  /// here is its code id (codeAddress).
  const std::vector<const llvm::Function *> &functions() const { return Code; }

private:
  void serialize(const llvm::Constant *C, uint8_t *Out) const;

  const llvm::DataLayout *DL = nullptr;
  std::vector<const llvm::GlobalVariable *> Order;
  llvm::DenseMap<const llvm::GlobalVariable *, GlobalImage> Placed;
  std::vector<const llvm::Function *> Code;
  llvm::DenseMap<const llvm::Function *, uint32_t> CodeIndex;
  uint64_t SharedBytes = 0, ConstBytes = 0;
  unsigned NextBuffer = 1;
};

} // namespace dm
} // namespace warplint

#endif
