//===- LspHover.h - textDocument/hover over a memory access -----*- C++ -*-===//
//
// The hover `warplint lsp` answers over an access: the Markdown of
// tools/output/AccessHover.h for the access under the cursor (the expression
// its line and column start, as the diagnostics place it), or, on a line with
// accesses but none under the cursor, the nearest one on that line.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_LSPHOVER_H
#define WARPLINT_TOOLS_LSPHOVER_H

#include "tools/lsp/LspConvert.h"
#include "tools/output/AccessHover.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"

#include <optional>

namespace warplint {

/// The hover result ({"contents": {"kind": "markdown", "value"}, "range"})
/// for position Pos of the document Path, whose checked text is Doc, among
/// Accesses (those of its last check); none when no access is on Pos's line.
/// Several accesses at one place (a load and a store of `a[i] += x`, a device
/// function's access in each kernel that calls it) are shown one after
/// another.
std::optional<llvm::json::Value> hoverAt(llvm::ArrayRef<AccessHover> Accesses,
                                         llvm::StringRef Path, const DocumentText &Doc,
                                         const llvm::lsp::Position &Pos);

} // namespace warplint

#endif
