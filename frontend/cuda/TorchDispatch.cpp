//===- TorchDispatch.cpp - Kernels PyTorch's dispatch macros instantiate --===//

#include "frontend/cuda/TorchDispatch.h"
#include "frontend/cuda/RawTokens.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;

namespace warplint {
namespace {

/// The C++ type of a scalar type's name as the macros take it
/// (`at::ScalarType::Half`, `at::kHalf`, `kBFloat16`, `Half`).
std::string scalarType(StringRef Arg) {
  Arg = Arg.trim();
  for (StringRef Prefix : {"at::ScalarType::", "c10::ScalarType::", "ScalarType::", "at::k", "c10::k", "torch::k"})
    if (Arg.consume_front(Prefix))
      break;
  if (Arg.size() > 1 && Arg[0] == 'k' && isupper(static_cast<unsigned char>(Arg[1])))
    Arg = Arg.drop_front();
  static const std::pair<StringRef, StringRef> Types[] = {
      {"Half", "at::Half"}, {"BFloat16", "at::BFloat16"}, {"Float", "float"},
      {"Double", "double"}, {"Int", "int"},               {"Long", "long"},
      {"Short", "short"},   {"Char", "signed char"},      {"Byte", "unsigned char"},
      {"Bool", "bool"}};
  for (const auto &[Name, Type] : Types)
    if (Arg == Name)
      return Type.str();
  return "";
}

} // namespace

std::vector<std::string> dispatchTypes(StringRef Macro, ArrayRef<StringRef> LeadingArgs) {
  std::vector<std::string> Out;
  StringRef Rest = Macro;
  const char *Integers[] = {"unsigned char", "signed char", "short", "int", "long"};
  if (Rest.consume_front("FLOATING_TYPES")) {
    Out = {"float", "double"};
  } else if (Rest.consume_front("ALL_TYPES")) {
    Out = {"float", "double"};
    Out.insert(Out.end(), std::begin(Integers), std::end(Integers));
  } else if (Rest.consume_front("INTEGRAL_TYPES")) {
    Out.assign(std::begin(Integers), std::end(Integers));
  } else {
    return {};
  }
  if (Rest == "_AND_HALF") {
    Out.push_back("at::Half");
  } else if (Rest.consume_front("_AND")) {
    unsigned Extra = Rest.empty() ? 1 : Rest.size() == 1 && isdigit(Rest[0]) ? Rest[0] - '0' : 0;
    if (!Extra || LeadingArgs.size() < Extra)
      return {};
    for (StringRef A : LeadingArgs.take_front(Extra)) {
      std::string T = scalarType(A);
      if (T.empty())
        return {};
      Out.push_back(T);
    }
  } else if (!Rest.empty()) {
    return {};
  }
  return Out;
}

std::vector<std::pair<unsigned, std::string>> dispatchInstantiations(StringRef Text) {
  using clang::tok::TokenKind;
  namespace tok = clang::tok;
  std::vector<std::pair<unsigned, std::string>> Out;
  if (!Text.contains("AT_DISPATCH_"))
    return Out;
  std::vector<TextToken> Toks = lexText(Text);
  auto Spelling = [&](const TextToken &T) { return Text.slice(T.Begin, T.End); };
  StringSet<> Seen;
  for (size_t I = 0; I + 1 < Toks.size(); ++I) {
    StringRef Macro = Spelling(Toks[I]);
    if (Toks[I].Kind != tok::raw_identifier || !Macro.consume_front("AT_DISPATCH_") ||
        Toks[I + 1].Kind != tok::l_paren)
      continue;
    // The macro's arguments, split at its top-level commas (token ranges).
    SmallVector<std::pair<size_t, size_t>, 8> Args;
    size_t Close = I + 1, Start = I + 2;
    for (int Depth = 0; Close < Toks.size(); ++Close) {
      TokenKind K = Toks[Close].Kind;
      Depth += opensBracket(K) - closesBracket(K);
      if (Depth == 0 || (Depth == 1 && K == tok::comma)) {
        Args.push_back({Start, Close});
        Start = Close + 1;
      }
      if (Depth == 0)
        break;
    }
    if (Close == Toks.size())
      break;
    // AT_DISPATCH_X(TYPE, NAME, LAMBDA) and AT_DISPATCH_X_ANDn(T1..Tn, TYPE, NAME, LAMBDA).
    SmallVector<StringRef, 4> Leading;
    for (size_t A = 0; A + 3 < Args.size(); ++A)
      if (Args[A].first < Args[A].second)
        Leading.push_back(Text.slice(Toks[Args[A].first].Begin, Toks[Args[A].second - 1].End));
    std::vector<std::string> Types = Args.size() >= 3 ? dispatchTypes(Macro, Leading)
                                                      : std::vector<std::string>();
    // Each `k<...scalar_t...><<<` inside: the '>' before `<<<`, back to its '<'.
    for (size_t L = I + 2; !Types.empty() && L < Close; ++L) {
      if (Toks[L].Kind != tok::lesslessless || Toks[L - 1].Kind != tok::greater)
        continue;
      size_t Gt = L - 1, Lt = Gt;
      for (int Depth = 0; Lt > I + 2; --Lt) {
        Depth += (Toks[Lt].Kind == tok::greater) - (Toks[Lt].Kind == tok::less);
        if (Depth == 0)
          break;
      }
      if (Toks[Lt].Kind != tok::less || Toks[Lt - 1].Kind != tok::raw_identifier)
        continue;
      // The kernel's name, with its qualifiers (`ns::k`).
      size_t NameAt = Lt - 1;
      while (NameAt >= I + 4 && Toks[NameAt - 1].Kind == tok::coloncolon &&
             Toks[NameAt - 2].Kind == tok::raw_identifier)
        NameAt -= 2;
      SmallVector<size_t, 2> Uses;
      for (size_t T = Lt + 1; T < Gt; ++T)
        if (Toks[T].Kind == tok::raw_identifier && Spelling(Toks[T]) == "scalar_t")
          Uses.push_back(T);
      if (Uses.empty())
        continue;
      unsigned Line = 1 + Text.take_front(Toks[NameAt].Begin).count('\n');
      StringRef Name = Text.slice(Toks[NameAt].Begin, Toks[Lt - 1].End);
      for (const std::string &Type : Types) {
        // The template arguments as written, each scalar_t the type.
        std::string Targs;
        size_t From = Toks[Lt].End;
        for (size_t U : Uses) {
          Targs += Text.slice(From, Toks[U].Begin).str() + Type;
          From = Toks[U].End;
        }
        Targs += Text.slice(From, Toks[Gt].Begin).str();
        std::string Inst = Name.str() + "<" + StringRef(Targs).trim().str() + ">";
        if (Seen.insert(Inst).second)
          Out.push_back({Line, Inst});
      }
    }
    I = Close;
  }
  return Out;
}

} // namespace warplint
