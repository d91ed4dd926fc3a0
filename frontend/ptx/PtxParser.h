//===- PtxParser.h - Parse PTX text into a ptx::Module ----------*- C++ -*-===//
//
// Reads the PTX that nvcc (CUDA 11-13) and LLVM's NVPTX backend write: ISA
// 7.0 to 9.x module directives, .entry/.func with parameters and performance
// directives, register and variable declarations, labels, predicated
// instructions with vector and address operands, .loc/.file and debug
// sections (skipped). The first error stops the parse and is returned as
// "file:line:col: error: message" followed by the source line and a caret.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_PTXPARSER_H
#define WARPLINT_FRONTEND_PTXPARSER_H

#include "frontend/ptx/PtxAst.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/SourceMgr.h"

namespace warplint {
namespace ptx {

/// Parses Buffer, which was read from Path (used in messages only).
llvm::Expected<Module> parse(llvm::StringRef Buffer, llvm::StringRef Path);

/// Formats a diagnostic at Where in Buffer as clang does:
/// "Path:line:col: error: Msg", the source line and a caret. Bytes that are
/// not printable are shown as '?'.
std::string formatDiagnostic(llvm::StringRef Buffer, llvm::StringRef Path, Loc Where,
                             llvm::SourceMgr::DiagKind Kind, const llvm::Twine &Msg);

} // namespace ptx
} // namespace warplint

#endif
