//===- CudaFrontend.cpp - Device-side compile of .cu files in-process -----===//
//
// Runs Clang's driver logic to build a CUDA device-only invocation for the
// requested arch, compiles it to an unoptimized module (value names kept), and
// hands it to the NVPTX pipeline. Without an SDK an embedded prelude, served
// from an in-memory file system, stands in for the CUDA headers.
//
//===----------------------------------------------------------------------===//
#include "frontend/cuda/CudaFrontend.h"
#include "frontend/EmbeddedFile.h"
#include "frontend/cuda/CompileAttempt.h"
#include "frontend/cuda/CudaSdk.h"
#include "frontend/cuda/DeclarationCollector.h"
#include "frontend/cuda/FailedBodies.h"
#include "frontend/cuda/FrontendBudgetWatch.h"
#include "frontend/cuda/HostCompiler.h"
#include "frontend/cuda/KernelTemplates.h"
#include "frontend/cuda/TorchDispatch.h"
#include "frontend/cuda/NvccRewrites.h"
#include "frontend/cuda/Preamble.h"
#include "frontend/cuda/PreambleStore.h"
#include "frontend/Libdevice.h"
#include "frontend/NvptxPipeline.h"
#include "frontend/SourceFiles.h"
#include "frontend/SourceLines.h"
#include "frontend/SourceLocation.h"
#include "frontend/StackGuard.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/Version.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/HeaderSearch.h"
#include "clang/Lex/HeaderSearchOptions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Target/TargetMachine.h"

#include <set>

using namespace llvm;

namespace warplint {
namespace {

#include "EmbeddedPrelude.inc"

constexpr StringLiteral PreludeDir = "/__warplint_prelude";
/// The prelude's file force-included with a CUDA SDK too.
constexpr StringLiteral SdkSupplementHeader = "__warplint_sdk_supplement.h";

/// Diagnostics that Clang makes errors by default where nvcc builds the code
/// (with a warning at most), made warnings: a file nvcc compiles is analyzed.
/// Each was checked against nvcc (CUDA 13, `-c`); docs/dialect.md has the
/// cases and those no flag can bridge.
constexpr const char *NvccDialectFlags[] = {
    // "a"M with M a macro: gcc's preprocessor (nvcc's) warns, Clang lexes M
    // as a literal suffix. As a warning, M is lexed as a token of its own.
    "-Wno-error=reserved-user-defined-literal",
    // Narrowing in braces (`int a[] = {d}`, `unsigned u{n}`).
    "-Wno-error=c++11-narrowing",
    "-Wno-error=c++11-narrowing-const-reference",
    // `register` in C++17.
    "-Wno-error=register",
    // `b++` on a bool in C++17.
    "-Wno-error=increment-bool",
    // `&T()`.
    "-Wno-error=address-of-temporary",
    // A class object passed through `...`.
    "-Wno-error=non-pod-varargs",
    // `return;` in a non-void function.
    "-Wno-error=return-mismatch",
    // `a < b < c`.
    "-Wno-error=parentheses",
    // `enum class E e;` naming an enumeration.
    "-Wno-error=elaborated-enum-class",
    // A cast as an inline asm output operand.
    "-Wno-error=invalid-gnu-asm-cast",
};

/// What a header that was not found is served as: nothing, or, for one of
/// PyTorch's, the prelude's stand-in for its tensor accessors.
std::string stubHeaderText(StringRef Header) {
  if (isFrameworkStandInHeader(Header))
    return ("#include \"" + PreludeDir + "/__warplint_torch_accessors.h\"\n").str();
  return "/* warplint: host-only header */\n";
}

/// Text with the byte ranges of Ranges turned to spaces, line breaks kept.
std::string blanked(StringRef Text, ArrayRef<std::pair<unsigned, unsigned>> Ranges) {
  std::string Out = Text.str();
  for (auto [Begin, End] : Ranges)
    for (unsigned I = Begin; I < End && I < Out.size(); ++I)
      if (Out[I] != '\n' && Out[I] != '\r')
        Out[I] = ' ';
  return Out;
}

/// What nvcc's device compile is to see of a compile of Path as A says
/// (DeviceModule::NvccServed, NvccStandIns): the headers A serves from the
/// stub directory, and, when A leaves code out, the files that hold it
/// with that code blanked (declarations whole, skipped bodies between their
/// braces) and the input with its appended instantiations. NvccRewrites'
/// text is Clang's alone: nvcc reads those files as written.
void recordNvccInputs(StringRef Path, const FrontendOptions &Opts, const Attempt &A,
                      DeviceModule &DM) {
  for (const std::string &H : A.StubHeaders) {
    DM.NvccStandIns[H] = isFrameworkStandInHeader(H)
                             ? "#include \"__warplint_torch_accessors.h\"\n"
                             : stubHeaderText(H);
    if (isFrameworkStandInHeader(H))
      DM.NvccStandIns["__warplint_torch_accessors.h"] =
          embeddedFile(EmbeddedPrelude, "__warplint_torch_accessors.h").str();
  }
  if (A.Blank.empty() && A.SkippedText.empty())
    return;
  auto Absolute = [](StringRef Name) {
    SmallString<256> Abs(Name);
    sys::fs::make_absolute(Abs);
    sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
    return Abs.str().str();
  };
  std::map<std::string, std::vector<std::pair<unsigned, unsigned>>> Ranges;
  for (const auto *Map : {&A.Blank, &A.SkippedText})
    for (const auto &[File, R] : *Map) {
      std::vector<std::pair<unsigned, unsigned>> &All = Ranges[Absolute(File)];
      All.insert(All.end(), R.begin(), R.end());
    }
  std::string Main = Absolute(Path);
  Ranges.try_emplace(Main);
  for (const auto &[File, R] : Ranges) {
    std::string Text;
    if (File == Main && Opts.Contents) {
      Text = *Opts.Contents;
    } else if (Expected<std::unique_ptr<MemoryBuffer>> B = readSourceFile(File)) {
      Text = (*B)->getBuffer().str();
    } else {
      consumeError(B.takeError());
      continue;
    }
    if (File == Main)
      Text += Opts.AppendedText;
    DM.NvccServed[File] = blanked(Text, R);
  }
}

/// The real file system, guarded (SourceFiles.h: regular files of a bounded
/// size, inside Roots once they are set), with the prelude mounted at
/// PreludeDir, stub headers at StubDir and, when the input comes from
/// memory, its text at Path; the files A leaves text out of are served with
/// that text blanked.
IntrusiveRefCntPtr<vfs::FileSystem> makeFileSystem(StringRef Path, const FrontendOptions &Opts,
                                                   const Attempt &A,
                                                   std::shared_ptr<const SourceRoots> Roots) {
  IntrusiveRefCntPtr<vfs::FileSystem> Real =
      guardedFileSystem(vfs::getRealFileSystem(), std::move(Roots));
  auto Overlay = makeIntrusiveRefCnt<vfs::OverlayFileSystem>(Real);
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    Memory->setCurrentWorkingDirectory(Cwd);
  for (const EmbeddedFile &F : EmbeddedPrelude)
    Memory->addFile((PreludeDir + "/" + F.Name).str(), 0,
                    MemoryBuffer::getMemBuffer(F.Contents, F.Name));
  for (const std::string &H : A.StubHeaders)
    Memory->addFile((StubDir + "/" + H).str(), 0,
                    MemoryBuffer::getMemBufferCopy(stubHeaderText(H), H));
  // Files served with other text than on disk, by absolute name: rewritten
  // as nvcc reads them (NvccRewrites.h), the input's text from memory or
  // with text appended, and text left out (A.Blank).
  auto Absolute = [&](StringRef Name) {
    SmallString<256> Abs(Name);
    Real->makeAbsolute(Abs);
    return Abs.str().str();
  };
  std::map<std::string, std::string> Served;
  for (const auto &[Name, Text] : A.Rewritten)
    Served[Absolute(Name)] = Text; // The input's is read with the appended text.
  std::string Main = Absolute(Path);
  if ((Opts.Contents || !Opts.AppendedText.empty()) && !Served.count(Main)) {
    if (Opts.Contents)
      Served[Main] = *Opts.Contents + Opts.AppendedText;
    else if (Expected<std::unique_ptr<MemoryBuffer>> B = readSourceFile(Path))
      Served[Main] = (*B)->getBuffer().str() + Opts.AppendedText;
    else
      consumeError(B.takeError()); // Clang's open of it says why.
  }
  for (const auto &[File, Ranges] : A.Blank) {
    std::string Abs = Absolute(File);
    if (auto It = Served.find(Abs); It != Served.end())
      It->second = blanked(It->second, Ranges);
    else if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = Real->getBufferForFile(Abs))
      Served[Abs] = blanked((*B)->getBuffer(), Ranges);
  }
  for (const auto &[Name, Text] : Served)
    Memory->addFile(Name, 0, MemoryBuffer::getMemBufferCopy(Text, Name));
  Overlay->pushOverlay(Memory);
  return Overlay;
}

/// Skips the bodies of functions that run only on the host, which the
/// device side never emits: host code nvcc accepts but Clang's device-side
/// parse rejects (mixed-type min/max, OpenMP) then no longer stops kernels.
/// Also skips the bodies of the functions that hold errors, when asked: the
/// other kernels and host functions of the file still compile.
class HostSkippingConsumer : public clang::MultiplexConsumer {
public:
  HostSkippingConsumer(std::vector<std::unique_ptr<clang::ASTConsumer>> C,
                       const clang::SourceManager &SM, const Attempt &A)
      : MultiplexConsumer(std::move(C)), SM(SM), A(A) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return false;
    bool Listed = !A.SkipBodies.empty() && A.SkipBodies.count(bodyKey(SM, *D));
    if (FD->hasAttr<clang::CUDADeviceAttr>() || FD->hasAttr<clang::CUDAGlobalAttr>())
      return Listed;
    return A.SkipHostBodies || Listed;
  }

private:
  const clang::SourceManager &SM;
  const Attempt &A;
};

/// EmitLLVMOnlyAction that also runs the readers over the AST.
class DeviceCodeGenAction : public clang::EmitLLVMOnlyAction {
public:
  DeviceCodeGenAction(LLVMContext &Ctx, DeviceModule &Result,
                      ArrayRef<AstReaderFactory> Readers, const Attempt &A, BodyFindings &Bodies,
                      FrontendBudgetWatch *Watch)
      : EmitLLVMOnlyAction(&Ctx), Result(Result), Readers(Readers), A(A), Bodies(Bodies),
        Watch(Watch) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Backend =
        EmitLLVMOnlyAction::CreateASTConsumer(CI, InFile);
    if (!Backend)
      return nullptr;
    // The readers see the AST before the backend consumes it.
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    // The file's budget, checked as the front end expands, instantiates
    // and declares.
    if (Watch) {
      Watch->watch(CI.getPreprocessor());
      Consumers.push_back(Watch->consumer());
    }
    Consumers.push_back(createDeclarationCollector(CI, Result.Decls));
    Consumers.push_back(createKernelTemplateCollector(CI, A.SkipHostBodies || A.HostCodeLeftOut,
                                                     Result.Dropped));
    for (const AstReaderFactory &Make : Readers)
      Consumers.push_back(Make(CI, Result));
    Consumers.push_back(createFailedBodyLocator(CI, Bodies.Errors, A.SkipBodies, Bodies.Located,
                                                Bodies.SkippedNames));
    Consumers.push_back(createNvccRewriter(CI, Bodies.Errors, Bodies.NvccRewrites, Bodies.AsmSetAside));
    Consumers.push_back(std::move(Backend));
    return std::make_unique<HostSkippingConsumer>(std::move(Consumers), CI.getSourceManager(),
                                                  A);
  }

private:
  DeviceModule &Result;
  ArrayRef<AstReaderFactory> Readers;
  const Attempt &A;
  BodyFindings &Bodies;
  FrontendBudgetWatch *Watch;
};

std::vector<std::string> driverArgs(StringRef Path, const FrontendOptions &Opts,
                                    StringRef Sdk, const Attempt &A) {
  std::vector<std::string> Args = {
      WARPLINT_CLANG_EXECUTABLE, "-x", "cuda", "--cuda-device-only",
      "--cuda-gpu-arch=" + Opts.Arch, "-nocudalib", "-O2", "-Xclang",
      "-disable-llvm-passes", "-gline-tables-only", "-gcolumn-info",
      "-fno-discard-value-names", "-w",
      "-Wno-unknown-cuda-version", "-resource-dir", WARPLINT_CLANG_RESOURCE_DIR,
      "-c", "-emit-llvm"};
  Args.insert(Args.end(), std::begin(NvccDialectFlags), std::end(NvccDialectFlags));
  if (Sdk.empty()) {
    Args.insert(Args.end(), {"-nocudainc", "-I" + PreludeDir.str(), "-include",
                             "__warplint_prelude.h"});
  } else {
    Args.push_back(("--cuda-path=" + Sdk).str());
    // -nocudalib (we do not link libdevice) also drops the SDK version, which
    // Clang needs to pick the launch API (__cudaPushCallConfiguration, 9.2+).
    Args.insert(Args.end(), {"-Xclang", "-target-sdk-version=12.0"});
    std::vector<std::string> Inc = cudaSdkIncludeArgs(Sdk);
    Args.insert(Args.end(), Inc.begin(), Inc.end());
    // What nvcc's headers declare and Clang's lack (the prelude's file,
    // after Clang's runtime wrapper: see the file).
    Args.insert(Args.end(), {"-include", (PreludeDir + "/" + SdkSupplementHeader).str()});
  }
  if (A.Rdc)
    Args.push_back("-fgpu-rdc");
  if (!A.StubHeaders.empty())
    Args.insert(Args.end(), {"-idirafter", StubDir.str()});
  if (A.NoErrorLimit)
    Args.push_back("-ferror-limit=0");
  Args.insert(Args.end(), Opts.ClangArgs.begin(), Opts.ClangArgs.end());
  std::vector<std::string> OpenMp = hostOpenMpArgs(Opts.ClangArgs, WARPLINT_CLANG_RESOURCE_DIR);
  Args.insert(Args.end(), OpenMp.begin(), OpenMp.end());
  Args.push_back(Path.str());
  return Args;
}

/// Passes diagnostics on to a printer, noting those that say a precompiled
/// file could not be used (so a stale stored preamble is told from the
/// file's own errors) and keeping every error with its location.
class PchRejectionWatch : public clang::DiagnosticConsumer {
public:
  PchRejectionWatch(clang::DiagnosticConsumer &Next, std::vector<ClangError> &Errors)
      : Next(Next), Errors(Errors) {}
  void BeginSourceFile(const clang::LangOptions &LO, const clang::Preprocessor *PP) override {
    Next.BeginSourceFile(LO, PP);
  }
  void EndSourceFile() override { Next.EndSourceFile(); }
  void finish() override { Next.finish(); }
  void HandleDiagnostic(clang::DiagnosticsEngine::Level Level,
                        const clang::Diagnostic &Info) override {
    clang::DiagnosticConsumer::HandleDiagnostic(Level, Info);
    if (Level >= clang::DiagnosticsEngine::Error) {
      SmallString<128> Message;
      Info.FormatDiagnostic(Message);
      if (isPrecompiledFileDiagnostic(Info.getID()) && !Rejected) {
        Rejected = true;
        Why = Message.str().str();
      }
      Errors.push_back({Info.getLocation(), Message.str().str()});
    }
    Next.HandleDiagnostic(Level, Info);
  }
  bool Rejected = false;
  /// Clang's first reason for rejecting the precompiled file.
  std::string Why;

private:
  clang::DiagnosticConsumer &Next;
  std::vector<ClangError> &Errors;
};

/// Where a compile's preamble came from, in words (for --time-report).
std::string preambleSource(const PreambleFromStore &S) {
  switch (S.How) {
  case StoredPreamble::Reused:
    return "reused from cache";
  case StoredPreamble::Built:
    if (!S.StoreError.empty())
      return "built, not cached (" + S.StoreError + ")";
    return S.Note.empty() ? "built and cached" : "built and cached (" + S.Note + ")";
  case StoredPreamble::None:
    break;
  }
  return "not cached (" + S.Note + ")";
}

/// Frees what a compile that a budget checkpoint gave up grew: the AST and
/// the preprocessor's arenas, and the source manager (its table of macro
/// expansions and files, which a macro bomb fills). The rest of CI is
/// buried (its state is half-built, as after a crash) and nothing reads the
/// AST or a source location of it again.
void freeAbandonedArenas(clang::CompilerInstance &CI) {
  if (CI.hasASTContext())
    CI.getASTContext().getAllocator().Reset();
  if (CI.hasPreprocessor())
    CI.getPreprocessor().getPreprocessorAllocator().Reset();
  if (CI.hasSourceManager())
    CI.setSourceManager(nullptr);
}

/// The compiler invocation the driver makes of Args, reading through FS.
static std::shared_ptr<clang::CompilerInvocation>
createInvocation(ArrayRef<std::string> Args, IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags,
                 IntrusiveRefCntPtr<vfs::FileSystem> FS) {
  std::vector<const char *> ArgPtrs;
  for (const std::string &Arg : Args)
    ArgPtrs.push_back(Arg.c_str());
  clang::CreateInvocationOptions CIOpts;
  CIOpts.Diags = std::move(Diags);
  CIOpts.VFS = std::move(FS);
  return clang::createInvocation(ArgPtrs, CIOpts);
}

/// What besides the preamble's text shapes a stored preamble: the compile's
/// flags (target, SDK path, include paths, the file's name), the working
/// directory (relative include paths), the SDK's version, and warplint's
/// and Clang's builds. (The headers' sizes and mtimes are Clang's to check
/// when it loads the PCH.)
std::string storeKeyText(ArrayRef<std::string> Args, StringRef Sdk) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "warplint " << WARPLINT_VERSION << "\n" << clang::getClangFullVersion() << "\n";
  // This build of warplint: its prelude and its preamble settings.
  std::string Exe = sys::fs::getMainExecutable(nullptr, nullptr);
  sys::fs::file_status St;
  if (!sys::fs::status(Exe, St))
    OS << Exe << " " << St.getSize() << " "
       << St.getLastModificationTime().time_since_epoch().count() << "\n";
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    OS << Cwd << "\n";
  if (!Sdk.empty())
    OS << "CUDA " << cudaSdkVersion(Sdk) << "\n";
  for (const std::string &A : Args)
    OS << A << '\0';
  return Text;
}

/// The directories a compile of Path may read (SourceFiles.h): the input's
/// project, every include path of the invocation (the user's -I, -isystem,
/// ..., the driver's system and SDK directories, Clang's resource
/// directory) and the preamble store.
void addCompileRoots(const clang::CompilerInvocation &CI, StringRef Path,
                     const FrontendOptions &Opts, SourceRoots &Roots) {
  Roots.add(Opts.ProjectRoot.empty() ? projectRoot(Path) : Opts.ProjectRoot);
  const clang::HeaderSearchOptions &HS = CI.getHeaderSearchOpts();
  for (const clang::HeaderSearchOptions::Entry &E : HS.UserEntries)
    Roots.add(E.Path);
  for (const clang::HeaderSearchOptions::SystemHeaderPrefix &P : HS.SystemHeaderPrefixes)
    if (sys::path::is_absolute(P.Prefix))
      Roots.add(P.Prefix);
  Roots.add(HS.ResourceDir);
  Roots.add(WARPLINT_CLANG_RESOURCE_DIR);
  Roots.add(Opts.PreambleStoreDir);
}

/// The files Clang's compile read, by absolute name (DeviceModule::ReadFiles),
/// and those of them that are system headers (DeviceModule::SystemFiles), as
/// header search found them: a stored preamble's headers keep the kind it
/// recorded.
void recordFilesRead(const clang::CompilerInstance &CI, DeviceModule &DM) {
  const clang::SourceManager &SM = CI.getSourceManager();
  clang::HeaderSearch *HS =
      CI.hasPreprocessor() ? &CI.getPreprocessor().getHeaderSearchInfo() : nullptr;
  std::vector<std::string> &Read = DM.ReadFiles, &System = DM.SystemFiles;
  Read.clear();
  System.clear();
  for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I) {
    Read.push_back(absolutePath(I->first.getName()));
    if (HS && clang::SrcMgr::isSystem(HS->getFileDirFlavor(I->first)))
      System.push_back(Read.back());
  }
  for (std::vector<std::string> *List : {&Read, &System}) {
    llvm::sort(*List);
    List->erase(std::unique(List->begin(), List->end()), List->end());
  }
}

} // namespace

bool isFrameworkStandInHeader(StringRef Header) {
  return Header.starts_with("torch/") || Header.starts_with("ATen/");
}

AttemptResult runAttempt(StringRef Path, const FrontendOptions &Opts, StringRef Sdk,
                         const Attempt &A, ArrayRef<AstReaderFactory> Readers) {
  AttemptResult R;
  auto Roots = std::make_shared<SourceRoots>();
  IntrusiveRefCntPtr<vfs::FileSystem> FS = makeFileSystem(Path, Opts, A, Roots);
  std::string DriverText;
  raw_string_ostream DriverOS(DriverText), DiagOS(R.Diags);
  clang::DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = false;
  // As clang reports them: where #line directives say (an instantiation
  // comment's line, generated code's source).
  DiagOpts.ShowPresumedLoc = true;
  // The driver and the compiler get printers of their own so that Clang's
  // closing "N warnings generated" counts only the compile's diagnostics.
  clang::TextDiagnosticPrinter DriverPrinter(DriverOS, DiagOpts);
  clang::TextDiagnosticPrinter Printer(DiagOS, DiagOpts);
  IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(*FS, DiagOpts, &DriverPrinter,
                                                 /*ShouldOwnClient=*/false);

  std::vector<std::string> Args = driverArgs(Path, Opts, Sdk, A);
  std::shared_ptr<clang::CompilerInvocation> Invocation = createInvocation(Args, Diags, FS);
  if (!Invocation || Diags->hasErrorOccurred()) {
    R.DriverFailed = true;
    R.Diags = (Path + ": error: could not build a CUDA device compilation for these "
                      "flags\n" + DriverText).str();
    return R;
  }
  addCompileRoots(*Invocation, Path, Opts, *Roots);
  Invocation->getFrontendOpts().DisableFree = false;
  // An editor's buffer: parse its includes once, into a preamble kept across
  // checks (kept alive here until the compile is done).
  std::shared_ptr<const clang::PrecompiledPreamble> Preamble;
  std::unique_ptr<MemoryBuffer> MainText;
  // (Not for a retry that skips bodies: the preamble is shared.)
  if (Opts.Preambles && Opts.Contents && !A.skipsBodies()) {
    MainText = MemoryBuffer::getMemBuffer(*Opts.Contents, Path);
    Preamble = Opts.Preambles->use(*Invocation, FS, *MainText);
    // The preamble remaps the main file to MainText, which stays ours.
    Invocation->getPreprocessorOpts().RetainRemappedFileBuffers = true;
  }
  // A command-line check: the preamble kept on disk from an earlier run.
  PreambleFromStore Stored;
  if (A.UseStore) {
    Stored = usePreambleStore(*Invocation, FS, Opts.PreambleStoreDir, storeKeyText(Args, Sdk));
    R.Stored = Stored.How;
    R.StoreKey = Stored.Key;
    R.DM.PreambleSource = preambleSource(Stored);
  }
  Invocation->getFrontendOpts().SkipFunctionBodies = A.skipsBodies();

  PchRejectionWatch Watch(Printer, R.Bodies.Errors);
  // (Declared before CI: CI's preprocessor and Sema hold its checkpoints.)
  FrontendBudgetWatch BudgetWatch(Opts.Budget);
  auto CI = std::make_unique<clang::CompilerInstance>(Invocation);
  CI->createVirtualFileSystem(FS, &Watch);
  CI->createDiagnostics(&Watch, /*ShouldOwnClient=*/false);
  // "N errors generated" belongs with the errors, not on our stderr (where
  // parallel checks would interleave it).
  CI->setVerboseOutputStream(DiagOS);
  auto Action = std::make_unique<DeviceCodeGenAction>(
      *R.DM.Context, R.DM, Readers, A, R.Bodies,
      Opts.Budget.limited() ? &BudgetWatch : nullptr);
  bool Ok = false;
  // A crash inside Clang is this file's error; the other files of a check
  // still run. The compile runs on a thread with a large stack, as clang's
  // own driver does, so deep but valid code does not overflow it; deeper
  // code (100,000 nested `!`) overflows it into a recovered crash.
  int CrashCode = 0;
  if (runGuarded([&] { Ok = CI->ExecuteAction(*Action); }, GuardedStackBytes, &CrashCode) ==
      GuardedRun::Crashed) {
    R.CrashWhat = crashText(CrashCode);
    if (BudgetWatch.stopped())
      freeAbandonedArenas(*CI);
    // What the crash left half-built is not safe to destroy.
    BuryPointer(std::move(CI));
    BuryPointer(std::move(Action));
    BuryPointer(std::move(R.DM.Context));
    R.Crashed = true;
    if (BudgetWatch.stopped()) {
      R.DM.BudgetStop = "the front end";
      Opts.Budget.stop(R.DM.BudgetStop);
      return R;
    }
    R.Diags = (Path + ": error: the device compile crashed inside Clang (code nested "
                      "deeper than its " + Twine(GuardedStackBytes >> 20) +
               " MB stack holds, or a bug in Clang); this file is not analyzed (the "
               "other files are)\n").str();
    R.Crashed = true;
    return R;
  }
  std::unique_ptr<Module> M = Action->takeModule();
  if (CI->hasSourceManager())
    recordFilesRead(*CI, R.DM);
  Printer.finish();
  R.StoreRejected = Watch.Rejected;
  R.StoreRejectedWhy = Watch.Why;
  if (!Ok || !M || CI->getDiagnostics().hasErrorOccurred()) {
    if (R.Diags.empty())
      R.Diags = (Path + ": error: compilation failed").str();
    return R;
  }
  R.DM.M = std::move(M);
  recordNvccInputs(Path, Opts, A, R.DM);
  return R;
}

/// An attempt that takes its preamble from the store when there is one. A
/// stored preamble never changes the answer: an entry Clang rejects (a header
/// changed) or whose compile crashed is dropped and built again, and a
/// compile that fails with a stored preamble is redone without one, so that
/// its errors are those of a plain compile.
AttemptResult runStoredAttempt(StringRef Path, const FrontendOptions &Opts, StringRef Sdk,
                               Attempt A, ArrayRef<AstReaderFactory> Readers) {
  A.UseStore = !Opts.PreambleStoreDir.empty() && !Opts.Preambles && !A.skipsBodies();
  AttemptResult R = runAttempt(Path, Opts, Sdk, A, Readers);
  if (R.DM.M || R.Stored == StoredPreamble::None || !R.DM.BudgetStop.empty())
    return R;
  if (R.Stored == StoredPreamble::Reused && (R.StoreRejected || R.Crashed)) {
    dropStoredPreamble(Opts.PreambleStoreDir, R.StoreKey);
    std::string Why = R.Crashed ? "its compile crashed: " + R.CrashWhat : R.StoreRejectedWhy;
    R = runAttempt(Path, Opts, Sdk, A, Readers);
    R.DM.PreambleSource += " (stale entry replaced" + (Why.empty() ? "" : ": " + Why) + ")";
    if (R.DM.M || R.Stored == StoredPreamble::None || !R.DM.BudgetStop.empty())
      return R;
  }
  A.UseStore = false;
  return runAttempt(Path, Opts, Sdk, A, Readers);
}


namespace {
/// Opts with the instantiations a launch file or the file's comments ask for
/// appended to the file's text.
FrontendOptions withInstantiations(StringRef Path, const FrontendOptions &Opts) {
  FrontendOptions WithInstantiations = Opts;
  std::vector<std::pair<unsigned, std::string>> Names;
  for (const std::string &N : Opts.Instantiate)
    Names.push_back({0, N});
  auto FromText = [&](StringRef Text) {
    for (auto &C : instantiationComments(Text))
      Names.push_back(std::move(C));
    // PyTorch's dispatch macros, whose lambdas instantiate the kernel per type.
    for (auto &C : dispatchInstantiations(Text))
      Names.push_back(std::move(C));
  };
  if (Opts.Contents) {
    FromText(*Opts.Contents);
  } else if (Expected<std::unique_ptr<MemoryBuffer>> B = readSourceFile(Path)) {
    FromText((*B)->getBuffer());
  } else {
    consumeError(B.takeError()); // The compile's open of it says why.
  }
  if (!Names.empty())
    WithInstantiations.AppendedText = instantiationText(Path, Names);
  return WithInstantiations;
}

/// Preprocesses the translation unit and lists the files it read (the main
/// file, every header entered) by name; with a Watch, within the file's
/// budget.
class ListInputs : public clang::PreprocessOnlyAction {
public:
  explicit ListInputs(FrontendBudgetWatch *Watch) : Watch(Watch) {}
  std::set<std::string> Files;

protected:
  bool BeginSourceFileAction(clang::CompilerInstance &CI) override {
    if (Watch)
      Watch->watch(CI.getPreprocessor());
    return PreprocessOnlyAction::BeginSourceFileAction(CI);
  }
  void EndSourceFileAction() override {
    clang::SourceManager &SM = getCompilerInstance().getSourceManager();
    for (auto I = SM.fileinfo_begin(), E = SM.fileinfo_end(); I != E; ++I)
      Files.insert(I->first.getName().str());
    PreprocessOnlyAction::EndSourceFileAction();
  }

private:
  FrontendBudgetWatch *Watch;
};
} // namespace

Expected<CompileInputs> cudaInputs(StringRef GivenPath, const FrontendOptions &Opts) {
  SmallString<256> Path(GivenPath);
  if (Opts.Contents)
    sys::fs::make_absolute(Path);
  std::string Sdk = findCudaSdk(Opts);
  FrontendOptions O = withInstantiations(Path, Opts);
  Attempt A;
  auto Roots = std::make_shared<SourceRoots>();
  IntrusiveRefCntPtr<vfs::FileSystem> FS = makeFileSystem(Path, O, A, Roots);
  std::string DiagText;
  raw_string_ostream DiagOS(DiagText);
  clang::DiagnosticOptions DiagOpts;
  DiagOpts.ShowColors = false;
  clang::TextDiagnosticPrinter Printer(DiagOS, DiagOpts);
  IntrusiveRefCntPtr<clang::DiagnosticsEngine> Diags =
      clang::CompilerInstance::createDiagnostics(*FS, DiagOpts, &Printer,
                                                 /*ShouldOwnClient=*/false);
  std::vector<std::string> Args = driverArgs(Path, O, Sdk, A);
  std::shared_ptr<clang::CompilerInvocation> Invocation = createInvocation(Args, Diags, FS);
  if (!Invocation || Diags->hasErrorOccurred())
    return createStringError(inconvertibleErrorCode(),
                             "%s: could not build a CUDA device compilation for these flags",
                             Path.c_str());
  addCompileRoots(*Invocation, Path, O, *Roots);
  Invocation->getFrontendOpts().DisableFree = false;
  FrontendBudgetWatch BudgetWatch(O.Budget);
  auto CI = std::make_unique<clang::CompilerInstance>(Invocation);
  CI->createVirtualFileSystem(FS, &Printer);
  CI->createDiagnostics(&Printer, /*ShouldOwnClient=*/false);
  // ("N warnings generated" goes with the diagnostics, not to stderr.)
  CI->setVerboseOutputStream(DiagOS);
  auto Action = std::make_unique<ListInputs>(O.Budget.limited() ? &BudgetWatch : nullptr);
  CompileInputs In;
  // A macro that doubles forty times preprocesses for ever: the file's
  // budget stops it (and a crash costs this file alone).
  if (runGuarded([&] { CI->ExecuteAction(*Action); }) == GuardedRun::Crashed) {
    if (BudgetWatch.stopped())
      freeAbandonedArenas(*CI);
    BuryPointer(std::move(CI));
    BuryPointer(std::move(Action));
    if (!BudgetWatch.stopped())
      return createStringError(inconvertibleErrorCode(),
                               "%s: preprocessing crashed inside Clang", Path.c_str());
    In.BudgetStop = *O.Budget.Stopped;
    return In;
  }
  raw_string_ostream OS(In.Context);
  // The driver's arguments and the working directory (relative includes,
  // the paths the output shows) shape the result as much as the files do;
  // so do the preprocessor's errors (a header not found).
  for (const std::string &Arg : Args)
    OS << Arg << '\0';
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    OS << Cwd << '\0';
  OS << DiagText;
  In.Files.assign(Action->Files.begin(), Action->Files.end());
  // The toolkit's libdevice is linked into the module too (Libdevice.h).
  if (std::string Lib = findLibdevice(Sdk); !Lib.empty())
    In.Files.push_back(Lib);
  return In;
}

Expected<DeviceModule> compileCuda(StringRef GivenPath, const FrontendOptions &Opts,
                                   ArrayRef<AstReaderFactory> Readers) {
  // A file served from memory is found by its absolute name.
  SmallString<256> Path(GivenPath);
  if (Opts.Contents)
    sys::fs::make_absolute(Path);
  std::string Sdk = findCudaSdk(Opts);
  // Instantiations a launch file or the file's comments ask for.
  FrontendOptions WithInstantiations = withInstantiations(Path, Opts);
  AttemptResult R = compileWithRetries(Path, WithInstantiations, Sdk, Readers);
  // Stopped by the file's budget (a retry of a failed compile may be what
  // passed it): an empty module that says where.
  if (!R.DM.BudgetStop.empty() || (!R.DM.M && Opts.Budget.passed())) {
    DeviceModule Stopped;
    Stopped.BudgetStop = "the front end";
    Opts.Budget.stop(Stopped.BudgetStop);
    Stopped.Path = Path.str();
    Stopped.Arch = Opts.Arch;
    Stopped.Frontend = "cuda";
    Stopped.M = std::make_unique<Module>(Path, *Stopped.Context);
    return std::move(Stopped);
  }
  if (!R.DM.M)
    return createStringError(inconvertibleErrorCode(), "%s", R.Diags.c_str());
  // Warnings from Clang are not ours to report; the rules speak for warplint.
  DeviceModule &Result = R.DM;
  std::stable_sort(Result.Dropped.begin(), Result.Dropped.end(),
                   [](const DroppedCode &A, const DroppedCode &B) { return A.Loc < B.Loc; });
  Result.Path = Path.str();
  Result.Arch = Opts.Arch;
  Result.Frontend = "cuda";
  Result.HeaderMode = Sdk.empty() ? "prelude" : "sdk:" + Sdk;
  std::unique_ptr<Module> M = std::move(Result.M);
  Expected<std::unique_ptr<TargetMachine>> TM = createNvptxTargetMachine(Opts.Arch);
  if (!TM)
    return TM.takeError();
  if (Opts.HeaderFilter)
    setHeaderFilter(*M, *Opts.HeaderFilter);
  keepNamedFunctions(*M, Opts.KeepFunctions);
  // With a toolkit, its libdevice, as clang and nvcc link it (the editor's
  // incremental check links it into each slice it optimizes).
  finishDeviceModule(Result, std::move(M), **TM, Opts.Optimize,
                     Opts.Optimize ? findLibdevice(Sdk) : "", &Opts.Budget);
  return std::move(Result);
}

} // namespace warplint
