//===- KernelSlice.cpp - One kernel's part of a module --------------------===//
#include "frontend/cuda/KernelSlice.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

using namespace llvm;

namespace warplint {

namespace {

/// Adds the functions and globals V refers to (through constants) to C.
void reach(const Value *V, CallClosure &C, SmallVectorImpl<const Function *> &Work,
           SmallPtrSetImpl<const Constant *> &Seen) {
  if (const auto *F = dyn_cast<Function>(V)) {
    if (C.Functions.insert(F))
      Work.push_back(F);
    return;
  }
  if (const auto *GV = dyn_cast<GlobalVariable>(V)) {
    if (C.Globals.insert(GV) && GV->hasInitializer())
      reach(GV->getInitializer(), C, Work, Seen);
    return;
  }
  const auto *K = dyn_cast<Constant>(V);
  if (!K || isa<GlobalValue>(K) || !Seen.insert(K).second)
    return;
  for (const Use &U : K->operands())
    reach(U.get(), C, Work, Seen);
}

/// Text with the numbers of metadata (!12) and attribute groups (#3) that
/// follow a separator removed: they depend on the rest of the module.
void appendWithoutSlotNumbers(StringRef Text, std::string &Out) {
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    Out.push_back(C);
    bool Ref = (C == '!' || C == '#') && I > 0 &&
               (Text[I - 1] == ' ' || Text[I - 1] == '(' || Text[I - 1] == ',');
    if (Ref)
      while (I + 1 < Text.size() && isDigit(Text[I + 1]))
        ++I;
  }
}

using MetadataMemo = DenseMap<const Metadata *, std::string>;

void describeMetadata(const Metadata *MD, raw_ostream &OS, SmallPtrSetImpl<const Metadata *> &Seen,
                      ModuleSlotTracker &Slots, MetadataMemo &Memo);

/// A location or a scope, spelled out once per module: each instruction's
/// location names the same few scopes. (Neither can be part of a cycle.)
void describeLocationOrScope(const MDNode *N, raw_ostream &OS, ModuleSlotTracker &Slots,
                             MetadataMemo &Memo) {
  auto It = Memo.find(N);
  if (It == Memo.end()) {
    std::string Text;
    raw_string_ostream TextOS(Text);
    SmallPtrSet<const Metadata *, 8> Seen;
    if (const auto *L = dyn_cast<DILocation>(N)) {
      TextOS << "loc(" << L->getLine() << ':' << L->getColumn() << " in ";
      describeMetadata(L->getScope(), TextOS, Seen, Slots, Memo);
      TextOS << " at ";
      describeMetadata(L->getInlinedAt(), TextOS, Seen, Slots, Memo);
      TextOS << ')';
    } else {
      // Subprograms and lexical blocks: where they are, and in what.
      const auto *Sc = cast<DILocalScope>(N);
      TextOS << "scope(" << Sc->getName() << ' ' << Sc->getFilename() << ' '
             << Sc->getDirectory();
      if (const auto *SP = dyn_cast<DISubprogram>(Sc))
        TextOS << ' ' << SP->getLinkageName() << ' ' << SP->getLine() << ' ' << SP->getScopeLine();
      else if (const auto *B = dyn_cast<DILexicalBlock>(Sc))
        TextOS << ' ' << B->getLine() << ':' << B->getColumn();
      else if (const auto *BF = dyn_cast<DILexicalBlockFile>(Sc))
        TextOS << ' ' << BF->getDiscriminator();
      TextOS << ' ';
      // A block is described by its subprogram; a subprogram stops here.
      if (!isa<DISubprogram>(Sc) && Sc->getScope() != Sc)
        describeMetadata(Sc->getScope(), TextOS, Seen, Slots, Memo);
      TextOS << ')';
    }
    It = Memo.try_emplace(N, std::move(Text)).first;
  }
  OS << It->second;
}

/// The contents of a metadata node, spelled out (cycles cut).
void describeMetadata(const Metadata *MD, raw_ostream &OS, SmallPtrSetImpl<const Metadata *> &Seen,
                      ModuleSlotTracker &Slots, MetadataMemo &Memo) {
  if (!MD) {
    OS << "null";
    return;
  }
  if (const auto *S = dyn_cast<MDString>(MD)) {
    OS << '"' << S->getString() << '"';
    return;
  }
  if (const auto *V = dyn_cast<ValueAsMetadata>(MD)) {
    V->getValue()->printAsOperand(OS, /*PrintType=*/true, Slots);
    return;
  }
  if (isa<DILocation>(MD) || isa<DILocalScope>(MD))
    return describeLocationOrScope(cast<MDNode>(MD), OS, Slots, Memo);
  if (!Seen.insert(MD).second) {
    OS << "<cycle>";
    return;
  }
  if (const auto *N = dyn_cast<MDNode>(MD)) {
    // Other nodes: their own fields as printed, then their operands.
    std::string Own;
    raw_string_ostream OwnOS(Own);
    N->print(OwnOS, Slots);
    std::string Stripped;
    appendWithoutSlotNumbers(Own, Stripped);
    OS << '{' << Stripped << ':';
    for (const MDOperand &Op : N->operands()) {
      describeMetadata(Op.get(), OS, Seen, Slots, Memo);
      OS << ',';
    }
    OS << '}';
  } else {
    MD->print(OS, Slots);
  }
}

/// Attached metadata, each node spelled out once per module (Roots): loads
/// and stores share a few alias-analysis tags, instructions a few scopes.
void describeAttachments(ArrayRef<std::pair<unsigned, MDNode *>> MDs, ArrayRef<StringRef> Kinds,
                         raw_ostream &OS, ModuleSlotTracker &Slots, MetadataMemo &Memo,
                         MetadataMemo &Roots) {
  for (const auto &[Kind, Node] : MDs) {
    OS << " !" << (Kind < Kinds.size() ? Kinds[Kind] : StringRef("?")) << '=';
    auto It = Roots.find(Node);
    if (It == Roots.end()) {
      std::string Text;
      raw_string_ostream TextOS(Text);
      SmallPtrSet<const Metadata *, 8> Seen;
      describeMetadata(Node, TextOS, Seen, Slots, Memo);
      It = Roots.try_emplace(Node, std::move(Text)).first;
    }
    OS << It->second;
  }
  OS << '\n';
}

} // namespace

CallClosure callClosure(const Function &Root) {
  CallClosure C;
  SmallVector<const Function *, 8> Work;
  SmallPtrSet<const Constant *, 32> Seen;
  C.Functions.insert(&Root);
  Work.push_back(&Root);
  while (!Work.empty()) {
    const Function *F = Work.pop_back_val();
    for (const Instruction &I : instructions(*F))
      for (const Use &U : I.operands())
        reach(U.get(), C, Work, Seen);
  }
  return C;
}

const std::string &IrFingerprinter::functionHash(const Function &F) {
  std::string &Hash = FunctionHashes[&F];
  if (!Hash.empty())
    return Hash;
  std::string Text;
  raw_string_ostream OS(Text);
  SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
  OS << "attributes ";
  F.getAttributes().print(OS);
  F.getAllMetadata(MDs);
  describeAttachments(MDs, Kinds, OS, Slots, Memo, Roots);
  static_cast<const Value &>(F).print(OS, Slots);
  // Per instruction: call-site attributes and attached metadata (the
  // printed text above has only their numbers).
  for (const Instruction &I : instructions(F)) {
    if (const auto *CB = dyn_cast<CallBase>(&I))
      CB->getAttributes().print(OS);
    I.getAllMetadata(MDs);
    describeAttachments(MDs, Kinds, OS, Slots, Memo, Roots);
  }
  std::string Stripped;
  appendWithoutSlotNumbers(Text, Stripped);
  Hash = fingerprintHash(Stripped);
  return Hash;
}

void IrFingerprinter::describe(const CallClosure &C, std::string &Out) {
  if (Kinds.empty())
    Slots.getModule()->getContext().getMDKindNames(Kinds);
  std::string Text;
  raw_string_ostream OS(Text);
  SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
  for (const GlobalVariable *GV : C.Globals) {
    static_cast<const Value *>(GV)->print(OS, Slots);
    GV->getAllMetadata(MDs);
    describeAttachments(MDs, Kinds, OS, Slots, Memo, Roots);
  }
  appendWithoutSlotNumbers(Text, Out);
  // Functions by the hash of their text: each is printed once per module,
  // however many kernels reach it.
  for (const Function *F : C.Functions)
    ((Out += "function ") += functionHash(*F)) += '\n';
}

std::pair<unsigned, unsigned> IrFingerprinter::lineSpan(const Function &F, StringRef File) {
  unsigned First = 0, Last = 0;
  auto Note = [&](const DIScope *S, unsigned Line) {
    if (!S || !Line)
      return;
    SmallString<256> Name(S->getDirectory());
    sys::path::append(Name, S->getFilename());
    if (S->getFilename() != File && Name != File)
      return;
    First = First ? std::min(First, Line) : Line;
    Last = std::max(Last, Line);
  };
  if (const DISubprogram *SP = F.getSubprogram())
    Note(SP, SP->getLine());
  for (const Instruction &I : instructions(F))
    if (const DILocation *L = I.getDebugLoc().get())
      Note(L->getScope(), L->getLine());
  return {First, Last};
}

std::string fingerprintHash(StringRef Text) {
  XXH128_hash_t H = xxh3_128bits(arrayRefFromStringRef(Text));
  std::string Out;
  raw_string_ostream(Out) << format_hex_no_prefix(H.high64, 16)
                          << format_hex_no_prefix(H.low64, 16);
  return Out;
}

DeviceModule sliceModule(const DeviceModule &DM, ArrayRef<const Function *> Keep) {
  SmallPtrSet<const Function *, 16> Defined(Keep.begin(), Keep.end());
  ValueToValueMapTy Map;
  DeviceModule S;
  S.M = CloneModule(*DM.M, Map, [&](const GlobalValue *GV) {
    const auto *F = dyn_cast<Function>(GV);
    return !F || Defined.contains(F);
  });
  S.Path = DM.Path;
  S.Arch = DM.Arch;
  S.Frontend = DM.Frontend;
  S.HeaderMode = DM.HeaderMode;
  S.LocalArrays = DM.LocalArrays;
  S.Launches = DM.Launches;
  S.StructFields = DM.StructFields;
  S.Decls = DM.Decls;
  S.Contents = DM.Contents;
  S.ReadFiles = DM.ReadFiles;
  S.SystemFiles = DM.SystemFiles;
  return S;
}

} // namespace warplint
