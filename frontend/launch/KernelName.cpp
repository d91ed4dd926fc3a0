//===- KernelName.cpp - Kernel names as users type them -------------------===//
#include "frontend/launch/KernelName.h"

#include "frontend/DeviceModule.h"

#include "clang/Basic/LangOptions.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace warplint {

namespace {

/// An integer literal's value in decimal ("256u" -> "256", "0x10" -> "16");
/// none for another number (a floating literal) or one too large.
std::optional<std::string> integerValue(StringRef Text) {
  std::string Digits;
  for (char C : Text)
    if (C != '\'') // C++14 digit separators.
      Digits += C;
  StringRef D(Digits);
  D = D.rtrim("uUlLzZ");
  APInt V;
  if (D.empty() || D.getAsInteger(0, V))
    return std::nullopt;
  return toString(V, 10, /*Signed=*/false);
}

} // namespace

std::string canonicalKernelName(StringRef Name) {
  clang::LangOptions LO;
  LO.CPlusPlus = LO.CPlusPlus11 = LO.CPlusPlus14 = LO.CPlusPlus17 = true;
  LO.Bool = true;
  // A raw lexer over Name alone: no source manager, no preprocessor.
  clang::Lexer L(clang::SourceLocation(), LO, Name.begin(), Name.begin(), Name.end());
  std::string Out;
  auto Add = [&](StringRef T) {
    if (!Out.empty())
      Out += ' ';
    Out += T.str();
  };
  clang::Token Tok;
  while (true) {
    L.LexFromRawLexer(Tok);
    if (Tok.is(clang::tok::eof))
      break;
    const char *After = L.getBufferLocation();
    // The token's text: it ends where the lexer stands, Length back.
    StringRef Text(After - Tok.getLength(), Tok.getLength());
    if (Tok.is(clang::tok::numeric_constant)) {
      if (std::optional<std::string> V = integerValue(Text)) {
        Add(*V);
        continue;
      }
    }
    // `>>` closes two template argument lists, as `> >` does.
    if (Tok.is(clang::tok::greatergreater)) {
      Add(">");
      Add(">");
      continue;
    }
    Add(Text);
  }
  return Out;
}

bool sameKernelName(StringRef A, StringRef B) {
  if (A == B)
    return true;
  return canonicalKernelName(A) == canonicalKernelName(B);
}

bool kernelNameMatches(StringRef Typed, StringRef Mangled, StringRef Source) {
  return Typed.empty() || Typed == Mangled || sameKernelName(Typed, Source);
}

bool kernelNameMatches(StringRef Typed, const Function &F) {
  return Typed.empty() || Typed == F.getName() || sameKernelName(Typed, sourceName(F));
}

} // namespace warplint
