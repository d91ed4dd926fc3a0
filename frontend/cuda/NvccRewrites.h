//===- NvccRewrites.h - What nvcc accepts and no Clang flag does -*- C++ -*-===//
//
// Three things nvcc accepts that Clang rejects with no flag to relax it, read
// as nvcc reads them by rewriting, in the text served to the next compile
// (never on disk), the code Clang's errors point at:
//
// * A __shared__ variable of a class type whose default constructor does
//   work (`__shared__ cuda::barrier<...> bar;`, a struct with default member
//   initializers): shared memory is not initialized, so nvcc runs no
//   constructor and warns at most; Clang says "initialization is not
//   supported for __shared__ variables". The declaration becomes
//   uninitialized shared storage of the type's size and alignment, and a
//   reference of the variable's name and type to it.
// * A single `%` before a special register's name in inline asm
//   (`mov.u64 %0, %globaltimer;`): nvcc passes it through, Clang says
//   "invalid % escape in inline assembly string". It becomes `%%`, the
//   portable spelling of the same PTX.
// * Inline asm operands written without the comma between them
//   (`:: "r"(v) "l"(p)`): nvcc's parser reads the next constraint string as
//   the next operand, Clang says "expected ')'" at it. A comma is inserted
//   before the string, only inside an asm statement's operand lists.
// * An inline asm statement whose operand numbers, constraints or strings
//   Clang rejects in the body of a template (`%8` of 8 operands in an
//   `if constexpr` branch no instantiation takes): nvcc checks them only where
//   instantiated. The statement becomes a call of the prelude's
//   __warplint_asm_rejected_at_definition(); a compile that emits that call
//   (an instantiation takes the branch) keeps the error.
//
// Each rewrite keeps every line where it was.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_NVCCREWRITES_H
#define WARPLINT_FRONTEND_CUDA_NVCCREWRITES_H

#include "frontend/cuda/FailedBodies.h"

#include "clang/AST/ASTConsumer.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace warplint {

/// Files to serve in place of the ones on disk: the name Clang opened each
/// by, to its rewritten text.
using RewrittenFiles = std::map<std::string, std::string>;

/// An AST consumer that, at the end of the translation unit, rewrites into
/// Out (starting from the files' current text) each function-scope
/// `__shared__` declaration and each asm `%` that Errors say Clang rejected
/// as above, and each asm statement set aside, told in AsmSetAside ("f.cu:12:
/// an asm statement ... was set aside: <error>"). What it cannot rewrite
/// safely (written by a macro, several declarators, an array) is left as it is.
std::unique_ptr<clang::ASTConsumer>
createNvccRewriter(clang::CompilerInstance &CI, const std::vector<ClangError> &Errors,
                   RewrittenFiles &Out, std::vector<std::string> &AsmSetAside);

} // namespace warplint

#endif
