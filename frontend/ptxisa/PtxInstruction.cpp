//===- PtxInstruction.cpp - One PTX instruction, typed --------------------===//
#include "frontend/ptxisa/PtxInstruction.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace warplint {
namespace ptx {

namespace {
const OpcodeInfo Table[] = {
#define PTX_OPCODE(Enum, Name, Fam, Operands, Examples)                                            \
  {Name, Family::Fam, Operands, Examples},
#include "frontend/ptxisa/PtxOpcodes.def"
};

unsigned countOperands(StringRef Operands, bool Optional) {
  if (Operands.empty())
    return 0;
  SmallVector<StringRef, 6> Kinds;
  Operands.split(Kinds, ',');
  return llvm::count_if(Kinds, [&](StringRef K) { return Optional || !K.ends_with("?"); });
}
} // namespace

unsigned OpcodeInfo::maxOperands() const { return countOperands(Operands, true); }
unsigned OpcodeInfo::minOperands() const { return countOperands(Operands, false); }

const OpcodeInfo &opcodeInfo(Opcode Op) { return Table[static_cast<unsigned>(Op)]; }

ArrayRef<OpcodeInfo> opcodeTable() { return Table; }

std::optional<Opcode> lookupOpcode(StringRef Name) {
  static const StringMap<Opcode> ByName = [] {
    StringMap<Opcode> M;
    for (unsigned K = 0; K < std::size(Table); ++K)
      M[Table[K].Name] = static_cast<Opcode>(K);
    return M;
  }();
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return std::nullopt;
  return It->second;
}

bool PtxInst::hasMod(StringRef M) const { return llvm::is_contained(Mods, M); }

std::optional<Type> PtxInst::type(unsigned FromEnd) const {
  if (FromEnd >= Types.size())
    return std::nullopt;
  return Types[Types.size() - 1 - FromEnd];
}

std::optional<PtxInst> decodeInstruction(StringRef Opcode, ArrayRef<std::string> Mods) {
  std::optional<ptx::Opcode> Op = lookupOpcode(Opcode);
  if (!Op)
    return std::nullopt;
  PtxInst I;
  I.Op = *Op;
  I.Mods.assign(Mods.begin(), Mods.end());
  for (const std::string &M : I.Mods) {
    StringRef Q(M);
    if (std::optional<Type> T = parseType(Q)) {
      I.Types.push_back(*T);
      continue;
    }
    if (std::optional<Space> S = parseSpace(Q)) {
      I.Sp = *S;
      continue;
    }
    Rounding R = StringSwitch<Rounding>(Q)
                     .Case("rn", Rounding::Rn).Case("rz", Rounding::Rz)
                     .Case("rm", Rounding::Rm).Case("rp", Rounding::Rp)
                     .Case("rni", Rounding::Rni).Case("rzi", Rounding::Rzi)
                     .Case("rmi", Rounding::Rmi).Case("rpi", Rounding::Rpi)
                     .Case("rna", Rounding::Rna).Case("rs", Rounding::Rs)
                     .Default(Rounding::None);
    if (R != Rounding::None) {
      I.Rnd = R;
      continue;
    }
    if (Q == "v2" || Q == "v4" || Q == "v8")
      I.VectorWidth = Q[1] - '0';
    else if (Q == "ca" || Q == "cg" || Q == "cs" || Q == "lu" || Q == "cv" || Q == "wb" ||
             Q == "wt")
      I.CacheOp = Q.str();
    I.Sat |= Q == "sat" || Q == "satfinite";
    I.Ftz |= Q == "ftz";
    I.Approx |= Q == "approx";
    I.Sync |= Q == "sync";
  }
  return I;
}

namespace {
/// Text split at the commas outside braces; none when the braces do not
/// pair (or nest).
std::optional<SmallVector<StringRef, 6>> splitOperands(StringRef Text) {
  SmallVector<StringRef, 6> Ops;
  bool InBraces = false;
  size_t Start = 0;
  for (size_t K = 0; K < Text.size(); ++K) {
    char C = Text[K];
    if (C == '{' || C == '}') {
      if (InBraces == (C == '{'))
        return std::nullopt;
      InBraces = C == '{';
    } else if (C == ',' && !InBraces) {
      Ops.push_back(Text.slice(Start, K));
      Start = K + 1;
    }
  }
  if (InBraces)
    return std::nullopt;
  Ops.push_back(Text.drop_front(Start));
  return Ops;
}
} // namespace

std::optional<ParsedInstruction> parseInstruction(StringRef Text) {
  Text = Text.trim();
  if (Text.consume_front("{")) {
    if (!Text.consume_back("}"))
      return std::nullopt;
    Text = Text.trim();
  }
  if (Text.consume_back(";"))
    Text = Text.rtrim();
  if (Text.empty() || Text.contains(';') || Text.starts_with("{") || Text.starts_with("@") ||
      Text.starts_with("."))
    return std::nullopt;
  size_t Gap = Text.find_first_of(" \t\n");
  StringRef Head = Text.take_front(Gap), Rest = Gap == StringRef::npos ? "" : Text.drop_front(Gap);
  SmallVector<StringRef, 6> Parts;
  Head.split(Parts, '.');
  SmallVector<std::string, 6> Mods;
  for (StringRef P : ArrayRef(Parts).drop_front())
    Mods.push_back(P.str());
  std::optional<PtxInst> I = decodeInstruction(Parts[0], Mods);
  if (!I)
    return std::nullopt;
  ParsedInstruction R;
  R.Inst = std::move(*I);
  Rest = Rest.trim();
  if (!Rest.empty()) {
    // Commas inside a brace list ("{$0, $1}") separate its elements.
    std::optional<SmallVector<StringRef, 6>> Ops = splitOperands(Rest);
    if (!Ops)
      return std::nullopt;
    for (StringRef O : *Ops) {
      if (O.trim().empty())
        return std::nullopt;
      R.Operands.push_back(O.trim().str());
    }
  }
  const OpcodeInfo &Info = R.Inst.info();
  if (R.Operands.size() < Info.minOperands() || R.Operands.size() > Info.maxOperands())
    return std::nullopt;
  return R;
}

} // namespace ptx
} // namespace warplint
