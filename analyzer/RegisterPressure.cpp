//===- RegisterPressure.cpp - Registers live at once in a kernel ----------===//
#include "analyzer/RegisterPressure.h"
#include "analyzer/Occupancy.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace warplint {

unsigned registersForType(const Type *T, const DataLayout &DL) {
  if (T->isVoidTy() || T->isLabelTy() || T->isMetadataTy() || T->isTokenTy())
    return 0;
  if (T->isIntegerTy(1))
    return 0;
  if (auto *PT = dyn_cast<PointerType>(T)) {
    // ptxas addresses shared and local memory with 32-bit registers.
    unsigned AS = PT->getAddressSpace();
    if (AS == 3 || AS == 5)
      return 1;
    return std::max(1u, unsigned(divideCeil(DL.getPointerSizeInBits(AS), 32)));
  }
  if (auto *ST = dyn_cast<StructType>(T)) {
    unsigned N = 0;
    for (Type *E : ST->elements())
      N += registersForType(E, DL);
    return N;
  }
  if (auto *AT = dyn_cast<ArrayType>(T))
    return AT->getNumElements() * registersForType(AT->getElementType(), DL);
  if (auto *VT = dyn_cast<FixedVectorType>(T)) {
    if (VT->getElementType()->isIntegerTy(1))
      return 0;
    return std::max<unsigned>(1, divideCeil(DL.getTypeSizeInBits(const_cast<FixedVectorType *>(VT)), 32));
  }
  if (T->isSized())
    return std::max<unsigned>(1, divideCeil(DL.getTypeSizeInBits(const_cast<Type *>(T)), 32));
  return 0;
}

namespace {

/// Predicates: i1 and vectors of i1.
unsigned predicatesForType(const Type *T) {
  if (T->isIntegerTy(1))
    return 1;
  if (auto *VT = dyn_cast<FixedVectorType>(T))
    if (VT->getElementType()->isIntegerTy(1))
      return VT->getNumElements();
  return 0;
}

unsigned parseUnsignedAttr(const Function &F, StringRef Name) {
  Attribute A = F.getFnAttribute(Name);
  if (!A.isStringAttribute())
    return 0;
  // maxntid may be "x,y,z".
  unsigned Product = 0;
  SmallVector<StringRef, 3> Parts;
  A.getValueAsString().split(Parts, ',');
  for (StringRef P : Parts) {
    unsigned V = 0;
    if (P.trim().getAsInteger(10, V))
      return 0;
    Product = Product ? Product * V : V;
  }
  return Product;
}

/// A "x,y,z" (or "x", "x,y") attribute as three dimensions, missing ones 1;
/// none when absent or malformed.
std::optional<std::array<unsigned, 3>> parseDimsAttr(const Function &F, StringRef Name) {
  Attribute A = F.getFnAttribute(Name);
  if (!A.isStringAttribute())
    return std::nullopt;
  SmallVector<StringRef, 3> Parts;
  A.getValueAsString().split(Parts, ',');
  if (Parts.empty() || Parts.size() > 3)
    return std::nullopt;
  std::array<unsigned, 3> D{1, 1, 1};
  for (size_t I = 0; I < Parts.size(); ++I)
    if (Parts[I].trim().getAsInteger(10, D[I]) || D[I] == 0)
      return std::nullopt;
  return D;
}

/// Values that occupy no register of their own: the uses of such a value are
/// uses of its operands. Constant-offset addresses fold into the memory
/// instruction's immediate; casts between address spaces are free on sm_70+;
/// ntid/nctaid are constant-bank operands.
bool isTransparent(const Value *V) {
  if (isa<BitCastInst>(V) || isa<AddrSpaceCastInst>(V) || isa<FreezeInst>(V))
    return true;
  if (const auto *GEP = dyn_cast<GetElementPtrInst>(V))
    // [reg + imm] and [sym + reg] addressing: a constant offset from a
    // register, or a register index off a variable's address.
    return GEP->hasAllConstantIndices() || isa<Constant>(GEP->getPointerOperand());
  // Index extensions feed address arithmetic (IMAD.WIDE takes the 32-bit value).
  if (isa<SExtInst>(V) || isa<ZExtInst>(V)) {
    const auto *Cast = cast<CastInst>(V);
    return Cast->getSrcTy()->isIntegerTy(32) && !Cast->user_empty() &&
           all_of(Cast->users(), [](const User *U) { return isa<GetElementPtrInst>(U); });
  }
  if (const auto *II = dyn_cast<IntrinsicInst>(V)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return true;
    default:
      return false;
    }
  }
  return false;
}

/// The liveness problem of one function over its register values.
class Liveness {
public:
  Liveness(const Function &F) : F(F), DL(F.getParent()->getDataLayout()) {
    for (const BasicBlock &BB : F)
      for (const Instruction &I : BB)
        if (!isTransparent(&I) && !isa<AllocaInst>(I) &&
            (registersForType(I.getType(), DL) || predicatesForType(I.getType()))) {
          Ids[&I] = Values.size();
          Values.push_back(&I);
        }
  }

  /// The register values a use of V reads (through transparent values).
  const SmallVector<unsigned, 2> &regsOf(const Value *V) {
    auto It = Reads.find(V);
    if (It != Reads.end())
      return It->second;
    SmallVector<unsigned, 2> Out;
    if (auto Id = Ids.find(V); Id != Ids.end())
      Out.push_back(Id->second);
    else if (const auto *I = dyn_cast<Instruction>(V); I && isTransparent(I))
      for (const Value *Op : I->operands())
        for (unsigned R : regsOf(Op))
          if (!is_contained(Out, R))
            Out.push_back(R);
    return Reads[V] = Out;
  }

  void solve() {
    unsigned N = Values.size();
    for (const BasicBlock &BB : F) {
      BitVector Use(N), Def(N), PhiDef(N);
      for (auto It = BB.rbegin(); It != BB.rend(); ++It) {
        const Instruction &I = *It;
        if (auto Id = Ids.find(&I); Id != Ids.end()) {
          Def.set(Id->second);
          Use.reset(Id->second);
          if (isa<PHINode>(I))
            PhiDef.set(Id->second);
        }
        if (isa<PHINode>(I))
          continue;
        for (const Value *Op : I.operands())
          for (unsigned R : regsOf(Op))
            Use.set(R);
      }
      Uses[&BB] = Use;
      Defs[&BB] = Def;
      PhiDefs[&BB] = PhiDef;
      LiveIn[&BB] = BitVector(N);
      LiveOut[&BB] = BitVector(N);
    }
    ReversePostOrderTraversal<const Function *> RPO(&F);
    std::vector<const BasicBlock *> PostOrder(RPO.begin(), RPO.end());
    std::reverse(PostOrder.begin(), PostOrder.end());
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const BasicBlock *BB : PostOrder) {
        BitVector Out(N);
        for (const BasicBlock *S : successors(BB)) {
          BitVector In = LiveIn[S];
          In.reset(PhiDefs[S]);
          Out |= In;
          for (const PHINode &Phi : S->phis())
            for (unsigned R : regsOf(Phi.getIncomingValueForBlock(BB)))
              Out.set(R);
        }
        BitVector In = Out;
        In.reset(Defs[BB]);
        In |= Uses[BB];
        In |= PhiDefs[BB];
        if (In != LiveIn[BB] || Out != LiveOut[BB]) {
          LiveIn[BB] = std::move(In);
          LiveOut[BB] = std::move(Out);
          Changed = true;
        }
      }
    }
  }

  unsigned regs(unsigned Id) const { return registersForType(Values[Id]->getType(), DL); }
  unsigned preds(unsigned Id) const { return predicatesForType(Values[Id]->getType()); }

  /// Walks every block backward; calls Visit(I, Live) with what is live
  /// while I executes (its result and everything live after it).
  template <typename Fn> void forEachPoint(Fn Visit) {
    for (const BasicBlock &BB : F) {
      BitVector Live = LiveOut[&BB];
      std::vector<const Instruction *> Order = scheduleLoadsEarly(BB);
      for (auto It = Order.rbegin(); It != Order.rend(); ++It) {
        const Instruction &I = **It;
        auto Id = Ids.find(&I);
        if (isa<PHINode>(I))
          break; // Phis are live-in: counted at the first non-phi.
        BitVector At = Live;
        if (Id != Ids.end())
          At.set(Id->second);
        Visit(I, At);
        if (Id != Ids.end())
          Live.reset(Id->second);
        for (const Value *Op : I.operands())
          for (unsigned R : regsOf(Op))
            Live.set(R);
      }
    }
  }

  const Instruction *value(unsigned Id) const { return Values[Id]; }

  /// BB's instructions in the order ptxas's scheduler tends to issue them:
  /// every load moved up to just after the last definition it reads and the
  /// last instruction that may write memory, so that independent loads are
  /// in flight together (and their results live together).
  std::vector<const Instruction *> scheduleLoadsEarly(const BasicBlock &BB) {
    std::vector<const Instruction *> Order;
    size_t LastWrite = 0; // Order.size() just after the last memory writer.
    for (const Instruction &I : BB) {
      const auto *LI = dyn_cast<LoadInst>(&I);
      // Shared loads are short-latency: ptxas leaves them near their uses.
      if (!LI || !LI->isSimple() || LI->getPointerAddressSpace() == 3) {
        Order.push_back(&I);
        if (I.mayWriteToMemory() || isa<CallBase>(I) || isa<PHINode>(I))
          LastWrite = Order.size();
        continue;
      }
      // At most MaxInFlight loads move up together.
      constexpr unsigned MaxInFlight = 8;
      size_t Pos = LastWrite;
      unsigned Loads = 0;
      for (size_t J = Order.size(); J-- > Pos;)
        if (isa<LoadInst>(Order[J]) && ++Loads == MaxInFlight) {
          Pos = J + 1;
          break;
        }
      for (const Value *Op : I.operands())
        for (unsigned R : regsOf(Op)) {
          const Instruction *Def = Values[R];
          if (Def->getParent() != &BB)
            continue;
          auto Found = std::find(Order.begin(), Order.end(), Def);
          if (Found != Order.end())
            Pos = std::max<size_t>(Pos, Found - Order.begin() + 1);
        }
      Order.insert(Order.begin() + Pos, &I);
      if (LastWrite >= Pos && LastWrite != 0)
        ++LastWrite;
    }
    return Order;
  }

private:
  const Function &F;
  const DataLayout &DL;
  std::vector<const Instruction *> Values;
  DenseMap<const Value *, unsigned> Ids;
  DenseMap<const Value *, SmallVector<unsigned, 2>> Reads;
  DenseMap<const BasicBlock *, BitVector> Uses, Defs, PhiDefs, LiveIn, LiveOut;
};

/// Groups the values live at the peak by the source line defining them.
std::vector<LiveLine> liveLines(const Liveness &L, const BitVector &Live) {
  std::map<std::pair<std::string, unsigned>, LiveLine> ByLine;
  for (unsigned Id : Live.set_bits()) {
    unsigned R = L.regs(Id);
    if (!R)
      continue;
    const Instruction *I = L.value(Id);
    SourceLoc Loc = userLocation(*I);
    LiveLine &Line = ByLine[{Loc.File, Loc.Line}];
    if (!Line.Loc.valid() || (Loc.valid() && Loc.Column < Line.Loc.Column))
      Line.Loc = Loc;
    Line.Registers += R;
    ++Line.Values;
    // Value names survive from -fno-discard-value-names: "acc.sroa.12" -> "acc".
    StringRef Name = I->getName();
    Name = Name.take_until([](char C) { return C == '.'; });
    while (!Name.empty() && isDigit(Name.back()))
      Name = Name.drop_back();
    if (!Name.empty() && !is_contained(split(Line.Names, ", "), Name))
      Line.Names += (Line.Names.empty() ? "" : ", ") + Name.str();
  }
  std::vector<LiveLine> Out;
  for (auto &[Key, Line] : ByLine)
    Out.push_back(std::move(Line));
  std::stable_sort(Out.begin(), Out.end(), [](const LiveLine &A, const LiveLine &B) {
    return A.Registers > B.Registers;
  });
  return Out;
}

} // namespace

LaunchBounds readLaunchBounds(const Function &F) {
  LaunchBounds B;
  B.MaxDims = parseDimsAttr(F, "nvvm.maxntid");
  B.ReqDims = parseDimsAttr(F, "nvvm.reqntid");
  B.MaxThreads = parseUnsignedAttr(F, "nvvm.maxntid");
  if (!B.MaxThreads)
    B.MaxThreads = parseUnsignedAttr(F, "nvvm.reqntid");
  B.MinBlocks = parseUnsignedAttr(F, "nvvm.minctasm");
  B.MaxRegisters = parseUnsignedAttr(F, "nvvm.maxnreg");
  // Older producers (and lifted PTX) use !nvvm.annotations.
  if (const NamedMDNode *MD = F.getParent()->getNamedMetadata("nvvm.annotations")) {
    unsigned X = 0, Y = 0, Z = 0;
    for (const MDNode *Node : MD->operands()) {
      if (Node->getNumOperands() < 3)
        continue;
      auto *GV = mdconst::dyn_extract_or_null<Function>(Node->getOperand(0));
      if (GV != &F)
        continue;
      for (unsigned I = 1; I + 1 < Node->getNumOperands(); I += 2) {
        auto *Key = dyn_cast_or_null<MDString>(Node->getOperand(I));
        auto *Val = mdconst::dyn_extract_or_null<ConstantInt>(Node->getOperand(I + 1));
        if (!Key || !Val)
          continue;
        unsigned V = Val->getZExtValue();
        StringRef K = Key->getString();
        if (K == "maxntidx") X = V;
        else if (K == "maxntidy") Y = V;
        else if (K == "maxntidz") Z = V;
        else if (K == "minctasm" && !B.MinBlocks) B.MinBlocks = V;
        else if (K == "reqntidx" || K == "reqntidy" || K == "reqntidz") {
          if (!B.ReqDims)
            B.ReqDims = std::array<unsigned, 3>{1, 1, 1};
          (*B.ReqDims)[K.back() - 'x'] = V;
        }
        else if (K == "maxnreg" && !B.MaxRegisters) B.MaxRegisters = V;
      }
    }
    if (!B.MaxDims && (X || Y || Z))
      B.MaxDims = std::array<unsigned, 3>{std::max(X, 1u), std::max(Y, 1u), std::max(Z, 1u)};
    if (!B.MaxThreads && (X || Y || Z))
      B.MaxThreads = std::max(X, 1u) * std::max(Y, 1u) * std::max(Z, 1u);
    if (!B.MaxThreads && B.ReqDims)
      B.MaxThreads = (*B.ReqDims)[0] * (*B.ReqDims)[1] * (*B.ReqDims)[2];
  }
  return B;
}

RegisterCap registerCap(const Function &F, const ArchProfile &Arch,
                        const RegisterPressureOptions &Opts) {
  RegisterCap Cap{Arch.MaxRegistersPerThread, ("the " + Arch.Name + " limit").str()};
  auto Lower = [&](unsigned Regs, std::string Source) {
    if (Regs && Regs < Cap.Registers) {
      Cap.Registers = Regs;
      Cap.Source = std::move(Source);
    }
  };
  LaunchBounds B = readLaunchBounds(F);
  if (B.MaxThreads) {
    std::string Src = B.MinBlocks
                          ? formatv("__launch_bounds__({0}, {1})", B.MaxThreads, B.MinBlocks).str()
                          : formatv("__launch_bounds__({0})", B.MaxThreads).str();
    Lower(maxRegistersForBlocks(Arch, B.MaxThreads, B.MinBlocks), Src);
  }
  Lower(B.MaxRegisters, formatv("__maxnreg__({0})", B.MaxRegisters));
  Lower(Opts.MaxRRegCount, formatv("--maxrregcount={0}", Opts.MaxRRegCount));
  return Cap;
}

RegisterPressure RegisterPressure::analyze(const Function &Kernel,
                                           const ArchProfile &Arch,
                                           const RegisterPressureOptions &Opts) {
  RegisterPressure P;
  P.Kernel = &Kernel;
  P.Cap = registerCap(Kernel, Arch, Opts);
  if (Kernel.isDeclaration())
    return P;
  Liveness L(Kernel);
  L.solve();
  BitVector PeakLive;
  L.forEachPoint([&](const Instruction &I, const BitVector &Live) {
    if (const auto *CB = dyn_cast<CallBase>(&I))
      if (const Function *Callee = CB->getCalledFunction(); !Callee || !Callee->isIntrinsic())
        P.HasCalls = true;
    unsigned Regs = 0, Preds = 0;
    for (unsigned Id : Live.set_bits()) {
      Regs += L.regs(Id);
      Preds += L.preds(Id);
    }
    P.MaxPredicates = std::max(P.MaxPredicates, Preds);
    // The earliest point wins a tie (the walk is backward within a block).
    if (Regs > P.MaxLive || (Regs == P.MaxLive && P.Peak && Regs &&
                             I.getParent() == P.Peak->getParent())) {
      P.MaxLive = Regs;
      P.Peak = &I;
      PeakLive = Live;
    }
  });
  if (P.Peak) {
    // The peak may sit on an instruction without a location (a phi's copy,
    // a cast): take the nearest one in the block that has one.
    P.PeakLoc = userLocation(*P.Peak);
    for (const Instruction *I = P.Peak->getNextNode(); I && !P.PeakLoc.valid();
         I = I->getNextNode())
      P.PeakLoc = userLocation(*I);
    for (const Instruction *I = P.Peak->getPrevNode(); I && !P.PeakLoc.valid();
         I = I->getPrevNode())
      P.PeakLoc = userLocation(*I);
    P.LiveLines = liveLines(L, PeakLive);
  }
  return P;
}

/// Calibration (bench/registers.sh on tests/lit/registers/Inputs): ptxas
/// reports the highest register used plus the reserved ones (R1 is the stack
/// pointer; two more are reserved) and needs a few temporaries for addresses
/// and constants beyond the IR values.
unsigned RegisterPressure::estimatedRegisters() const {
  constexpr unsigned Overhead = 6;     // Reserved registers and temporaries.
  constexpr unsigned SmallestKernel = 10; // ptxas's count for a trivial kernel.
  unsigned Estimate = std::max(MaxLive + Overhead, SmallestKernel);
  return std::min(Estimate, 255u);
}

std::string RegisterPressure::message() const {
  std::string Where = PeakLoc.valid() ? formatv(" at line {0}", PeakLoc.Line).str() : "";
  if (spillRisk())
    return formatv("about {0} registers live{1} exceed the cap of {2} from {3}: "
                   "ptxas will likely spill",
                   estimatedRegisters(), Where, Cap.Registers, Cap.Source);
  return formatv("about {0} registers live{1}, within the cap of {2} from {3}",
                 estimatedRegisters(), Where, Cap.Registers, Cap.Source);
}

void RegisterPressure::print(raw_ostream &OS) const {
  OS << "registers in " << (Kernel ? Kernel->getName() : "?") << ": "
     << MaxLive << " live at the peak";
  if (PeakLoc.valid())
    OS << " (" << PeakLoc.File << ":" << PeakLoc.Line << ":" << PeakLoc.Column << ")";
  OS << ", " << MaxPredicates << " predicates, estimate " << estimatedRegisters()
     << ", cap " << Cap.Registers << " (" << Cap.Source << ")"
     << (spillRisk() ? ", spill risk" : "") << (HasCalls ? ", has calls" : "") << "\n";
  for (const LiveLine &L : LiveLines) {
    OS << "  line " << L.Loc.Line << ": " << L.Registers << " registers in "
       << L.Values << " values";
    if (!L.Names.empty())
      OS << " (" << L.Names << ")";
    OS << "\n";
  }
}

} // namespace warplint
