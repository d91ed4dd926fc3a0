//===- TypeNames.h - IR types as a CUDA programmer spells them --*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_TYPENAMES_H
#define WARPLINT_FRONTEND_TYPENAMES_H

#include "llvm/IR/Type.h"

#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// The C spelling of an IR element type: "float", "double", "int" (any i32),
/// "char", "short", "long long", "half", "struct Pair", "float[4]" ...
std::string cTypeName(const llvm::Type *T);

/// The parameter types of a mangled (Itanium) function name as C++ spells
/// them ("float3 const*", "int"); empty when Mangled does not demangle.
std::vector<std::string> demangledParamTypes(llvm::StringRef Mangled);

/// The scalar parts of an element type: a scalar is one part, a CUDA vector
/// type (uint4, double2) or an array as many parts as it has components.
struct ScalarParts {
  unsigned Bytes = 0; ///< Of one part.
  unsigned Count = 0;
  bool Float = false; ///< IEEE float or double.
  bool Half = false;  ///< A 2-byte floating-point part (half, bfloat16).
};

/// The parts of the element type Name as cTypeName or pointeeOf spell it: a
/// scalar ("float", "unsigned int", "long long"), a CUDA vector type
/// ("uint4", "struct float4", "double2"), an IR vector ("intx4") or an
/// array ("float[4]"); none when the name does not tell (a struct).
std::optional<ScalarParts> scalarPartsOf(llvm::StringRef Name);

/// What a pointer parameter of C++ type ParamType points to.
struct Pointee {
  std::string Name; ///< "float3", "float", "F4".
  unsigned Bytes = 0; ///< 0: a class whose size the name does not tell.
};

/// The pointee of ParamType when it is a pointer ("float3 const*" is 12
/// bytes of float3: CUDA's built-in scalar and vector types have known
/// sizes); nothing when it is not a pointer.
std::optional<Pointee> pointeeOf(llvm::StringRef ParamType);

/// The string attribute that a frontend puts on a pointer parameter whose
/// element type the IR no longer tells (PTX: byte offsets only), "NAME:BYTES"
/// with BYTES 0 when the name gives no size; what sizes `--buffer P=COUNT`.
constexpr const char *PointeeAttr = "warplint-pointee";
/// On a kernel's by-value structure parameter (CUDA input): the structure's
/// leaves as written, "NAME@OFFSET:KIND:BYTES[:ELEM:ELEMBYTES]" joined by
/// ';' (KIND ptr, int, uint or float; ELEM a pointer's element type), e.g.
/// "in@0:ptr:8:float:4;n@16:int:4;stride[1]@28:int:4".
constexpr const char *StructFieldsAttr = "warplint-fields";

} // namespace warplint

#endif
