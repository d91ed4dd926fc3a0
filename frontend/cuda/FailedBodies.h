//===- FailedBodies.h - Leave out device code Clang rejects -----*- C++ -*-===//
//
// One kernel that does not compile must not take the rest of its file down.
// When the device compile fails on errors inside the bodies of kernels or
// device functions, the compile is redone with those bodies skipped (as the
// host-code retry skips host bodies); the kernels that call a skipped device
// function are then left out of the module too, and each kernel or device
// function left out is reported at Clang's error (DeviceModule::Dropped).
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_FAILEDBODIES_H
#define WARPLINT_FRONTEND_CUDA_FAILEDBODIES_H

#include "frontend/DeviceModule.h"

#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/SourceLocation.h"

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
class Decl;
class SourceManager;
} // namespace clang

namespace warplint {

/// An error Clang reported during one compile, where it reported it.
struct ClangError {
  clang::SourceLocation Loc;
  std::string Message;
};

/// Text a retry leaves out: bytes [Begin, End) of File (the name Clang
/// opened it by), served as spaces with the line breaks kept, so that every
/// other location in the file stays where it was.
struct BlankRange {
  std::string File;
  unsigned Begin = 0, End = 0;
  bool valid() const { return !File.empty() && End > Begin; }
};

/// A kernel or device function whose body (or declaration) holds an error.
struct FailedBody {
  std::string Name; ///< Qualified source name ("ns::k").
  bool IsKernel = false;
  SourceLoc ErrorLoc; ///< Clang's first error in the body.
  std::string Error;  ///< Its message.
  /// An error outside the body (its parameters' types, its return type):
  /// skipping the body does not help, the whole declaration is left out.
  bool InDeclaration = false;
  BlankRange Whole; ///< The whole declaration (a template's included).
  /// The text between the body's braces, what skipping the body leaves out
  /// (for nvcc's compile of the same text); invalid without a body.
  BlankRange Body;
};

/// Host code that holds an error: a host function (its body or its
/// declaration), or a variable or a declaration at namespace scope. The
/// device side never emits it, so leaving it out changes no kernel.
struct FailedHostCode {
  std::string Name;    ///< Qualified source name ("forward").
  bool InBody = true;  ///< Every error is in the body: skipping it is enough.
  BlankRange Whole;    ///< The whole declaration.
  BlankRange Body;     ///< Between the body's braces (see FailedBody::Body).
  std::string ShortFile;            ///< "ext.cu", as launches name files.
  unsigned FirstLine = 0, LastLine = 0;
  SourceLoc ErrorLoc;  ///< Clang's first error in it.
  std::string Error;   ///< Its message.
};

/// Host code with errors, by the key of bodyKey.
using FailedHost = std::map<std::string, FailedHostCode>;

/// Bodies are named by where the function's name is written ("file:line:col",
/// the same in every compile of one text), so that a retry can skip them.
using FailedBodies = std::map<std::string, FailedBody>;

/// What one compile's errors say about device function bodies.
struct BodyErrors {
  FailedBodies Bodies;
  /// Host functions and namespace-scope declarations that hold errors.
  FailedHost Host;
  /// The first error outside every kernel and device function (host
  /// code, a declaration), as "file:line:col: error: message"; empty if none.
  std::string FirstOutside;
  /// The first error that no function or declaration a retry can leave out
  /// holds (a class, a namespace, a header that is not the user's); empty
  /// if none.
  std::string FirstUnattributed;
};

/// The key of FailedBodies for D: where its name is written.
std::string bodyKey(const clang::SourceManager &SM, const clang::Decl &D);

/// An AST consumer that, at the end of the translation unit, finds for each of
/// Errors (those the compile reported so far) the kernel and device function
/// bodies or declarations that hold it, and the host code that does (into Out), and names (mangled, as the module will)
/// each function whose body the compile skipped because Skipped holds its key
/// (into SkippedNames: mangled name to key), template instantiations included.
std::unique_ptr<clang::ASTConsumer>
createFailedBodyLocator(clang::CompilerInstance &CI, const std::vector<ClangError> &Errors,
                        const std::set<std::string> &Skipped, BodyErrors &Out,
                        std::map<std::string, std::string> &SkippedNames);

/// After a compile that skipped the bodies in Failed: deletes from M the
/// bodies of the kernels that reach a skipped device function (SkippedNames
/// maps its mangled names to its key), so that they are not analyzed, and
/// records in Dropped each kernel left out (its own body, or a callee's,
/// failed) and each failed device function no kernel calls, at its error,
/// in source order.
void dropFailedKernels(llvm::Module &M, const FailedBodies &Failed,
                       const std::map<std::string, std::string> &SkippedNames,
                       std::vector<DroppedCode> &Dropped);

} // namespace warplint

#endif
