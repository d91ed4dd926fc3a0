//===- SourceLocation.h - Where an instruction is in the user's source -*-C++-*-===//
#ifndef WARPLINT_FRONTEND_SOURCELOCATION_H
#define WARPLINT_FRONTEND_SOURCELOCATION_H

#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"

#include <string>

namespace warplint {

/// A source location as users see it: 1-based line and column.
struct SourceLoc {
  std::string File;
  unsigned Line = 0, Column = 0;
  bool valid() const { return Line != 0; }
  bool operator<(const SourceLoc &O) const;
  bool operator==(const SourceLoc &O) const {
    return File == O.File && Line == O.Line && Column == O.Column;
  }
};

/// A file named Name (relative to the compile directory Directory) as a path
/// that opens from the current directory: shown relative to it when the file
/// lies under it, as debug locations and Clang's AST both name files.
std::string displayPath(llvm::StringRef Directory, llvm::StringRef Name);

/// The user-facing location of an instruction: the innermost inlined location
/// in a user file (not the prelude, an SDK or a system header).
SourceLoc userLocation(const llvm::Instruction &I);

/// Where function F is declared (line of its name, column 1); invalid
/// without debug information.
SourceLoc declarationLocation(const llvm::Function &F);

/// The outermost location (in the function the code was inlined into).
SourceLoc outermostLocation(const llvm::Instruction &I);

} // namespace warplint

#endif
