//===- KernelTemplates.h - Kernel templates nothing instantiates -*- C++ -*-===//
//
// A kernel template is compiled only for the instantiations something asks
// for: a launch in host code, an explicit instantiation, an instantiation a
// launch file or a `// warplint: instantiate k<128, 8>` comment names. One
// that nothing instantiates is not analyzed, and is named as such (a check
// of a header of templates must not look clean for having checked nothing).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_KERNELTEMPLATES_H
#define WARPLINT_FRONTEND_CUDA_KERNELTEMPLATES_H

#include "frontend/DeviceModule.h"

#include "clang/AST/ASTConsumer.h"
#include "llvm/ADT/StringRef.h"

#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace warplint {

/// An AST consumer that, at the end of the translation unit, records in Out
/// each kernel template written outside system headers that has no
/// instantiation (as DroppedCode::NotInstantiated). HostBodiesSkipped: the
/// compile skipped host function bodies, where launches would instantiate.
std::unique_ptr<clang::ASTConsumer>
createKernelTemplateCollector(clang::CompilerInstance &CI, bool HostBodiesSkipped,
                              std::vector<DroppedCode> &Out);

/// Where a file's text instantiates a kernel template: `k<float, 256>` at
/// Line of File.
struct TemplateUse {
  std::string File;
  unsigned Line = 0;
  std::string Spelled;
};

/// The note for kernel template Name of Header, which the checked file
/// includes and does not instantiate. Without Searched (no compile database
/// to look in), what would find or give an instantiation; with it, Use (the
/// file that instantiates it) or, when null, that no file of the database
/// does.
std::string headerTemplateNote(llvm::StringRef Name, llvm::StringRef Header, bool Searched,
                               const TemplateUse *Use);

/// Each `Name<...>` in Text (Name unqualified; a member `x.Name<` or
/// `p->Name<` is not one), outside comments and string literals, with its
/// line; File is left empty.
std::vector<TemplateUse> templateUses(llvm::StringRef Text, llvm::StringRef Name);

/// The instantiations a file's text asks for with `// warplint: instantiate
/// k<128, 8>` comments, one per comment, with the comment's line (1-based).
std::vector<std::pair<unsigned, std::string>> instantiationComments(llvm::StringRef Text);

/// Text to append to a file so that Clang instantiates each of Names
/// (`k<128, 8>`): a host variable per name that takes its address, written
/// with a #line at Line (of File) so an error in it points there (0: after
/// the file's last line).
std::string instantiationText(llvm::StringRef File,
                              llvm::ArrayRef<std::pair<unsigned, std::string>> Names);

} // namespace warplint

#endif
