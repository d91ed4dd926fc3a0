//===- CudaFrontend.cpp - Device-side compile of .cu files in-process -----===//
//
// Runs Clang's driver logic to build a CUDA device-only invocation for the
// requested arch, compiles it to an unoptimized module (value names kept), and
// hands it to the NVPTX pipeline. Without an SDK an embedded prelude, served
// from an in-memory file system, stands in for the CUDA headers.
//
//===----------------------------------------------------------------------===//
#include "frontend/cuda/CudaFrontend.h"
#include "frontend/cuda/DeclarationCollector.h"
#include "frontend/cuda/Preamble.h"
#include "frontend/NvptxPipeline.h"

#include "clang/Basic/DiagnosticOptions.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;

namespace warplint {
namespace {

struct EmbeddedFile {
  const char *Name;
  const char *Contents;
};
#include "EmbeddedPrelude.inc"

constexpr StringLiteral PreludeDir = "/__warplint_prelude";

/// The real file system with the prelude mounted at PreludeDir and, when the
/// input comes from memory, its text at Path (absolute).
IntrusiveRefCntPtr<vfs::FileSystem> makeFileSystem(StringRef Path, const FrontendOptions &Opts) {
  auto Overlay =
      makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  for (const EmbeddedFile &F : EmbeddedPrelude)
    Memory->addFile((PreludeDir + "/" + F.Name).str(), 0,
                    MemoryBuffer::getMemBuffer(F.Contents, F.Name));
  if (Opts.Contents)
    Memory->addFile(Path, 0, MemoryBuffer::getMemBufferCopy(*Opts.Contents, Path));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

/// EmitLLVMOnlyAction that also runs the readers over the AST.
class DeviceCodeGenAction : public clang::EmitLLVMOnlyAction {
public:
  DeviceCodeGenAction(LLVMContext &Ctx, DeviceModule &Result,
                      ArrayRef<AstReaderFactory> Readers)
      : EmitLLVMOnlyAction(&Ctx), Result(Result), Readers(Readers) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Backend =
        EmitLLVMOnlyAction::CreateASTConsumer(CI, InFile);
    if (!Backend)
      return nullptr;
    // The readers see the AST before the backend consumes it.
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    Consumers.push_back(createDeclarationCollector(CI, Result.Decls));
    for (const AstReaderFactory &Make : Readers)
      Consumers.push_back(Make(CI, Result));
    Consumers.push_back(std::move(Backend));
    return std::make_unique<clang::MultiplexConsumer>(std::move(Consumers));
  }

private:
  DeviceModule &Result;
  ArrayRef<AstReaderFactory> Readers;
};

std::vector<std::string> driverArgs(StringRef Path, const FrontendOptions &Opts,
                                    StringRef Sdk) {
  std::vector<std::string> Args = {
      WARPLINT_CLANG_EXECUTABLE, "-x", "cuda", "--cuda-device-only",
      "--cuda-gpu-arch=" + Opts.Arch, "-nocudalib", "-O2", "-Xclang",
      "-disable-llvm-passes", "-gline-tables-only", "-gcolumn-info",
      "-fno-discard-value-names", "-w",
      "-Wno-unknown-cuda-version", "-resource-dir", WARPLINT_CLANG_RESOURCE_DIR,
      "-c", "-emit-llvm"};
  if (Sdk.empty()) {
    Args.insert(Args.end(), {"-nocudainc", "-I" + PreludeDir.str(), "-include",
                             "__warplint_prelude.h"});
  } else {
    Args.push_back(("--cuda-path=" + Sdk).str());
    // -nocudalib (we do not link libdevice) also drops the SDK version, which
    // Clang needs to pick the launch API (__cudaPushCallConfiguration, 9.2+).
    Args.insert(Args.end(), {"-Xclang", "-target-sdk-version=12.0"});
  }
  Args.insert(Args.end(), Opts.ClangArgs.begin(), Opts.ClangArgs.end());
  Args.push_back(Path.str());
  return Args;
}

} // namespace

std::string findCudaSdk(const FrontendOptions &Opts) {
  if (Opts.ForcePrelude)
    return "";
  auto HasHeaders = [](StringRef Dir) {
    SmallString<256> P(Dir);
    sys::path::append(P, "include", "cuda_runtime.h");
    return sys::fs::exists(P);
  };
  if (!Opts.CudaPath.empty())
    return Opts.CudaPath; // Explicit: let Clang report a bad path.
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_PATH"))
    if (HasHeaders(*Env))
      return *Env;
  if (HasHeaders("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

Expected<DeviceModule> compileCuda(StringRef GivenPath, const FrontendOptions &Opts,
                                   ArrayRef<AstReaderFactory> Readers) {
  // A file served from memory is found by its absolute name.
  SmallString<256> Path(GivenPath);
  if (Opts.Contents)
    sys::fs::make_absolute(Path);
  DeviceModule Result;
  Result.Path = Path.str();
  Result.Arch = Opts.Arch;
  Result.Frontend = "cuda";
  std::string Sdk = findCudaSdk(Opts);
  Result.HeaderMode = Sdk.empty() ? "prelude" : "sdk:" + Sdk;

  IntrusiveRefCntPtr<vfs::FileSystem> FS = makeFileSystem(Path, Opts);
  std::string DriverText, DiagText;
  raw_string_ostream DriverOS(DriverText), DiagOS(DiagText);
  clang::DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = false;
  // The driver and the compiler get printers of their own so that Clang's
  // closing "N warnings generated" counts only the compile's diagnostics.
  clang::TextDiagnosticPrinter DriverPrinter(DriverOS, DiagOpts);
  clang::TextDiagnosticPrinter Printer(DiagOS, DiagOpts);
  IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(*FS, DiagOpts, &DriverPrinter,
                                                 /*ShouldOwnClient=*/false);

  std::vector<std::string> Args = driverArgs(Path, Opts, Sdk);
  std::vector<const char *> ArgPtrs;
  for (const std::string &A : Args)
    ArgPtrs.push_back(A.c_str());
  clang::CreateInvocationOptions CIOpts;
  CIOpts.Diags = Diags;
  CIOpts.VFS = FS;
  std::shared_ptr<clang::CompilerInvocation> Invocation =
      clang::createInvocation(ArgPtrs, CIOpts);
  if (!Invocation || Diags->hasErrorOccurred())
    return createStringError(inconvertibleErrorCode(),
                             "%s: error: could not build a CUDA device "
                             "compilation for these flags\n%s",
                             Path.c_str(), DriverText.c_str());
  Invocation->getFrontendOpts().DisableFree = false;
  // An editor's buffer: parse its includes once, into a preamble kept across
  // checks (kept alive here until the compile is done).
  std::shared_ptr<const clang::PrecompiledPreamble> Preamble;
  std::unique_ptr<MemoryBuffer> MainText;
  if (Opts.Preambles && Opts.Contents) {
    MainText = MemoryBuffer::getMemBuffer(*Opts.Contents, Path);
    Preamble = Opts.Preambles->use(*Invocation, FS, *MainText);
    // The preamble remaps the main file to MainText, which stays ours.
    Invocation->getPreprocessorOpts().RetainRemappedFileBuffers = true;
  }

  clang::CompilerInstance CI(Invocation);
  CI.createVirtualFileSystem(FS, &Printer);
  CI.createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
  // "N errors generated" belongs with the errors, not on our stderr (where
  // parallel checks would interleave it).
  CI.setVerboseOutputStream(DiagOS);
  DeviceCodeGenAction Action(*Result.Context, Result, Readers);
  bool Ok = CI.ExecuteAction(Action);
  std::unique_ptr<Module> M = Action.takeModule();
  Printer.finish();
  if (!Ok || !M || CI.getDiagnostics().hasErrorOccurred())
    return createStringError(inconvertibleErrorCode(), "%s",
                             DiagText.empty()
                                 ? (Path + ": error: compilation failed").str().c_str()
                                 : DiagText.c_str());
  // Warnings from Clang are not ours to report; the rules speak for warplint.

  Expected<std::unique_ptr<TargetMachine>> TM = createNvptxTargetMachine(Opts.Arch);
  if (!TM)
    return TM.takeError();
  finishDeviceModule(Result, std::move(M), **TM, Opts.Optimize);
  return std::move(Result);
}

} // namespace warplint
