//===- NvptxPipeline.cpp - The IR passes NVPTX instruction selection sees -===//
#include "frontend/NvptxPipeline.h"
#include "frontend/Libdevice.h"
#include "frontend/MergedAccesses.h"
#include "frontend/TypeNames.h"
#include "frontend/SourceLocation.h"
#include "frontend/UnrollPrivateArrays.h"
#include "frontend/asm/AsyncCopyAsm.h"
#include "frontend/asm/AtomicAsm.h"
#include "frontend/asm/CacheHintAsm.h"
#include "frontend/asm/Fp8Asm.h"
#include "frontend/asm/HalfAsm.h"
#include "frontend/asm/IsaAsm.h"
#include "frontend/asm/ShuffleAsm.h"
#include "frontend/asm/SpecialRegisterAsm.h"

#include "llvm/Analysis/CGSCCPassManager.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InlineAsm.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Operator.h"
#include "llvm/IR/PassManager.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Triple.h"
#include "llvm/Transforms/Scalar/EarlyCSE.h"
#include "llvm/Transforms/Scalar/InferAddressSpaces.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"
#include "llvm/Transforms/Utils/ModuleUtils.h"
#include "llvm/Transforms/Vectorize/LoadStoreVectorizer.h"

#include <condition_variable>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

using namespace llvm;

namespace warplint {

static void keepMergedSourceLines() {
  // Where the optimizer merges two accesses from different lines (a load
  // hoisted out of both arms of a branch, stores sunk into their join), LLVM
  // gives the merged one line 0; this LLVM option keeps the first of the
  // merged locations instead. Set once, before any pass runs.
  auto &Options = cl::getRegisteredOptions();
  auto It = Options.find("pick-merged-source-locations");
  if (It != Options.end())
    static_cast<cl::opt<bool> *>(It->second)->setValue(true);
}

Expected<std::unique_ptr<TargetMachine>> createNvptxTargetMachine(StringRef Arch) {
  static std::once_flag Once;
  std::call_once(Once, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTarget();
    LLVMInitializeNVPTXTargetMC();
    keepMergedSourceLines();
  });
  Triple TT("nvptx64-nvidia-cuda");
  std::string Err;
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return createStringError(inconvertibleErrorCode(),
                             "NVPTX target unavailable: %s", Err.c_str());
  std::unique_ptr<TargetMachine> TM(T->createTargetMachine(
      TT, Arch, "", TargetOptions(), std::nullopt, std::nullopt,
      CodeGenOptLevel::Default));
  if (!TM)
    return createStringError(inconvertibleErrorCode(),
                             "cannot create an NVPTX target for %s",
                             Arch.str().c_str());
  return std::move(TM);
}

namespace {

/// Routes every use of V through a cast to address space AS and back, so
/// InferAddressSpaces can rewrite the accesses into that space. This is what
/// NVPTX's codegen does for kernel pointer parameters (global) and allocas
/// (local).
void routeThroughSpace(Value *V, unsigned AS, Instruction *InsertBefore) {
  auto *PtrTy = dyn_cast<PointerType>(V->getType());
  if (!PtrTy || PtrTy->getAddressSpace() != AS_Generic || V->use_empty())
    return;
  IRBuilder<> B(InsertBefore);
  Value *Specific = B.CreateAddrSpaceCast(V, PointerType::get(V->getContext(), AS));
  Value *Generic = B.CreateAddrSpaceCast(Specific, PtrTy);
  V->replaceUsesWithIf(Generic, [&](Use &U) { return U.getUser() != Specific; });
}

void lowerSpacesLikeCodegen(Module &M) {
  for (Function &F : M) {
    if (F.isDeclaration())
      continue;
    Instruction *Entry = &*F.getEntryBlock().getFirstNonPHIOrDbgOrAlloca();
    if (isKernel(F))
      for (Argument &A : F.args())
        if (!A.hasByValAttr())
          routeThroughSpace(&A, AS_Global, Entry);
    SmallVector<AllocaInst *, 8> Allocas;
    for (Instruction &I : instructions(F))
      if (auto *AI = dyn_cast<AllocaInst>(&I))
        Allocas.push_back(AI);
    for (AllocaInst *AI : Allocas)
      routeThroughSpace(AI, AS_Local, AI->getNextNode());
  }
}

} // namespace

void internalizeDeviceFunctions(Module &M) {
  // nvcc compiles a file's device code as a whole program (without -rdc):
  // its device functions are seen by no other file, and NVVM inlines them,
  // large ones called once included (a 700-line solver step called from
  // one kernel). With external (or inline, linkonce) linkage LLVM's inliner
  // keeps such a call, and the accesses behind it lose the kernel's lanes.
  // Kernels keep theirs.
  for (Function &F : M) {
    if (F.isDeclaration() || isKernel(F) || F.hasLocalLinkage() ||
        F.hasFnAttribute(Attribute::NoInline))
      continue;
    F.setLinkage(GlobalValue::InternalLinkage);
    // Called from one place: inlined there whatever its size.
    if (F.hasOneUse())
      if (const auto *CB = dyn_cast<CallBase>(F.user_back());
          CB && CB->getCalledFunction() == &F)
        F.addFnAttr(Attribute::AlwaysInline);
  }
}

unsigned keepNamedFunctions(Module &M, ArrayRef<std::string> Names) {
  if (Names.empty())
    return 0;
  SmallVector<GlobalValue *, 4> Kept;
  for (Function &F : M) {
    if (F.isDeclaration() || isKernel(F))
      continue;
    std::string Source = sourceName(F);
    if (llvm::any_of(Names, [&](const std::string &N) { return N == F.getName() || N == Source; }))
      Kept.push_back(&F);
  }
  appendToCompilerUsed(M, Kept);
  return Kept.size();
}

namespace {

/// The __constant__ variable Ptr points into, looking through GEPs, casts
/// and (before mem2reg) a local variable every store to which holds such a
/// pointer; null when none.
const GlobalVariable *constantTarget(const Value *Ptr, unsigned Depth = 0) {
  const Value *Obj = getUnderlyingObject(Ptr);
  if (const auto *GV = dyn_cast<GlobalVariable>(Obj))
    return GV->getAddressSpace() == 4 ? GV : nullptr; // NVPTX's constant space.
  const auto *LI = dyn_cast<LoadInst>(Obj);
  const auto *AI =
      LI ? dyn_cast<AllocaInst>(getUnderlyingObject(LI->getPointerOperand())) : nullptr;
  if (!AI || Depth > 3)
    return nullptr;
  const GlobalVariable *Found = nullptr;
  for (const User *U : AI->users()) {
    const auto *SI = dyn_cast<StoreInst>(U);
    if (!SI || SI->getPointerOperand() != AI)
      continue;
    const GlobalVariable *GV = constantTarget(SI->getValueOperand(), Depth + 1);
    if (!GV || (Found && Found != GV))
      return nullptr;
    Found = GV;
  }
  return Found;
}

} // namespace

void keepFaultingAccesses(Module &M) {
  // TargetLibraryInfo's names of the heap functions device code can call.
  static const char *const HeapFunctions[] = {"malloc", "free",   "_Znwm",   "_Znam",
                                              "_ZdlPv", "_ZdaPv", "_ZdlPvm", "_ZdaPvm"};
  // On the declarations too: InferFunctionAttrs would otherwise give them
  // allockind, which is enough for InstCombine to delete the pair.
  for (Function &F : M)
    for (const char *Name : HeapFunctions)
      F.addFnAttr(std::string("no-builtin-") + Name);
  for (GlobalVariable &GV : M.globals())
    if (GV.getAddressSpace() == 3 && GV.hasInitializer() && isa<UndefValue>(GV.getInitializer()))
      GV.setExternallyInitialized(true);
}

unsigned markConstantStores(Module &M) {
  std::vector<std::pair<Instruction *, Value *>> Stores;
  for (Function &F : M)
    for (Instruction &I : instructions(F)) {
      Value *Dst = nullptr;
      if (auto *SI = dyn_cast<StoreInst>(&I))
        Dst = SI->getPointerOperand();
      else if (auto *RMW = dyn_cast<AtomicRMWInst>(&I))
        Dst = RMW->getPointerOperand();
      else if (auto *CX = dyn_cast<AtomicCmpXchgInst>(&I))
        Dst = CX->getPointerOperand();
      else if (auto *MI = dyn_cast<AnyMemIntrinsic>(&I))
        Dst = MI->getRawDest();
      if (!Dst)
        continue;
      if (constantTarget(Dst))
        Stores.push_back({&I, Dst});
    }
  for (auto &[I, Dst] : Stores) {
    const GlobalVariable *GV = constantTarget(Dst);
    IRBuilder<> B(I);
    auto *Ty = FunctionType::get(B.getVoidTy(), {Dst->getType()}, false);
    std::string Text = (ConstantStoreMarker + GV->getName()).str();
    InlineAsm *Asm = InlineAsm::get(Ty, Text, "l", /*hasSideEffects=*/true);
    CallInst *Call = B.CreateCall(Ty, Asm, {Dst});
    Call->setDebugLoc(I->getDebugLoc());
  }
  return Stores.size();
}

namespace {
/// The optimizer's warnings and remarks (a `#pragma unroll` it could not
/// honour in CUB's headers: "loop not unrolled") are Clang's -w'd warnings of
/// the user's build, not warplint's findings: dropped while the pipeline runs;
/// an error is still printed.
class QuietOptimizer {
public:
  explicit QuietOptimizer(LLVMContext &Ctx)
      : Ctx(Ctx), Old(Ctx.getDiagnosticHandlerCallBack()),
        OldContext(Ctx.getDiagnosticContext()) {
    Ctx.setDiagnosticHandlerCallBack(
        [](const DiagnosticInfo *DI, void *) {
          if (DI->getSeverity() != DS_Error)
            return;
          DiagnosticPrinterRawOStream DP(errs());
          errs() << "error: ";
          DI->print(DP);
          errs() << "\n";
        },
        nullptr);
  }
  ~QuietOptimizer() { Ctx.setDiagnosticHandlerCallBack(Old, OldContext); }

private:
  LLVMContext &Ctx;
  DiagnosticHandler::DiagnosticHandlerTy Old;
  void *OldContext;
};
} // namespace

bool optimizeForNvptx(Module &M, TargetMachine &TM, const FileBudget *Budget) {
  QuietOptimizer Quiet(M.getContext());
  M.setDataLayout(TM.createDataLayout());
  LoopAnalysisManager LAM;
  FunctionAnalysisManager FAM;
  CGSCCAnalysisManager CGAM;
  ModuleAnalysisManager MAM;
  // Which accesses each pass merges (their other lines become notes).
  PassInstrumentationCallbacks PIC;
  MergedAccessTracker Merges;
  Merges.registerCallbacks(PIC);
  // The file's budget, checked before every pass (its memory before every
  // 1,024th): once it has run out, no optional pass runs (the module is
  // then not analyzed).
  bool OutOfTime = false;
  std::optional<BudgetTicker> Ticker;
  if (Budget && Budget->limited()) {
    Ticker.emplace(*Budget);
    PIC.registerShouldRunOptionalPassCallback([&](StringRef, Any) {
      OutOfTime = OutOfTime || Ticker->tick();
      return !OutOfTime;
    });
  }
  PassBuilder PB(&TM, PipelineTuningOptions(), std::nullopt, &PIC);
  // Loops over private arrays unroll as nvcc's do (before LoopFullUnrollPass
  // and the SROA that follows it in the function simplification pipeline).
  PB.registerLateLoopOptimizationsEPCallback(
      [](LoopPassManager &LPM, OptimizationLevel) { LPM.addPass(UnrollPrivateArraysPass()); });
  PB.registerModuleAnalyses(MAM);
  PB.registerCGSCCAnalyses(CGAM);
  PB.registerFunctionAnalyses(FAM);
  PB.registerLoopAnalyses(LAM);
  PB.crossRegisterProxies(LAM, FAM, CGAM, MAM);
  markAccessOrigins(M);
  markConstantStores(M);
  keepFaultingAccesses(M);
  internalizeDeviceFunctions(M);
  {
    ModulePassManager MPM = PB.buildPerModuleDefaultPipeline(OptimizationLevel::O2);
    MPM.run(M, MAM);
  }
  MAM.clear();
  if (OutOfTime)
    return false;
  lowerSpacesLikeCodegen(M);
  // What NVPTX's addIRPasses runs before selection that changes accesses.
  FunctionPassManager FPM;
  FPM.addPass(InferAddressSpacesPass());
  FPM.addPass(EarlyCSEPass());
  FPM.addPass(LoadStoreVectorizerPass());
  ModulePassManager Late;
  Late.addPass(createModuleToFunctionPassAdaptor(std::move(FPM)));
  Late.run(M, MAM);
  return !OutOfTime;
}

std::vector<LocalArrayDecl> collectLocalArrays(const Module &M) {
  std::vector<LocalArrayDecl> Out;
  const DataLayout &DL = M.getDataLayout();
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      const auto *AI = dyn_cast<AllocaInst>(&I);
      if (!AI || !AI->getAllocatedType()->isArrayTy() || !AI->hasName())
        continue;
      LocalArrayDecl D;
      D.Function = F.getName().str();
      D.Name = AI->getName().str();
      if (std::optional<TypeSize> Size = AI->getAllocationSize(DL))
        D.Bytes = Size->getFixedValue();
      // Allocas carry no location; take the first user that does.
      for (const User *U : AI->users())
        if (const auto *UI = dyn_cast<Instruction>(U))
          if (const DebugLoc &Loc = UI->getDebugLoc()) {
            if (!D.Line || Loc.getLine() < D.Line) {
              D.Line = Loc.getLine();
              D.Column = Loc.getCol();
            }
          }
      Out.push_back(std::move(D));
    }
  return Out;
}

namespace {

/// The sizes of the structures a chain of GEPs ending at Ptr steps through,
/// when the chain selects a field of one of them; empty otherwise.
SmallVector<uint64_t, 2> structSizesOnPath(const Value *Ptr, const DataLayout &DL) {
  SmallVector<uint64_t, 2> Sizes;
  bool SelectsField = false;
  for (unsigned Depth = 0; Depth < 16; ++Depth) {
    // Not stripPointerCasts: it drops all-zero GEPs, which select first fields.
    while (isa<BitCastOperator>(Ptr) || isa<AddrSpaceCastOperator>(Ptr))
      Ptr = cast<Operator>(Ptr)->getOperand(0);
    const auto *GEP = dyn_cast<GEPOperator>(Ptr);
    if (!GEP)
      break;
    for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E;
         ++GTI) {
      Type *Indexed = GTI.getIndexedType();
      if (StructType *STy = GTI.getStructTypeOrNull()) {
        SelectsField = true;
        if (STy->isSized())
          Sizes.push_back(DL.getTypeAllocSize(STy).getFixedValue());
      } else if (Indexed->isStructTy() && Indexed->isSized()) {
        // Stepping over an array of structures.
        Sizes.push_back(DL.getTypeAllocSize(Indexed).getFixedValue());
      }
    }
    Ptr = GEP->getPointerOperand();
  }
  if (!SelectsField)
    Sizes.clear();
  return Sizes;
}

} // namespace

void markAccessOrigins(Module &M) {
  // Passes that move an access (LICM, GVN's PRE) may drop its location;
  // unknown metadata travels with the instruction and its clones.
  for (Function &F : M)
    for (Instruction &I : instructions(F))
      if (I.mayReadOrWriteMemory() && I.getDebugLoc() && I.getDebugLoc().getLine())
        I.setMetadata(AccessOriginKind, I.getDebugLoc().get());
}

std::vector<StructFieldUse> collectStructFields(const Module &M) {
  std::set<StructFieldUse> Uses;
  const DataLayout &DL = M.getDataLayout();
  for (const Function &F : M)
    for (const Instruction &I : instructions(F)) {
      const Value *Ptr = isa<GetElementPtrInst>(I) ? &I : accessedPointer(I);
      if (!Ptr)
        continue;
      SmallVector<uint64_t, 2> Sizes = structSizesOnPath(Ptr, DL);
      if (Sizes.empty())
        continue;
      // Where the rules will look: the access's own location, and the field
      // selection's (the load of `p[i].mass` usually shares it).
      SourceLoc Loc = userLocation(I);
      if (!Loc.valid())
        continue;
      for (uint64_t Bytes : Sizes)
        Uses.insert({Loc.File, Loc.Line, Loc.Column, Bytes});
    }
  return {Uses.begin(), Uses.end()};
}

namespace {
/// What optimizeWithin and its thread share.
struct OptimizerRun {
  std::mutex Lock;
  std::condition_variable Ended;
  bool Done = false, Finished = false;
  std::unique_ptr<Module> M;
  std::unique_ptr<TargetMachine> TM;
  FileBudget Budget;
};

/// Optimizes M (optimizeForNvptx) on a thread of its own, waiting no longer
/// than Budget allows (its clock and its memory, looked at every 50 ms):
/// one pass can take minutes (an else-if chain of 10,000 arms), so checking
/// the budget between passes is not enough. True,
/// with M optimized, when it ended in time. Else the thread is abandoned
/// with M (and M's context, which the caller must then leak): it skips every
/// pass after the one it is in and frees M when that one ends.
bool optimizeWithin(std::unique_ptr<Module> &M, TargetMachine &TM, const FileBudget &Budget) {
  Expected<std::unique_ptr<TargetMachine>> Own =
      createNvptxTargetMachine(TM.getTargetCPU());
  if (!Own) {
    consumeError(Own.takeError());
    return optimizeForNvptx(*M, TM, &Budget);
  }
  auto Run = std::make_shared<OptimizerRun>();
  Run->M = std::move(M);
  Run->TM = std::move(*Own);
  Run->Budget = Budget;
  std::thread T([Run] {
    bool Finished = optimizeForNvptx(*Run->M, *Run->TM, &Run->Budget);
    std::lock_guard<std::mutex> G(Run->Lock);
    Run->Done = true;
    Run->Finished = Finished;
    Run->Ended.notify_all();
  });
  std::unique_lock<std::mutex> L(Run->Lock);
  while (!Run->Ended.wait_for(L, std::chrono::milliseconds(50), [&] { return Run->Done; }))
    if (Budget.passed()) {
      L.unlock();
      T.detach();
      return false;
    }
  L.unlock();
  T.join();
  if (!Run->Finished)
    return false;
  M = std::move(Run->M);
  return true;
}
} // namespace

void finishDeviceModule(DeviceModule &Result, std::unique_ptr<Module> M, TargetMachine &TM,
                        bool Optimize, StringRef Libdevice, const FileBudget *Budget) {
  Result.LocalArrays = collectLocalArrays(*M);
  Result.StructFields = collectStructFields(*M);
  lowerSpecialRegisterAsm(*M);
  lowerShuffleAsm(*M);
  lowerIsaAsm(*M);
  lowerFp8Asm(*M);
  lowerAtomicAsm(*M);
  lowerCacheHintAsm(*M);
  lowerAsyncCopyAsm(*M);
  // Last: the toolkit's half and bfloat16 asm that none of the above took.
  lowerHalfAsm(*M);
  // What the device model fills a by-value structure argument from.
  for (const auto &KV : Result.Decls.StructParams)
    if (Function *F = M->getFunction(KV.getKey()))
      for (const auto &[Index, Leaves] : KV.getValue())
        if (Index < F->arg_size())
          F->addParamAttr(Index, Attribute::get(M->getContext(), StructFieldsAttr, Leaves));
  // What sizes a buffer of structures (--buffer P=COUNT).
  for (const auto &KV : Result.Decls.RecordPointees)
    if (Function *F = M->getFunction(KV.getKey()))
      for (const auto &[Index, Said] : KV.getValue())
        if (Index < F->arg_size())
          F->addParamAttr(Index, Attribute::get(M->getContext(), PointeeAttr, Said));
  // After the facts above: libdevice's private arrays are not the program's.
  if (!Libdevice.empty()) {
    M->setDataLayout(TM.createDataLayout());
    if (Expected<unsigned> Linked = linkLibdevice(*M, Libdevice); !Linked)
      consumeError(Linked.takeError());
  }
  if (Optimize && Budget && Budget->passed()) {
    Result.BudgetStop = "the front end";
    Budget->stop(Result.BudgetStop);
  } else if (Optimize && Budget && Budget->limited()) {
    if (!optimizeWithin(M, TM, *Budget)) {
      // The abandoned optimizer owns the module and its context.
      Result.BudgetStop = "the IR optimizer";
      Budget->stop(Result.BudgetStop);
      (void)Result.Context.release();
      Result.Context = std::make_unique<LLVMContext>();
      M = std::make_unique<Module>(Result.Path, *Result.Context);
    }
  } else if (Optimize) {
    optimizeForNvptx(*M, TM);
  }
  Result.M = std::move(M);
}

} // namespace warplint
