//===- Verdicts.cpp - nvcc's verdict on a file, compiled when needed ------===//
#include "rules/Verdicts.h"

#include "analyzer/NvccVerdict.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace llvm;

namespace warplint {

FileVerdicts::FileVerdicts(const DeviceModule &DM, const ArchProfile &Arch,
                           const CheckOptions &Opts, std::vector<std::string> &Notes)
    : DM(DM), Arch(Arch.Name.str()), Opts(Opts), Notes(Notes) {}

void FileVerdicts::compile() {
  Tried = true;
  if (DM.Frontend != "cuda") {
    compileWithPtxas();
    return;
  }
  std::optional<std::string> Nvcc = findNvcc(Opts.CudaPath);
  if (!Nvcc) {
    Why = "no CUDA toolkit (nvcc) was found";
    Notes.push_back(DM.Path + ": no CUDA toolkit (nvcc) was found (--cuda-path, PATH, "
                              "$CUDA_PATH, /usr/local/cuda): register, local-memory and "
                              "spill findings are estimates from the IR");
    return;
  }
  NvccCompile C;
  C.Nvcc = *Nvcc;
  C.Source = DM.Path;
  C.Contents = DM.Contents;
  // The text the front end compiled where it differs from the files: the
  // host code it left out, the headers it served for those not found.
  C.Served = DM.NvccServed;
  C.StandIns = DM.NvccStandIns;
  C.Flags = Opts.CompileFlags;
  C.Arch = Arch;
  C.MaxRRegCount = Opts.Registers.MaxRRegCount;
  C.CacheDir = Opts.VerdictCacheDir;
  C.ReadFiles = DM.ReadFiles;
  C.TimeoutSeconds = Opts.NvccSeconds;
  Expected<NvccVerdict> V = compileWithNvcc(C);
  if (!V) {
    Why = "nvcc's device compile of the file did not succeed";
    Notes.push_back(toString(V.takeError()) +
                    "; register, local-memory and spill findings of this file are estimates "
                    "from the IR");
    return;
  }
  Report = std::move(V->Report);
  for (PtxasFunctionInfo &F : Report->Functions)
    F.FromNvcc = true;
}

void FileVerdicts::compileWithPtxas() {
  // PTX is assembled as it is (what the user's build assembles); IR as the
  // NVPTX backend writes it.
  std::optional<std::string> Ptxas = findPtxas(Opts.CudaPath);
  if (!Ptxas) {
    Why = "no CUDA toolkit (ptxas) was found";
    Notes.push_back(DM.Path + ": no CUDA toolkit (ptxas) was found (--cuda-path, PATH, "
                              "$CUDA_PATH, /usr/local/cuda): register, local-memory and "
                              "spill findings are estimates from the IR");
    return;
  }
  PtxasOptions PO;
  PO.Arch = Arch;
  PO.MaxRRegCount = Opts.Registers.MaxRRegCount;
  auto Run = [&]() -> Expected<PtxasReport> {
    if (DM.Frontend != "ptx")
      return confirmWithPtxas(DM, *Ptxas, PO);
    std::string Text;
    if (DM.Contents) {
      Text = *DM.Contents;
    } else if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(DM.Path)) {
      Text = (*B)->getBuffer().str();
    }
    Expected<PtxasReport> R = runPtxas(*Ptxas, Text, PO);
    if (!R)
      return createStringError(inconvertibleErrorCode(), "%s: %s", DM.Path.c_str(),
                               toString(R.takeError()).c_str());
    return R;
  };
  Expected<PtxasReport> R = Run();
  if (!R) {
    Why = "ptxas failed on the file";
    Notes.push_back(DM.Path + ": ptxas failed: " + toString(R.takeError()) +
                    "; register, local-memory and spill findings of this file are estimates "
                    "from the IR");
    return;
  }
  Report = std::move(*R);
}

const PtxasFunctionInfo *FileVerdicts::find(const Function &Kernel) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!Tried)
    compile();
  if (!Report)
    return nullptr;
  // Clang and nvcc mangle kernels the same (Itanium) way, but for internal
  // linkage.
  return findKernel(*Report, Kernel.getName());
}

std::string FileVerdicts::missing(const Function &Kernel) const {
  if (!Why.empty())
    return Why;
  if (!Tried)
    return "nvcc's device compile was not asked for";
  return formatv("nvcc's device compile has no kernel '{0}'", Kernel.getName()).str();
}

} // namespace warplint
