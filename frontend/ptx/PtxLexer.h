//===- PtxLexer.h - Tokens of a PTX file ------------------------*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_PTXLEXER_H
#define WARPLINT_FRONTEND_PTXLEXER_H

#include "frontend/ptx/PtxAst.h"

#include "llvm/ADT/StringRef.h"

namespace warplint {
namespace ptx {

/// One token. Text points into the lexed buffer.
struct Token {
  enum KindTy : uint8_t {
    Identifier, ///< ld.global.f32, .reg, %r1, %tid.x, $L__BB0_1, _Z4copy
    Number,     ///< 42, 0x2A, 0f3F800000, 0d..., 1.5, 1e-3
    String,     ///< "text" (Text includes the quotes)
    Punct,      ///< one of , ; : { } [ ] ( ) + - ! @ | < > =
    Eof,
    Error,      ///< An unexpected character; Text is that character.
  } Kind = Eof;
  llvm::StringRef Text;
  Loc Where;

  bool is(char C) const { return Kind == Punct && Text.size() == 1 && Text[0] == C; }
};

/// Splits a PTX buffer into tokens, skipping whitespace and comments.
/// Never reads past the buffer; malformed bytes become Error tokens.
class Lexer {
public:
  explicit Lexer(llvm::StringRef Buffer) : Buf(Buffer) {}

  /// The next token (Eof at the end, repeatedly).
  Token next();

  /// The byte offset of the next unread character.
  size_t offset() const { return Pos; }

private:
  void skipSpaceAndComments();
  char peek(size_t Ahead = 0) const {
    return Pos + Ahead < Buf.size() ? Buf[Pos + Ahead] : '\0';
  }
  void advance(size_t N = 1);

  llvm::StringRef Buf;
  size_t Pos = 0;
  unsigned Line = 1, Col = 1;
  bool UnterminatedComment = false;
};

} // namespace ptx
} // namespace warplint

#endif
