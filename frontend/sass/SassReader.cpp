//===- SassReader.cpp - cuobjdump -sass and nvdisasm listings -------------===//
//
// Formats (CUDA Binary Utilities):
//   cuobjdump -sass:  "Function : NAME" headers, then
//                     "/*0040*/  @!P0 LDG.E R2, desc[UR4][R2.64] ;  /* 0x... */"
//                     with a second "/* 0x... */" line per instruction.
//   nvdisasm:         ".section .text.NAME", labels ".L_x_3:", branch targets
//                     "`(.L_x_3)", line info "//## File "f.cu", line 12" (-g)
//                     and "... inlined at "f.cu", line 30" (-gi), and
//                     EIATTR_REGCOUNT / EIATTR_FRAME_SIZE in .nv.info.
//   cuobjdump -res-usage: "Function NAME:" then "REG:10 STACK:0 ...".
//
//===----------------------------------------------------------------------===//
#include "frontend/sass/SassReader.h"
#include "frontend/sass/SassCfg.h"
#include "frontend/DeviceModule.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <map>

using namespace llvm;

namespace warplint {
namespace {

/// Bytes per lane from an opcode's modifiers (".64", ".128", ".U8", ...).
unsigned widthOf(StringRef Opcode) {
  SmallVector<StringRef, 8> Mods;
  Opcode.split(Mods, '.');
  for (StringRef M : Mods) {
    if (M == "128")
      return 16;
    if (M == "64")
      return 8;
    if (M == "U8" || M == "S8")
      return 1;
    if (M == "U16" || M == "S16")
      return 2;
  }
  return 4;
}

/// "//## File "f.cu", line 12 inlined at "g.cu", line 30".
std::optional<SassSourceLine> parseLineComment(StringRef Line) {
  if (!Line.consume_front("//## File"))
    return std::nullopt;
  SassSourceLine L;
  auto Take = [](StringRef &S, std::string &File, unsigned &No) {
    S = S.ltrim();
    if (!S.consume_front("\""))
      return false;
    size_t Close = S.find('"');
    if (Close == StringRef::npos)
      return false;
    File = S.take_front(Close).str();
    S = S.drop_front(Close + 1).ltrim();
    S.consume_front(",");
    S = S.ltrim();
    if (!S.consume_front("line"))
      return false;
    S = S.ltrim();
    StringRef Digits = S.take_while(isDigit);
    S = S.drop_front(Digits.size());
    return !Digits.getAsInteger(10, No);
  };
  if (!Take(Line, L.File, L.Line))
    return std::nullopt;
  Line = Line.ltrim();
  if (Line.consume_front("inlined at"))
    Take(Line, L.InlinedAtFile, L.InlinedAtLine);
  return L;
}

/// The value of "KEY=N" or "KEY:N" in Text.
std::optional<uint64_t> keyedNumber(StringRef Text, StringRef Key) {
  size_t Pos = Text.find(Key);
  if (Pos == StringRef::npos)
    return std::nullopt;
  StringRef Rest = Text.drop_front(Pos + Key.size());
  StringRef Digits = Rest.take_while(isDigit);
  uint64_t V;
  if (Digits.getAsInteger(10, V))
    return std::nullopt;
  return V;
}

/// The register ptxas uses as the stack pointer: the one loaded from
/// c[0x0][0x28] at entry (R1 in every listing of the toolkit seen so far).
std::string stackPointer(const SassFunction &F) {
  for (const SassInstruction &I : F.Instructions) {
    StringRef Ops = I.Operands;
    if (!Ops.contains("c[0x0][0x28]"))
      continue;
    StringRef Dst = Ops.split(',').first.trim();
    if (Dst.starts_with("R"))
      return Dst.str();
  }
  return "R1";
}

/// The address of an LDL/STL: "[R1+0x10]" is base R1 at constant offset 0x10.
struct LocalAddress {
  std::string Base;
  int64_t Offset = 0;
  bool ConstantOffset = false; ///< No register part besides the base.
};

LocalAddress localAddress(StringRef Operands) {
  LocalAddress L;
  size_t Open = Operands.find('[');
  size_t Close = Operands.find(']', Open);
  if (Open == StringRef::npos || Close == StringRef::npos)
    return L;
  StringRef In = Operands.slice(Open + 1, Close).trim();
  size_t Plus = In.find_first_of("+-");
  L.Base = In.take_front(Plus).trim().str();
  if (Plus == StringRef::npos) {
    L.ConstantOffset = true;
    return L;
  }
  StringRef Off = In.drop_front(Plus).trim();
  bool Negative = Off.consume_front("-");
  Off.consume_front("+");
  Off = Off.trim();
  Negative ^= Off.consume_front("-");
  uint64_t V;
  if (Off.consume_front("0x") ? Off.getAsInteger(16, V) : Off.getAsInteger(10, V))
    return L; // A register offset (UR4): computed.
  L.Offset = Negative ? -int64_t(V) : int64_t(V);
  L.ConstantOffset = true;
  return L;
}

/// Tells spills from private arrays among F's LDL/STL. An access through an
/// address computed at run time is an array indexed at run time. An access
/// at a constant offset from the stack pointer is a spill, unless the
/// function also has run-time-indexed local accesses (so its frame holds an
/// array) and the slot is never both stored and reloaded at a constant
/// offset (array elements written by constant index and read by a run-time
/// one, or the other way round).
void classifyLocalAccesses(SassFunction &F) {
  std::string SP = stackPointer(F);
  struct Slot {
    size_t Access;
    int64_t Begin, End;
    bool Store;
  };
  std::vector<Slot> Slots;
  bool AnyRuntime = false;
  for (size_t N = 0; N < F.Accesses.size(); ++N) {
    SassMemoryAccess &A = F.Accesses[N];
    if (A.Space != AS_Local)
      continue;
    LocalAddress L = localAddress(F.Instructions[A.Index].Operands);
    if (L.Base == SP && L.ConstantOffset) {
      Slots.push_back({N, L.Offset, L.Offset + int64_t(A.Bytes), A.Op == SassMemOp::Store});
      continue;
    }
    A.RuntimeAddress = true;
    A.IsSpill = false;
    AnyRuntime = true;
  }
  if (!AnyRuntime)
    return;
  for (const Slot &S : Slots)
    F.Accesses[S.Access].IsSpill = any_of(Slots, [&](const Slot &O) {
      return O.Store != S.Store && O.Begin < S.End && S.Begin < O.End;
    });
}

/// Parser state over one listing.
class Parser {
public:
  Parser(StringRef Path) { Listing.Path = Path.str(); }

  Error parse(StringRef Text) {
    if (Text.contains('\0'))
      return createStringError(inconvertibleErrorCode(),
                               "%s: error: binary input, not a SASS listing "
                               "(pass the output of cuobjdump -sass or nvdisasm)",
                               Listing.Path.c_str());
    SmallVector<StringRef, 0> Lines;
    Text.split(Lines, '\n');
    for (size_t N = 0; N < Lines.size(); ++N)
      if (Error E = parseLine(Lines[N], N + 1))
        return E;
    finish();
    if (Listing.Functions.empty())
      return createStringError(inconvertibleErrorCode(),
                               "%s: error: no SASS functions found (expected "
                               "cuobjdump -sass or nvdisasm output)",
                               Listing.Path.c_str());
    return Error::success();
  }

  SassListing take() { return std::move(Listing); }

private:
  SassListing Listing;
  SassFunction *Current = nullptr;
  std::map<std::string, StringMap<uint64_t>> LabelsOf; ///< Per function.
  std::vector<std::string> PendingLabels;
  std::optional<SassSourceLine> Source;
  // .nv.info and -res-usage: values per function name.
  std::map<std::string, unsigned> RegCount;
  std::map<std::string, uint64_t> FrameSize;
  std::string InfoAttr, InfoFunction, ResUsageFunction;

  SassFunction &function(StringRef Name) {
    for (SassFunction &F : Listing.Functions)
      if (F.Name == Name)
        return F;
    SassFunction F;
    F.Name = Name.str();
    F.SourceName = sourceNameOf(Name);
    Listing.Functions.push_back(std::move(F));
    return Listing.Functions.back();
  }

  void startFunction(StringRef Name) {
    Current = &function(Name);
    Source.reset();
    PendingLabels.clear();
  }

  Error parseLine(StringRef Raw, unsigned LineNo) {
    StringRef Line = Raw.trim();
    if (Line.empty())
      return Error::success();
    if (Line.starts_with("code for sm_") && Listing.Arch.empty())
      Listing.Arch = Line.drop_front(9).trim().str();
    if (Line.starts_with(".target") && Listing.Arch.empty())
      Listing.Arch = Line.drop_front(7).trim().str();
    if (Line.consume_front("Function :")) { // cuobjdump -sass
      Listing.Format = "cuobjdump";
      startFunction(Line.trim());
      return Error::success();
    }
    if (Line.starts_with("Function ") && Line.ends_with(":")) { // -res-usage
      ResUsageFunction = Line.drop_front(9).drop_back().trim().str();
      return Error::success();
    }
    if (!ResUsageFunction.empty() && Line.starts_with("REG:")) {
      if (auto R = keyedNumber(Line, "REG:"))
        RegCount[ResUsageFunction] = *R;
      if (auto S = keyedNumber(Line, "STACK:"))
        FrameSize[ResUsageFunction] = *S;
      ResUsageFunction.clear();
      return Error::success();
    }
    if (Line.starts_with(".sectioninfo")) {
      if (Current)
        if (auto R = keyedNumber(Line, "SHI_REGISTERS="))
          RegCount[Current->Name] = *R;
      return Error::success();
    }
    if (Line.starts_with(".section")) { // nvdisasm
      Listing.Format = "nvdisasm";
      StringRef Sec = Line.drop_front(8).trim().split(',').first;
      if (Sec.consume_front(".text."))
        startFunction(Sec);
      else
        Current = nullptr;
      InfoAttr.clear();
      return Error::success();
    }
    if (Line.consume_front("//----- nvinfo :")) {
      InfoAttr = Line.trim().str();
      InfoFunction.clear();
      return Error::success();
    }
    if (auto L = parseLineComment(Line)) {
      Source = L;
      return Error::success();
    }
    if (Line.starts_with("/*") && !Line.starts_with("/* 0x"))
      return parseAddressed(Line, LineNo);
    // A label: ".L_x_3:", "$_Z5callsPKfPf$_Z6helperPKfi:".
    if (Current && Line.ends_with(":") && !Line.contains(' ') && !Line.contains('\t'))
      PendingLabels.push_back(Line.drop_back().str());
    return Error::success();
  }

  /// "/*0040*/ ..." : an instruction, or a .word of an .nv.info attribute.
  Error parseAddressed(StringRef Line, unsigned LineNo) {
    size_t Close = Line.find("*/");
    if (Close == StringRef::npos)
      return Error::success();
    uint64_t Address = 0;
    if (Line.substr(2, Close - 2).trim().getAsInteger(16, Address))
      return Error::success(); // A comment, not an address.
    StringRef Body = Line.drop_front(Close + 2).trim();
    if (Body.starts_with(".")) {
      parseInfoWord(Body);
      return Error::success();
    }
    if (!Current)
      return Error::success();
    // Drop the encoding comment and the final ';'.
    if (size_t C = Body.find("/*"); C != StringRef::npos)
      Body = Body.take_front(C).rtrim();
    Body.consume_back(";");
    Body = Body.rtrim();
    if (Body.empty() || (!isAlpha(Body.front()) && Body.front() != '@'))
      return createStringError(inconvertibleErrorCode(),
                               "%s:%u: error: malformed SASS instruction '%s'",
                               Listing.Path.c_str(), LineNo, Line.str().c_str());
    SassInstruction I;
    I.Address = Address;
    I.ListingLine = LineNo;
    if (Body.starts_with("@")) {
      auto [Pred, Rest] = Body.split(' ');
      I.Predicate = Pred.str();
      Body = Rest.ltrim();
    }
    auto [Opcode, Operands] = Body.split(' ');
    if (Opcode.empty() || !isAlpha(Opcode.front()))
      return createStringError(inconvertibleErrorCode(),
                               "%s:%u: error: malformed SASS instruction '%s'",
                               Listing.Path.c_str(), LineNo, Line.str().c_str());
    I.Opcode = Opcode.str();
    I.Base = Opcode.split('.').first.str();
    I.Operands = Operands.trim().str();
    if (Source)
      I.Source = *Source;
    for (const std::string &L : PendingLabels)
      LabelsOf[Current->Name][L] = Address;
    PendingLabels.clear();
    if (std::optional<SassMemoryAccess> A = classifySassOpcode(I.Opcode, I.Operands)) {
      A->Index = Current->Instructions.size();
      Current->Accesses.push_back(*A);
    }
    Current->Instructions.push_back(std::move(I));
    return Error::success();
  }

  /// ".word index@(NAME)" then ".word 0x0000000a" inside EIATTR_REGCOUNT /
  /// EIATTR_FRAME_SIZE.
  void parseInfoWord(StringRef Body) {
    if (InfoAttr != "EIATTR_REGCOUNT" && InfoAttr != "EIATTR_FRAME_SIZE")
      return;
    if (!Body.consume_front(".word"))
      return;
    Body = Body.trim();
    if (Body.consume_front("index@(")) {
      InfoFunction = Body.take_until([](char C) { return C == ')'; }).str();
      return;
    }
    uint64_t V;
    if (InfoFunction.empty() || !Body.consume_front("0x") || Body.getAsInteger(16, V))
      return;
    if (InfoAttr == "EIATTR_REGCOUNT")
      RegCount[InfoFunction] = V;
    else
      FrameSize[InfoFunction] = V;
    InfoFunction.clear();
  }

  void finish() {
    for (SassFunction &F : Listing.Functions) {
      if (auto It = RegCount.find(F.Name); It != RegCount.end())
        F.Registers = It->second;
      if (auto It = FrameSize.find(F.Name); It != FrameSize.end())
        F.StackFrameBytes = It->second;
      annotateSassLoops(F, LabelsOf[F.Name]);
      classifyLocalAccesses(F);
    }
    // Functions named only by .nv.info or -res-usage have no code here.
    llvm::erase_if(Listing.Functions,
                   [](const SassFunction &F) { return F.Instructions.empty(); });
    if (Listing.Format.empty())
      Listing.Format = "cuobjdump";
  }
};

} // namespace

StringRef sassMemOpName(SassMemOp Op) {
  switch (Op) {
  case SassMemOp::Load:
    return "ld";
  case SassMemOp::Store:
    return "st";
  case SassMemOp::Atomic:
    return "atom";
  case SassMemOp::Reduction:
    return "red";
  }
  return "ld";
}

std::optional<SassMemoryAccess> classifySassOpcode(StringRef Opcode, StringRef Operands) {
  StringRef Base = Opcode.split('.').first;
  SassMemoryAccess A;
  A.Bytes = widthOf(Opcode);
  auto Is = [&](unsigned Space, SassMemOp Op) {
    A.Space = Space;
    A.Op = Op;
    return A;
  };
  // CUDA Binary Utilities, "Instruction Set Reference": load/store units.
  if (Base == "LDG" || Base == "LDGSTS" || Base == "UTMALDG" || Base == "UBLKCP")
    return Is(AS_Global, SassMemOp::Load);
  if (Base == "STG" || Base == "UTMASTG")
    return Is(AS_Global, SassMemOp::Store);
  if (Base == "ATOMG")
    return Is(AS_Global, SassMemOp::Atomic);
  if (Base == "REDG" || Base == "UTMAREDG")
    return Is(AS_Global, SassMemOp::Reduction);
  if (Base == "LDS" || Base == "LDSM")
    return Is(AS_Shared, SassMemOp::Load);
  if (Base == "STS" || Base == "STSM")
    return Is(AS_Shared, SassMemOp::Store);
  if (Base == "ATOMS")
    return Is(AS_Shared, SassMemOp::Atomic);
  if (Base == "REDS")
    return Is(AS_Shared, SassMemOp::Reduction);
  if (Base == "LDL") {
    A.IsSpill = true;
    return Is(AS_Local, SassMemOp::Load);
  }
  if (Base == "STL") {
    A.IsSpill = true;
    return Is(AS_Local, SassMemOp::Store);
  }
  if (Base == "LD")
    return Is(AS_Generic, SassMemOp::Load);
  if (Base == "ST")
    return Is(AS_Generic, SassMemOp::Store);
  if (Base == "ATOM")
    return Is(AS_Generic, SassMemOp::Atomic);
  if (Base == "RED")
    return Is(AS_Generic, SassMemOp::Reduction);
  if (Base == "LDC" || Base == "ULDC") {
    // c[0x3][0x10]: bank 3.
    size_t Pos = Operands.find("c[0x");
    if (Pos != StringRef::npos) {
      StringRef Bank = Operands.drop_front(Pos + 4).take_while(isHexDigit);
      unsigned B;
      if (!Bank.getAsInteger(16, B))
        A.ConstBank = B;
    }
    return Is(AS_Const, SassMemOp::Load);
  }
  return std::nullopt;
}

unsigned SassFunction::spillInstructions() const {
  return count_if(Accesses, [](const SassMemoryAccess &A) { return A.IsSpill; });
}

unsigned SassFunction::spillInstructionsInLoops() const {
  return count_if(Accesses, [&](const SassMemoryAccess &A) { return A.IsSpill && inLoop(A); });
}

unsigned SassFunction::localArrayInstructions() const {
  return count_if(Accesses,
                  [](const SassMemoryAccess &A) { return A.Space == AS_Local && !A.IsSpill; });
}

unsigned SassFunction::localArrayInstructionsInLoops() const {
  return count_if(Accesses, [&](const SassMemoryAccess &A) {
    return A.Space == AS_Local && !A.IsSpill && inLoop(A);
  });
}

void SassFunction::print(raw_ostream &OS) const {
  OS << "function " << SourceName << " (" << Name << "): " << Instructions.size()
     << " instructions, registers "
     << (Registers ? std::to_string(*Registers) : std::string("unknown"));
  if (StackFrameBytes)
    OS << ", stack frame " << *StackFrameBytes << " bytes";
  OS << ", " << Loops << " loops, " << spillInstructions() << " spill instructions ("
     << spillInstructionsInLoops() << " in loops), " << localArrayInstructions()
     << " local-array instructions (" << localArrayInstructionsInLoops() << " in loops)\n";
  for (const SassMemoryAccess &A : Accesses) {
    const SassInstruction &I = Instructions[A.Index];
    OS << formatv("  {0:x4} {1,-7} {2,-4} {3,2}B ", I.Address,
                  addrSpaceName(A.Space), sassMemOpName(A.Op), A.Bytes);
    OS << (I.Predicate.empty() ? "" : I.Predicate + " ") << I.Opcode;
    if (A.IsSpill)
      OS << " [spill]";
    else if (A.Space == AS_Local)
      OS << (A.RuntimeAddress ? " [local array, run-time index]" : " [local array]");
    if (I.LoopDepth)
      OS << " [loop depth " << I.LoopDepth << "]";
    if (I.Source.valid()) {
      OS << " " << I.Source.File << ":" << I.Source.Line;
      if (!I.Source.InlinedAtFile.empty())
        OS << " (inlined at " << I.Source.InlinedAtFile << ":" << I.Source.InlinedAtLine
           << ")";
    }
    OS << "\n";
  }
}

const SassFunction *SassListing::find(StringRef Name) const {
  for (const SassFunction &F : Functions)
    if (F.Name == Name || F.SourceName == Name)
      return &F;
  return nullptr;
}

void SassListing::print(raw_ostream &OS) const {
  OS << Path << ": " << Format << " listing" << (Arch.empty() ? "" : " for " + Arch)
     << ", " << Functions.size() << " functions\n";
  for (const SassFunction &F : Functions)
    F.print(OS);
}

Expected<SassListing> parseSassListing(StringRef Text, StringRef Path) {
  Parser P(Path);
  if (Error E = P.parse(Text))
    return std::move(E);
  return P.take();
}

Expected<SassListing> readSassListing(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B =
      Path == "-" ? MemoryBuffer::getSTDIN() : MemoryBuffer::getFile(Path);
  if (!B)
    return createStringError(B.getError(), "%s: error: cannot read: %s",
                             Path.str().c_str(), B.getError().message().c_str());
  return parseSassListing((*B)->getBuffer(), Path);
}

} // namespace warplint
