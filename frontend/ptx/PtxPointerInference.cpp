//===- PtxPointerInference.cpp - Which PTX registers hold addresses -------===//
#include "frontend/ptx/PtxPointerInference.h"

#include "llvm/ADT/StringSwitch.h"

using namespace llvm;

namespace warplint {
namespace ptx {

Space memorySpaceOf(const Instruction &I) {
  for (const std::string &M : I.Mods)
    if (std::optional<Space> S = parseSpace(M))
      return *S;
  return Space::Generic;
}

namespace {

/// Opcodes whose first operand is not a destination register.
bool hasNoDestination(StringRef Op) {
  return StringSwitch<bool>(Op)
      .Cases({"st", "red", "bra", "ret", "exit", "call", "bar", "barrier", "membar",
              "fence", "cp", "prefetch", "prefetchu", "trap", "brkpt", "nanosleep",
              "pmevent", "discard", "applypriority"},
             true)
      .Default(false);
}

/// Opcodes that make indices rather than move addresses.
bool isIndexArithmetic(StringRef Op) {
  return StringSwitch<bool>(Op)
      .Cases({"mul", "shl", "shr", "cvt", "and", "or", "xor", "div", "rem", "neg", "mul24",
              "mad24", "popc", "clz", "bfe", "bfi", "prmt", "min", "max", "abs", "not"},
             true)
      .Default(false);
}

class Inference {
public:
  Inference(const Function &F, const StringMap<unsigned> &VarSpaces,
            const StringMap<unsigned> &Seeds)
      : F(F), VarSpaces(VarSpaces) {
    for (const auto &S : Seeds)
      PI.RegSpace[S.getKey()] = S.getValue();
    for (const Statement &S : F.Body)
      if (S.Kind == Statement::Instr && !hasNoDestination(S.Inst.Opcode) &&
          !S.Inst.Ops.empty() && S.Inst.Ops[0].Kind == Operand::Register) {
        const std::string &D = S.Inst.Ops[0].Name;
        bool Index = isIndexArithmetic(S.Inst.Opcode) ||
                     (S.Inst.Opcode == "mad" && S.Inst.hasMod("wide"));
        IndexDefined[D] |= Index;
        OtherDefined[D] |= !Index;
      }
  }

  PointerInfo run() {
    for (unsigned Round = 0; Round < 64; ++Round) {
      Changed = false;
      for (const Statement &S : F.Body)
        if (S.Kind == Statement::Instr)
          applyDefRules(S.Inst);
      if (Changed)
        continue;
      for (const Statement &S : F.Body)
        if (S.Kind == Statement::Instr)
          applyUseRules(S.Inst);
      if (!Changed)
        break;
    }
    PI.ParamIsPointer.assign(F.Params.size(), false);
    for (size_t I = 0; I < F.Params.size(); ++I)
      PI.ParamIsPointer[I] = F.Params[I].PointerParam;
    for (const Statement &S : F.Body) {
      const Instruction &I = S.Inst;
      if (S.Kind != Statement::Instr || I.Opcode != "ld" || !I.hasMod("param") ||
          I.Ops.size() < 2 || I.Ops[0].Kind != Operand::Register || !isPtr(I.Ops[0].Name))
        continue;
      for (size_t P = 0; P < F.Params.size(); ++P)
        if (F.Params[P].Name == I.Ops[1].Name && !F.Params[P].isArray() &&
            F.Params[P].Ty.Width == 64)
          PI.ParamIsPointer[P] = true;
    }
    return std::move(PI);
  }

private:
  bool isPtr(StringRef R) const { return PI.RegSpace.count(R); }
  unsigned spaceOf(StringRef R) const { return PI.RegSpace.lookup(R); }

  void mark(StringRef R, unsigned AS) {
    if (R.empty() || !R.starts_with("%"))
      return;
    auto [It, New] = PI.RegSpace.try_emplace(R, AS);
    if (New) {
      Changed = true;
    } else if (It->second != AS && It->second != 0) {
      It->second = 0;
      Changed = true;
    }
  }

  bool isPtrOperand(const Operand &O) const {
    return O.Kind == Operand::Register && !O.Negated && isPtr(O.Name);
  }

  /// The address space of a symbol operand, if it names a variable.
  std::optional<unsigned> symbolSpace(const Operand &O) const {
    if (O.Kind != Operand::Symbol)
      return std::nullopt;
    auto It = VarSpaces.find(O.Name);
    if (It == VarSpaces.end())
      return std::nullopt;
    return It->second;
  }

  void applyDefRules(const Instruction &I) {
    if (hasNoDestination(I.Opcode) || I.Ops.empty() || I.Ops[0].Kind != Operand::Register)
      return;
    StringRef Dst = I.Ops[0].Name;
    StringRef Op = I.Opcode;
    auto Src = [&](size_t N) -> const Operand * {
      return N < I.Ops.size() ? &I.Ops[N] : nullptr;
    };
    if (Op == "cvta" && I.Ops.size() >= 2) {
      unsigned AS = addrSpaceOf(memorySpaceOf(I));
      if (I.hasMod("to")) {
        mark(Dst, AS);
        if (I.Ops[1].Kind == Operand::Register)
          mark(I.Ops[1].Name, 0);
      } else {
        mark(Dst, 0);
        if (I.Ops[1].Kind == Operand::Register)
          mark(I.Ops[1].Name, AS);
      }
      return;
    }
    if (Op == "mov" && Src(1)) {
      if (std::optional<unsigned> AS = symbolSpace(*Src(1)))
        return mark(Dst, *AS);
      if (isPtrOperand(*Src(1)))
        return mark(Dst, spaceOf(Src(1)->Name));
      if (isPtr(Dst) && Src(1)->Kind == Operand::Register && !Src(1)->Name.empty() &&
          !IndexDefined.lookup(Src(1)->Name))
        mark(Src(1)->Name, spaceOf(Dst));
      return;
    }
    if ((Op == "add" || Op == "sub") && Src(2) && !I.Mods.empty() &&
        parseType(I.Mods.back()) && !parseType(I.Mods.back())->isFloat()) {
      const Operand &A = *Src(1), &B = *Src(2);
      bool PA = isPtrOperand(A), PB = Op == "add" && isPtrOperand(B);
      if (PA && !(Op == "sub" && isPtrOperand(B)))
        return mark(Dst, spaceOf(A.Name));
      if (PB)
        return mark(Dst, spaceOf(B.Name));
      // dst is an address made of a base and an index: find the base.
      if (isPtr(Dst) && !(Op == "sub" && B.Kind == Operand::Register)) {
        const Operand *Base = nullptr;
        if (A.Kind == Operand::Register && !IndexDefined.lookup(A.Name))
          Base = &A;
        else if (Op == "add" && B.Kind == Operand::Register && !IndexDefined.lookup(B.Name))
          Base = &B;
        if (Base)
          mark(Base->Name, spaceOf(Dst));
      }
      return;
    }
    if (Op == "mad" && I.hasMod("lo") && Src(3) && isPtrOperand(*Src(3)))
      return mark(Dst, spaceOf(Src(3)->Name));
    if (Op == "cvt" && Src(1) && isPtrOperand(*Src(1))) {
      // Widening or narrowing an address keeps it an address.
      std::optional<Type> D = I.Mods.size() >= 2 ? parseType(I.Mods[I.Mods.size() - 2])
                                                 : std::nullopt;
      if (D && !D->isFloat() && D->Width >= 32)
        mark(Dst, spaceOf(Src(1)->Name));
      return;
    }
    if (Op == "selp" && Src(2) && (isPtrOperand(*Src(1)) || isPtrOperand(*Src(2)))) {
      unsigned AS = isPtrOperand(*Src(1)) ? spaceOf(Src(1)->Name) : spaceOf(Src(2)->Name);
      if (isPtrOperand(*Src(1)) && isPtrOperand(*Src(2)) &&
          spaceOf(Src(1)->Name) != spaceOf(Src(2)->Name))
        AS = 0;
      mark(Dst, AS);
    }
  }

  void markBase(const Operand &O, Space S) {
    if (O.Kind == Operand::Address && O.BaseIsRegister && !isPtr(O.Name) &&
        S != Space::Param)
      mark(O.Name, addrSpaceOf(S));
  }

  void applyUseRules(const Instruction &I) {
    StringRef Op = I.Opcode;
    if (Op == "cp" && I.Ops.size() >= 2) {
      // cp.async.ca.shared.global [dst], [src], ...
      SmallVector<Space, 2> Spaces;
      for (const std::string &M : I.Mods)
        if (std::optional<Space> S = parseSpace(M))
          Spaces.push_back(*S);
      markBase(I.Ops[0], Spaces.size() > 0 ? Spaces[0] : Space::Generic);
      markBase(I.Ops[1], Spaces.size() > 1 ? Spaces[1] : Space::Generic);
      return;
    }
    if (Op != "ld" && Op != "ldu" && Op != "st" && Op != "atom" && Op != "red" &&
        Op != "prefetch" && Op != "prefetchu")
      return;
    Space S = memorySpaceOf(I);
    for (const Operand &O : I.Ops)
      markBase(O, S);
  }

  const Function &F;
  const StringMap<unsigned> &VarSpaces;
  StringMap<bool> IndexDefined, OtherDefined;
  PointerInfo PI;
  bool Changed = false;
};

} // namespace

PointerInfo inferPointers(const Function &F, const StringMap<unsigned> &VarSpaces,
                          const StringMap<unsigned> &Seeds) {
  return Inference(F, VarSpaces, Seeds).run();
}

StringMap<unsigned> pointerArguments(const Function &F, const PointerInfo &Info,
                                     const StringMap<std::vector<bool>> &CalleeParams) {
  StringMap<unsigned> Out;
  StringMap<std::string> Stored; // call parameter -> register stored to it
  for (const Statement &S : F.Body) {
    if (S.Kind != Statement::Instr)
      continue;
    const Instruction &I = S.Inst;
    if (I.Opcode == "st" && I.hasMod("param") && I.Ops.size() >= 2 &&
        I.Ops[0].Kind == Operand::Address && !I.Ops[0].BaseIsRegister &&
        I.Ops[1].Kind == Operand::Register) {
      Stored[I.Ops[0].Name] = I.Ops[1].Name;
      continue;
    }
    if (I.Opcode != "call")
      continue;
    size_t K = !I.Ops.empty() && I.Ops[0].Kind == Operand::List ? 1 : 0;
    if (K + 1 >= I.Ops.size() || I.Ops[K].Kind != Operand::Symbol ||
        I.Ops[K + 1].Kind != Operand::List)
      continue;
    auto It = CalleeParams.find(I.Ops[K].Name);
    if (It == CalleeParams.end())
      continue;
    const std::vector<Operand> &Args = I.Ops[K + 1].Elements;
    for (size_t A = 0; A < Args.size() && A < It->second.size(); ++A) {
      if (!It->second[A])
        continue;
      std::string Reg = Stored.lookup(Args[A].Name);
      if (!Reg.empty() && !Info.spaceOf(Reg))
        Out[Reg] = 0;
    }
  }
  return Out;
}

} // namespace ptx
} // namespace warplint
