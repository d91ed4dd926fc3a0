//===- CompileRetries.cpp - The retries a failed device compile gets ------===//
//
// A .cu file that does not compile as given is compiled again with what real
// code needs: -fgpu-rdc for dynamic parallelism; the headers that are not
// found served empty (a framework's headers on a machine without the
// framework); the kernels, device functions and host code that hold errors
// left out one by one (a body skipped, or a declaration whose own text holds
// the error left out), so that everything else is analyzed. What was left
// out is told: kernels as compile errors (DeviceModule::Dropped), host code
// in a note.
//
//===----------------------------------------------------------------------===//
#include "frontend/cuda/CompileAttempt.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>

using namespace llvm;

namespace warplint {
namespace {

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

/// Compile rounds that leave out failing code: each may find errors that
/// leaving out the code before it caused (a caller of a function left out).
constexpr unsigned BodyRounds = 6;

/// Leaves R's text out of the attempt; false when it already was.
bool addBlank(Attempt &A, const BlankRange &R) {
  std::vector<std::pair<unsigned, unsigned>> &Ranges = A.Blank[R.File];
  std::pair<unsigned, unsigned> P{R.Begin, R.End};
  if (is_contained(Ranges, P))
    return false;
  Ranges.push_back(P);
  return true;
}

/// Skips the body of the function Key names (its text, Body, kept for
/// nvcc's compile); false when it already was.
bool addSkip(Attempt &A, const std::string &Key, const BlankRange &Body) {
  if (!A.SkipBodies.insert(Key).second)
    return false;
  if (Body.valid())
    A.SkippedText[Body.File].push_back({Body.Begin, Body.End});
  return true;
}

/// True when L, a host launch, is written in the host code H.
bool launchIn(const SourceLaunch &L, const FailedHostCode &H) {
  return L.Source == "host-launch" && L.File == H.ShortFile && L.Line >= H.FirstLine &&
         L.Line <= H.LastLine;
}

/// Compiles as Base does, but without the code that holds Failed's errors:
/// the bodies of kernels, device and host functions skipped, and the whole
/// declarations whose errors are outside a body (or in a body Clang will not
/// skip) left out, then the same for the code that fails in turn (BodyRounds
/// at most). On success the module has the kernels that compiled; those left
/// out are in DM.Dropped and Failed's diagnostics in DM.DroppedDiagnostics;
/// the host code left out is in LeftOut, and the launches it holds, as the
/// failed compiles read them (an expression with errors is unknown there),
/// are among DM.Launches. None when some error is in code that cannot be
/// left out.
std::optional<AttemptResult> compileWithoutFailedCode(StringRef Path, const FrontendOptions &Opts,
                                                      StringRef Sdk, Attempt Base,
                                                      const AttemptResult &Failed,
                                                      ArrayRef<AstReaderFactory> Readers,
                                                      FailedHost &LeftOut) {
  FailedBodies Bodies = Failed.Bodies.Located.Bodies;
  FailedHost Host = Failed.Bodies.Located.Host;
  std::vector<SourceLaunch> Read = Failed.DM.Launches;
  Base.NoErrorLimit = true;
  for (unsigned Round = 0; Round < BodyRounds; ++Round) {
    bool Progress = false;
    for (const auto &[Key, B] : Bodies)
      Progress |= B.InDeclaration ? addBlank(Base, B.Whole) : addSkip(Base, Key, B.Body);
    for (const auto &[Key, H] : Host)
      Progress |= H.InBody ? addSkip(Base, Key, H.Body) : addBlank(Base, H.Whole);
    Base.HostCodeLeftOut = !Host.empty();
    if (!Progress)
      return std::nullopt;
    AttemptResult T = runAttempt(Path, Opts, Sdk, Base, Readers);
    if (T.DM.M) {
      // Leaving code out is for the kernels' sake: a file with none left
      // reports its errors.
      if (Bodies.empty() && none_of(*T.DM.M, [](const Function &F) {
            return isKernel(F) && !F.isDeclaration();
          }))
        return std::nullopt;
      dropFailedKernels(*T.DM.M, Bodies, T.Bodies.SkippedNames, T.DM.Dropped);
      if (!Bodies.empty())
        T.DM.DroppedDiagnostics = Failed.Diags;
      for (const SourceLaunch &L : Read)
        if (any_of(Host, [&](const auto &KV) { return launchIn(L, KV.second); }) &&
            none_of(T.DM.Launches, [&](const SourceLaunch &O) {
              return O.Kernel == L.Kernel && O.File == L.File && O.Line == L.Line;
            })) {
          T.DM.Launches.push_back(L);
          T.DM.Launches.back().FromSkippedHost = true;
        }
      LeftOut = std::move(Host);
      return T;
    }
    const BodyErrors &Now = T.Bodies.Located;
    if (T.Crashed || T.DriverFailed || !Now.FirstUnattributed.empty())
      return std::nullopt;
    Read.insert(Read.end(), T.DM.Launches.begin(), T.DM.Launches.end());
    // Code that fails again although its body was skipped: its declaration
    // holds the error now (a callee left out), or Clang would not skip it
    // (constexpr, a deduced return type). It is left out whole.
    for (const auto &[Key, B] : Now.Bodies)
      if (auto [It, New] = Bodies.try_emplace(Key, B); !New)
        It->second.InDeclaration = true;
    for (const auto &[Key, H] : Now.Host)
      if (auto [It, New] = Host.try_emplace(Key, H); !New)
        It->second.InBody = false;
  }
  return std::nullopt;
}

/// "'forward' (ext.cu:16-26), 'cache' (ext.cu:5)": the host code left out.
std::string leftOutText(const FailedHost &Host) {
  std::vector<const FailedHostCode *> Sorted;
  for (const auto &KV : Host)
    Sorted.push_back(&KV.second);
  llvm::stable_sort(Sorted, [](const FailedHostCode *A, const FailedHostCode *B) {
    return std::tie(A->ShortFile, A->FirstLine) < std::tie(B->ShortFile, B->FirstLine);
  });
  std::string Out;
  constexpr size_t Shown = 6;
  for (size_t I = 0; I < Sorted.size() && I < Shown; ++I) {
    const FailedHostCode &H = *Sorted[I];
    Out += (I ? ", '" : "'") + H.Name + "' (" + H.ShortFile + ":" + std::to_string(H.FirstLine);
    if (H.LastLine != H.FirstLine)
      Out += "-" + std::to_string(H.LastLine);
    Out += ")";
  }
  if (Sorted.size() > Shown)
    Out += formatv(" and {0} more", Sorted.size() - Shown).str();
  return Out;
}

/// The first error of the host code left out, as "file:line:col: error: m".
std::string firstHostError(const FailedHost &Host) {
  const FailedHostCode *First = nullptr;
  for (const auto &KV : Host)
    if (!First || KV.second.ErrorLoc < First->ErrorLoc)
      First = &KV.second;
  if (!First)
    return "";
  const SourceLoc &L = First->ErrorLoc;
  return L.valid() ? formatv("{0}:{1}:{2}: error: {3}", L.File, L.Line, L.Column, First->Error).str()
                   : "error: " + First->Error;
}

/// What skipping host code cost the launches, for its note: the kernels
/// for which no launch was read ("host launches not read for 'k':
/// grid/block assumed"), and the launches read from the skipped code's text
/// (and how many of them it leaves without a grid or block). Empty when
/// every kernel has a launch from compiled code.
std::string hostLaunchConsequence(const DeviceModule &DM) {
  std::vector<std::string> Assumed;
  for (const Function &F : *DM.M)
    if (isKernel(F) && !F.isDeclaration() && none_of(DM.Launches, [&](const SourceLaunch &L) {
          return L.Kernel == F.getName() && L.Source != "launch-bounds";
        }))
      Assumed.push_back("'" + sourceName(F) + "'");
  unsigned Read = 0, Unknown = 0;
  for (const SourceLaunch &L : DM.Launches)
    if (L.FromSkippedHost) {
      ++Read;
      Unknown += !L.Grid || !L.Block;
    }
  std::string Out;
  if (Read) {
    Out += formatv("; {0} host launch{1} read from the skipped code's text", Read,
                   Read == 1 ? "" : "es")
               .str();
    if (Unknown)
      Out += formatv(" ({0} without a known grid/block there: assumed)", Unknown).str();
  }
  constexpr size_t Shown = 6;
  if (!Assumed.empty()) {
    size_t More = Assumed.size() > Shown ? Assumed.size() - Shown : 0;
    Assumed.resize(Assumed.size() - More);
    Out += "; host launches not read for " + join(Assumed, ", ") +
           (More ? formatv(" and {0} more", More).str() : "") + ": grid/block assumed";
  }
  return Out;
}

/// The last resort, for errors no declaration of the user's holds: the
/// compile once more without the bodies of every host function (and with
/// missing headers served empty, round by round), keeping HostLaunches, the
/// launches the failed compiles read. R is the first compile, whose errors
/// are reported when this fails too.
AttemptResult compileWithoutHostBodies(StringRef Path, const FrontendOptions &Opts,
                                       StringRef Sdk, const Attempt &A, AttemptResult &R,
                                       std::vector<SourceLaunch> HostLaunches,
                                       ArrayRef<AstReaderFactory> Readers) {
  Attempt Host = A;
  Host.SkipHostBodies = true;
  AttemptResult H;
  // Each round may uncover one more missing host header.
  for (unsigned Round = 0; Round < 4; ++Round) {
    std::vector<std::string> Missing = missingHeaders(Round ? H.Diags : R.Diags);
    for (std::string &M : Missing)
      if (!is_contained(Host.StubHeaders, M))
        Host.StubHeaders.push_back(std::move(M));
    H = runAttempt(Path, Opts, Sdk, Host, Readers);
    if (H.DM.M || Missing.empty())
      break;
  }
  std::string HostError = R.Bodies.Located.FirstOutside.empty()
                              ? firstError(R.Diags)
                              : R.Bodies.Located.FirstOutside;
  if (!H.DM.M && !H.Crashed && !H.DriverFailed) {
    FailedHost Unused;
    std::optional<AttemptResult> D =
        compileWithoutFailedCode(Path, Opts, Sdk, Host, H, Readers, Unused);
    if (!D)
      return std::move(R);
    D->DM.DroppedDiagnostics = R.Diags;
    H = std::move(*D);
  }
  if (!H.DM.M)
    return std::move(R);
  for (SourceLaunch &L : HostLaunches)
    if (L.Source == "host-launch") {
      L.FromSkippedHost = true;
      H.DM.Launches.push_back(std::move(L));
    }
  H.DM.Notes.push_back(
      (Path + ": host code skipped: the device-side compile failed on code that "
              "the kernels do not need (" + HostError +
       "); the kernels were analyzed without the bodies of host functions" +
       hostLaunchConsequence(H.DM))
          .str());
  return H;
}

/// A file whose includes are not all found: compiled with those headers
/// served empty (each round may find one more). When host code then fails
/// on what they declare, that code is left out and named in one note; a
/// kernel that fails is reported as not analyzed, naming the headers.
AttemptResult compileWithMissingHeaders(StringRef Path, const FrontendOptions &Opts,
                                        StringRef Sdk, const Attempt &A, AttemptResult &R,
                                        std::vector<std::string> Missing,
                                        ArrayRef<AstReaderFactory> Readers) {
  Attempt Stubbed = A;
  Stubbed.NoErrorLimit = true;
  AttemptResult S;
  for (unsigned Round = 0; Round < 4 && !Missing.empty(); ++Round) {
    for (std::string &M : Missing)
      if (!is_contained(Stubbed.StubHeaders, M))
        Stubbed.StubHeaders.push_back(std::move(M));
    S = runAttempt(Path, Opts, Sdk, Stubbed, Readers);
    Missing.clear();
    if (!S.DM.M && !S.Crashed && !S.DriverFailed)
      Missing = missingHeaders(S.Diags);
  }
  if (S.DM.M && !S.Crashed) {
    S.DM.Notes.push_back((Path + ": host headers not found were served empty (" +
                          firstError(R.Diags) + ")" +
                          (any_of(Stubbed.StubHeaders, isFrameworkStandInHeader)
                               ? "; PyTorch's tensor accessors came from warplint's stand-in"
                               : ""))
                             .str());
    return S;
  }
  std::string Headers = join(Stubbed.StubHeaders, ", ");
  bool StandIn = any_of(Stubbed.StubHeaders, isFrameworkStandInHeader);
  FailedHost LeftOut;
  std::optional<AttemptResult> D;
  if (!S.Crashed && !S.DriverFailed && S.Bodies.Located.FirstUnattributed.empty())
    D = compileWithoutFailedCode(Path, Opts, Sdk, Stubbed, S, Readers, LeftOut);
  if (!D)
    return compileWithoutHostBodies(Path, Opts, Sdk, A, R, std::move(S.DM.Launches), Readers);
  std::string Note = (Path + ": host code skipped: " + Headers +
                      " not found (pass -I to its include directory, or -p)")
                         .str();
  if (StandIn)
    Note += "; PyTorch's tensor accessors came from warplint's stand-in";
  if (!LeftOut.empty())
    Note += "; left out: " + leftOutText(LeftOut);
  Note += hostLaunchConsequence(D->DM);
  D->DM.Notes.push_back(std::move(Note));
  for (DroppedCode &C : D->DM.Dropped)
    if (!C.NotInstantiated)
      C.Message += " (" + Headers + " not found)";
  return std::move(*D);
}

} // namespace

static AttemptResult compileAfterRewrites(StringRef Path, const FrontendOptions &Opts,
                                          StringRef Sdk, const Attempt &A, AttemptResult R,
                                          ArrayRef<AstReaderFactory> Readers);

/// Compiles with the retries that real code needs: -fgpu-rdc for dynamic
/// parallelism; missing headers served empty; the code that holds errors
/// left out, kernels and host functions one by one
/// (compileWithoutFailedCode); the bodies of every host function skipped
/// when an error is elsewhere. What was left out is told. When nothing
/// helps, the first compile's errors are reported.
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
  // An asm statement set aside in a template is kept out only while no
  // instantiation emits it; one that does keeps the error.
  std::vector<std::string> AsmNotes;
  for (unsigned Round = 0; Round < 2 && !R.DM.M && !R.Bodies.NvccRewrites.empty(); ++Round) {
    Attempt Next = A;
    for (auto &[Name, Text] : R.Bodies.NvccRewrites)
      Next.Rewritten[Name] = std::move(Text);
    std::vector<std::string> Notes = R.Bodies.AsmSetAside;
    AttemptResult T = runAttempt(Path, Opts, Sdk, Next, Readers);
    if (T.DM.M && !Notes.empty())
      if (Function *F = T.DM.M->getFunction("__warplint_asm_rejected_at_definition");
          F && !F->use_empty())
        break;
    A = std::move(Next);
    R = std::move(T);
    AsmNotes.insert(AsmNotes.end(), Notes.begin(), Notes.end());
  }
  AttemptResult Out = compileAfterRewrites(Path, Opts, Sdk, A, std::move(R), Readers);
  if (Out.DM.M)
    Out.DM.Notes.insert(Out.DM.Notes.end(), AsmNotes.begin(), AsmNotes.end());
  return Out;
}

/// The retries after nvcc's dialect was rewritten (compileWithRetries): R
/// is the compile of A.
static AttemptResult compileAfterRewrites(StringRef Path, const FrontendOptions &Opts, StringRef Sdk,
                                   const Attempt &A, AttemptResult R,
                                   ArrayRef<AstReaderFactory> Readers) {
  if (R.DM.M || R.DriverFailed || R.Crashed)
    return R;
  if (std::vector<std::string> Missing = missingHeaders(R.Diags); !Missing.empty())
    return compileWithMissingHeaders(Path, Opts, Sdk, A, R, std::move(Missing), Readers);
  FailedHost LeftOut;
  if (R.Bodies.Located.FirstUnattributed.empty())
    if (std::optional<AttemptResult> D =
            compileWithoutFailedCode(Path, Opts, Sdk, A, R, Readers, LeftOut)) {
      if (!LeftOut.empty())
        D->DM.Notes.push_back((Path + ": host code skipped: " + leftOutText(LeftOut) +
                               " did not compile (" + firstHostError(LeftOut) +
                               "); the kernels and the other host code were kept" +
                               hostLaunchConsequence(D->DM))
                                  .str());
      return std::move(*D);
    }
  return compileWithoutHostBodies(Path, Opts, Sdk, A, R, R.DM.Launches, Readers);
}

} // namespace warplint
