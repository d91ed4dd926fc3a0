//===- DeclarationCollector.h - Declarations that fix-its edit --*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_CUDA_DECLARATIONCOLLECTOR_H
#define WARPLINT_FRONTEND_CUDA_DECLARATIONCOLLECTOR_H

#include "frontend/DeviceModule.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>
#include <string>

namespace clang {
class CompilerInstance;
}

namespace warplint {

/// The directory debug locations name files relative to (the compile's
/// -fdebug-compilation-dir, else the working directory): source locations
/// read from the AST name files the same way.
std::string compileDirectory(const clang::CompilerInstance &CI);

/// An AST consumer that records, by mangled name, where each kernel's
/// pointer parameters take `__restrict__` and how each __shared__,
/// __constant__ and __device__ variable's name and array dimensions are
/// written, with locations taken through macros and template instantiations
/// as Clang resolves them.
std::unique_ptr<clang::ASTConsumer> createDeclarationCollector(clang::CompilerInstance &CI,
                                                               SourceDecls &Out);

} // namespace warplint

#endif
