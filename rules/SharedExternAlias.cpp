//===- SharedExternAlias.cpp - shared-extern-alias ------------------------===//
#include "rules/SharedExternAlias.h"

#include "analyzer/SharedMemory.h"
#include "frontend/TypeNames.h"
#include "rules/AccessMessages.h"

#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;

namespace warplint {

SharedExternAliasRule::SharedExternAliasRule(const RuleOptions &Opts)
    : Rule("shared-extern-alias", Opts) {}

namespace {

/// How one extern array is used in the kernel.
struct ExternUse {
  const SharedVariable *Var = nullptr;
  /// The element type: declared, or as accessed when declared as bytes
  /// (PTX declares every extern array .b8).
  std::string Type;
  const MemoryAccess *First = nullptr; ///< First access in source order.
  const MemoryAccess *FirstStore = nullptr;
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

} // namespace

void SharedExternAliasRule::check(const KernelFacts &K, const FindingSink &Out) const {
  std::vector<const SharedVariable *> Externs = K.Shared.externArrays();
  if (Externs.size() < 2)
    return;
  std::map<const SharedVariable *, ExternUse> Uses;
  for (const MemoryAccess &A : K.Spaces.accesses()) {
    for (const IrAccess &S : A.Sites) {
      const SharedVariable *V = K.Shared.variableOf(S.Pointer);
      if (!V || !V->Extern)
        continue;
      ExternUse &U = Uses[V];
      U.Var = V;
      if (U.Type.empty())
        U.Type = V->ElementType == "char" ? accessedType(*S.Inst) : V->ElementType;
      if (!U.First || A.Loc < U.First->Loc)
        U.First = &A;
      if (A.Op != AccessOp::Load && (!U.FirstStore || A.Loc < U.FirstStore->Loc))
        U.FirstStore = &A;
      break;
    }
  }
  // In order of first use; the first accessed array is the one the others
  // overlap.
  std::vector<const ExternUse *> Accessed;
  for (const SharedVariable *V : Externs)
    if (auto It = Uses.find(V); It != Uses.end())
      Accessed.push_back(&It->second);
  if (Accessed.size() < 2)
    return;
  const ExternUse &Base = *Accessed.front();
  for (size_t I = 1; I < Accessed.size(); ++I) {
    const ExternUse &Other = *Accessed[I];
    const MemoryAccess &At = Other.FirstStore ? *Other.FirstStore : *Other.First;
    bool SameType = Base.Type == Other.Type;
    std::string Effect =
        At.Op != AccessOp::Load
            ? formatv("this store to '{0}' overwrites the first elements of '{1}'",
                      Other.Var->Name, Base.Var->Name)
                  .str()
            : formatv("this load of '{0}' reads the bytes of '{1}'", Other.Var->Name,
                      Base.Var->Name)
                  .str();
    if (!SameType)
      Effect += formatv(" and reinterprets {0} as {1}", Base.Type,
                        Other.Type)
                    .str();
    Finding F = make(
        K, At.Loc,
        formatv("{0}extern __shared__ arrays '{1}' ({2}) and '{3}' ({4}) both start at "
                "offset 0 of the block's dynamic shared memory, so they are the same "
                "bytes: {5}; declare one extern buffer and carve it with explicit offsets: "
                "extern __shared__ unsigned char smem[]; {2} *{1} = ({2} *)smem; {4} *{3} = "
                "({4} *)(smem + N_{1} * sizeof({2})), N_{1} being the elements '{1}' needs",
                kernelPrefix(K), Base.Var->Name, Base.Type, Other.Var->Name,
                Other.Type, Effect));
    const MemoryAccess &BaseAt = Base.FirstStore ? *Base.FirstStore : *Base.First;
    F.Notes.push_back({BaseAt.Loc, formatv("'{0}' is {1} here, at the same offset 0",
                                           Base.Var->Name,
                                           BaseAt.Op == AccessOp::Load ? "read" : "written")});
    Out(std::move(F));
  }
}

} // namespace warplint
