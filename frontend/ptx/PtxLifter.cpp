//===- PtxLifter.cpp - Lift a parsed PTX module into LLVM IR --------------===//
#include "frontend/ptx/PtxLifterImpl.h"
#include "frontend/ptxisa/SpecialRegisters.h"
#include "frontend/ptxisa/lower/Lower.h"
#include "frontend/ptx/PtxParser.h"
#include "frontend/TypeNames.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace warplint {
namespace ptx {

//===----------------------------------------------------------------------===//
// ModuleLifter
//===----------------------------------------------------------------------===//

ModuleLifter::ModuleLifter(const Module &PM, LLVMContext &Ctx, const DataLayout &DL,
                           const PtxLiftOptions &Opts)
    : Ctx(Ctx), M(std::make_unique<llvm::Module>(Opts.Path, Ctx)), Opts(Opts), PM(PM) {
  M->setTargetTriple(Triple(PM.AddressSize == 32 ? "nvptx-nvidia-cuda" : "nvptx64-nvidia-cuda"));
  M->setDataLayout(DL);
  M->setSourceFileName(Opts.Path);
  DIB = std::make_unique<DIBuilder>(*M);
}

std::string ModuleLifter::diagnostic(Loc Where, SourceMgr::DiagKind Kind, const Twine &Msg) {
  return formatDiagnostic(Opts.Buffer, Opts.Path, Where, Kind, Msg);
}

Error ModuleLifter::error(Loc Where, const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), "%s",
                           diagnostic(Where, SourceMgr::DK_Error, Msg).c_str());
}

void ModuleLifter::warn(Loc Where, const Twine &Msg) {
  if (Opts.Warn)
    Opts.Warn(diagnostic(Where, SourceMgr::DK_Warning, Msg));
}

void ModuleLifter::noteOnce(Loc Where, const Twine &Msg) {
  if (Opts.Warn && NotesGiven.insert(Msg.str()).second)
    Opts.Warn(diagnostic(Where, SourceMgr::DK_Note, Msg));
}

DIFile *ModuleLifter::fileFor(unsigned N) {
  auto It = Files.find(N);
  if (It != Files.end())
    return It->second;
  auto Name = PM.Files.find(N);
  DIFile *F = Name == PM.Files.end() ? PtxFile : fileFor(Name->second);
  Files[N] = F;
  return F;
}

DIFile *ModuleLifter::fileFor(StringRef Path) {
  // The .file paths LLVM writes may differ from those in comments only by
  // being the same; match by path.
  for (const auto &[N, P] : PM.Files)
    if (P == Path && Files.count(N))
      return Files[N];
  // LLVM's inlined-at comments name a file by its base name ("@[ kernels.py:
  // 60:19 ]"): the one .file of that name is meant.
  if (!sys::path::is_absolute(Path) && !sys::path::has_parent_path(Path)) {
    std::optional<unsigned> Match;
    for (const auto &[N, P] : PM.Files)
      if (P != Path && sys::path::filename(P) == Path) // (A bare .file is itself.)
        Match = Match ? std::optional<unsigned>(~0u) : std::optional<unsigned>(N);
    if (Match && *Match != ~0u)
      return fileFor(*Match);
  }
  // PTX compiled with warplint's prelude on disk: name its headers as the
  // CUDA path does, so locations inside them count as system headers.
  StringRef Base = sys::path::filename(Path);
  bool Prelude = Base.starts_with("__warplint_") &&
                 sys::path::filename(sys::path::parent_path(Path)) == "prelude";
  return DIB->createFile(Prelude ? ("/__warplint_prelude/" + Base).str() : Path.str(), "");
}

llvm::Type *ModuleLifter::typeOf(ptx::Type T) { return llvmTypeOf(Ctx, T); }

llvm::Type *ModuleLifter::typeOf(const Variable &V) {
  llvm::Type *Elem = typeOf(V.Ty);
  if (V.Ty.Kind == ptx::Type::Pred)
    Elem = llvm::Type::getInt8Ty(Ctx);
  if (!V.isArray() && V.VectorLen == 1)
    return Elem;
  bool Unsized = !V.Dims.empty() && V.Dims[0] == 0;
  return ArrayType::get(Elem, Unsized ? 0 : V.elementCount());
}

Constant *ModuleLifter::initializer(const Variable &V, llvm::Type *Ty, Error &Err) {
  if (V.Init.empty())
    return V.Sp == Space::Shared || V.Sp == Space::Local ? UndefValue::get(Ty)
                                                         : Constant::getNullValue(Ty);
  auto *AT = dyn_cast<ArrayType>(Ty);
  llvm::Type *Elem = AT ? AT->getElementType() : Ty;
  uint64_t Count = AT ? AT->getNumElements() : 1;
  if (V.Init.size() > Count) {
    Err = error(V.Where, "too many initializers for '" + V.Name + "'");
    return nullptr;
  }
  std::vector<Constant *> Elems;
  for (const Operand &O : V.Init) {
    Constant *C = nullptr;
    if (O.Kind == Operand::Int) {
      C = Elem->isFloatingPointTy()
              ? ConstantFP::get(Elem, (double)O.IntValue)
              : ConstantInt::get(Elem, O.IntValue, /*IsSigned=*/true);
    } else if (O.Kind == Operand::Float) {
      APFloat F = O.FloatWidth == 32 ? APFloat(APFloat::IEEEsingle(), APInt(32, O.FloatBits))
                                     : APFloat(APFloat::IEEEdouble(), APInt(64, O.FloatBits));
      if (Elem->isFloatingPointTy()) {
        bool Lost;
        F.convert(Elem->getFltSemantics(), APFloat::rmNearestTiesToEven, &Lost);
        C = ConstantFP::get(Ctx, F);
      } else {
        C = ConstantInt::get(Elem, F.bitcastToAPInt().zextOrTrunc(Elem->getIntegerBitWidth()));
      }
    } else {
      // The address of a variable or function, as an integer.
      GlobalValue *GV = Globals.lookup(O.Name);
      if (!GV)
        GV = M->getFunction(O.Name);
      if (!GV || !Elem->isIntegerTy()) {
        Err = error(O.Where, "unknown symbol '" + O.Name + "' in initializer");
        return nullptr;
      }
      Constant *P = ConstantExpr::getAddrSpaceCast(GV, PointerType::get(Ctx, 0));
      C = ConstantExpr::getPtrToInt(P, llvm::Type::getInt64Ty(Ctx));
      if (O.IntValue)
        C = ConstantExpr::getAdd(C, ConstantInt::get(C->getType(), O.IntValue));
      if (Elem->getIntegerBitWidth() != 64)
        C = ConstantInt::get(Elem, 0); // A truncated address: not meaningful.
    }
    Elems.push_back(C);
  }
  if (!AT)
    return Elems[0];
  while (Elems.size() < Count)
    Elems.push_back(Constant::getNullValue(Elem));
  return ConstantArray::get(AT, Elems);
}

Error ModuleLifter::addGlobal(const Variable &V, StringRef Name) {
  llvm::Type *Ty = typeOf(V);
  unsigned AS = addrSpaceOf(V.Sp);
  if (V.Sp == Space::Param)
    return error(V.Where, "module-scope .param variables are not supported");
  Constant *Init = nullptr;
  if (!V.Extern) {
    Error Err = Error::success();
    Init = initializer(V, Ty, Err);
    if (Err)
      return Err;
  }
  GlobalValue::LinkageTypes Linkage =
      V.Extern ? GlobalValue::ExternalLinkage
               : V.Weak ? GlobalValue::WeakAnyLinkage
                        : V.Visible ? GlobalValue::ExternalLinkage : GlobalValue::InternalLinkage;
  // Like Clang's __constant__ and __device__ variables: the host may write
  // them, so their contents are not known at compile time.
  auto *GV = new GlobalVariable(*M, Ty, /*isConstant=*/false, Linkage, Init, Name, nullptr,
                                GlobalValue::NotThreadLocal, AS);
  if (V.Sp == Space::Const || V.Sp == Space::Global)
    GV->setExternallyInitialized(true);
  GV->setAlignment(Align(V.Align ? V.Align : M->getDataLayout().getABITypeAlign(Ty).value()));
  Globals[V.Name] = GV;
  VarSpaces[V.Name] = AS;
  return Error::success();
}

Error ModuleLifter::declareFunction(const Function &PF) {
  FunctionInfo &Info = Functions[PF.Name];
  if (Info.F && (!PF.HasBody || (Info.Ptx && Info.Ptx->HasBody)))
    return PF.HasBody ? error(PF.Where, "redefinition of '" + PF.Name + "'")
                      : Error::success();
  Info.Ptx = &PF;
  auto Inferred = InferredPointers.find(&PF);
  Info.Pointers = Inferred != InferredPointers.end() ? std::move(Inferred->second)
                                              : inferPointers(PF, VarSpaces);
  // Parameter and return types.
  SmallVector<llvm::Type *, 8> Params;
  for (size_t I = 0; I < PF.Params.size(); ++I) {
    const Variable &P = PF.Params[I];
    if (P.isArray() || Info.Pointers.ParamIsPointer[I])
      Params.push_back(PointerType::get(Ctx, 0));
    else
      Params.push_back(typeOf(P.Ty));
  }
  if (PF.Returns.size() > 1)
    return error(PF.Where, "functions with several return parameters are not supported");
  llvm::Type *Ret = llvm::Type::getVoidTy(Ctx);
  if (!PF.Returns.empty())
    Ret = typeOf(PF.Returns[0]);
  auto *FT = FunctionType::get(Ret, Params, false);
  GlobalValue::LinkageTypes Linkage =
      (PF.Visible || PF.Extern || !PF.HasBody) ? GlobalValue::ExternalLinkage
      : PF.Weak                                ? GlobalValue::WeakAnyLinkage
                                               : GlobalValue::InternalLinkage;
  llvm::Function *F = Info.F;
  if (F) { // An earlier declaration: replace it with the definition's type.
    llvm::Function *New = llvm::Function::Create(FT, Linkage, "", *M);
    New->takeName(F);
    F->replaceAllUsesWith(New);
    F->eraseFromParent();
    F = New;
  } else {
    F = llvm::Function::Create(FT, Linkage, PF.Name, *M);
  }
  Info.F = F;
  for (size_t I = 0; I < PF.Params.size(); ++I) {
    F->getArg(I)->setName(PF.Params[I].Name);
    if (PF.Params[I].isArray()) {
      auto *BufTy = ArrayType::get(llvm::Type::getInt8Ty(Ctx), PF.Params[I].sizeInBytes());
      F->addParamAttr(I, Attribute::getWithByValType(Ctx, BufTy));
      F->addParamAttr(I, Attribute::getWithAlignment(
                             Ctx, Align(PF.Params[I].Align ? PF.Params[I].Align : 4)));
    }
  }
  if (PF.IsKernel) {
    F->setCallingConv(CallingConv::PTX_Kernel);
    // What the pointer parameters point to, from the mangled name: PTX
    // addresses are bytes, and `--buffer P=COUNT` counts elements.
    std::vector<std::string> Types = demangledParamTypes(PF.Name);
    if (Types.size() == PF.Params.size())
      for (size_t I = 0; I < Types.size(); ++I)
        if (std::optional<Pointee> P = pointeeOf(Types[I]);
            P && F->getArg(I)->getType()->isPointerTy() && !PF.Params[I].isArray())
          F->addParamAttr(I, Attribute::get(Ctx, PointeeAttr,
                                            P->Name + ":" + utostr(P->Bytes)));
    auto Dims = [](const std::array<unsigned, 3> &D) {
      return (Twine(D[0]) + "," + Twine(D[1]) + "," + Twine(D[2])).str();
    };
    if (PF.MaxNTid)
      F->addFnAttr("nvvm.maxntid", Dims(*PF.MaxNTid));
    if (PF.ReqNTid)
      F->addFnAttr("nvvm.reqntid", Dims(*PF.ReqNTid));
    if (PF.MinCtasPerSm)
      F->addFnAttr("nvvm.minctasm", utostr(*PF.MinCtasPerSm));
  }
  if (PF.MaxNReg)
    F->addFnAttr("nvvm.maxnreg", utostr(*PF.MaxNReg));
  F->addFnAttr(Attribute::NoUnwind);
  if (PF.HasBody)
    F->addFnAttr(Attribute::Convergent);
  return Error::success();
}

void ModuleLifter::inferModulePointers() {
  for (const Function &PF : PM.Functions)
    InferredPointers[&PF] = inferPointers(PF, VarSpaces);
  // A register passed to a callee's pointer parameter holds an address too.
  for (unsigned Round = 0; Round < 4; ++Round) {
    StringMap<std::vector<bool>> Params;
    for (const Function &PF : PM.Functions) {
      std::vector<bool> &P = Params[PF.Name];
      const std::vector<bool> &Ptr = InferredPointers[&PF].ParamIsPointer;
      if (P.size() < Ptr.size())
        P.resize(Ptr.size());
      for (size_t I = 0; I < Ptr.size(); ++I)
        P[I] = P[I] || Ptr[I];
    }
    bool Changed = false;
    for (const Function &PF : PM.Functions) {
      PointerInfo &Info = InferredPointers[&PF];
      StringMap<unsigned> Seeds = pointerArguments(PF, Info, Params);
      if (Seeds.empty())
        continue;
      for (const auto &R : Info.RegSpace)
        Seeds.try_emplace(R.getKey(), R.getValue());
      Info = inferPointers(PF, VarSpaces, Seeds);
      Changed = true;
    }
    if (!Changed)
      break;
  }
}

Expected<PtxLiftResult> ModuleLifter::run() {
  if (PM.AddressSize != 64)
    return error({1, 1}, "32-bit PTX (.address_size 32) is not supported");
  // Debug info: a compile unit in the first source file, else the PTX file.
  PtxFile = DIB->createFile(Opts.Path, "");
  DIFile *CUFile = PM.Files.empty() ? PtxFile : fileFor(PM.Files.begin()->first);
  CU = DIB->createCompileUnit(DISourceLanguageName(dwarf::DW_LANG_C_plus_plus_14), CUFile,
                              "warplint PTX lifter", true, "", 0, "",
                              DICompileUnit::LineTablesOnly);
  M->addModuleFlag(llvm::Module::Warning, "Debug Info Version", DEBUG_METADATA_VERSION);
  M->addModuleFlag(llvm::Module::Warning, "Dwarf Version", 4);

  for (const Variable &V : PM.Globals) {
    if (Globals.count(V.Name)) {
      if (V.Extern)
        continue;
      GlobalVariable *Old = Globals[V.Name];
      if (!Old->isDeclaration())
        return error(V.Where, "redefinition of '" + V.Name + "'");
      Old->setName("");
      if (Error E = addGlobal(V, V.Name))
        return std::move(E);
      Old->replaceAllUsesWith(Globals[V.Name]);
      Old->eraseFromParent();
      continue;
    }
    if (Error E = addGlobal(V, V.Name))
      return std::move(E);
  }
  // Function-scope .shared/.const/.global are module variables in LLVM.
  for (const Function &PF : PM.Functions)
    for (const Variable &V : PF.Locals)
      if (V.Sp != Space::Local) {
        if (Globals.count(V.Name))
          return error(V.Where, "redefinition of '" + V.Name + "'");
        if (Error E = addGlobal(V, V.Name))
          return std::move(E);
      }
  inferModulePointers();
  for (const Function &PF : PM.Functions)
    if (Error E = declareFunction(PF))
      return std::move(E);

  PtxLiftResult R;
  for (const Function &PF : PM.Functions) {
    FunctionInfo &Info = Functions[PF.Name];
    if (!PF.HasBody || Info.Ptx != &PF)
      continue;
    FunctionLifter FL(*this, Info);
    if (Error E = FL.run())
      return std::move(E);
    if (PF.IsKernel && (PF.ReqNTid || PF.MaxNTid)) {
      SourceLaunch L;
      L.Kernel = PF.Name;
      const std::array<unsigned, 3> &D = PF.ReqNTid ? *PF.ReqNTid : *PF.MaxNTid;
      L.Block = Dim3{{D[0], D[1], D[2]}};
      L.Source = "launch-bounds";
      L.Line = PF.Where.Line;
      R.Launches.push_back(L);
    }
  }
  DIB->finalize();
  // A lifting bug is told at the PTX function it broke.
  for (const Function &PF : PM.Functions) {
    llvm::Function *F = Functions[PF.Name].F;
    std::string VerifyText;
    raw_string_ostream VOS(VerifyText);
    if (F && !F->isDeclaration() && verifyFunction(*F, &VOS))
      return error(PF.Where, "internal error: the lifted function '" + PF.Name +
                                 "' is invalid:\n" + VerifyText);
  }
  std::string VerifyText;
  raw_string_ostream VOS(VerifyText);
  if (verifyModule(*M, &VOS))
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: internal error: the lifted module is invalid:\n%s",
                             Opts.Path.c_str(), VerifyText.c_str());
  R.M = std::move(M);
  R.Unsupported = Unsupported;
  return std::move(R);
}

//===----------------------------------------------------------------------===//
// FunctionLifter: registers, values, debug locations, control flow
//===----------------------------------------------------------------------===//

FunctionLifter::FunctionLifter(ModuleLifter &ML, FunctionInfo &Info)
    : ML(ML), PF(*Info.Ptx), F(*Info.F), Ptrs(Info.Pointers), B(ML.Ctx) {
  for (const RegDecl &R : PF.Regs)
    (R.Count ? RegRanges : RegsByName)[R.Name] = &R;
}

Error FunctionLifter::error(const Twine &Msg) {
  return ML.error(Cur ? Cur->Where : PF.Where, Msg);
}

AllocaInst *FunctionLifter::entryAlloca(llvm::Type *T, const Twine &Name) {
  IRBuilder<> AB(AllocaPoint);
  return AB.CreateAlloca(T, nullptr, Name);
}

const RegDecl *FunctionLifter::declaration(StringRef Reg) const {
  const RegDecl *D = RegsByName.lookup(Reg);
  if (!D) {
    size_t Digits = Reg.size();
    while (Digits > 0 && isDigit(Reg[Digits - 1]))
      --Digits;
    if (Digits < Reg.size())
      D = RegRanges.lookup(Reg.take_front(Digits));
  }
  return D;
}

Expected<llvm::Type *> FunctionLifter::storageType(StringRef Reg) {
  if (std::optional<unsigned> AS = Ptrs.spaceOf(Reg))
    return PointerType::get(ML.Ctx, *AS);
  const RegDecl *D = declaration(Reg);
  if (!D)
    return error("use of undeclared register '" + Reg + "'");
  // A .b32 register that f32 instructions read holds a float (LLVM's NVPTX
  // backend and Triton name floats %r): kept as one, its loads and their
  // uses need no bitcasts, which the optimizer would otherwise fold into new
  // loads at the line of the first use.
  if (D->Ty.Kind == ptx::Type::Bits && D->Ty.Width == 32 && isReadAsFloat(Reg))
    return llvm::Type::getFloatTy(ML.Ctx);
  return ML.typeOf(D->Ty);
}

Expected<AllocaInst *> FunctionLifter::slot(StringRef Reg) {
  if (AllocaInst *A = Slots.lookup(Reg))
    return A;
  Expected<llvm::Type *> T = storageType(Reg);
  if (!T)
    return T.takeError();
  AllocaInst *A = entryAlloca(*T, Reg.drop_front());
  Slots[Reg] = A;
  return A;
}

Value *FunctionLifter::specialRegister(StringRef Name) {
  // %tid.x -> llvm.nvvm.read.ptx.sreg.tid.x, by the one table.
  return readSpecialRegister(B, Name);
}

Value *FunctionLifter::convert(Value *V, llvm::Type *T, bool Signed) {
  llvm::Type *S = V->getType();
  if (S == T)
    return V;
  const DataLayout &DL = ML.M->getDataLayout();
  if (S->isPointerTy() && T->isPointerTy())
    return B.CreateAddrSpaceCast(V, T);
  if (S->isPointerTy()) {
    unsigned W = DL.getTypeSizeInBits(T);
    Value *I = B.CreatePtrToInt(V, B.getIntNTy(std::max(W, 1u)));
    return convert(I, T, false);
  }
  if (T->isPointerTy()) {
    Value *I = convert(V, B.getIntNTy(DL.getPointerSizeInBits(T->getPointerAddressSpace())),
                       false);
    return B.CreateIntToPtr(I, T);
  }
  if (T->isIntegerTy(1))
    return B.CreateICmpNE(convert(V, B.getIntNTy(DL.getTypeSizeInBits(S)), false),
                          ConstantInt::get(B.getIntNTy(DL.getTypeSizeInBits(S)), 0));
  unsigned WS = DL.getTypeSizeInBits(S), WT = DL.getTypeSizeInBits(T);
  if (S->isIntegerTy(1))
    WS = 1;
  if (WS == WT)
    return B.CreateBitCast(V, T);
  Value *I = S->isIntegerTy() ? V : B.CreateBitCast(V, B.getIntNTy(WS));
  I = B.CreateIntCast(I, B.getIntNTy(WT), Signed && WS > 1);
  return T->isIntegerTy() ? I : B.CreateBitCast(I, T);
}

Expected<Value *> FunctionLifter::read(const Operand &O, llvm::Type *T, bool Signed) {
  switch (O.Kind) {
  case Operand::Register: {
    Value *V = nullptr;
    if (!isDeclared(O.Name))
      V = specialRegister(O.Name);
    if (!V) {
      Expected<AllocaInst *> A = slot(O.Name);
      if (!A)
        return A.takeError();
      V = B.CreateLoad((*A)->getAllocatedType(), *A);
    }
    if (O.Negated)
      V = B.CreateNot(convert(V, B.getInt1Ty(), false));
    return convert(V, T, Signed);
  }
  case Operand::Int: {
    if (T->isFloatingPointTy())
      return ConstantFP::get(T, (double)O.IntValue);
    if (T->isPointerTy())
      return convert(B.getInt64(O.IntValue), T, false);
    return ConstantInt::get(T, O.IntValue, /*IsSigned=*/true);
  }
  case Operand::Float: {
    Constant *C = O.FloatWidth == 32
                      ? ConstantFP::get(ML.Ctx, APFloat(APFloat::IEEEsingle(),
                                                        APInt(32, O.FloatBits)))
                      : ConstantFP::get(ML.Ctx, APFloat(APFloat::IEEEdouble(),
                                                        APInt(64, O.FloatBits)));
    if (T->isFloatingPointTy() && T != C->getType())
      return B.CreateFPCast(C, T);
    return convert(C, T, false);
  }
  case Operand::Symbol: {
    if (GlobalVariable *GV = ML.Globals.lookup(O.Name))
      return convert(GV, T, false);
    if (AllocaInst *A = LocalVars.lookup(O.Name))
      return convert(A, T, false);
    if (llvm::Function *Fn = ML.M->getFunction(O.Name))
      return convert(Fn, T, false);
    for (size_t I = 0; I < PF.Params.size(); ++I)
      if (PF.Params[I].Name == O.Name && F.getArg(I)->getType()->isPointerTy())
        return convert(F.getArg(I), T, false);
    if (Labels.count(O.Name))
      return error("label '" + O.Name + "' used as a value");
    return error("unknown symbol '" + O.Name + "'");
  }
  case Operand::Vector: {
    // Packs {a, b, ...} into the bits of T.
    const DataLayout &DL = ML.M->getDataLayout();
    unsigned Total = DL.getTypeSizeInBits(T);
    unsigned N = O.Elements.size();
    if (!N || Total % N)
      return error("cannot pack " + Twine(N) + " values into " + Twine(Total) + " bits");
    auto *VT = FixedVectorType::get(B.getIntNTy(Total / N), N);
    Value *Vec = PoisonValue::get(VT);
    for (unsigned I = 0; I < N; ++I) {
      Expected<Value *> E = read(O.Elements[I], VT->getElementType(), Signed);
      if (!E)
        return E.takeError();
      Vec = B.CreateInsertElement(Vec, *E, I);
    }
    return convert(B.CreateBitCast(Vec, B.getIntNTy(Total)), T, false);
  }
  case Operand::Sink:
    return PoisonValue::get(T);
  default:
    return error("expected a register or constant operand");
  }
}

Expected<Value *> FunctionLifter::address(const Operand &O, unsigned AS) {
  llvm::Type *PT = PointerType::get(ML.Ctx, AS);
  Value *Base;
  if (O.Kind == Operand::Address && O.Name.empty()) {
    Base = convert(B.getInt64(O.IntValue), PT, false);
    return Base;
  }
  Operand BaseOp = O;
  if (O.Kind == Operand::Address) {
    BaseOp.Kind = O.BaseIsRegister ? Operand::Register : Operand::Symbol;
    BaseOp.IntValue = 0;
  }
  Expected<Value *> V = read(BaseOp, PT);
  if (!V)
    return V.takeError();
  Base = *V;
  if (O.Kind == Operand::Address && O.IntValue)
    Base = B.CreateGEP(B.getInt8Ty(), Base, B.getInt64(O.IntValue));
  return Base;
}

Error FunctionLifter::write(const Operand &O, Value *V, bool Signed) {
  if (O.Kind == Operand::Sink)
    return Error::success();
  if (O.Kind == Operand::Vector) {
    // Unpacks the bits of V into {a, b, ...}.
    const DataLayout &DL = ML.M->getDataLayout();
    unsigned Total = DL.getTypeSizeInBits(V->getType());
    unsigned N = O.Elements.size();
    if (!N || Total % N)
      return error("cannot unpack " + Twine(Total) + " bits into " + Twine(N) + " values");
    auto *VT = FixedVectorType::get(B.getIntNTy(Total / N), N);
    Value *Vec = B.CreateBitCast(convert(V, B.getIntNTy(Total), false), VT);
    for (unsigned I = 0; I < N; ++I)
      if (Error E = write(O.Elements[I], B.CreateExtractElement(Vec, I), Signed))
        return E;
    return Error::success();
  }
  if (O.Kind != Operand::Register)
    return error("expected a destination register");
  Expected<AllocaInst *> A = slot(O.Name);
  if (!A)
    return A.takeError();
  B.CreateStore(convert(V, (*A)->getAllocatedType(), Signed), *A);
  return Error::success();
}

Error FunctionLifter::writePair(const Operand &O, Value *V) {
  if (O.PairName.empty() || O.PairName == "_")
    return Error::success();
  Operand P;
  P.Kind = Operand::Register;
  P.Name = O.PairName;
  return write(P, V);
}

Value *FunctionLifter::intrinsic(StringRef Name, ArrayRef<Value *> Args,
                                 ArrayRef<llvm::Type *> Overloads) {
  Intrinsic::ID ID = Intrinsic::lookupIntrinsicID(Name);
  llvm::Function *Fn = Intrinsic::getOrInsertDeclaration(ML.M.get(), ID, Overloads);
  FunctionType *FT = Fn->getFunctionType();
  SmallVector<Value *, 6> Converted;
  for (size_t I = 0; I < Args.size() && I < FT->getNumParams(); ++I)
    Converted.push_back(convert(Args[I], FT->getParamType(I), false));
  return B.CreateCall(Fn, Converted);
}

Value *FunctionLifter::opaque(llvm::Type *T) { return ptx::opaqueValue(B, T); }

Error FunctionLifter::unsupported(const Twine &Why) {
  ++ML.Unsupported;
  std::string Name = Cur->Opcode;
  for (const std::string &M : Cur->Mods)
    Name += "." + M;
  ML.warn(Cur->Where, "unsupported PTX instruction '" + Name + "'" +
                          (Why.isTriviallyEmpty() ? Twine("") : " (" + Why + ")") +
                          "; its results are treated as data-dependent");
  if (Cur->Ops.empty())
    return Error::success();
  static constexpr StringLiteral NoDest[] = {"st", "red", "bar", "barrier", "cp",
                                             "bra", "call", "mbarrier", "stmatrix"};
  for (StringRef N : NoDest)
    if (Cur->Opcode == N)
      return Error::success();
  const Operand &D = Cur->Ops[0];
  std::vector<const Operand *> Dests;
  if (D.Kind == Operand::Register && !D.Negated)
    Dests.push_back(&D);
  else if (D.Kind == Operand::Vector)
    for (const Operand &E : D.Elements)
      if (E.Kind == Operand::Register)
        Dests.push_back(&E);
  for (const Operand *O : Dests) {
    Expected<llvm::Type *> T = storageType(O->Name);
    if (!T)
      return T.takeError();
    if (Error E = write(*O, opaque(*T)))
      return E;
  }
  return Error::success();
}

Expected<Type> FunctionLifter::instrType(unsigned FromEnd) {
  unsigned Seen = 0;
  for (size_t I = Cur->Mods.size(); I-- > 0;)
    if (std::optional<Type> T = parseType(Cur->Mods[I]))
      if (Seen++ == FromEnd)
        return *T;
  return error("instruction '" + Cur->Opcode + "' has no type");
}

Expected<BasicBlock *> FunctionLifter::labelBlock(StringRef Name) {
  BasicBlock *BB = Labels.lookup(Name);
  if (!BB)
    return error("branch to unknown label '" + Name + "'");
  return BB;
}

void FunctionLifter::startBlock(BasicBlock *BB) {
  BasicBlock *CurBB = B.GetInsertBlock();
  if (CurBB && !CurBB->getTerminator()) {
    B.SetCurrentDebugLocation(llvm::DebugLoc());
    B.CreateBr(BB);
  }
  B.SetInsertPoint(BB);
}

void FunctionLifter::emitReturn() {
  if (F.getReturnType()->isVoidTy()) {
    B.CreateRetVoid();
    return;
  }
  if (!RetSlot) {
    B.CreateRet(PoisonValue::get(F.getReturnType()));
    return;
  }
  B.CreateRet(B.CreateLoad(RetSlot->getAllocatedType(), RetSlot));
}

DILocation *FunctionLifter::debugLocation(int Index, DISubprogram *SP) {
  auto It = DebugLocCache.find(Index);
  if (It != DebugLocCache.end())
    return It->second;
  const ptx::DebugLoc &L = PF.DebugLocs[Index];
  DILocation *Result;
  DIFile *File = L.FilePath.empty() ? ML.fileFor(L.File) : ML.fileFor(L.FilePath);
  if (L.InlinedAt < 0 || L.InlinedAt >= Index) {
    DIScope *Scope = SP;
    if (File != SP->getFile()) {
      DIScope *&FS = FileScopes[File];
      if (!FS)
        FS = ML.DIB->createLexicalBlockFile(SP, File);
      Scope = FS;
    }
    Result = DILocation::get(ML.Ctx, L.Line, L.Col, Scope);
  } else {
    DILocation *Caller = debugLocation(L.InlinedAt, SP);
    // The inlined callee's scope is a subprogram of its own (named by the
    // function_name label) in the callee's file.
    DISubprogram *&Inl = InlinedScopes[{L.InlinedFunction, File}];
    if (!Inl)
      Inl = ML.DIB->createFunction(File, L.InlinedFunction, L.InlinedFunction, File, 0,
                                   ML.DIB->createSubroutineType(ML.DIB->getOrCreateTypeArray({})),
                                   0, DINode::FlagPrototyped, DISubprogram::SPFlagDefinition);
    Result = DILocation::get(ML.Ctx, L.Line, L.Col, Inl, Caller);
  }
  DebugLocCache[Index] = Result;
  return Result;
}

Error FunctionLifter::setDebugLocation(const Instruction &I) {
  if (I.DebugLoc >= 0 && size_t(I.DebugLoc) < PF.DebugLocs.size() &&
      PF.DebugLocs[I.DebugLoc].Line != 0) {
    B.SetCurrentDebugLocation(debugLocation(I.DebugLoc, SP));
    return Error::success();
  }
  // No line info: the PTX line.
  DIScope *Scope = SP;
  if (SP->getFile() != ML.PtxFile) {
    DIScope *&FS = FileScopes[ML.PtxFile];
    if (!FS)
      FS = ML.DIB->createLexicalBlockFile(SP, ML.PtxFile);
    Scope = FS;
  }
  B.SetCurrentDebugLocation(DILocation::get(ML.Ctx, I.Where.Line, I.Where.Col, Scope));
  return Error::success();
}

Error FunctionLifter::run() {
  // A subprogram in the file of the first .loc, else the PTX file.
  DIFile *File = ML.PtxFile;
  unsigned Line = PF.Where.Line;
  for (const ptx::DebugLoc &L : PF.DebugLocs)
    if (L.InlinedAt < 0 && L.Line) {
      File = ML.fileFor(L.File);
      Line = L.Line;
      break;
    }
  SP = ML.DIB->createFunction(ML.CU, PF.Name, PF.Name, File, Line,
                              ML.DIB->createSubroutineType(ML.DIB->getOrCreateTypeArray({})),
                              Line, DINode::FlagPrototyped, DISubprogram::SPFlagDefinition);
  F.setSubprogram(SP);

  Entry = BasicBlock::Create(ML.Ctx, "entry", &F);
  B.SetInsertPoint(Entry);
  // Allocas go before this marker, code after it.
  AllocaPoint = B.CreateAlloca(B.getInt8Ty(), nullptr, "alloca.point");
  for (const Statement &S : PF.Body)
    if (S.Kind == Statement::Label) {
      if (Labels.count(S.LabelName)) {
        Cur = &S.Inst;
        return ML.error(PF.Where, "label '" + S.LabelName + "' defined twice in '" +
                                      PF.Name + "'");
      }
      Labels[S.LabelName] = BasicBlock::Create(ML.Ctx, S.LabelName, &F);
    }
  for (const Variable &V : PF.Locals)
    if (V.Sp == Space::Local) {
      AllocaInst *A = entryAlloca(ML.typeOf(V), V.Name);
      A->setAlignment(Align(V.Align ? V.Align : 4));
      LocalVars[V.Name] = A;
    }
  if (!PF.Returns.empty())
    RetSlot = entryAlloca(F.getReturnType(), "retval");
  for (const Variable &P : PF.CallParams)
    if (P.isArray()) {
      auto *T = ArrayType::get(B.getInt8Ty(), P.sizeInBytes());
      AllocaInst *&Buf = ParamBuffers[P.Name];
      if (!Buf || Buf->getAllocatedType()->getArrayNumElements() < P.sizeInBytes())
        Buf = entryAlloca(T, "");
    }

  for (const Statement &S : PF.Body) {
    if (S.Kind == Statement::Label) {
      startBlock(Labels[S.LabelName]);
      continue;
    }
    if (B.GetInsertBlock()->getTerminator())
      B.SetInsertPoint(BasicBlock::Create(ML.Ctx, "", &F));
    Cur = &S.Inst;
    if (Error E = setDebugLocation(S.Inst))
      return E;
    if (Error E = liftInstruction(S.Inst))
      return E;
  }
  if (!B.GetInsertBlock()->getTerminator())
    emitReturn();
  AllocaPoint->eraseFromParent();
  // Labels nobody branches to and that follow a terminator are dead blocks;
  // the optimizer removes them.
  return Error::success();
}

bool FunctionLifter::isReadAsFloat(StringRef Reg) {
  if (!FloatReads) {
    FloatReads.emplace();
    for (const Statement &S : PF.Body) {
      if (S.Kind != Statement::Instr || S.Inst.Ops.size() < 2)
        continue;
      // The sources' type: a cvt's last type, else the instruction's.
      std::optional<ptx::Type> T;
      for (size_t K = S.Inst.Mods.size(); K-- > 0 && !T;)
        T = parseType(S.Inst.Mods[K]);
      if (!T || !T->isFloat() || T->Width != 32)
        continue;
      for (size_t K = 1; K < S.Inst.Ops.size(); ++K)
        if (S.Inst.Ops[K].Kind == Operand::Register)
          FloatReads->insert(S.Inst.Ops[K].Name);
    }
  }
  return FloatReads->contains(Reg);
}

Error FunctionLifter::liftInstruction(const Instruction &I) {
  if (I.Guard.empty() || I.Opcode == "bra")
    return lowerInstruction(*this, I);
  // @%p op: run op only when the guard holds.
  Operand G;
  G.Kind = Operand::Register;
  G.Name = I.Guard;
  G.Negated = I.GuardNegated;
  Expected<Value *> Cond = read(G, B.getInt1Ty());
  if (!Cond)
    return Cond.takeError();
  BasicBlock *Then = BasicBlock::Create(ML.Ctx, "guarded", &F);
  BasicBlock *Cont = BasicBlock::Create(ML.Ctx, "", &F);
  B.CreateCondBr(*Cond, Then, Cont);
  B.SetInsertPoint(Then);
  if (Error E = lowerInstruction(*this, I))
    return E;
  if (!B.GetInsertBlock()->getTerminator())
    B.CreateBr(Cont);
  B.SetInsertPoint(Cont);
  return Error::success();
}

} // namespace ptx

Expected<PtxLiftResult> liftPtx(const ptx::Module &PM, LLVMContext &Ctx, const DataLayout &DL,
                                const PtxLiftOptions &Opts) {
  return ptx::ModuleLifter(PM, Ctx, DL, Opts).run();
}

} // namespace warplint
