//===- EmbeddedFile.h - Files compiled in by cmake/EmbedFiles.cmake -*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_EMBEDDEDFILE_H
#define WARPLINT_FRONTEND_EMBEDDEDFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

namespace warplint {

/// One row of a table cmake/EmbedFiles.cmake writes: a file's name (no
/// directory) and its whole text.
struct EmbeddedFile {
  const char *Name;
  const char *Contents;
};

/// The text of the file Name in Table; empty when it has none.
inline llvm::StringRef embeddedFile(llvm::ArrayRef<EmbeddedFile> Table, llvm::StringRef Name) {
  for (const EmbeddedFile &F : Table)
    if (Name == F.Name)
      return F.Contents;
  return "";
}

} // namespace warplint

#endif
