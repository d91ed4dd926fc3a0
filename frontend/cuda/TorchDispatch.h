//===- TorchDispatch.h - Kernels PyTorch's dispatch macros instantiate -*- C++ -*-===//
//
// A PyTorch extension launches its kernel template inside a dispatch macro:
// `AT_DISPATCH_FLOATING_TYPES(x.scalar_type(), "k", [&] { k<scalar_t><<<g, b>>>(...); })`
// runs the lambda once per type the macro names, with scalar_t that type.
// Without torch's headers nothing instantiates the template, so the file's
// text is read for these launches and each is asked for by name, per type.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_TORCHDISPATCH_H
#define WARPLINT_FRONTEND_CUDA_TORCHDISPATCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>
#include <vector>

namespace warplint {

/// The types a dispatch macro runs its lambda for: "FLOATING_TYPES" (of
/// `AT_DISPATCH_FLOATING_TYPES`) gives float and double; the `_AND_HALF`,
/// `_AND`, `_AND2` and `_AND3` forms add at::Half or the scalar types their
/// leading arguments name (`at::ScalarType::BFloat16`, `at::kHalf`); the
/// integral and all-types forms add the integer types. Empty for a macro
/// this does not know (complex types, quantized types).
std::vector<std::string> dispatchTypes(llvm::StringRef Macro,
                                       llvm::ArrayRef<llvm::StringRef> LeadingArgs);

/// The instantiations (line of the launch, `k<float>`) that the dispatch
/// macros of a file's text ask for: every `k<..scalar_t..><<<` launch inside
/// an `AT_DISPATCH_*` call, once per type the macro runs it for.
std::vector<std::pair<unsigned, std::string>> dispatchInstantiations(llvm::StringRef Text);

} // namespace warplint

#endif
