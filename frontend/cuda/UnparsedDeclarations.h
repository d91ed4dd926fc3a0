//===- UnparsedDeclarations.h - Host declarations Clang dropped -*- C++ -*-===//
//
// Some declarations that do not compile leave nothing in Clang's AST
// (`using torch::Tensor;`, `using namespace at;` with the framework's headers
// absent): their errors lie between the declarations Clang kept. Such a
// declaration is found from Clang's raw tokens between its neighbours, so
// that a retry can leave it out as it leaves out a host function.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_UNPARSEDDECLARATIONS_H
#define WARPLINT_FRONTEND_CUDA_UNPARSEDDECLARATIONS_H

#include "frontend/cuda/FailedBodies.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>

namespace clang {
class ASTContext;
class LangOptions;
class SourceManager;
} // namespace clang

namespace warplint {

/// The end of the declaration whose last token Clang's AST puts at End (the
/// location after that token), or, where a braced body that Clang did not
/// attach follows it (an invalid declaration's), after that body's `}`.
clang::SourceLocation endOfDeclaration(const clang::SourceManager &SM,
                                       const clang::LangOptions &LO, clang::SourceLocation End);

/// A declaration at namespace scope that holds the error at Loc and that
/// Clang's AST has nothing of, between the declarations of TopLevel (the
/// translation unit's, namespaces looked into): from the token after the
/// `;` or `}` that ends the one before it to the `;` (or the closing `}`)
/// that ends it. Its key (in Key) is where it starts. None when Loc is inside
/// a declaration Clang kept, or in a file a retry does not edit.
std::optional<FailedHostCode> unparsedDeclaration(clang::ASTContext &Ctx,
                                                  llvm::ArrayRef<clang::Decl *> TopLevel,
                                                  clang::SourceLocation Loc, std::string &Key);

} // namespace warplint

#endif
