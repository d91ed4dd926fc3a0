//===- PtxLexer.cpp - Tokens of a PTX file --------------------------------===//
#include "frontend/ptx/PtxLexer.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

bool isIdentStart(char C) {
  return isAlpha(C) || C == '_' || C == '$' || C == '%' || C == '.';
}

bool isIdentChar(char C) {
  return isAlnum(C) || C == '_' || C == '$' || C == '%' || C == '.';
}

} // namespace

void Lexer::advance(size_t N) {
  for (size_t I = 0; I < N && Pos < Buf.size(); ++I, ++Pos) {
    if (Buf[Pos] == '\n') {
      ++Line;
      Col = 1;
    } else {
      ++Col;
    }
  }
}

void Lexer::skipSpaceAndComments() {
  while (Pos < Buf.size()) {
    char C = Buf[Pos];
    if (C == ' ' || C == '\t' || C == '\n' || C == '\r' || C == '\f' || C == '\v') {
      advance();
    } else if (C == '/' && peek(1) == '/') {
      while (Pos < Buf.size() && Buf[Pos] != '\n')
        advance();
    } else if (C == '/' && peek(1) == '*') {
      advance(2);
      while (Pos < Buf.size() && !(Buf[Pos] == '*' && peek(1) == '/'))
        advance();
      if (Pos >= Buf.size()) {
        UnterminatedComment = true;
        return;
      }
      advance(2);
    } else {
      return;
    }
  }
}

Token Lexer::next() {
  skipSpaceAndComments();
  Token T;
  T.Where = {Line, Col};
  if (Pos >= Buf.size()) {
    T.Kind = UnterminatedComment ? Token::Error : Token::Eof;
    T.Text = Buf.substr(Buf.size()); // Empty, pointing at the end.
    return T;
  }
  size_t Start = Pos;
  char C = Buf[Pos];
  if (isIdentStart(C)) {
    advance();
    // Cache and eviction qualifiers contain "::" (L1::evict_last).
    while (isIdentChar(peek()) || (peek() == ':' && peek(1) == ':' && isIdentChar(peek(2))))
      advance(peek() == ':' ? 2 : 1);
    T.Kind = Token::Identifier;
  } else if (isDigit(C)) {
    advance();
    // Hex floats (0f/0d), hex ints, decimals with exponents; an 'U' suffix.
    while (isAlnum(peek()) || peek() == '.' ||
           ((peek() == '+' || peek() == '-') && (Buf[Pos - 1] == 'e' || Buf[Pos - 1] == 'E') &&
            !(Pos - Start >= 2 && (Buf[Start + 1] == 'x' || Buf[Start + 1] == 'X' ||
                                   Buf[Start + 1] == 'f' || Buf[Start + 1] == 'F' ||
                                   Buf[Start + 1] == 'd' || Buf[Start + 1] == 'D'))))
      advance();
    T.Kind = Token::Number;
  } else if (C == '"') {
    advance();
    while (Pos < Buf.size() && Buf[Pos] != '"' && Buf[Pos] != '\n')
      advance(Buf[Pos] == '\\' && Pos + 1 < Buf.size() && Buf[Pos + 1] != '\n' ? 2 : 1);
    if (peek() != '"') {
      T.Kind = Token::Error;
      T.Text = Buf.substr(Start, 1);
      return T;
    }
    advance();
    T.Kind = Token::String;
  } else if (StringRef(",;:{}[]()+-!@|<>=").contains(C) && C != '\0') {
    advance();
    T.Kind = Token::Punct;
  } else {
    advance();
    T.Kind = Token::Error;
  }
  T.Text = Buf.substr(Start, Pos - Start);
  return T;
}

} // namespace ptx
} // namespace warplint
