//===- AsyncCopyAsm.cpp - Inline asm that is an asynchronous copy ---------===//
#include "frontend/asm/AsyncCopyAsm.h"
#include "frontend/asm/CacheHintAsm.h"
#include "frontend/asm/InlineAsmCalls.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"

using namespace llvm;

namespace warplint {
namespace {

/// What one cp.async's text says: its cache operator and operand tokens.
struct Copy {
  std::string Hint; // "ca", "cg.L2::128B", ...
  std::string Dst, Src, Size, SrcSize;
};

std::optional<Copy> parseCopy(StringRef Text) {
  static const Regex Re("^[[:space:]]*cp\\.async\\.(ca|cg)\\.shared(::cta)?\\.global"
                        "(\\.L2::(64|128|256)B)?[[:space:]]+"
                        "\\[([^]]+)\\][[:space:]]*,[[:space:]]*\\[([^]]+)\\][[:space:]]*,"
                        "[[:space:]]*([^,;]+)(,[[:space:]]*([^,;]+))?[[:space:]]*;?[[:space:]]*$");
  SmallVector<StringRef, 10> M;
  if (!Re.match(Text, &M))
    return std::nullopt;
  Copy C;
  C.Hint = (M[1] + M[3]).str();
  C.Dst = M[5].trim().str();
  C.Src = M[6].trim().str();
  C.Size = M[7].trim().str();
  C.SrcSize = M[9].empty() ? C.Size : M[9].trim().str();
  return C;
}

/// An operand token's constant value: a literal, or "$N" bound to a constant.
std::optional<uint64_t> constantOperand(CallInst &CI, StringRef Tok) {
  uint64_t Imm;
  if (!Tok.getAsInteger(0, Imm))
    return Imm;
  if (!Tok.consume_front("$"))
    return std::nullopt;
  unsigned N;
  if (Tok.getAsInteger(10, N) || N >= CI.arg_size())
    return std::nullopt;
  if (auto *K = dyn_cast<ConstantInt>(CI.getArgOperand(N)))
    return K->getZExtValue();
  return std::nullopt;
}

/// The value a "$N" token names (no outputs: argument N).
Value *argument(CallInst &CI, StringRef Tok) {
  unsigned N;
  if (!Tok.consume_front("$") || Tok.getAsInteger(10, N) || N >= CI.arg_size())
    return nullptr;
  return CI.getArgOperand(N);
}

/// A pointer of address space AS to what V addresses: V itself cast when it
/// is a pointer, the pointer it was converted from when it is
/// ptrtoint(P) or trunc(ptrtoint(P)) (__cvta_generic_to_shared), else the
/// integer made a pointer.
Value *pointerIn(IRBuilder<> &B, Value *V, unsigned AS) {
  Value *Int = V;
  if (auto *T = dyn_cast<TruncInst>(Int))
    Int = T->getOperand(0);
  if (auto *P2I = dyn_cast<PtrToIntInst>(Int))
    V = P2I->getPointerOperand();
  PointerType *Want = B.getPtrTy(AS);
  if (auto *P = dyn_cast<PointerType>(V->getType())) {
    if (P == Want)
      return V;
    return P->getAddressSpace() == 0 || AS == 0 ? B.CreateAddrSpaceCast(V, Want) : nullptr;
  }
  if (!V->getType()->isIntegerTy())
    return nullptr;
  return B.CreateIntToPtr(B.CreateZExtOrTrunc(V, B.getInt64Ty()), Want);
}

/// The type of Bytes bytes as a copy moves them: i32 or a vector of i32.
Type *wordsType(LLVMContext &Ctx, uint64_t Bytes) {
  return Bytes == 4 ? Type::getInt32Ty(Ctx)
                    : (Type *)FixedVectorType::get(Type::getInt32Ty(Ctx), Bytes / 4);
}

bool lowerCopy(CallInst &CI, const Copy &C) {
  std::optional<uint64_t> Size = constantOperand(CI, C.Size);
  std::optional<uint64_t> SrcSize = constantOperand(CI, C.SrcSize);
  if (!Size || !SrcSize || (*Size != 4 && *Size != 8 && *Size != 16) || *SrcSize > *Size)
    return false;
  Value *DstV = argument(CI, C.Dst), *SrcV = argument(CI, C.Src);
  if (!DstV || !SrcV)
    return false;
  IRBuilder<> B(&CI);
  Value *Dst = pointerIn(B, DstV, 3), *Src = pointerIn(B, SrcV, 1);
  if (!Dst || !Src)
    return false;
  LLVMContext &Ctx = CI.getContext();
  Value *Data;
  if (*SrcSize == *Size) {
    LoadInst *L = B.CreateAlignedLoad(wordsType(Ctx, *Size), Src, Align(*Size),
                                      /*isVolatile=*/true);
    setCacheHint(*L, C.Hint);
    Data = L;
  } else {
    // cp.async's zfill: the source's first SrcSize bytes, zeros after them,
    // as words when SrcSize is whole words, else as bytes.
    Type *Elem = *SrcSize % 4 == 0 ? B.getInt32Ty() : B.getInt8Ty();
    unsigned Per = Elem->getIntegerBitWidth() / 8;
    auto *Full = FixedVectorType::get(Elem, *Size / Per);
    Data = Constant::getNullValue(Full);
    if (*SrcSize > 0) {
      auto *Part = FixedVectorType::get(Elem, *SrcSize / Per);
      LoadInst *L = B.CreateAlignedLoad(Part, Src, Align(*Size), /*isVolatile=*/true);
      setCacheHint(*L, C.Hint);
      SmallVector<int, 16> Mask;
      for (unsigned K = 0; K < Full->getNumElements(); ++K)
        Mask.push_back(K < Part->getNumElements() ? K : Part->getNumElements());
      Data = B.CreateShuffleVector(L, Constant::getNullValue(Part), Mask);
    }
  }
  B.CreateAlignedStore(Data, Dst, Align(*Size), /*isVolatile=*/true);
  return true;
}

bool isWait(StringRef Text) {
  static const Regex Re("^[[:space:]]*cp\\.async\\.(commit_group|wait_all|wait_group[[:space:]]+"
                        "[$]?[0-9]+)[[:space:]]*;?[[:space:]]*$");
  return Re.match(Text);
}

} // namespace

unsigned lowerAsyncCopyAsm(Module &M) {
  unsigned Replaced = 0;
  for (CallInst *CI : inlineAsmCalls(M)) {
    StringRef Text = cast<InlineAsm>(CI->getCalledOperand())->getAsmString();
    if (!CI->getType()->isVoidTy())
      continue;
    std::optional<Copy> C;
    if (isWait(Text) || ((C = parseCopy(Text)) && lowerCopy(*CI, *C))) {
      CI->eraseFromParent();
      ++Replaced;
    }
  }
  return Replaced;
}

} // namespace warplint
