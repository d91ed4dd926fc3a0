//===- PtxLiftInstructions.cpp - One LLVM lowering per PTX opcode ---------===//
//
// The families both inputs share (PtxOpcodes.def's Arith, Bits, Video, Math
// and Warp: bit fields, SIMD video, shuffles, votes, ...) are lowered by
// frontend/ptxisa/lower/, through a binder of the instruction's registers.
// What stays here needs the lifter's own state: memory instructions become
// loads/stores/atomics through pointers in the instruction's address space,
// address arithmetic GEPs, parameters and calls the function's arguments,
// barriers the NVVM intrinsics Clang emits for CUDA, the rest of arithmetic
// plain LLVM instructions or the generic intrinsics (llvm.fma, llvm.smin).
//
//===----------------------------------------------------------------------===//
#include "frontend/ptxisa/AtomicOp.h"
#include "frontend/ptxisa/CacheHint.h"
#include "frontend/ptx/PtxLiftFamilies.h"
#include "frontend/ptx/PtxLifterImpl.h"
#include "frontend/ptxisa/lower/Lower.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Intrinsics.h"

using namespace llvm;

namespace warplint {
namespace ptx {
namespace {

/// Unwraps an Expected<T> into a new variable or returns its error.
#define PTX_TRY(Var, Expr)                                                                         \
  auto Var##OrErr = (Expr);                                                                        \
  if (!Var##OrErr)                                                                                 \
    return Var##OrErr.takeError();                                                                 \
  auto Var = *Var##OrErr

/// Operand N of a PTX instruction is its operand N, read and written
/// through the lifter's registers.
class PtxBinder final : public OperandBinder {
public:
  PtxBinder(FunctionLifter &L, const Instruction &I) : L(L), I(I) {}
  unsigned size() const override { return I.Ops.size(); }
  Expected<Value *> read(unsigned N, llvm::Type *T, bool Signed) override {
    return L.read(I.Ops[N], T, Signed);
  }
  Error write(unsigned N, Value *V, bool Signed) override { return L.write(I.Ops[N], V, Signed); }
  bool hasPair(unsigned N) const override { return !I.Ops[N].PairName.empty(); }
  Error writePair(unsigned N, Value *V) override { return L.writePair(I.Ops[N], V); }
  std::optional<int64_t> immediate(unsigned N) const override {
    if (I.Ops[N].Kind != Operand::Int)
      return std::nullopt;
    return I.Ops[N].IntValue;
  }
  bool isAddress(unsigned N) const override { return I.Ops[N].Kind == Operand::Address; }
  bool isSink(unsigned N) const override { return I.Ops[N].Kind == Operand::Sink; }
  Expected<Value *> address(unsigned N, unsigned AS) override {
    return L.address(I.Ops[N], AS);
  }
  unsigned elements(unsigned N) const override {
    return I.Ops[N].Kind == Operand::Vector ? I.Ops[N].Elements.size() : 0;
  }
  Expected<Value *> readElement(unsigned N, unsigned E, llvm::Type *T) override {
    return L.read(I.Ops[N].Elements[E], T);
  }
  Error writeElement(unsigned N, unsigned E, Value *V) override {
    return L.write(I.Ops[N].Elements[E], V);
  }
  Expected<llvm::Type *> elementType(unsigned N, unsigned E) override {
    const Operand &O = I.Ops[N].Elements[E];
    if (O.Kind != Operand::Register)
      return nullptr;
    return L.storageType(O.Name);
  }
  Error error(const Twine &Msg) override { return L.error(Msg); }

private:
  FunctionLifter &L;
  const Instruction &I;
};

class Lowering {
public:
  Lowering(FunctionLifter &L, const Instruction &I) : L(L), I(I), B(L.B), Ctx(L.ML.Ctx) {}

  Error run() {
    StringRef Op = I.Opcode;
    // Families lowered in their own files (PtxLiftFamilies.h).
    // The families both inputs share (frontend/ptxisa/lower/).
    if (std::optional<PtxInst> PI = decodeInstruction(I.Opcode, I.Mods)) {
      PtxBinder Ops(L, I);
      Expected<Lowered> R = ptx::lowerInstruction(*PI, Ops, B);
      if (!R)
        return R.takeError();
      if (R->Kind == Lowered::Done)
        return Error::success();
      if (R->Kind == Lowered::Unsupported)
        return L.unsupported(R->Why);
    }
    for (auto *Family : {lowerPackedHalf, lowerMatrix, lowerAsync}) {
      Expected<bool> Done = Family(L, I);
      if (!Done)
        return Done.takeError();
      if (*Done)
        return Error::success();
    }
    if (Op == "mov")
      return mov();
    if (Op == "ld" || Op == "ldu")
      return load();
    if (Op == "st")
      return store();
    if (Op == "cvta")
      return cvta();
    if (Op == "cvt")
      return cvt();
    if (Op == "add" || Op == "sub" || Op == "mul" || Op == "div" || Op == "rem" ||
        Op == "min" || Op == "max")
      return binary();
    if (Op == "mad" || Op == "fma")
      return mad();
    if (Op == "abs" || Op == "neg")
      return absNeg();
    if (Op == "and" || Op == "or" || Op == "xor")
      return logic();
    if (Op == "not" || Op == "cnot")
      return notOp();
    if (Op == "shl" || Op == "shr")
      return shift();
    if (Op == "setp" || Op == "set")
      return setp();
    if (Op == "selp" || Op == "slct")
      return select();
    if (Op == "bra")
      return branch();
    if (Op == "ret" || Op == "exit") {
      L.emitReturn();
      return Error::success();
    }
    if (Op == "call")
      return call();
    if (Op == "bar" || Op == "barrier")
      return barrier();
    if (Op == "membar" || Op == "fence")
      return fence();
    if (Op == "atom" || Op == "red")
      return atomic();
    if (Op == "testp")
      return testp();
    if (Op == "isspacep")
      return isspacep();
    if (Op == "cp")
      return cpAsync();
    if (Op == "trap") {
      L.intrinsic("llvm.trap", {});
      B.CreateUnreachable();
      return Error::success();
    }
    if (Op == "createpolicy")
      return dst(B.getInt64(0));
    if (Op == "prefetch" || Op == "prefetchu" || Op == "nanosleep" || Op == "brkpt" ||
        Op == "pmevent" || Op == "griddepcontrol" || Op == "setmaxnreg" ||
        Op == "discard" || Op == "applypriority")
      return Error::success(); // No effect on memory the analysis models.
    return L.unsupported();
  }

private:
  // ----- Helpers -------------------------------------------------------------
  llvm::Type *ty(ptx::Type T) { return L.ML.typeOf(T); }

  Error need(size_t N) {
    if (I.Ops.size() < N)
      return L.error("'" + I.Opcode + "' needs " + Twine(N) + " operands");
    return Error::success();
  }

  Expected<Value *> src(size_t N, llvm::Type *T, bool Signed = false) {
    if (N >= I.Ops.size())
      return L.error("'" + I.Opcode + "' is missing operand " + Twine(N + 1));
    return L.read(I.Ops[N], T, Signed);
  }

  Error dst(Value *V, bool Signed = false) {
    if (I.Ops.empty())
      return L.error("'" + I.Opcode + "' needs a destination");
    return L.write(I.Ops[0], V, Signed);
  }

  /// The register's storage type if Op is an address register, else null.
  llvm::Type *pointerStorage(const Operand &O) {
    if (O.Kind != Operand::Register || O.Negated || !L.isPointerReg(O.Name))
      return nullptr;
    Expected<llvm::Type *> T = L.storageType(O.Name);
    if (!T) {
      consumeError(T.takeError());
      return nullptr;
    }
    return *T;
  }

  unsigned vectorLength() const {
    for (const std::string &M : I.Mods)
      if (M == "v2" || M == "v4" || M == "v8")
        return M[1] - '0';
    return 1;
  }

  bool isPacked() const {
    return I.hasMod("f16x2") || I.hasMod("bf16x2") || I.hasMod("bf16") ||
           I.hasMod("e4m3x2") || I.hasMod("e5m2x2");
  }

  Value *widen(Value *V, unsigned Bits, bool Signed) {
    return B.CreateIntCast(V, B.getIntNTy(Bits), Signed);
  }

  // ----- Moves and conversions ------------------------------------------------
  Error mov() {
    if (Error E = need(2))
      return E;
    PTX_TRY(T, L.instrType());
    const Operand &D = I.Ops[0];
    if (llvm::Type *PT = pointerStorage(D)) {
      PTX_TRY(V, src(1, PT));
      return dst(V);
    }
    llvm::Type *VT = D.Kind == Operand::Vector || I.Ops[1].Kind == Operand::Vector
                         ? B.getIntNTy(T.Width)
                         : ty(T);
    PTX_TRY(V, src(1, VT));
    return dst(V);
  }

  Error cvta() {
    if (Error E = need(2))
      return E;
    unsigned AS = addrSpaceOf(memorySpaceOf(I));
    bool To = I.hasMod("to");
    PTX_TRY(V, src(1, PointerType::get(Ctx, To ? 0 : AS)));
    return dst(B.CreateAddrSpaceCast(V, PointerType::get(Ctx, To ? AS : 0)));
  }

  llvm::Type *cvtType(size_t FromEnd, ptx::Type T) {
    unsigned Seen = 0;
    for (size_t K = I.Mods.size(); K-- > 0;)
      if (parseType(I.Mods[K]) && Seen++ == FromEnd)
        if (I.Mods[K] == "bf16")
          return B.getBFloatTy();
    return ty(T);
  }

  Error cvt() {
    if (Error E = need(2))
      return E;
    if (I.Ops.size() > 2 || I.hasMod("pack") || I.hasMod("f16x2") || I.hasMod("bf16x2") ||
        I.hasMod("tf32") || I.hasMod("e4m3x2") || I.hasMod("e5m2x2"))
      return L.unsupported();
    PTX_TRY(DT, L.instrType(1));
    PTX_TRY(ST, L.instrType(0));
    llvm::Type *DTy = cvtType(1, DT), *STy = cvtType(0, ST);
    // An address widened or narrowed stays an address.
    if (pointerStorage(I.Ops[0]) && pointerStorage(I.Ops[1])) {
      PTX_TRY(V, src(1, pointerStorage(I.Ops[0])));
      return dst(V);
    }
    PTX_TRY(V, src(1, STy, ST.isSigned()));
    StringRef Rnd = rounding();
    Value *R;
    if (STy->isFloatingPointTy() && DTy->isFloatingPointTy()) {
      R = V;
      if (!Rnd.empty() && Rnd != "rn" && Rnd != "rz" && Rnd != "rm" && Rnd != "rp")
        R = roundToIntegral(V, Rnd);
      R = B.CreateFPCast(R, DTy);
    } else if (STy->isFloatingPointTy()) {
      if (!Rnd.empty() && Rnd != "rzi")
        V = roundToIntegral(V, Rnd);
      R = DT.isSigned() ? B.CreateFPToSI(V, DTy) : B.CreateFPToUI(V, DTy);
    } else if (DTy->isFloatingPointTy()) {
      R = ST.isSigned() ? B.CreateSIToFP(V, DTy) : B.CreateUIToFP(V, DTy);
    } else {
      R = B.CreateIntCast(V, DTy, ST.isSigned());
    }
    return dst(R, DT.isSigned());
  }

  StringRef rounding() const {
    for (const std::string &M : I.Mods)
      if (M == "rn" || M == "rz" || M == "rm" || M == "rp" || M == "rni" || M == "rzi" ||
          M == "rmi" || M == "rpi" || M == "rna" || M == "rs")
        return M;
    return "";
  }

  Value *roundToIntegral(Value *V, StringRef Rnd) {
    StringRef Name = StringSwitch<StringRef>(Rnd)
                         .Case("rni", "llvm.roundeven")
                         .Case("rzi", "llvm.trunc")
                         .Case("rmi", "llvm.floor")
                         .Case("rpi", "llvm.ceil")
                         .Default("");
    if (Name.empty())
      return V;
    return L.intrinsic(Name, {V}, {V->getType()});
  }

  // ----- Memory ----------------------------------------------------------------
  Align naturalAlign(llvm::Type *T) {
    uint64_t Size = L.ML.M->getDataLayout().getTypeStoreSize(T);
    return Align(std::min<uint64_t>(PowerOf2Ceil(std::max<uint64_t>(Size, 1)), 16));
  }

  Expected<llvm::Type *> memoryType(unsigned &N) {
    PTX_TRY(T, L.instrType());
    N = vectorLength();
    llvm::Type *ET = T.Kind == ptx::Type::Pred ? B.getInt8Ty() : ty(T);
    return N > 1 ? FixedVectorType::get(ET, N) : ET;
  }

  /// Writes a loaded scalar or vector to the destination operand.
  Error writeLoaded(const Operand &D, Value *V, unsigned N, bool Signed) {
    if (N == 1)
      return L.write(D, V, Signed);
    if (D.Kind != Operand::Vector || D.Elements.size() != N)
      return L.error("expected " + Twine(N) + " destination registers");
    for (unsigned K = 0; K < N; ++K)
      if (Error E = L.write(D.Elements[K], B.CreateExtractElement(V, K), Signed))
        return E;
    return Error::success();
  }

  /// Reads the value to store: a scalar or {a, b, ...}.
  Expected<Value *> readStored(const Operand &O, llvm::Type *T, unsigned N) {
    if (N == 1)
      return L.read(O, T);
    if (O.Kind != Operand::Vector || O.Elements.size() != N)
      return L.error("expected " + Twine(N) + " source registers");
    auto *VT = cast<FixedVectorType>(T);
    Value *V = PoisonValue::get(VT);
    for (unsigned K = 0; K < N; ++K) {
      PTX_TRY(E, L.read(O.Elements[K], VT->getElementType()));
      V = B.CreateInsertElement(V, E, K);
    }
    return V;
  }

  /// The own parameter an address names, or -1.
  int ownParam(const Operand &A) const {
    if (A.Kind != Operand::Address || A.BaseIsRegister)
      return -1;
    for (size_t K = 0; K < L.PF.Params.size(); ++K)
      if (L.PF.Params[K].Name == A.Name)
        return K;
    return -1;
  }

  /// Records the access's cache operator and L1/L2 qualifiers ("cs",
  /// "nc", "cg.L2::128B") as the CUDA input's inline asm records them
  /// (frontend/asm/CacheHintAsm.h): `ld.global.cs.f32` shows cache=cs.
  void recordCacheHint(llvm::Instruction &Access, bool Applies) {
    if (!Applies)
      return;
    SmallVector<StringRef, 3> Hint;
    for (const std::string &M : I.Mods) {
      StringRef Q(M);
      if (Hint.empty() && isCacheOperator(Q, isa<LoadInst>(Access)))
        Hint.push_back(Q);
      else if (Q.starts_with("L1::") || Q.starts_with("L2::"))
        Hint.push_back(Q);
    }
    if (!Hint.empty())
      setCacheHint(Access, join(Hint, "."));
  }

  Error load() {
    if (Error E = need(2))
      return E;
    unsigned N;
    PTX_TRY(T, L.instrType());
    PTX_TRY(MT, memoryType(N));
    Space S = I.Opcode == "ldu" ? Space::Global : memorySpaceOf(I);
    const Operand &A = I.Ops[1];
    if (A.Kind != Operand::Address)
      return L.error("expected an address operand");
    if (S == Space::Param && !A.BaseIsRegister)
      return paramLoad(A, MT, N, T.isSigned());
    PTX_TRY(Ptr, L.address(A, addrSpaceOf(S)));
    // A .b32 vector whose registers are read as f32 (Triton's loads) is
    // loaded as floats: the optimizer then keeps the elements at the load's
    // line (it would otherwise split the load at the line of the first f32
    // use, the bitcast it folds).
    if (auto *VT = dyn_cast<FixedVectorType>(MT);
        VT && VT->getElementType()->isIntegerTy(32) && I.Ops[0].Kind == Operand::Vector &&
        llvm::any_of(I.Ops[0].Elements, [&](const Operand &E) {
          return E.Kind == Operand::Register && L.isReadAsFloat(E.Name);
        }))
      MT = FixedVectorType::get(B.getFloatTy(), VT->getNumElements());
    LoadInst *LI = B.CreateAlignedLoad(MT, Ptr, naturalAlign(MT));
    LI->setVolatile(I.hasMod("volatile"));
    recordCacheHint(*LI, I.Opcode == "ld");
    return writeLoaded(I.Ops[0], LI, N, T.isSigned());
  }

  Error paramLoad(const Operand &A, llvm::Type *MT, unsigned N, bool Signed) {
    int P = ownParam(A);
    if (P >= 0) {
      Argument *Arg = L.F.getArg(P);
      if (L.PF.Params[P].isArray()) {
        Value *Ptr = B.CreateGEP(B.getInt8Ty(), Arg, B.getInt64(A.IntValue));
        return writeLoaded(I.Ops[0], B.CreateAlignedLoad(MT, Ptr, Align(1)), N, Signed);
      }
      if (A.IntValue != 0 || N != 1)
        return L.unsupported("offset into a scalar parameter");
      // A pointer argument keeps its type; the write converts.
      return L.write(I.Ops[0], Arg->getType()->isPointerTy() ? Arg : L.convert(Arg, MT, Signed),
                     Signed);
    }
    if (AllocaInst *Buf = L.ParamBuffers.lookup(A.Name)) {
      Value *Ptr = B.CreateGEP(B.getInt8Ty(), Buf, B.getInt64(A.IntValue));
      return writeLoaded(I.Ops[0], B.CreateAlignedLoad(MT, Ptr, Align(1)), N, Signed);
    }
    if (Value *V = L.CallResults.lookup(A.Name)) {
      if (A.IntValue != 0 || N != 1)
        return L.unsupported("offset into a scalar return value");
      return L.write(I.Ops[0], V->getType()->isPointerTy() ? V : L.convert(V, MT, Signed),
                     Signed);
    }
    return L.error("unknown parameter '" + A.Name + "'");
  }

  Error store() {
    if (Error E = need(2))
      return E;
    unsigned N;
    PTX_TRY(MT, memoryType(N));
    Space S = memorySpaceOf(I);
    const Operand &A = I.Ops[0];
    if (A.Kind != Operand::Address)
      return L.error("expected an address operand");
    PTX_TRY(V, readStored(I.Ops[1], MT, N));
    if (S == Space::Param && !A.BaseIsRegister)
      return paramStore(A, V, MT);
    PTX_TRY(Ptr, L.address(A, addrSpaceOf(S)));
    StoreInst *SI = B.CreateAlignedStore(V, Ptr, naturalAlign(MT));
    SI->setVolatile(I.hasMod("volatile"));
    recordCacheHint(*SI, true);
    return Error::success();
  }

  Error paramStore(const Operand &A, Value *V, llvm::Type *MT) {
    if (!L.PF.Returns.empty() && A.Name == L.PF.Returns[0].Name && L.RetSlot) {
      if (L.PF.Returns[0].isArray()) {
        Value *Ptr = B.CreateGEP(B.getInt8Ty(), L.RetSlot, B.getInt64(A.IntValue));
        B.CreateAlignedStore(V, Ptr, Align(1));
        return Error::success();
      }
      if (A.IntValue != 0)
        return L.unsupported("offset into a scalar return value");
      B.CreateStore(L.convert(V, L.RetSlot->getAllocatedType(), false), L.RetSlot);
      return Error::success();
    }
    if (AllocaInst *Buf = L.ParamBuffers.lookup(A.Name)) {
      Value *Ptr = B.CreateGEP(B.getInt8Ty(), Buf, B.getInt64(A.IntValue));
      B.CreateAlignedStore(V, Ptr, Align(1));
      return Error::success();
    }
    if (A.IntValue != 0)
      return L.unsupported("offset into a scalar call parameter");
    // A pointer register stored as an argument keeps its provenance.
    if (llvm::Type *PT = pointerStorage(I.Ops[1])) {
      PTX_TRY(P, L.read(I.Ops[1], PT));
      V = P;
    }
    L.CallArgs[A.Name] = V;
    return Error::success();
  }

  Error atomic() {
    bool IsRed = I.Opcode == "red";
    if (Error E = need(IsRed ? 2 : 3))
      return E;
    if (isPacked() || vectorLength() > 1 || I.hasMod("f16"))
      return L.unsupported();
    PTX_TRY(T, L.instrType());
    llvm::Type *ET = ty(T);
    const Operand &A = I.Ops[IsRed ? 0 : 1];
    if (A.Kind != Operand::Address)
      return L.error("expected an address operand");
    PTX_TRY(Ptr, L.address(A, addrSpaceOf(memorySpaceOf(I))));
    AtomicOrdering Ord = AtomicOrdering::Monotonic;
    if (I.hasMod("acquire"))
      Ord = AtomicOrdering::Acquire;
    else if (I.hasMod("release"))
      Ord = AtomicOrdering::Release;
    else if (I.hasMod("acq_rel"))
      Ord = AtomicOrdering::AcquireRelease;
    size_t V = IsRed ? 1 : 2;
    if (I.hasMod("cas")) {
      if (Error E = need(V + 2))
        return E;
      llvm::Type *IT = B.getIntNTy(T.Width);
      PTX_TRY(Cmp, src(V, IT));
      PTX_TRY(New, src(V + 1, IT));
      Value *X = B.CreateAtomicCmpXchg(Ptr, Cmp, New, MaybeAlign(T.Width / 8), Ord,
                                       Ord == AtomicOrdering::Monotonic ? Ord
                                                                        : AtomicOrdering::Acquire);
      return IsRed ? Error::success() : dst(B.CreateExtractValue(X, 0));
    }
    bool F = T.isFloat(), S = T.isSigned();
    std::optional<AtomicRMWInst::BinOp> Bin;
    for (const std::string &M : I.Mods) {
      std::optional<AtomicRMWInst::BinOp> X = ptxAtomicOp(M, F, S);
      if (X)
        Bin = X;
    }
    if (!Bin)
      return L.unsupported();
    PTX_TRY(Val, src(V, ET, S));
    Value *R = B.CreateAtomicRMW(*Bin, Ptr, Val, MaybeAlign(T.Width / 8), Ord);
    return IsRed ? Error::success() : dst(R, S);
  }

  Error cpAsync() {
    if (I.hasMod("commit_group") || I.hasMod("wait_group") || I.hasMod("wait_all") ||
        I.hasMod("mbarrier"))
      return Error::success();
    if (!I.hasMod("async") || I.hasMod("bulk") || I.Ops.size() < 3 ||
        I.Ops[2].Kind != Operand::Int)
      return L.unsupported();
    int64_t Size = I.Ops[2].IntValue;
    llvm::Type *T = Size == 4   ? (llvm::Type *)B.getInt32Ty()
                    : Size == 8 ? (llvm::Type *)FixedVectorType::get(B.getInt32Ty(), 2)
                    : Size == 16 ? (llvm::Type *)FixedVectorType::get(B.getInt32Ty(), 4)
                                 : nullptr;
    if (!T)
      return L.error("cp.async size must be 4, 8 or 16");
    PTX_TRY(Src, L.address(I.Ops[1], addrSpaceOf(Space::Global)));
    PTX_TRY(Dst, L.address(I.Ops[0], addrSpaceOf(Space::Shared)));
    Value *V = B.CreateAlignedLoad(T, Src, Align(Size));
    B.CreateAlignedStore(V, Dst, Align(Size));
    return Error::success();
  }

  // ----- Arithmetic --------------------------------------------------------------
  /// dst = base +/- offset as a GEP off the base address register.
  Error pointerAdd(const Operand &Base, const Operand &Off, bool Negate, unsigned Width) {
    llvm::Type *PT = pointerStorage(I.Ops[0]);
    PTX_TRY(P, L.read(Base, PT));
    PTX_TRY(O, L.read(Off, B.getIntNTy(Width), /*Signed=*/true));
    Value *Idx = widen(O, 64, /*Signed=*/true);
    if (Negate)
      Idx = B.CreateNeg(Idx);
    return dst(B.CreateGEP(B.getInt8Ty(), P, Idx));
  }

  Error binary() {
    if (Error E = need(3))
      return E;
    if (isPacked())
      return L.unsupported();
    if (I.hasMod("cc") || I.Opcode == "addc" || I.Opcode == "subc")
      return L.unsupported("carry");
    PTX_TRY(T, L.instrType());
    StringRef Op = I.Opcode;
    bool S = T.isSigned();
    if (!T.isFloat() && pointerStorage(I.Ops[0]) && (Op == "add" || Op == "sub")) {
      bool PA = pointerStorage(I.Ops[1]), PB = pointerStorage(I.Ops[2]);
      if (PA && !(Op == "sub" && PB))
        return pointerAdd(I.Ops[1], I.Ops[2], Op == "sub", T.Width);
      if (PB && Op == "add")
        return pointerAdd(I.Ops[2], I.Ops[1], false, T.Width);
    }
    llvm::Type *OT = ty(T);
    bool Wide = I.hasMod("wide");
    PTX_TRY(A, src(1, OT, S));
    PTX_TRY(Bv, src(2, OT, S));
    Value *R = nullptr;
    if (T.isFloat()) {
      if (Op == "add")
        R = B.CreateFAdd(A, Bv);
      else if (Op == "sub")
        R = B.CreateFSub(A, Bv);
      else if (Op == "mul")
        R = B.CreateFMul(A, Bv);
      else if (Op == "div")
        R = B.CreateFDiv(A, Bv);
      else if (Op == "min" || Op == "max")
        R = L.intrinsic(I.hasMod("NaN") ? (Op == "min" ? "llvm.minimum" : "llvm.maximum")
                                        : (Op == "min" ? "llvm.minnum" : "llvm.maxnum"),
                        {A, Bv}, {OT});
      else
        return L.unsupported();
      return dst(R);
    }
    if (Op == "add")
      R = I.hasMod("sat") ? L.intrinsic("llvm.sadd.sat", {A, Bv}, {OT}) : B.CreateAdd(A, Bv);
    else if (Op == "sub")
      R = I.hasMod("sat") ? L.intrinsic("llvm.ssub.sat", {A, Bv}, {OT}) : B.CreateSub(A, Bv);
    else if (Op == "mul")
      R = Wide ? B.CreateMul(widen(A, 2 * T.Width, S), widen(Bv, 2 * T.Width, S))
          : I.hasMod("hi") ? mulHi(A, Bv, T.Width, S)
                           : B.CreateMul(A, Bv);
    else if (Op == "div")
      R = S ? B.CreateSDiv(A, Bv) : B.CreateUDiv(A, Bv);
    else if (Op == "rem")
      R = S ? B.CreateSRem(A, Bv) : B.CreateURem(A, Bv);
    else if (Op == "min")
      R = L.intrinsic(S ? "llvm.smin" : "llvm.umin", {A, Bv}, {OT});
    else if (Op == "max")
      R = L.intrinsic(S ? "llvm.smax" : "llvm.umax", {A, Bv}, {OT});
    return dst(R, S);
  }

  Value *mulHi(Value *A, Value *Bv, unsigned W, bool S) {
    Value *P = B.CreateMul(widen(A, 2 * W, S), widen(Bv, 2 * W, S));
    return B.CreateTrunc(B.CreateLShr(P, W), B.getIntNTy(W));
  }

  Error mad() {
    if (Error E = need(4))
      return E;
    if (isPacked())
      return L.unsupported();
    if (I.hasMod("cc") || I.Opcode == "madc")
      return L.unsupported("carry");
    PTX_TRY(T, L.instrType());
    llvm::Type *OT = ty(T);
    bool S = T.isSigned();
    if (T.isFloat() || I.Opcode == "fma") {
      PTX_TRY(A, src(1, OT));
      PTX_TRY(Bv, src(2, OT));
      PTX_TRY(C, src(3, OT));
      return dst(L.intrinsic("llvm.fma", {A, Bv, C}, {OT}));
    }
    PTX_TRY(A, src(1, OT, S));
    PTX_TRY(Bv, src(2, OT, S));
    if (I.hasMod("wide")) {
      PTX_TRY(C, src(3, B.getIntNTy(2 * T.Width), S));
      Value *P = B.CreateMul(widen(A, 2 * T.Width, S), widen(Bv, 2 * T.Width, S));
      return dst(B.CreateAdd(P, C), S);
    }
    Value *P = I.hasMod("hi") ? mulHi(A, Bv, T.Width, S) : B.CreateMul(A, Bv);
    if (llvm::Type *PT = pointerStorage(I.Ops[3]); PT && pointerStorage(I.Ops[0])) {
      PTX_TRY(C, src(3, PT));
      return dst(B.CreateGEP(B.getInt8Ty(), C, widen(P, 64, true)));
    }
    PTX_TRY(C, src(3, OT, S));
    return dst(B.CreateAdd(P, C), S);
  }

  Error absNeg() {
    if (Error E = need(2))
      return E;
    if (isPacked())
      return L.unsupported();
    PTX_TRY(T, L.instrType());
    llvm::Type *OT = ty(T);
    PTX_TRY(A, src(1, OT, T.isSigned()));
    if (I.Opcode == "abs")
      return dst(T.isFloat() ? L.intrinsic("llvm.fabs", {A}, {OT})
                             : L.intrinsic("llvm.abs", {A, B.getFalse()}, {OT}));
    return dst(T.isFloat() ? B.CreateFNeg(A) : B.CreateNeg(A));
  }

  Error logic() {
    if (Error E = need(3))
      return E;
    PTX_TRY(T, L.instrType());
    // PTX defines and/or/xor on .pred and .bN only; ptxas rejects .f16.
    if (T.isFloat())
      return L.error("'" + I.Opcode + "' takes a .pred or .bN type, not a floating-point one");
    llvm::Type *OT = ty(T);
    PTX_TRY(A, src(1, OT));
    PTX_TRY(Bv, src(2, OT));
    Value *R = I.Opcode == "and"  ? B.CreateAnd(A, Bv)
               : I.Opcode == "or" ? B.CreateOr(A, Bv)
                                  : B.CreateXor(A, Bv);
    return dst(R);
  }

  Error notOp() {
    if (Error E = need(2))
      return E;
    PTX_TRY(T, L.instrType());
    llvm::Type *OT = ty(T);
    PTX_TRY(A, src(1, OT));
    if (I.Opcode == "cnot")
      return dst(B.CreateZExt(B.CreateICmpEQ(A, ConstantInt::get(OT, 0)), OT));
    return dst(B.CreateNot(A));
  }

  Error shift() {
    if (Error E = need(3))
      return E;
    PTX_TRY(T, L.instrType());
    unsigned W = T.Width;
    llvm::Type *OT = B.getIntNTy(W);
    bool Arith = I.Opcode == "shr" && T.isSigned();
    PTX_TRY(A, src(1, OT, T.isSigned()));
    PTX_TRY(Amt, src(2, B.getInt32Ty()));
    if (auto *C = dyn_cast<ConstantInt>(Amt)) {
      uint64_t N = C->getZExtValue();
      if (N >= W)
        return dst(Arith ? B.CreateAShr(A, W - 1) : ConstantInt::get(OT, 0));
      Value *R = I.Opcode == "shl" ? B.CreateShl(A, N)
                 : Arith           ? B.CreateAShr(A, N)
                                   : B.CreateLShr(A, N);
      return dst(R);
    }
    // PTX clamps shift amounts at the width.
    Value *Big = B.CreateICmpUGE(Amt, B.getInt32(W));
    Value *Clamped = B.CreateIntCast(
        L.intrinsic("llvm.umin", {Amt, B.getInt32(W - 1)}, {B.getInt32Ty()}), OT, false);
    if (Arith)
      return dst(B.CreateAShr(A, Clamped));
    Value *R = I.Opcode == "shl" ? B.CreateShl(A, Clamped) : B.CreateLShr(A, Clamped);
    return dst(B.CreateSelect(Big, ConstantInt::get(OT, 0), R));
  }

  Expected<Value *> compare(StringRef Cmp, ptx::Type T, Value *A, Value *Bv) {
    if (T.isFloat()) {
      std::optional<CmpInst::Predicate> P = ptxFloatComparison(Cmp);
      if (!P)
        return L.error("unknown comparison '" + Cmp + "'");
      return B.CreateFCmp(*P, A, Bv);
    }
    bool S = T.isSigned();
    CmpInst::Predicate P =
        StringSwitch<CmpInst::Predicate>(Cmp)
            .Case("eq", CmpInst::ICMP_EQ)
            .Case("ne", CmpInst::ICMP_NE)
            .Case("lt", S ? CmpInst::ICMP_SLT : CmpInst::ICMP_ULT)
            .Case("le", S ? CmpInst::ICMP_SLE : CmpInst::ICMP_ULE)
            .Case("gt", S ? CmpInst::ICMP_SGT : CmpInst::ICMP_UGT)
            .Case("ge", S ? CmpInst::ICMP_SGE : CmpInst::ICMP_UGE)
            .Case("lo", CmpInst::ICMP_ULT)
            .Case("ls", CmpInst::ICMP_ULE)
            .Case("hi", CmpInst::ICMP_UGT)
            .Case("hs", CmpInst::ICMP_UGE)
            .Default(CmpInst::BAD_ICMP_PREDICATE);
    if (P == CmpInst::BAD_ICMP_PREDICATE)
      return L.error("unknown comparison '" + Cmp + "'");
    return B.CreateICmp(P, A, Bv);
  }

  Error setp() {
    if (Error E = need(3))
      return E;
    if (isPacked() || I.Mods.empty())
      return L.unsupported();
    bool IsSet = I.Opcode == "set";
    PTX_TRY(T, L.instrType());
    llvm::Type *OT = ty(T);
    // Pointers compare as integers of the instruction's width.
    PTX_TRY(A, src(1, OT, T.isSigned()));
    PTX_TRY(Bv, src(2, OT, T.isSigned()));
    PTX_TRY(C, compare(I.Mods[0], T, A, Bv));
    Value *NotC = B.CreateNot(C);
    StringRef BoolOp;
    for (const std::string &M : I.Mods)
      if (M == "and" || M == "or" || M == "xor")
        BoolOp = M;
    if (!BoolOp.empty()) {
      PTX_TRY(Pc, src(3, B.getInt1Ty()));
      auto Combine = [&](Value *X) {
        return BoolOp == "and" ? B.CreateAnd(X, Pc)
               : BoolOp == "or" ? B.CreateOr(X, Pc)
                                : B.CreateXor(X, Pc);
      };
      C = Combine(C);
      NotC = Combine(NotC);
    }
    if (IsSet) {
      PTX_TRY(DT, L.instrType(1));
      llvm::Type *DTy = ty(DT);
      Value *One = DT.isFloat() ? ConstantFP::get(DTy, 1.0) : Constant::getAllOnesValue(DTy);
      return dst(B.CreateSelect(C, One, Constant::getNullValue(DTy)));
    }
    if (Error E = dst(C))
      return E;
    return L.writePair(I.Ops[0], NotC);
  }

  Error select() {
    if (Error E = need(4))
      return E;
    PTX_TRY(T, L.instrType(I.Opcode == "slct" ? 1 : 0));
    llvm::Type *OT = ty(T);
    if (llvm::Type *PT = pointerStorage(I.Ops[0]))
      OT = PT;
    PTX_TRY(A, src(1, OT));
    PTX_TRY(Bv, src(2, OT));
    Value *C;
    if (I.Opcode == "slct") {
      PTX_TRY(CT, L.instrType(0));
      PTX_TRY(Cv, src(3, ty(CT), true));
      C = CT.isFloat() ? B.CreateFCmpOGE(Cv, ConstantFP::get(Cv->getType(), 0.0))
                       : B.CreateICmpSGE(Cv, ConstantInt::get(Cv->getType(), 0));
    } else {
      PTX_TRY(Cv, src(3, B.getInt1Ty()));
      C = Cv;
    }
    return dst(B.CreateSelect(C, A, Bv));
  }

  // ----- Control flow ------------------------------------------------------------
  Error branch() {
    if (I.Ops.empty() || I.Ops[0].Kind != Operand::Symbol)
      return L.unsupported("indirect branch");
    PTX_TRY(Target, L.labelBlock(I.Ops[0].Name));
    if (I.Guard.empty()) {
      B.CreateBr(Target);
      return Error::success();
    }
    Operand G;
    G.Kind = Operand::Register;
    G.Name = I.Guard;
    G.Negated = I.GuardNegated;
    PTX_TRY(Cond, L.read(G, B.getInt1Ty()));
    BasicBlock *Next = BasicBlock::Create(Ctx, "", &L.F);
    B.CreateCondBr(Cond, Target, Next);
    B.SetInsertPoint(Next);
    return Error::success();
  }

  Error call() {
    size_t K = 0;
    const Operand *Rets = nullptr, *Args = nullptr;
    if (K < I.Ops.size() && I.Ops[K].Kind == Operand::List)
      Rets = &I.Ops[K++];
    if (K >= I.Ops.size())
      return L.error("call without a callee");
    const Operand &Callee = I.Ops[K++];
    if (K < I.Ops.size() && I.Ops[K].Kind == Operand::List)
      Args = &I.Ops[K++];
    if (Callee.Kind != Operand::Symbol)
      return L.unsupported("indirect call");
    auto It = L.ML.Functions.find(Callee.Name);
    if (It == L.ML.Functions.end())
      return L.error("call to undeclared function '" + Callee.Name + "'");
    llvm::Function *Fn = It->second.F;
    const Function &PCallee = *It->second.Ptx;
    SmallVector<Value *, 8> Actuals;
    for (unsigned P = 0; P < Fn->arg_size(); ++P) {
      llvm::Type *FT = Fn->getArg(P)->getType();
      if (!Args || P >= Args->Elements.size()) {
        Actuals.push_back(PoisonValue::get(FT));
        continue;
      }
      StringRef Name = Args->Elements[P].Name;
      if (PCallee.Params.size() > P && PCallee.Params[P].isArray()) {
        AllocaInst *Buf = L.ParamBuffers.lookup(Name);
        Actuals.push_back(Buf ? (Value *)Buf : PoisonValue::get(FT));
        continue;
      }
      Value *V = L.CallArgs.lookup(Name);
      if (!V && Args->Elements[P].Kind != Operand::Symbol) {
        PTX_TRY(R, L.read(Args->Elements[P], FT));
        V = R;
      }
      Actuals.push_back(V ? L.convert(V, FT, false) : PoisonValue::get(FT));
    }
    CallInst *CI = B.CreateCall(Fn, Actuals);
    L.CallArgs.clear();
    if (Rets && !Rets->Elements.empty() && !Fn->getReturnType()->isVoidTy()) {
      StringRef Name = Rets->Elements[0].Name;
      if (AllocaInst *Buf = L.ParamBuffers.lookup(Name))
        B.CreateStore(CI, Buf);
      else
        L.CallResults[Name] = CI;
    }
    return Error::success();
  }

  // ----- Synchronization and warp-level operations -------------------------------
  Error barrier() {
    if (I.hasMod("warp")) {
      if (Error E = need(1))
        return E;
      PTX_TRY(Mask, src(0, B.getInt32Ty()));
      L.intrinsic("llvm.nvvm.bar.warp.sync", {Mask});
      return Error::success();
    }
    bool Aligned = I.Opcode == "bar" || I.hasMod("aligned");
    std::string Align = Aligned ? ".aligned" : "";
    if (I.hasMod("red")) {
      // bar.red.popc.u32 d, a{, b}, {!}c
      if (Error E = need(3))
        return E;
      StringRef Op = I.hasMod("popc") ? "popc" : I.hasMod("and") ? "and" : "or";
      bool Count = I.Ops.size() >= 4;
      PTX_TRY(Id, src(1, B.getInt32Ty()));
      SmallVector<Value *, 3> Args = {Id};
      if (Count) {
        PTX_TRY(N, src(2, B.getInt32Ty()));
        Args.push_back(N);
      }
      PTX_TRY(P, src(Count ? 3 : 2, B.getInt1Ty()));
      Args.push_back(P);
      return dst(L.intrinsic(("llvm.nvvm.barrier.cta.red." + Op + Align +
                              (Count ? ".count" : ".all"))
                                 .str(),
                             Args));
    }
    bool Arrive = I.hasMod("arrive");
    SmallVector<Value *, 2> Args;
    if (I.Ops.empty()) {
      Args.push_back(B.getInt32(0));
    } else {
      PTX_TRY(Id, src(0, B.getInt32Ty()));
      Args.push_back(Id);
    }
    if (I.Ops.size() >= 2) {
      PTX_TRY(N, src(1, B.getInt32Ty()));
      Args.push_back(N);
    }
    if (Arrive && Args.size() < 2)
      return L.error("bar.arrive needs a thread count");
    std::string Name = std::string("llvm.nvvm.barrier.cta.") + (Arrive ? "arrive" : "sync") +
                       Align + (Args.size() == 2 ? ".count" : ".all");
    L.intrinsic(Name, Args);
    return Error::success();
  }

  /// A memory fence (fence.proxy.* is the shared lowering's).
  Error fence() {
    StringRef Scope = "gl";
    if (I.hasMod("cta"))
      Scope = "cta";
    else if (I.hasMod("sys"))
      Scope = "sys";
    L.intrinsic(("llvm.nvvm.membar." + Scope).str(), {});
    return Error::success();
  }

  // ----- Predicates and state spaces -----------------------------------------------
  Error testp() {
    if (Error E = need(2))
      return E;
    PTX_TRY(T, L.instrType());
    PTX_TRY(A, src(1, ty(T)));
    std::optional<FPClassTest> Class;
    for (const std::string &M : I.Mods) {
      std::optional<FPClassTest> C = StringSwitch<std::optional<FPClassTest>>(M)
                                         .Case("finite", fcFinite)
                                         .Case("infinite", fcInf)
                                         .Case("number", ~fcNan & fcAllFlags)
                                         .Case("notanumber", fcNan)
                                         .Case("normal", fcNormal)
                                         .Case("subnormal", fcSubnormal)
                                         .Default(std::nullopt);
      if (C)
        Class = C;
    }
    if (!Class)
      return L.unsupported();
    return dst(L.intrinsic("llvm.is.fpclass", {A, B.getInt32(*Class)}, {A->getType()}));
  }

  Error isspacep() {
    if (Error E = need(2) )
      return E;
    Space S = memorySpaceOf(I);
    StringRef Name = S == Space::Global   ? "llvm.nvvm.isspacep.global"
                     : S == Space::Shared ? "llvm.nvvm.isspacep.shared"
                     : S == Space::Const  ? "llvm.nvvm.isspacep.const"
                     : S == Space::Local  ? "llvm.nvvm.isspacep.local"
                                          : "";
    if (Name.empty())
      return L.unsupported();
    PTX_TRY(A, src(1, PointerType::get(Ctx, 0)));
    return dst(L.intrinsic(Name, {A}));
  }

  FunctionLifter &L;
  const Instruction &I;
  IRBuilder<> &B;
  LLVMContext &Ctx;
};

#undef PTX_TRY

} // namespace

Error lowerInstruction(FunctionLifter &L, const Instruction &I) {
  return Lowering(L, I).run();
}

} // namespace ptx
} // namespace warplint
