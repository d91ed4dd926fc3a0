//===- ResultJson.h - A file's check result, kept as JSON -------*- C++ -*-===//
//
// What the result cache stores for a translation unit: every field of a
// FileResult the outputs read (findings with their notes, fix-its,
// confirmations and time saved; notes; Clang's errors), exactly: doubles are
// kept as their bits, so a result read back prints as the one written.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMANDS_RESULTJSON_H
#define WARPLINT_TOOLS_COMMANDS_RESULTJSON_H

#include "tools/commands/CheckFile.h"

#include "llvm/Support/JSON.h"

#include <optional>

namespace warplint {

/// R as a JSON value (R.Error, timings and other run-only fields left out).
llvm::json::Value resultToJson(const FileResult &R);

/// The result resultToJson wrote; std::nullopt when V is not one.
std::optional<FileResult> resultFromJson(const llvm::json::Value &V);

} // namespace warplint

#endif
