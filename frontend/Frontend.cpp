//===- Frontend.cpp - Pick the frontend for an input file -----------------===//
#include "frontend/Frontend.h"
#include "frontend/cuda/CudaFrontend.h"
#include "frontend/ir/IrFrontend.h"
#include "frontend/launch/LaunchCollector.h"
#include "frontend/ptx/PtxFrontend.h"
#include "frontend/SourceFiles.h"

#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

namespace {
/// The CUDA input with the launch shapes its source states collected.
Expected<DeviceModule> compileCudaWithLaunches(StringRef Path, const FrontendOptions &Opts) {
  AstReaderFactory Launches = [HostArgs = Opts.HostArgs](clang::CompilerInstance &CI,
                                                         DeviceModule &DM) {
    return createLaunchCollector(CI, DM.Launches, HostArgs);
  };
  return compileCuda(Path, Opts, {Launches});
}

/// The CUDA source that the line info of a PTX module names, when it exists:
/// as written (relative to the working directory), relative to the PTX
/// file, or by its file name beside the PTX file.
std::optional<std::string> ptxSource(const DeviceModule &DM) {
  for (const Function &F : *DM.M) {
    const DISubprogram *SP = F.getSubprogram();
    if (!isKernel(F) || !SP || !SP->getFile())
      continue;
    StringRef Written = SP->getFile()->getFilename();
    StringRef Ext = sys::path::extension(Written);
    if (Ext != ".cu" && Ext != ".cuh")
      continue;
    StringRef Dir = sys::path::parent_path(DM.Path);
    SmallString<256> Beside(Dir), Named(Dir);
    sys::path::append(Beside, Written);
    sys::path::append(Named, sys::path::filename(Written));
    // Only a source in the PTX's own project: the line info is the
    // input's to write, and names any file.
    SourceRoots Project;
    Project.add(projectRoot(DM.Path));
    for (StringRef Candidate : {Written, StringRef(Beside), StringRef(Named)})
      if (sys::fs::is_regular_file(Candidate) && Project.allows(Candidate))
        return Candidate.str();
  }
  return std::nullopt;
}

/// Names the parameters of nvcc's PTX as its CUDA source does and takes the
/// launches the source states (annotations, host launches), when the source
/// the line info names exists and compiles; else keeps the PTX's names.
void nameFromSource(DeviceModule &DM, const FrontendOptions &Opts) {
  DM.NamesFrom = "the PTX";
  std::optional<std::string> Source = ptxSource(DM);
  if (!Source)
    return;
  FrontendOptions SourceOpts = Opts;
  SourceOpts.Contents.reset();
  Expected<DeviceModule> Src = compileCudaWithLaunches(*Source, SourceOpts);
  if (!Src) {
    consumeError(Src.takeError());
    DM.NamesFrom = "the PTX (its source " + *Source + " did not compile)";
    return;
  }
  unsigned Named = 0;
  for (Function &F : *DM.M) {
    const Function *G = Src->M->getFunction(F.getName());
    if (!isKernel(F) || !G || G->arg_size() != F.arg_size())
      continue;
    for (unsigned I = 0; I < F.arg_size(); ++I)
      if (G->getArg(I)->hasName())
        F.getArg(I)->setName(G->getArg(I)->getName());
    for (const SourceLaunch &L : Src->Launches)
      if (L.Kernel == F.getName())
        DM.Launches.push_back(L);
    ++Named;
  }
  if (Named)
    DM.NamesFrom = "the source " + *Source;
  // The PTX's line info names the source: its files may be quoted too.
  DM.ReadFiles.insert(DM.ReadFiles.end(), Src->ReadFiles.begin(), Src->ReadFiles.end());
}

/// DM read its input too (the PTX and IR frontends list no other file).
Expected<DeviceModule> withInputRead(Expected<DeviceModule> DM, StringRef Path) {
  if (DM) {
    SmallString<256> Abs(Path);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    DM->ReadFiles.push_back(Abs.str().str());
  }
  return DM;
}

/// loadInput for an input whose text is Opts.Contents (an editor's buffer):
/// PTX by its extension, anything else as CUDA (the editor calls it CUDA,
/// whatever the name: a .h of kernels).
Expected<DeviceModule> loadFromMemory(StringRef Path, const FrontendOptions &Opts) {
  bool IsPtx = sys::path::extension(Path) == ".ptx";
  Expected<DeviceModule> DM =
      withInputRead(IsPtx ? compilePtx(Path, Opts) : compileCudaWithLaunches(Path, Opts), Path);
  if (DM)
    DM->Contents = Opts.Contents;
  return DM;
}
} // namespace

Expected<DeviceModule> loadInput(StringRef Path, const FrontendOptions &Opts) {
  if (Opts.Contents)
    return loadFromMemory(Path, Opts);
  if (sys::fs::is_directory(Path))
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: is a directory", Path.str().c_str());
  if (std::error_code EC = sys::fs::access(Path, sys::fs::AccessMode::Exist))
    return createStringError(EC, "%s: error: cannot open file: %s",
                             Path.str().c_str(), EC.message().c_str());
  // A FIFO would block the run, a device (/dev/zero) never end it.
  if (std::optional<SourceReadError> P = sourceReadProblem(Path))
    return createStringError(make_error_code(*P), "%s: error: cannot open file: %s",
                             Path.str().c_str(), make_error_code(*P).message().c_str());
  StringRef Ext = sys::path::extension(Path);
  if (Ext == ".cu" || Ext == ".cuh" || Opts.AsCuda)
    return withInputRead(compileCudaWithLaunches(Path, Opts), Path);
  if (Ext == ".ptx") {
    Expected<DeviceModule> DM = withInputRead(compilePtx(Path, Opts), Path);
    if (DM)
      nameFromSource(*DM, Opts);
    return DM;
  }
  if (Ext == ".ll" || Ext == ".bc")
    return withInputRead(loadIr(Path, Opts), Path);
  return createStringError(inconvertibleErrorCode(),
                           "%s: error: not a CUDA, PTX or LLVM IR file "
                           "(expected .cu, .cuh, .ptx, .ll or .bc, or a file that "
                           "compile_commands.json builds with -x cu)",
                           Path.str().c_str());
}

Expected<CompileInputs> resultInputs(StringRef Path, const FrontendOptions &Opts) {
  StringRef Ext = sys::path::extension(Path);
  if (Opts.Contents || (Ext != ".cu" && Ext != ".cuh" && !Opts.AsCuda) ||
      !sys::fs::is_regular_file(Path))
    return createStringError(inconvertibleErrorCode(),
                             "%s: only CUDA files on disk have their results cached",
                             Path.str().c_str());
  return cudaInputs(Path, Opts);
}

} // namespace warplint
