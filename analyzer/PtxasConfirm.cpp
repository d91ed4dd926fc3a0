//===- PtxasConfirm.cpp - Registers and spills as ptxas reports them ------===//
#include "analyzer/PtxasConfirm.h"
#include "frontend/NvptxPipeline.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/Utils/Cloning.h"

#include <mutex>

using namespace llvm;

namespace warplint {
namespace {

/// The number before Unit in Line ("272 bytes stack frame" -> 272).
std::optional<uint64_t> numberBefore(StringRef Line, StringRef Unit) {
  size_t Pos = Line.find(Unit);
  if (Pos == StringRef::npos)
    return std::nullopt;
  StringRef Head = Line.take_front(Pos).rtrim();
  size_t Start = Head.find_last_not_of("0123456789");
  StringRef Digits = Start == StringRef::npos ? Head : Head.drop_front(Start + 1);
  uint64_t V = 0;
  if (Digits.getAsInteger(10, V))
    return std::nullopt;
  return V;
}

/// The text between the first pair of quotes after Key.
StringRef quotedAfter(StringRef Line, StringRef Key) {
  size_t Pos = Line.find(Key);
  if (Pos == StringRef::npos)
    return "";
  StringRef Rest = Line.drop_front(Pos + Key.size());
  size_t Open = Rest.find('\'');
  if (Open == StringRef::npos)
    return "";
  Rest = Rest.drop_front(Open + 1);
  return Rest.take_until([](char C) { return C == '\''; });
}

} // namespace

std::string PtxasFunctionInfo::summary() const {
  std::string S = formatv("{0}: {1} registers",
                          FromNvcc ? "nvcc's device compile (ptxas -v)" : "ptxas", Registers);
  if (StackFrameBytes)
    S += formatv(", {0} bytes stack frame", StackFrameBytes);
  if (SpillStoreBytes)
    S += formatv(", {0} bytes of spill stores", SpillStoreBytes);
  if (SpillLoadBytes)
    S += formatv(", {0} bytes of spill loads", SpillLoadBytes);
  if (SharedBytes)
    S += formatv(", {0} bytes of shared memory", SharedBytes);
  return S;
}

const PtxasFunctionInfo *PtxasReport::find(StringRef Name) const {
  for (const PtxasFunctionInfo &F : Functions)
    if (F.Name == Name || F.SourceName == Name)
      return &F;
  return nullptr;
}

void PtxasReport::print(raw_ostream &OS) const {
  for (const PtxasFunctionInfo &F : Functions) {
    OS << (F.IsEntry ? "kernel " : "function ") << F.SourceName;
    if (!F.Arch.empty())
      OS << " (" << F.Arch << ")";
    OS << ": " << F.Registers << " registers, " << F.StackFrameBytes
       << " bytes stack frame, " << F.SpillStoreBytes << " bytes spill stores, "
       << F.SpillLoadBytes << " bytes spill loads, " << F.SharedBytes
       << " bytes shared, " << F.Barriers << " barriers\n";
  }
  for (const std::string &W : Warnings)
    OS << "warning: " << W << "\n";
}

Expected<PtxasReport> parsePtxasOutput(StringRef Text) {
  PtxasReport R;
  bool SawInfo = false;
  auto Get = [&](StringRef Name) -> PtxasFunctionInfo & {
    for (PtxasFunctionInfo &F : R.Functions)
      if (F.Name == Name)
        return F;
    PtxasFunctionInfo F;
    F.Name = Name.str();
    F.SourceName = sourceNameOf(Name);
    R.Functions.push_back(std::move(F));
    return R.Functions.back();
  };
  PtxasFunctionInfo *Current = nullptr;
  SmallVector<StringRef, 0> Lines;
  Text.split(Lines, '\n');
  for (StringRef Raw : Lines) {
    StringRef Line = Raw.trim();
    if (Line.starts_with("ptxas warning")) {
      R.Warnings.push_back(Line.split(':').second.trim().str());
      continue;
    }
    if (Line.starts_with("ptxas info"))
      SawInfo = true;
    if (Line.contains("Compiling entry function")) {
      Current = &Get(quotedAfter(Line, "Compiling entry function"));
      Current->IsEntry = true;
      StringRef Arch = quotedAfter(Line, "' for ");
      if (!Arch.empty())
        Current->Arch = Arch.str();
    } else if (Line.contains("Function properties for")) {
      StringRef Name = Line.split("Function properties for").second.trim();
      Current = &Get(Name);
    } else if (Current && Line.contains("bytes stack frame")) {
      Current->StackFrameBytes = numberBefore(Line, "bytes stack frame").value_or(0);
      Current->SpillStoreBytes = numberBefore(Line, "bytes spill stores").value_or(0);
      Current->SpillLoadBytes = numberBefore(Line, "bytes spill loads").value_or(0);
    } else if (Current && Line.contains("Used ") && Line.contains(" registers")) {
      Current->HasUsage = true;
      Current->Registers = numberBefore(Line, "registers").value_or(0);
      Current->Barriers = numberBefore(Line, "barriers").value_or(0);
      Current->SharedBytes = numberBefore(Line, "bytes smem").value_or(0);
      Current->CumulativeStackBytes =
          numberBefore(Line, "bytes cumulative stack size").value_or(0);
    }
  }
  if (!SawInfo && R.Functions.empty())
    return createStringError(inconvertibleErrorCode(),
                             "not a ptxas -v report (no 'ptxas info' line)");
  return std::move(R);
}

std::optional<std::string> findCudaTool(StringRef Tool, StringRef CudaPath) {
  auto Try = [&](StringRef Dir) -> std::optional<std::string> {
    SmallString<256> P(Dir);
    sys::path::append(P, "bin", Tool);
    if (sys::fs::can_execute(P))
      return std::string(P);
    return std::nullopt;
  };
  if (!CudaPath.empty())
    if (auto P = Try(CudaPath))
      return P;
  if (ErrorOr<std::string> P = sys::findProgramByName(Tool))
    return *P;
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_PATH"))
    if (auto P = Try(*Env))
      return P;
  return Try("/usr/local/cuda");
}

std::optional<std::string> findPtxas(StringRef CudaPath) { return findCudaTool("ptxas", CudaPath); }

Expected<std::string> emitPtx(const Module &M, StringRef Arch) {
  // The frontend initializes the target; printing PTX needs the printer too.
  static std::once_flag Once;
  std::call_once(Once, [] { LLVMInitializeNVPTXAsmPrinter(); });
  Expected<std::unique_ptr<TargetMachine>> TM = createNvptxTargetMachine(Arch);
  if (!TM)
    return TM.takeError();
  std::unique_ptr<Module> Clone = CloneModule(M);
  Clone->setTargetTriple(Triple("nvptx64-nvidia-cuda"));
  Clone->setDataLayout((*TM)->createDataLayout());
  SmallString<0> Ptx;
  raw_svector_ostream OS(Ptx);
  legacy::PassManager PM;
  if ((*TM)->addPassesToEmitFile(PM, OS, nullptr, CodeGenFileType::AssemblyFile))
    return createStringError(inconvertibleErrorCode(),
                             "the NVPTX backend cannot emit PTX for %s",
                             Arch.str().c_str());
  PM.run(*Clone);
  return std::string(Ptx);
}

namespace {

/// A temporary file removed when this goes out of scope.
struct TempFile {
  SmallString<128> Path;
  ~TempFile() {
    if (!Path.empty())
      sys::fs::remove(Path);
  }
  Error create(StringRef Prefix, StringRef Suffix) {
    if (std::error_code EC = sys::fs::createTemporaryFile(Prefix, Suffix, Path))
      return createStringError(EC, "cannot create a temporary file: %s",
                               EC.message().c_str());
    return Error::success();
  }
};

std::string readAll(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path);
  return B ? (*B)->getBuffer().str() : std::string();
}

} // namespace

Expected<PtxasReport> runPtxas(StringRef PtxasPath, StringRef Ptx,
                               const PtxasOptions &Opts) {
  TempFile In, Out, Stdout, Stderr;
  for (auto [File, Suffix] : {std::pair{&In, "ptx"}, {&Out, "cubin"},
                              {&Stdout, "out"}, {&Stderr, "err"}})
    if (Error E = File->create("warplint-ptxas", Suffix))
      return std::move(E);
  {
    std::error_code EC;
    raw_fd_ostream OS(In.Path, EC);
    if (EC)
      return createStringError(EC, "cannot write %s", In.Path.c_str());
    OS << Ptx;
  }
  std::vector<std::string> Args = {PtxasPath.str(), "-arch=" + Opts.Arch, "-v"};
  if (Opts.MaxRRegCount)
    Args.push_back("--maxrregcount=" + std::to_string(Opts.MaxRRegCount));
  Args.insert(Args.end(), {std::string(In.Path), "-o", std::string(Out.Path)});
  SmallVector<StringRef, 8> ArgRefs(Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {std::nullopt, StringRef(Stdout.Path),
                                          StringRef(Stderr.Path)};
  std::string ErrMsg;
  int Rc = sys::ExecuteAndWait(PtxasPath, ArgRefs, std::nullopt, Redirects,
                               /*SecondsToWait=*/120, 0, &ErrMsg);
  std::string Output = readAll(Stdout.Path) + readAll(Stderr.Path);
  if (Rc != 0)
    return createStringError(inconvertibleErrorCode(), "ptxas -arch=%s failed%s%s:\n%s",
                             Opts.Arch.c_str(), ErrMsg.empty() ? "" : ": ",
                             ErrMsg.c_str(), StringRef(Output).trim().str().c_str());
  return parsePtxasOutput(Output);
}

Expected<PtxasReport> confirmWithPtxas(const DeviceModule &DM, StringRef PtxasPath,
                                       const PtxasOptions &Opts) {
  PtxasOptions O = Opts;
  if (O.Arch.empty())
    O.Arch = DM.Arch;
  Expected<std::string> Ptx = emitPtx(*DM.M, O.Arch);
  if (!Ptx)
    return Ptx.takeError();
  Expected<PtxasReport> R = runPtxas(PtxasPath, *Ptx, O);
  if (!R)
    return createStringError(inconvertibleErrorCode(), "%s: %s", DM.Path.c_str(),
                             toString(R.takeError()).c_str());
  return R;
}

std::string localMemoryVerdict(const PtxasFunctionInfo &Info, bool IrHasLocalAccesses) {
  if (Info.spills())
    return Info.summary();
  if (Info.StackFrameBytes)
    return formatv("{0}: {1} bytes of local memory (stack frame), no spills", Info.by(),
                   Info.StackFrameBytes);
  if (IrHasLocalAccesses)
    return formatv("{0} kept the private arrays in registers: no stack frame, no "
                   "local loads or stores",
                   Info.by())
        .str();
  return "";
}

} // namespace warplint
