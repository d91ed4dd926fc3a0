//===- TorchDispatch.cpp - Kernels PyTorch's dispatch macros instantiate --===//

#include "frontend/cuda/TorchDispatch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

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

/// The end of the parenthesized list that opens at Text[Open] ('('), or npos.
size_t closingParen(StringRef Text, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Text.size(); ++I) {
    if (Text[I] == '(')
      ++Depth;
    else if (Text[I] == ')' && --Depth == 0)
      return I;
  }
  return StringRef::npos;
}

/// The top-level comma-separated arguments of the list Text[Open..Close].
SmallVector<StringRef, 8> arguments(StringRef Text, size_t Open, size_t Close) {
  SmallVector<StringRef, 8> Out;
  int Depth = 0;
  size_t Start = Open + 1;
  for (size_t I = Open + 1; I < Close; ++I) {
    char C = Text[I];
    if (C == '(' || C == '[' || C == '{')
      ++Depth;
    else if (C == ')' || C == ']' || C == '}')
      --Depth;
    else if (C == ',' && Depth == 0) {
      Out.push_back(Text.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  Out.push_back(Text.slice(Start, Close).trim());
  return Out;
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
  std::vector<std::pair<unsigned, std::string>> Out;
  if (!Text.contains("AT_DISPATCH_"))
    return Out;
  Regex Macro("AT_DISPATCH_([A-Z0-9_]+)[ \t\r\n]*\\(");
  Regex Launch("([A-Za-z_][A-Za-z0-9_:]*)[ \t]*<([^<>;{}]*scalar_t[^<>;{}]*)>[ \t\r\n]*<<<");
  StringSet<> Seen;
  size_t From = 0;
  SmallVector<StringRef, 3> M;
  while (From < Text.size() && Macro.match(Text.substr(From), &M)) {
    size_t At = M[0].data() - Text.data();
    size_t Open = At + M[0].size() - 1, Close = closingParen(Text, Open);
    if (Close == StringRef::npos)
      break;
    SmallVector<StringRef, 8> Args = arguments(Text, Open, Close);
    // AT_DISPATCH_X(TYPE, NAME, LAMBDA) and AT_DISPATCH_X_ANDn(T1..Tn, TYPE, NAME, LAMBDA).
    std::vector<std::string> Types =
        Args.size() >= 3 ? dispatchTypes(M[1], ArrayRef<StringRef>(Args).drop_back(3))
                         : std::vector<std::string>();
    StringRef Body = Text.slice(Open, Close);
    size_t In = 0;
    SmallVector<StringRef, 3> L;
    while (!Types.empty() && In < Body.size() && Launch.match(Body.substr(In), &L)) {
      size_t LaunchAt = L[0].data() - Text.data();
      unsigned Line = 1 + Text.take_front(LaunchAt).count('\n');
      for (const std::string &T : Types) {
        std::string Targs;
        StringRef A = L[2];
        // scalar_t, as a whole word, becomes the type.
        for (size_t I = 0; I < A.size();) {
          bool Word = A.substr(I).starts_with("scalar_t") &&
                      (I == 0 || !(isalnum(static_cast<unsigned char>(A[I - 1])) || A[I - 1] == '_')) &&
                      (I + 8 == A.size() ||
                       !(isalnum(static_cast<unsigned char>(A[I + 8])) || A[I + 8] == '_'));
          if (Word) {
            Targs += T;
            I += 8;
          } else {
            Targs += A[I++];
          }
        }
        std::string Name = L[1].str() + "<" + StringRef(Targs).trim().str() + ">";
        if (Seen.insert(Name).second)
          Out.push_back({Line, Name});
      }
      In = L[0].data() + L[0].size() - Body.data();
    }
    From = Close + 1;
  }
  return Out;
}

} // namespace warplint
