//===- SharedExternAlias.cpp - shared-extern-alias ------------------------===//
#include "rules/SharedExternAlias.h"

#include "analyzer/SharedMemory.h"
#include "frontend/TypeNames.h"
#include "rules/AccessMessages.h"

#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <optional>

using namespace llvm;

namespace warplint {

SharedExternAliasRule::SharedExternAliasRule(const RuleOptions &Opts)
    : Rule("shared-extern-alias", Opts) {}

namespace {

/// One access through an extern array, with what the lane model knows of
/// the bytes it touches.
struct ExternAccess {
  const MemoryAccess *A = nullptr;
  const Prediction *P = nullptr;
  bool store() const { return A->Op != AccessOp::Load; }
};

/// How one extern array is used in the kernel.
struct ExternUse {
  const SharedVariable *Var = nullptr;
  /// The element type: declared, or as accessed when declared as bytes
  /// (PTX declares every extern array .b8).
  std::string Type;
  /// In source order.
  std::vector<ExternAccess> Accesses;
};

/// The type an access loads or stores ("char" for anything else).
std::string accessedType(const Instruction &I) {
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return cTypeName(L->getType());
  if (const auto *S = dyn_cast<StoreInst>(&I))
    return cTypeName(S->getValueOperand()->getType());
  if (const auto *A = dyn_cast<AtomicRMWInst>(&I))
    return cTypeName(A->getValOperand()->getType());
  return "char";
}

/// Two accesses through different extern arrays, which may touch the same
/// bytes: the bytes both touch when both are known, else an assumption.
struct Overlap {
  const ExternAccess *Other = nullptr, *Base = nullptr;
  std::optional<std::pair<int64_t, int64_t>> Bytes;
  /// Why the overlap is assumed (empty when Bytes is known).
  std::string Assumed;
};

/// Why X's bytes are not known, for the message.
std::string unknownBytes(const ExternAccess &X, StringRef Name) {
  StringRef Why = !X.P->SharedBytesWhy.empty() ? StringRef(X.P->SharedBytesWhy)
                  : !X.P->DependsOn.empty()    ? StringRef(X.P->DependsOn)
                                               : StringRef("its offsets are not modelled");
  return formatv("the bytes of '{0}' accessed at line {1} are not known: {2}", Name,
                 X.A->Loc.Line, Why)
      .str();
}

/// Whether X and Y (through arrays XName and YName) may touch the same bytes.
std::optional<Overlap> overlapOf(const ExternAccess &X, StringRef XName,
                                 const ExternAccess &Y, StringRef YName) {
  Overlap O{&X, &Y, std::nullopt, ""};
  if (!X.P->SharedBytes) {
    O.Assumed = unknownBytes(X, XName);
    return O;
  }
  if (!Y.P->SharedBytes) {
    O.Assumed = unknownBytes(Y, YName);
    return O;
  }
  int64_t Lo = std::max(X.P->SharedBytes->first, Y.P->SharedBytes->first);
  int64_t Hi = std::min(X.P->SharedBytes->second, Y.P->SharedBytes->second);
  if (Lo >= Hi)
    return std::nullopt;
  O.Bytes = {Lo, Hi};
  return O;
}

/// The accesses of U, stores first, each kind in source order.
std::vector<const ExternAccess *> storesFirst(const ExternUse &U) {
  std::vector<const ExternAccess *> Out;
  for (bool Stores : {true, false})
    for (const ExternAccess &X : U.Accesses)
      if (X.store() == Stores)
        Out.push_back(&X);
  return Out;
}

/// The first access of Other (a store if any does) that may touch bytes an
/// access of Base touches (a store if any does); none when no pair can.
std::optional<Overlap> firstOverlap(const ExternUse &Other, const ExternUse &Base) {
  std::vector<const ExternAccess *> BaseOrder = storesFirst(Base);
  for (const ExternAccess *X : storesFirst(Other))
    for (const ExternAccess *Y : BaseOrder)
      if (std::optional<Overlap> O = overlapOf(*X, Other.Var->Name, *Y, Base.Var->Name))
        return O;
  return std::nullopt;
}

std::string bytesText(std::pair<int64_t, int64_t> B) {
  return formatv("bytes {0}..{1}", B.first, B.second - 1).str();
}

} // namespace

void SharedExternAliasRule::check(const KernelFacts &K, const FindingSink &Out) const {
  std::vector<const SharedVariable *> Externs = K.Shared.externArrays();
  if (Externs.size() < 2)
    return;
  std::map<const SharedVariable *, ExternUse> Uses;
  ArrayRef<MemoryAccess> All = K.Spaces.accesses();
  for (size_t I = 0; I < All.size(); ++I) {
    const MemoryAccess &A = All[I];
    for (const IrAccess &S : A.Sites) {
      const SharedVariable *V = K.Shared.variableOf(S.Pointer);
      if (!V || !V->Extern)
        continue;
      ExternUse &U = Uses[V];
      U.Var = V;
      if (U.Type.empty())
        U.Type = V->ElementType == "char" ? accessedType(*S.Inst) : V->ElementType;
      U.Accesses.push_back({&A, &K.Patterns.prediction(I)});
      break;
    }
  }
  // In order of first access in the source (the IR's order differs between
  // CUDA and PTX input); each array is compared with the ones accessed
  // before it, and reported against the first it may overlap.
  std::vector<ExternUse *> Accessed;
  for (const SharedVariable *V : Externs)
    if (auto It = Uses.find(V); It != Uses.end()) {
      llvm::stable_sort(It->second.Accesses, [](const ExternAccess &X, const ExternAccess &Y) {
        return X.A->Loc < Y.A->Loc;
      });
      Accessed.push_back(&It->second);
    }
  llvm::stable_sort(Accessed, [](const ExternUse *X, const ExternUse *Y) {
    return X->Accesses.front().A->Loc < Y->Accesses.front().A->Loc;
  });
  for (size_t I = 1; I < Accessed.size(); ++I) {
    const ExternUse &Other = *Accessed[I];
    const ExternUse *BaseUse = nullptr;
    std::optional<Overlap> O;
    for (size_t J = 0; J < I && !O; ++J)
      if ((O = firstOverlap(Other, *Accessed[J])))
        BaseUse = Accessed[J];
    if (!O)
      continue;
    const ExternUse &Base = *BaseUse;
    const MemoryAccess &At = *O->Other->A;
    bool Store = O->Other->store();
    std::string Where = O->Bytes ? bytesText(*O->Bytes) : "the first elements";
    std::string Basis =
        O->Bytes ? " (the bytes the sampled threads access through both names)"
                 : formatv(" (overlap assumed: {0})", O->Assumed).str();
    std::string Effect =
        Store ? formatv("this store to '{0}' {1} {2} of '{3}'{4}", Other.Var->Name,
                        O->Bytes ? "overwrites" : "may overwrite", Where, Base.Var->Name, Basis)
                    .str()
              : formatv("this load of '{0}' {1} {2} of '{3}'{4}", Other.Var->Name,
                        O->Bytes ? "reads" : "may read", Where, Base.Var->Name, Basis)
                    .str();
    if (Base.Type != Other.Type)
      Effect += formatv(" and reinterprets {0} as {1}", Base.Type, Other.Type).str();
    Finding F = make(
        K, At.Loc,
        formatv("{0}extern __shared__ arrays '{1}' ({2}) and '{3}' ({4}) both start at "
                "offset 0 of the block's dynamic shared memory, so they are the same "
                "bytes: {5}; declare one extern buffer and carve it with explicit offsets: "
                "extern __shared__ unsigned char smem[]; {2} *{1} = ({2} *)smem; {4} *{3} = "
                "({4} *)(smem + N_{1} * sizeof({2})), N_{1} being the elements '{1}' needs",
                kernelPrefix(K), Base.Var->Name, Base.Type, Other.Var->Name,
                Other.Type, Effect));
    const ExternAccess &BaseAt = *O->Base;
    std::optional<std::pair<int64_t, int64_t>> BaseBytes = BaseAt.P->SharedBytes;
    F.Notes.push_back(
        {BaseAt.A->Loc,
         formatv("'{0}' is {1} here, {2}", Base.Var->Name, BaseAt.store() ? "written" : "read",
                 BaseBytes ? bytesText(*BaseBytes) + " of the dynamic shared memory"
                           : std::string("at the same offset 0"))});
    Out(std::move(F));
  }
}

} // namespace warplint
