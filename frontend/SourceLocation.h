//===- SourceLocation.h - Where an instruction is in the user's source -*-C++-*-===//
#ifndef WARPLINT_FRONTEND_SOURCELOCATION_H
#define WARPLINT_FRONTEND_SOURCELOCATION_H

#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// A source location as users see it: 1-based line and column.
struct SourceLoc {
  std::string File;
  unsigned Line = 0, Column = 0;
  /// File is a name only (a `#line` directive's, or a file the compile did
  /// not read): no text of it is ever shown (docs/security.md).
  bool Label = false;
  bool valid() const { return Line != 0; }
  bool operator<(const SourceLoc &O) const;
  bool operator==(const SourceLoc &O) const {
    return File == O.File && Line == O.Line && Column == O.Column;
  }
};

/// A file named Name (relative to the compile directory Directory, itself
/// relative to the current directory; Name absolute or from the current
/// directory where Directory is empty) in the one form every output names
/// files in (issue 41): relative to the current directory when the file lies
/// under it (as clang-tidy prints), else absolute; `.` and `..` removed.
/// Debug locations, Clang's AST and the tools' own file names all go through
/// it, so one file has one name in a run.
std::string displayPath(llvm::StringRef Directory, llvm::StringRef Name);

/// displayPath of a file named from the current directory (or absolute).
inline std::string displayPath(llvm::StringRef Name) { return displayPath("", Name); }

/// The metadata kind that keeps a memory access's location from before
/// optimization (frontend/NvptxPipeline's markAccessOrigins), for where an
/// optimization dropped it.
inline constexpr llvm::StringLiteral AccessOriginKind = "warplint.origin";

/// The user-facing location of an instruction: the innermost inlined location
/// in a user file (not the prelude, an SDK, a library such as CUB, Thrust or
/// libcu++, or a system header; with a header filter, only the main file and
/// the headers it matches). Code inlined from a library is reported at the
/// user's line that called it.
SourceLoc userLocation(const llvm::Instruction &I);

/// The user-facing locations of the other accesses the optimizer merged
/// into I (frontend/MergedAccesses.h), sorted, without I's own location.
std::vector<SourceLoc> mergedLocations(const llvm::Instruction &I);

/// Where the instruction itself is (the innermost inlined location), which
/// differs from userLocation inside a library.
SourceLoc innermostLocation(const llvm::Instruction &I);

/// True for a header that is not the user's: the prelude, a CUDA toolkit,
/// CUB/Thrust/libcu++, system headers.
bool isLibraryFile(llvm::StringRef Path);

/// Sets M's header filter (clang-tidy's -header-filter): a regular
/// expression; user headers it does not match report their findings at the
/// line of the main file that called into them.
void setHeaderFilter(llvm::Module &M, llvm::StringRef Regex);

/// Where function F is declared (line of its name, column 1); invalid
/// without debug information.
SourceLoc declarationLocation(const llvm::Function &F);

/// The outermost location (in the function the code was inlined into).
SourceLoc outermostLocation(const llvm::Instruction &I);

} // namespace warplint

#endif
