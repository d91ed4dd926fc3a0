//===- RawTokens.h - A file's text as clang's raw lexer splits it -*- C++ -*-===//
//
// Reading a file's text for names (a dispatch macro's launches, another
// file's instantiation of a header's template) without compiling it: tokens
// by byte range, comments and string literals tokens of their own that are
// never looked into.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_CUDA_RAWTOKENS_H
#define WARPLINT_FRONTEND_CUDA_RAWTOKENS_H

#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringRef.h"

#include <vector>

namespace warplint {

/// A token of a file's text, by its byte range.
struct TextToken {
  clang::tok::TokenKind Kind;
  size_t Begin, End;
};

/// Text as clang's raw lexer splits it (CUDA C++: `<<<` is one token).
std::vector<TextToken> lexText(llvm::StringRef Text);

/// True for `(`, `[` and `{`.
bool opensBracket(clang::tok::TokenKind K);
/// True for `)`, `]` and `}`.
bool closesBracket(clang::tok::TokenKind K);

} // namespace warplint

#endif
