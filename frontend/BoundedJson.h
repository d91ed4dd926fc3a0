//===- BoundedJson.h - JSON parsed with a bound on its nesting --*- C++ -*-===//
//
// llvm::json::parse recurses once per level of lists and objects (and so do
// a json::Value's destructor and printer): a file nested 100,000 deep
// overflows the stack. Every JSON reader of warplint (merge's shards, a
// baseline, launch files, the result cache, the language server's messages)
// parses through parseBoundedJson, which scans the text's nesting first and
// refuses a deeper document with an error instead of crashing.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_BOUNDEDJSON_H
#define WARPLINT_FRONTEND_BOUNDEDJSON_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

namespace warplint {

/// The deepest nesting of JSON lists and objects warplint reads: check's
/// results and SARIF nest under 16 deep, a language server message under 32.
constexpr unsigned MaxJsonDepth = 512;

/// Checks that JSON text nests lists and objects at most Limit deep (a scan
/// that skips strings; it does not otherwise check the syntax). The error
/// names the line and the limit: "line N: lists and objects nest more than
/// LIMIT deep".
llvm::Error checkJsonDepth(llvm::StringRef Text, unsigned Limit = MaxJsonDepth);

/// llvm::json::parse, after checkJsonDepth(Text, Limit). The error is the
/// depth check's or "not JSON: " and the parser's; the caller adds the name
/// of the file or message.
llvm::Expected<llvm::json::Value> parseBoundedJson(llvm::StringRef Text,
                                                   unsigned Limit = MaxJsonDepth);

/// What a JSON value of kind K is, for an error message: "null", "a
/// boolean", "a number", "a string", "an array", "an object".
llvm::StringRef jsonKindName(llvm::json::Value::Kind K);

} // namespace warplint

#endif
