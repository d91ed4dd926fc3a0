//===- CudaFrontend.cpp - Device-side compile of .cu files in-process -----===//
//
// Runs Clang's driver logic to build a CUDA device-only invocation for the
// requested arch, compiles it to an unoptimized module (value names kept), and
// hands it to the NVPTX pipeline. Without an SDK an embedded prelude, served
// from an in-memory file system, stands in for the CUDA headers.
//
//===----------------------------------------------------------------------===//
#include "frontend/cuda/CudaFrontend.h"
#include "frontend/cuda/CudaSdk.h"
#include "frontend/cuda/DeclarationCollector.h"
#include "frontend/cuda/FailedBodies.h"
#include "frontend/cuda/HostCompiler.h"
#include "frontend/cuda/KernelTemplates.h"
#include "frontend/cuda/NvccRewrites.h"
#include "frontend/cuda/Preamble.h"
#include "frontend/cuda/PreambleStore.h"
#include "frontend/NvptxPipeline.h"
#include "frontend/SourceLocation.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/Version.h"
#include "clang/CodeGen/CodeGenAction.h"
#include "clang/Driver/CreateInvocationFromArgs.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/MultiplexConsumer.h"
#include "clang/Frontend/PrecompiledPreamble.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
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
/// The prelude's file force-included with a CUDA SDK too.
constexpr StringLiteral SdkSupplementHeader = "__warplint_sdk_supplement.h";
/// The stack of the thread a compile runs on: deep but valid code (long
/// macro chains, deep templates) needs more than a default thread's.
constexpr unsigned CompileStackBytes = 256u << 20;
/// Where headers that are missing but only host code needs are served from,
/// empty, when a compile is retried without host code.
constexpr StringLiteral StubDir = "/__warplint_host_stubs";

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

/// How one attempt at the device compile differs from the plain one.
struct Attempt {
  /// -fgpu-rdc: kernels launched from device code (dynamic parallelism).
  bool Rdc = false;
  /// Skip the bodies of host-only functions (see HostSkippingConsumer).
  bool SkipHostBodies = false;
  /// Headers that were not found, served empty (host-only headers: omp.h).
  std::vector<std::string> StubHeaders;
  /// Take the preamble from FrontendOptions::PreambleStoreDir.
  bool UseStore = false;
  /// Skip the bodies of these kernels and device functions (bodyKey): they
  /// hold errors (see FailedBodies.h).
  std::set<std::string> SkipBodies;
  /// Files served rewritten (see NvccRewrites.h).
  RewrittenFiles Rewritten;
  /// Any body skipped or file rewritten: no preamble (it is parsed with
  /// every body, from the files on disk).
  bool skipsBodies() const {
    return SkipHostBodies || !SkipBodies.empty() || !Rewritten.empty();
  }
};

/// The real file system with the prelude mounted at PreludeDir, stub headers
/// at StubDir and, when the input comes from memory, its text at Path.
IntrusiveRefCntPtr<vfs::FileSystem> makeFileSystem(StringRef Path, const FrontendOptions &Opts,
                                                   const Attempt &A) {
  auto Overlay =
      makeIntrusiveRefCnt<vfs::OverlayFileSystem>(vfs::getRealFileSystem());
  auto Memory = makeIntrusiveRefCnt<vfs::InMemoryFileSystem>();
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    Memory->setCurrentWorkingDirectory(Cwd);
  for (const EmbeddedFile &F : EmbeddedPrelude)
    Memory->addFile((PreludeDir + "/" + F.Name).str(), 0,
                    MemoryBuffer::getMemBuffer(F.Contents, F.Name));
  for (const std::string &H : A.StubHeaders)
    Memory->addFile((StubDir + "/" + H).str(), 0,
                    MemoryBuffer::getMemBuffer("/* warplint: host-only header */\n", H));
  for (const auto &[Name, Text] : A.Rewritten)
    if (Name != Path)
      Memory->addFile(Name, 0, MemoryBuffer::getMemBufferCopy(Text, Name));
  if (Opts.Contents || !Opts.AppendedText.empty() || A.Rewritten.count(Path.str())) {
    std::string Text;
    if (auto R = A.Rewritten.find(Path.str()); R != A.Rewritten.end())
      Text = R->second; // Read with the appended text.
    else if (Opts.Contents)
      Text = *Opts.Contents + Opts.AppendedText;
    else if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path))
      Text = (*B)->getBuffer().str() + Opts.AppendedText;
    Memory->addFile(Path, 0, MemoryBuffer::getMemBufferCopy(Text, Path));
  }
  Overlay->pushOverlay(Memory);
  return Overlay;
}

/// Skips the bodies of functions that run only on the host, which the
/// device side never emits: host code nvcc accepts but Clang's device-side
/// parse rejects (mixed-type min/max, OpenMP) then no longer stops kernels.
/// Also skips the bodies of the kernels and device functions that hold
/// errors, when asked: the other kernels of the file still compile.
class HostSkippingConsumer : public clang::MultiplexConsumer {
public:
  HostSkippingConsumer(std::vector<std::unique_ptr<clang::ASTConsumer>> C,
                       const clang::SourceManager &SM, const Attempt &A)
      : MultiplexConsumer(std::move(C)), SM(SM), A(A) {}
  bool shouldSkipFunctionBody(clang::Decl *D) override {
    const clang::FunctionDecl *FD = D->getAsFunction();
    if (!FD)
      return false;
    if (FD->hasAttr<clang::CUDADeviceAttr>() || FD->hasAttr<clang::CUDAGlobalAttr>())
      return !A.SkipBodies.empty() && A.SkipBodies.count(bodyKey(SM, *D));
    return A.SkipHostBodies;
  }

private:
  const clang::SourceManager &SM;
  const Attempt &A;
};

/// What a compile learns about the bodies that hold errors: filled at the
/// end of the translation unit (createFailedBodyLocator).
struct BodyFindings {
  /// Clang's errors, as they are reported.
  std::vector<ClangError> Errors;
  /// The kernel and device function bodies that hold them (a failed compile).
  BodyErrors Located;
  /// Mangled names of the functions whose bodies were skipped for errors, to
  /// their keys (a compile that skipped some).
  std::map<std::string, std::string> SkippedNames;
  /// The files rewritten so that Clang accepts what nvcc does (a __shared__
  /// object, `%globaltimer`): NvccRewrites.h.
  RewrittenFiles NvccRewrites;
};

/// EmitLLVMOnlyAction that also runs the readers over the AST.
class DeviceCodeGenAction : public clang::EmitLLVMOnlyAction {
public:
  DeviceCodeGenAction(LLVMContext &Ctx, DeviceModule &Result,
                      ArrayRef<AstReaderFactory> Readers, const Attempt &A, BodyFindings &Bodies)
      : EmitLLVMOnlyAction(&Ctx), Result(Result), Readers(Readers), A(A), Bodies(Bodies) {}

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &CI, StringRef InFile) override {
    std::unique_ptr<clang::ASTConsumer> Backend =
        EmitLLVMOnlyAction::CreateASTConsumer(CI, InFile);
    if (!Backend)
      return nullptr;
    // The readers see the AST before the backend consumes it.
    std::vector<std::unique_ptr<clang::ASTConsumer>> Consumers;
    Consumers.push_back(createDeclarationCollector(CI, Result.Decls));
    Consumers.push_back(createKernelTemplateCollector(CI, A.SkipHostBodies, Result.Dropped));
    for (const AstReaderFactory &Make : Readers)
      Consumers.push_back(Make(CI, Result));
    Consumers.push_back(createFailedBodyLocator(CI, Bodies.Errors, A.SkipBodies, Bodies.Located,
                                                Bodies.SkippedNames));
    Consumers.push_back(createNvccRewriter(CI, Bodies.Errors, Bodies.NvccRewrites));
    Consumers.push_back(std::move(Backend));
    return std::make_unique<HostSkippingConsumer>(std::move(Consumers), CI.getSourceManager(),
                                                  A);
  }

private:
  DeviceModule &Result;
  ArrayRef<AstReaderFactory> Readers;
  const Attempt &A;
  BodyFindings &Bodies;
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
  Args.insert(Args.end(), Opts.ClangArgs.begin(), Opts.ClangArgs.end());
  std::vector<std::string> OpenMp = hostOpenMpArgs(Opts.ClangArgs, WARPLINT_CLANG_RESOURCE_DIR);
  Args.insert(Args.end(), OpenMp.begin(), OpenMp.end());
  Args.push_back(Path.str());
  return Args;
}

/// One device compile: a DeviceModule of its own (its context, the
/// unoptimized module in DM.M, what the AST readers found), or Clang's
/// diagnostics. A retry starts from a fresh one, so readers never see an
/// earlier attempt's results.
struct AttemptResult {
  DeviceModule DM;
  std::string Diags;
  bool DriverFailed = false;
  bool Crashed = false;
  /// How the preamble store served this attempt, and the entry's key.
  StoredPreamble Stored = StoredPreamble::None;
  std::string StoreKey;
  /// Clang could not use the stored PCH (a header changed since, say).
  bool StoreRejected = false;
  BodyFindings Bodies;
};

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
    if (Level >= clang::DiagnosticsEngine::Error && isPrecompiledFileDiagnostic(Info.getID()))
      Rejected = true;
    if (Level >= clang::DiagnosticsEngine::Error) {
      SmallString<128> Message;
      Info.FormatDiagnostic(Message);
      Errors.push_back({Info.getLocation(), Message.str().str()});
    }
    Next.HandleDiagnostic(Level, Info);
  }
  bool Rejected = false;

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

AttemptResult runAttempt(StringRef Path, const FrontendOptions &Opts, StringRef Sdk,
                         const Attempt &A, ArrayRef<AstReaderFactory> Readers) {
  AttemptResult R;
  IntrusiveRefCntPtr<vfs::FileSystem> FS = makeFileSystem(Path, Opts, A);
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
  std::vector<const char *> ArgPtrs;
  for (const std::string &Arg : Args)
    ArgPtrs.push_back(Arg.c_str());
  clang::CreateInvocationOptions CIOpts;
  CIOpts.Diags = Diags;
  CIOpts.VFS = FS;
  std::shared_ptr<clang::CompilerInvocation> Invocation =
      clang::createInvocation(ArgPtrs, CIOpts);
  if (!Invocation || Diags->hasErrorOccurred()) {
    R.DriverFailed = true;
    R.Diags = (Path + ": error: could not build a CUDA device compilation for these "
                      "flags\n" + DriverText).str();
    return R;
  }
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
  auto CI = std::make_unique<clang::CompilerInstance>(Invocation);
  CI->createVirtualFileSystem(FS, &Watch);
  CI->createDiagnostics(&Watch, /*ShouldOwnClient=*/false);
  // "N errors generated" belongs with the errors, not on our stderr (where
  // parallel checks would interleave it).
  CI->setVerboseOutputStream(DiagOS);
  auto Action = std::make_unique<DeviceCodeGenAction>(*R.DM.Context, R.DM, Readers, A,
                                                      R.Bodies);
  bool Ok = false;
  // A crash inside Clang is this file's error; the other files of a check
  // still run. The compile runs on a thread with a large stack, as clang's
  // own driver does, so deep but valid code does not overflow it.
  CrashRecoveryContext CRC;
  if (!CRC.RunSafelyOnThread([&] { Ok = CI->ExecuteAction(*Action); }, CompileStackBytes)) {
    // What the crash left half-built is not safe to destroy.
    BuryPointer(std::move(CI));
    BuryPointer(std::move(Action));
    BuryPointer(std::move(R.DM.Context));
    R.Diags = (Path + ": error: the device compile crashed inside Clang; this file is "
                      "not analyzed (the other files are)\n").str();
    R.Crashed = true;
    return R;
  }
  std::unique_ptr<Module> M = Action->takeModule();
  Printer.finish();
  R.StoreRejected = Watch.Rejected;
  if (!Ok || !M || CI->getDiagnostics().hasErrorOccurred()) {
    if (R.Diags.empty())
      R.Diags = (Path + ": error: compilation failed").str();
    return R;
  }
  R.DM.M = std::move(M);
  return R;
}

/// True when Clang asks for separate compilation (a kernel launched from
/// device code): the build compiles such a file with -rdc=true.
bool needsRdc(StringRef Diags) {
  return Diags.contains("requires relocatable device code") ||
         Diags.contains("requires separate compilation mode");
}

/// The headers Clang reported as not found ("fatal error: 'omp.h' file not
/// found"), to be served empty when host code is skipped.
std::vector<std::string> missingHeaders(StringRef Diags) {
  std::vector<std::string> Out;
  StringRef Marker = "fatal error: '";
  for (size_t At = Diags.find(Marker); At != StringRef::npos;
       At = Diags.find(Marker, At + 1)) {
    StringRef Rest = Diags.drop_front(At + Marker.size());
    size_t Close = Rest.find("' file not found");
    if (Close != StringRef::npos && Close < Rest.find('\n'))
      Out.push_back(Rest.substr(0, Close).str());
  }
  return Out;
}

/// The first error line of Clang's diagnostics (for the note that says the
/// host part was skipped).
std::string firstError(StringRef Diags) {
  for (StringRef Line : split(Diags, '\n'))
    if (Line.contains("error: "))
      return Line.trim().str();
  return "";
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
  if (R.DM.M || R.Stored == StoredPreamble::None)
    return R;
  if (R.Stored == StoredPreamble::Reused && (R.StoreRejected || R.Crashed)) {
    dropStoredPreamble(Opts.PreambleStoreDir, R.StoreKey);
    R = runAttempt(Path, Opts, Sdk, A, Readers);
    R.DM.PreambleSource += " (stale entry replaced)";
    if (R.DM.M || R.Stored == StoredPreamble::None)
      return R;
  }
  A.UseStore = false;
  return runAttempt(Path, Opts, Sdk, A, Readers);
}

/// Compile rounds that skip failing bodies: each may find errors that the
/// errors before it hid (Clang stops after 20).
constexpr unsigned BodyRounds = 4;

/// Compiles as Base does, but without the bodies of the kernels and device
/// functions that hold Failed's errors, and of those that then fail in turn
/// (BodyRounds at most). On success the module has the kernels that compiled;
/// those left out are in DM.Dropped and Failed's diagnostics in
/// DM.DroppedDiagnostics. None when the errors are not all in such bodies.
std::optional<AttemptResult> compileWithoutFailedBodies(StringRef Path, const FrontendOptions &Opts,
                                                        StringRef Sdk, Attempt Base,
                                                        const AttemptResult &Failed,
                                                        ArrayRef<AstReaderFactory> Readers) {
  FailedBodies Bodies = Failed.Bodies.Located.Bodies;
  for (unsigned Round = 0; Round < BodyRounds && !Bodies.empty(); ++Round) {
    for (const auto &KV : Bodies)
      Base.SkipBodies.insert(KV.first);
    AttemptResult T = runAttempt(Path, Opts, Sdk, Base, Readers);
    if (T.DM.M) {
      dropFailedKernels(*T.DM.M, Bodies, T.Bodies.SkippedNames, T.DM.Dropped);
      T.DM.DroppedDiagnostics = Failed.Diags;
      return T;
    }
    if (T.Crashed || T.DriverFailed)
      return std::nullopt;
    size_t Known = Bodies.size();
    Bodies.insert(T.Bodies.Located.Bodies.begin(), T.Bodies.Located.Bodies.end());
    if (Bodies.size() == Known)
      return std::nullopt;
  }
  return std::nullopt;
}

/// Compiles with the retries that real code needs: -fgpu-rdc for dynamic
/// parallelism, then, when the compile still fails, once more without the
/// bodies of host-only functions (and with missing headers served empty).
/// The retry's success is told as a note. Errors inside kernels and device
/// functions leave those out (compileWithoutFailedBodies), keeping host code
/// when every error is in device code. When nothing helps, the first
/// compile's errors are reported.
AttemptResult compileWithRetries(StringRef Path, const FrontendOptions &Opts, StringRef Sdk,
                                 ArrayRef<AstReaderFactory> Readers) {
  Attempt A;
  AttemptResult R = runStoredAttempt(Path, Opts, Sdk, A, Readers);
  if (!R.DM.M && !R.DriverFailed && needsRdc(R.Diags)) {
    A.Rdc = true;
    R = runStoredAttempt(Path, Opts, Sdk, A, Readers);
  }
  // What Clang rejects and nvcc accepts (__shared__ objects, `%globaltimer`;
  // a second round for what the first's errors hid): rewritten as nvcc
  // reads it.
  for (unsigned Round = 0; Round < 2 && !R.DM.M && !R.Bodies.NvccRewrites.empty(); ++Round) {
    for (auto &[Name, Text] : R.Bodies.NvccRewrites)
      A.Rewritten[Name] = std::move(Text);
    R = runAttempt(Path, Opts, Sdk, A, Readers);
  }
  if (R.DM.M || R.DriverFailed || R.Crashed)
    return R;
  if (R.Bodies.Located.FirstOutside.empty())
    if (std::optional<AttemptResult> D = compileWithoutFailedBodies(Path, Opts, Sdk, A, R, Readers))
      return std::move(*D);
  // A header of the host code is missing: the same compile with it served
  // empty and the host code kept, so that its launches are still read (the
  // kernels' launch shapes and arguments live in main). When host code then
  // fails on what the header declared, its launches are kept all the same.
  // (The launches the failed compile read, when no header was missing.)
  std::vector<SourceLaunch> HostLaunches = R.DM.Launches;
  if (std::vector<std::string> Missing = missingHeaders(R.Diags); !Missing.empty()) {
    Attempt Stubbed = A;
    Stubbed.StubHeaders = Missing;
    AttemptResult S = runAttempt(Path, Opts, Sdk, Stubbed, Readers);
    if (S.DM.M && !S.Crashed) {
      S.DM.Notes.push_back((Path + ": host headers not found were served empty (" +
                            firstError(R.Diags) + ")")
                               .str());
      return S;
    }
    HostLaunches = std::move(S.DM.Launches);
  }
  Attempt Host = A;
  Host.SkipHostBodies = true;
  AttemptResult H;
  // Each round may uncover one more missing host header.
  for (unsigned Round = 0; Round < 4; ++Round) {
    std::vector<std::string> Missing = missingHeaders(Round ? H.Diags : R.Diags);
    Host.StubHeaders.insert(Host.StubHeaders.end(), Missing.begin(), Missing.end());
    H = runAttempt(Path, Opts, Sdk, Host, Readers);
    if (H.DM.M || Missing.empty())
      break;
  }
  std::string HostError = R.Bodies.Located.FirstOutside.empty()
                              ? firstError(R.Diags)
                              : R.Bodies.Located.FirstOutside;
  if (!H.DM.M && !H.Crashed && !H.DriverFailed) {
    std::optional<AttemptResult> D = compileWithoutFailedBodies(Path, Opts, Sdk, Host, H, Readers);
    if (!D)
      return R;
    D->DM.DroppedDiagnostics = R.Diags;
    H = std::move(*D);
  }
  if (!H.DM.M)
    return R;
  for (SourceLaunch &L : HostLaunches)
    if (L.Source == "host-launch")
      H.DM.Launches.push_back(std::move(L));
  H.DM.Notes.push_back(
      (Path + ": host code skipped: the device-side compile failed on code that "
              "the kernels do not need (" + HostError +
       "); the kernels were analyzed without the bodies of host functions")
          .str());
  return H;
}

} // namespace

Expected<DeviceModule> compileCuda(StringRef GivenPath, const FrontendOptions &Opts,
                                   ArrayRef<AstReaderFactory> Readers) {
  // A file served from memory is found by its absolute name.
  SmallString<256> Path(GivenPath);
  if (Opts.Contents)
    sys::fs::make_absolute(Path);
  std::string Sdk = findCudaSdk(Opts);
  // Instantiations a launch file or the file's comments ask for.
  FrontendOptions WithInstantiations = Opts;
  std::vector<std::pair<unsigned, std::string>> Names;
  for (const std::string &N : Opts.Instantiate)
    Names.push_back({0, N});
  if (Opts.Contents) {
    for (auto &C : instantiationComments(*Opts.Contents))
      Names.push_back(std::move(C));
  } else if (ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(Path)) {
    for (auto &C : instantiationComments((*B)->getBuffer()))
      Names.push_back(std::move(C));
  }
  if (!Names.empty())
    WithInstantiations.AppendedText = instantiationText(Path, Names);
  AttemptResult R = compileWithRetries(Path, WithInstantiations, Sdk, Readers);
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
  finishDeviceModule(Result, std::move(M), **TM, Opts.Optimize);
  return std::move(Result);
}

} // namespace warplint
