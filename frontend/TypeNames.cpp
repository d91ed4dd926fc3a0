//===- TypeNames.cpp - IR types as a CUDA programmer spells them ----------===//
#include "frontend/TypeNames.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdlib>

using namespace llvm;

namespace warplint {

std::string cTypeName(const llvm::Type *T) {
  if (T->isFloatTy())
    return "float";
  if (T->isDoubleTy())
    return "double";
  if (T->isHalfTy())
    return "half";
  if (T->isBFloatTy())
    return "bfloat16";
  if (const auto *I = llvm::dyn_cast<llvm::IntegerType>(T)) {
    switch (I->getBitWidth()) {
    case 8:
      return "char";
    case 16:
      return "short";
    case 32:
      return "int";
    case 64:
      return "long long";
    default:
      return formatv("i{0}", I->getBitWidth()).str();
    }
  }
  if (T->isPointerTy())
    return "pointer";
  if (const auto *S = llvm::dyn_cast<llvm::StructType>(T)) {
    if (!S->hasName())
      return "struct";
    StringRef N = S->getName();
    for (StringRef P : {"struct.", "class.", "union."})
      if (N.consume_front(P))
        return ((P == "union." ? "union " : "struct ") + N).str();
    return N.str();
  }
  if (const auto *A = llvm::dyn_cast<llvm::ArrayType>(T))
    return formatv("{0}[{1}]", cTypeName(A->getElementType()), A->getNumElements()).str();
  if (const auto *V = llvm::dyn_cast<llvm::FixedVectorType>(T))
    return formatv("{0}x{1}", cTypeName(V->getElementType()), V->getNumElements()).str();
  return "?";
}

std::vector<std::string> demangledParamTypes(StringRef Mangled) {
  // The demangler's tree points into the name it was given: keep the name
  // alive until the parameters are printed (a temporary here was read after
  // it was freed, and a float3 pointer intermittently counted 4-byte elements).
  std::string Name = Mangled.str();
  ItaniumPartialDemangler D;
  if (!Mangled.starts_with("_Z") || D.partialDemangle(Name.c_str()))
    return {};
  size_t Size = 0;
  char *Buf = D.getFunctionParameters(nullptr, &Size);
  if (!Buf)
    return {};
  StringRef List = StringRef(Buf).trim();
  std::vector<std::string> Out;
  if (List.consume_front("(") && List.consume_back(")") && !List.trim().empty()) {
    // Split at the commas outside <>, () and [].
    int Depth = 0;
    size_t Start = 0;
    for (size_t I = 0; I <= List.size(); ++I) {
      char C = I < List.size() ? List[I] : ',';
      if (C == '<' || C == '(' || C == '[')
        ++Depth;
      else if (C == '>' || C == ')' || C == ']')
        --Depth;
      else if (C == ',' && Depth == 0) {
        Out.push_back(List.slice(Start, I).trim().str());
        Start = I + 1;
      }
    }
  }
  std::free(Buf);
  return Out;
}

namespace {

/// A CUDA or IR scalar type's part, or none.
std::optional<ScalarParts> scalarPart(StringRef Name) {
  ScalarParts P;
  P.Count = 1;
  P.Bytes = StringSwitch<unsigned>(Name)
                .Cases({"bool", "char", "signed char", "unsigned char"}, 1)
                .Cases({"short", "unsigned short", "__half", "half", "__nv_bfloat16",
                        "bfloat16"},
                       2)
                .Cases({"int", "unsigned int", "unsigned", "float"}, 4)
                .Cases({"long", "unsigned long", "long long", "unsigned long long", "double"},
                       8)
                .Default(0);
  if (!P.Bytes)
    return std::nullopt;
  P.Float = Name == "float" || Name == "double";
  P.Half = P.Bytes == 2 && !Name.ends_with("short");
  return P;
}

/// The component of a CUDA vector type name without its count ("uint" of
/// "uint4"), or none.
std::optional<ScalarParts> vectorComponent(StringRef Base) {
  unsigned Bytes = StringSwitch<unsigned>(Base)
                       .Cases({"char", "uchar"}, 1)
                       .Cases({"short", "ushort"}, 2)
                       .Cases({"int", "uint", "float"}, 4)
                       .Cases({"long", "ulong", "longlong", "ulonglong", "double"}, 8)
                       .Default(0);
  if (!Bytes)
    return std::nullopt;
  ScalarParts P;
  P.Bytes = Bytes;
  P.Count = 1;
  P.Float = Base == "float" || Base == "double";
  return P;
}

/// Bytes of a CUDA built-in scalar or vector type (float3 is 12), or 0.
unsigned builtinBytes(StringRef Name) {
  if (std::optional<ScalarParts> S = scalarPart(Name))
    return S->Bytes;
  if (Name.empty() || Name.back() < '1' || Name.back() > '4')
    return 0;
  std::optional<ScalarParts> C = vectorComponent(Name.drop_back());
  return C ? C->Bytes * unsigned(Name.back() - '0') : 0;
}

} // namespace

std::optional<ScalarParts> scalarPartsOf(StringRef Name) {
  Name = Name.trim();
  Name.consume_front("const ");
  Name.consume_front("struct ");
  Name.consume_front("__device_builtin__ ");
  if (std::optional<ScalarParts> S = scalarPart(Name))
    return S;
  // "float[4]" (an array) and "intx4" (an IR vector): a scalar and a count.
  unsigned Count = 0;
  StringRef Elem;
  if (Name.consume_back("]")) {
    auto [E, N] = Name.rsplit('[');
    if (N.getAsInteger(10, Count))
      return std::nullopt;
    Elem = E;
  } else if (size_t X = Name.rfind('x'); X != StringRef::npos &&
                                          !Name.drop_front(X + 1).getAsInteger(10, Count)) {
    Elem = Name.take_front(X);
  }
  if (Count) {
    std::optional<ScalarParts> P = scalarPartsOf(Elem);
    if (!P)
      return std::nullopt;
    P->Count *= Count;
    return P;
  }
  // A CUDA vector type: "uint4", "double2".
  if (Name.empty() || Name.back() < '1' || Name.back() > '4')
    return std::nullopt;
  std::optional<ScalarParts> C = vectorComponent(Name.drop_back());
  if (C)
    C->Count = unsigned(Name.back() - '0');
  return C;
}

std::optional<Pointee> pointeeOf(StringRef ParamType) {
  StringRef T = ParamType.trim();
  for (StringRef Q : {"restrict", "__restrict__", "__restrict", "const", "volatile"})
    if (T.ends_with(Q) && T.size() > Q.size() &&
        (T[T.size() - Q.size() - 1] == ' ' || T[T.size() - Q.size() - 1] == '*'))
      T = T.drop_back(Q.size()).rtrim();
  if (!T.consume_back("*"))
    return std::nullopt;
  T = T.rtrim();
  if (T.ends_with("*"))
    return Pointee{"pointer", 8};
  for (StringRef Q : {" const", " volatile"})
    if (T.ends_with(Q))
      T = T.drop_back(Q.size()).rtrim();
  T.consume_front("const ");
  Pointee P;
  P.Name = T.str();
  P.Bytes = builtinBytes(T);
  return P;
}

} // namespace warplint
