//===- DiffCommand.cpp - warplint diff BASE [HEAD] ------------------------===//
//
// Compares two git revisions (HEAD: the working tree when not given): the
// .cu files the change touches (changed, or including a changed header) are
// written out as each revision has them, in a scratch directory that keeps
// the repository's layout, and checked as `check` checks files (checkFiles,
// gatherFindings); their findings are matched (tools/FindingMatch.h) and
// their kernels, by name, compared on predicted time (tools/KernelJson.h's
// kernelTime). docs/diff.md describes the command.
//
//===----------------------------------------------------------------------===//
#include "tools/commands/CheckFile.h"
#include "tools/output/DiffOutput.h"
#include "tools/GitRevision.h"
#include "tools/output/KernelJson.h"
#include "tools/NotAnalyzed.h"

#include "analyzer/arch/GpuProfile.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <map>
#include <mutex>
#include <set>

using namespace llvm;

namespace warplint {

namespace {

/// One revision's side of the comparison.
struct Side {
  std::string Dir;                          ///< Where its files are checked.
  std::map<std::string, std::string> Files; ///< Path from the top -> text.
  std::vector<std::string> Checked;         ///< The .cu files checked (from the top).
  /// Each kernel checked: (file from the top, name) -> time or why none.
  struct Kernel {
    std::string File, Name, Gpu, GpuDisplay, Why;
    std::optional<double> Us;
  };
  std::vector<Kernel> Kernels;
};

/// Paths as the user reads them: from the current directory when it is at
/// or above the file, else absolute.
class PathNames {
public:
  PathNames(StringRef Root) : Root(Root.str()) {
    SmallString<256> Cwd, Real;
    if (!sys::fs::current_path(Cwd) && !sys::fs::real_path(Cwd, Real)) {
      StringRef R = Real;
      if (R == Root)
        Prefix = "";
      else if (R.starts_with(Root.str() + "/"))
        Prefix = R.drop_front(Root.size() + 1).str() + "/";
      else
        Prefix = std::nullopt;
    }
  }
  /// The display name of Rel (a path from the top).
  std::string display(StringRef Rel) const {
    if (Prefix && StringRef(Rel).starts_with(*Prefix))
      return Rel.drop_front(Prefix->size()).str();
    return Root + "/" + Rel.str();
  }

  llvm::StringRef root() const { return Root; }

private:
  std::string Root;
  std::optional<std::string> Prefix; ///< The current directory from the top, "" at it.
};

/// The path from the top of a file checked under Dir; None for a file
/// elsewhere (a system header).
std::optional<std::string> relativeTo(StringRef Dir, StringRef Path) {
  std::string Start = Dir.str() + "/";
  if (Path.starts_with(Start))
    return Path.drop_front(Start.size()).str();
  // Findings name files under the current directory from it.
  SmallString<256> Full(Path), Real;
  if (sys::path::is_absolute(Path) || sys::fs::make_absolute(Full) ||
      sys::fs::real_path(Full, Real) || !Real.str().starts_with(Start))
    return std::nullopt;
  return Real.str().drop_front(Start.size()).str();
}

/// Text with the paths under Dir (a scratch copy) put under Root.
std::string inRepository(StringRef Text, StringRef Dir, StringRef Root) {
  if (Dir == Root)
    return Text.str();
  std::string Out;
  std::string From = (Dir + "/").str();
  while (true) {
    size_t At = Text.find(From);
    if (At == StringRef::npos)
      break;
    Out += Text.take_front(At).str() + Root.str() + "/";
    Text = Text.drop_front(At + From.size());
  }
  return Out + Text.str();
}

/// Line Line (1-based) of Text.
StringRef lineOf(StringRef Text, unsigned Line) {
  for (unsigned L = 1; L < Line && !Text.empty(); ++L)
    Text = Text.split('\n').second;
  return Text.split('\n').first;
}

/// Findings of one side with the files renamed for display and the text of
/// their lines.
std::vector<SideFinding>
sideFindings(std::vector<Finding> Findings, const Side &S, const PathNames &Names,
             const std::map<std::string, std::vector<GitRepo::Hunk>> &Hunks,
             const std::map<std::string, std::string> &Renamed, bool IsNew) {
  std::vector<SideFinding> Out;
  auto Rename = [&](SourceLoc &L) -> std::optional<std::string> {
    std::optional<std::string> Rel = relativeTo(S.Dir, L.File);
    if (Rel)
      L.File = Names.display(*Rel);
    return Rel;
  };
  for (Finding &F : Findings) {
    SideFinding SF;
    std::optional<std::string> Rel = Rename(F.Loc);
    for (RelatedNote &N : F.Notes) {
      Rename(N.Loc);
      N.Message = inRepository(N.Message, S.Dir, Names.root());
    }
    // A message that names the file (not analyzed: ...) names it in the
    // repository, not in the scratch copy.
    F.Message = inRepository(F.Message, S.Dir, Names.root());
    for (FixIt &X : F.FixIts)
      Rename(X.Loc);
    // A file renamed by the change is matched, and its hunks are, under
    // its new name.
    std::optional<std::string> NewName = Rel;
    if (Rel && !IsNew)
      if (auto It = Renamed.find(*Rel); It != Renamed.end()) {
        NewName = It->second;
        SF.File = Names.display(It->second);
      }
    if (Rel && F.Loc.Line) {
      if (auto It = S.Files.find(*Rel); It != S.Files.end())
        SF.LineKey = lineFingerprint(lineOf(It->second, F.Loc.Line));
      if (auto It = Hunks.find(*NewName); It != Hunks.end())
        for (size_t I = 0; I < It->second.size(); ++I) {
          const GitRepo::Hunk &H = It->second[I];
          unsigned Start = IsNew ? H.NewStart : H.OldStart;
          unsigned Count = IsNew ? H.NewCount : H.OldCount;
          if (F.Loc.Line >= Start && F.Loc.Line < Start + Count)
            SF.Hunk = int(I);
        }
    }
    SF.F = std::move(F);
    Out.push_back(std::move(SF));
  }
  return Out;
}

/// Kernels of both sides matched by file and name, then (a kernel that
/// moved) by name alone where one of that name is left on each side; with
/// the findings the change introduces, fixes and updates in each.
std::vector<KernelDiff> compareKernels(const Side &Old, const Side &New, const DiffReport &R,
                                       const PathNames &Names) {
  std::vector<int> Mate(Old.Kernels.size(), -1), NewMate(New.Kernels.size(), -1);
  for (size_t J = 0; J < New.Kernels.size(); ++J)
    for (size_t I = 0; I < Old.Kernels.size(); ++I)
      if (Mate[I] < 0 && Old.Kernels[I].Name == New.Kernels[J].Name &&
          Old.Kernels[I].File == New.Kernels[J].File) {
        Mate[I] = int(J);
        NewMate[J] = int(I);
        break;
      }
  StringMap<unsigned> OldLeft, NewLeft, Seen;
  for (size_t I = 0; I < Old.Kernels.size(); ++I) {
    ++Seen[Old.Kernels[I].Name];
    if (Mate[I] < 0)
      ++OldLeft[Old.Kernels[I].Name];
  }
  for (size_t J = 0; J < New.Kernels.size(); ++J) {
    if (NewMate[J] < 0)
      ++NewLeft[New.Kernels[J].Name];
  }
  for (size_t J = 0; J < New.Kernels.size(); ++J) {
    const std::string &Name = New.Kernels[J].Name;
    if (NewMate[J] >= 0 || NewLeft[Name] != 1 || OldLeft[Name] != 1)
      continue;
    for (size_t I = 0; I < Old.Kernels.size(); ++I)
      if (Mate[I] < 0 && Old.Kernels[I].Name == Name) {
        Mate[I] = int(J);
        NewMate[J] = int(I);
      }
  }
  auto Fill = [&](KernelDiff &D, const Side::Kernel &K, bool IsNew) {
    D.Name = K.Name;
    D.File = Names.display(K.File);
    (IsNew ? D.InNew : D.InOld) = true;
    (IsNew ? D.NewUs : D.OldUs) = K.Us;
    if (!K.GpuDisplay.empty()) {
      D.Gpu = K.Gpu;
      D.GpuDisplay = K.GpuDisplay;
    }
    if (!K.Us && D.Why.empty())
      D.Why = K.Why;
  };
  std::vector<KernelDiff> Out;
  for (size_t J = 0; J < New.Kernels.size(); ++J) {
    KernelDiff D;
    if (NewMate[J] >= 0)
      Fill(D, Old.Kernels[NewMate[J]], false);
    Fill(D, New.Kernels[J], true);
    Out.push_back(std::move(D));
  }
  for (size_t I = 0; I < Old.Kernels.size(); ++I)
    if (Mate[I] < 0) {
      KernelDiff D;
      Fill(D, Old.Kernels[I], false);
      Out.push_back(std::move(D));
    }
  StringMap<unsigned> NewSeen;
  for (const Side::Kernel &K : New.Kernels)
    ++NewSeen[K.Name];
  for (KernelDiff &D : Out) {
    // Two kernels of one name in a revision: each is named, and takes
    // findings, by its file.
    D.Qualified = Seen.lookup(D.Name) > 1 || NewSeen.lookup(D.Name) > 1;
    for (size_t I = 0; I < R.Findings.size(); ++I) {
      const MatchedFinding &M = R.Findings[I];
      if (M.F.Kernel != D.Name || M.F.Level == Severity::Note ||
          (D.Qualified && M.F.Loc.File != D.File))
        continue;
      if (M.State == BaselineState::New)
        D.Introduced.push_back(I);
      else if (M.State == BaselineState::Absent)
        D.Fixed.push_back(I);
      else if (M.State == BaselineState::Updated)
        D.Updated.push_back(I);
    }
  }
  llvm::stable_sort(Out, [](const KernelDiff &A, const KernelDiff &B) {
    return std::tie(A.Name, A.File) < std::tie(B.Name, B.File);
  });
  return Out;
}

/// The kernels the new revision could not analyze: those its not-analyzed
/// findings name, and every kernel the old revision had in a file it could
/// not analyze at all.
std::set<std::string> notAnalyzedKernels(const std::vector<FileResult> &Results, const Side &New,
                                         const Side &Old) {
  std::set<std::string> Out;
  for (size_t I = 0; I < Results.size(); ++I) {
    bool WholeFile = !Results[I].Error.empty();
    for (const Finding &F : Results[I].Findings)
      if (isNotAnalyzed(F)) {
        if (F.Kernel.empty())
          WholeFile = true;
        else
          Out.insert(F.Kernel);
      }
    if (WholeFile)
      for (const Side::Kernel &K : Old.Kernels)
        if (K.File == New.Checked[I])
          Out.insert(K.Name);
  }
  return Out;
}

/// True for what says that a revision did not analyze something: a file or
/// a kernel left out (tools/NotAnalyzed.h), a kernel whose analysis stopped
/// at its budget.
bool notCompared(const Finding &F) {
  return isNotAnalyzed(F) || F.Rule == "analysis-budget";
}

/// The compilation database of the repository at Root when -p is not given:
/// compile_commands.json at its top or in build/ under it, as clangd finds
/// one. Sets R.CompileCommands to where it came from, or to what was looked
/// for.
std::unique_ptr<clang::tooling::CompilationDatabase> findCompileCommands(StringRef Root,
                                                                         DiffReport &R) {
  SmallVector<std::string, 2> Looked;
  for (StringRef Sub : {"", "build"}) {
    SmallString<256> Dir(Root);
    if (!Sub.empty())
      sys::path::append(Dir, Sub);
    SmallString<256> File(Dir);
    sys::path::append(File, "compile_commands.json");
    Looked.push_back(File.str().str());
    if (!sys::fs::exists(File))
      continue;
    std::string Err;
    if (auto Db = clang::tooling::CompilationDatabase::loadFromDirectory(Dir, Err)) {
      R.CompileCommands = "compile commands from " + File.str().str() + " (-p names another)";
      return Db;
    }
    R.CompileCommands = File.str().str() + ": " + Err;
    return nullptr;
  }
  R.CompileCommands = "no compile_commands.json (looked for " + join(Looked, " and ") +
                      "): files are compiled with the flags after -- alone; -p BUILD_DIR "
                      "names a build directory";
  return nullptr;
}

/// Kernel K of File (from the top) and its predicted time on Gpu (--gpu).
Side::Kernel kernelEntry(const KernelFacts &K, StringRef Gpu, StringRef File) {
  Side::Kernel Entry;
  Entry.File = File.str();
  Entry.Name = K.Name;
  Expected<const GpuProfile *> G = selectGpu(Gpu, K.Arch);
  if (!G) {
    Entry.Why = toString(G.takeError());
  } else if (!*G) {
    Entry.Why = "no GPU to predict time on (--gpu)";
  } else {
    Entry.Gpu = (*G)->Name.str();
    Entry.GpuDisplay = (*G)->Display.str();
    if (Expected<TimeEstimate> T = kernelTime(K, **G))
      Entry.Us = T->Us;
    else
      Entry.Why = toString(T.takeError());
  }
  return Entry;
}

/// Reads both revisions' sources into Old and New, finds the .cu files the
/// change reaches (Affected), and puts each commit's files in a scratch
/// directory of Scratch (the working tree is read in place).
Error loadRevisions(const GitRepo &Repo, const DiffReport &R, Side &Old, Side &New,
                    std::vector<std::string> &Affected, std::vector<ScratchDir> &Scratch) {
  Expected<std::vector<std::string>> Changed = Repo.changedFiles(R.BaseCommit, R.HeadCommit);
  if (!Changed)
    return Changed.takeError();
  for (auto [S, Commit] : {std::pair<Side *, StringRef>{&Old, R.BaseCommit},
                           std::pair<Side *, StringRef>{&New, R.HeadCommit}}) {
    Expected<std::map<std::string, std::string>> Files = Repo.sourceFiles(Commit);
    if (!Files)
      return Files.takeError();
    S->Files = std::move(*Files);
    // The .cu files the change reaches, from either revision's includes.
    for (std::string &P : affectedSources(S->Files, *Changed))
      Affected.push_back(std::move(P));
    if (Commit.empty()) {
      S->Dir = Repo.root().str();
      continue;
    }
    Expected<ScratchDir> D = ScratchDir::create("warplint-diff");
    if (!D)
      return D.takeError();
    if (Error E = D->write(S->Files))
      return E;
    S->Dir = D->path().str();
    Scratch.push_back(std::move(*D));
  }
  llvm::sort(Affected);
  Affected.erase(std::unique(Affected.begin(), Affected.end()), Affected.end());
  return Error::success();
}

/// The exit code: 2 when the new revision could not be analyzed; with
/// --fail-on=new, 1 for a new warning or error or a kernel slower by more
/// than --slower-than; else 0.
int exitCode(const CommandLine &CL, const DiffReport &R, bool NewFailed) {
  if (NewFailed)
    return ExitToolError;
  if (CL.FailOn != "new")
    return ExitClean;
  bool NewFinding = any_of(R.Findings, [](const MatchedFinding &M) {
    return M.State == BaselineState::New && M.F.Level != Severity::Note;
  });
  return NewFinding || R.slowerThan(CL.SlowerThan) ? ExitFindings : ExitClean;
}

/// Gathers the findings of both revisions from Results (the old one's
/// files first), prints what could not be analyzed, and matches findings
/// and kernels into R. True when the new revision could not be analyzed.
Expected<bool> compareResults(const CommandLine &CL, const GitRepo &Repo,
                              std::vector<FileResult> Results, const Side &Old, const Side &New,
                              const PathNames &Names, DiffReport &R) {
  size_t OldCount = Old.Checked.size();
  std::vector<FileResult> OldResults(std::make_move_iterator(Results.begin()),
                                     std::make_move_iterator(Results.begin() + OldCount));
  std::vector<FileResult> NewResults(std::make_move_iterator(Results.begin() + OldCount),
                                     std::make_move_iterator(Results.end()));
  std::set<std::string> Unknown = notAnalyzedKernels(NewResults, New, Old);
  std::set<std::string> OldUnknown = notAnalyzedKernels(OldResults, Old, New);
  CheckedFiles OldChecked = gatherFindings(CL, OldResults, /*FileErrorsAsFindings=*/true);
  CheckedFiles NewChecked = gatherFindings(CL, NewResults, /*FileErrorsAsFindings=*/true);
  if (OldChecked.Failed)
    WithColor::warning(errs(), "warplint")
        << R.Base << ": not everything could be analyzed; what it could not is not "
        << "compared\n";
  Expected<std::map<std::string, std::vector<GitRepo::Hunk>>> Hunks =
      Repo.changedHunks(R.BaseCommit, R.HeadCommit);
  if (!Hunks)
    return Hunks.takeError();
  Expected<std::map<std::string, std::string>> Renamed =
      Repo.renamedFiles(R.BaseCommit, R.HeadCommit);
  if (!Renamed)
    return Renamed.takeError();
  std::vector<SideFinding> OldFindings =
      sideFindings(std::move(OldChecked.Findings), Old, Names, *Hunks, *Renamed, false);
  std::vector<SideFinding> NewFindings =
      sideFindings(std::move(NewChecked.Findings), New, Names, *Hunks, *Renamed, true);
  // What a revision could not analyze is said at the top, never matched (a
  // compile error of both would read as an unchanged finding).
  for (auto [Findings, InBase] : {std::pair{&OldFindings, true}, std::pair{&NewFindings, false}})
    llvm::erase_if(*Findings, [&, InBase = InBase](SideFinding &S) {
      if (!notCompared(S.F))
        return false;
      R.Failures.push_back({InBase, std::move(S.F)});
      return true;
    });
  R.Findings = matchFindings(std::move(OldFindings), std::move(NewFindings));
  // What the new revision could not analyze is not fixed by it.
  llvm::erase_if(R.Findings, [&](const MatchedFinding &M) {
    return M.State == BaselineState::Absent && Unknown.count(M.F.Kernel);
  });
  R.Kernels = compareKernels(Old, New, R, Names);
  // Nor removed by it; and what the old one could not analyze is not added.
  llvm::erase_if(R.Kernels, [&](const KernelDiff &K) {
    return (!K.InNew && Unknown.count(K.Name)) || (!K.InOld && OldUnknown.count(K.Name));
  });

  return NewChecked.Failed;
}

int fail(const Twine &Message) {
  WithColor::error(errs(), "warplint") << Message << "\n";
  return ExitToolError;
}

} // namespace

int runDiffCommand(const CommandLine &CL) {
  if (CL.Files.empty() || CL.Files.size() > 2)
    return fail("diff compares two revisions: warplint diff BASE [HEAD] (HEAD: the working "
                "tree when not given)");
  if (!CL.FailOn.empty() && CL.FailOn != "new")
    return fail("unknown --fail-on '" + CL.FailOn + "' (new)");
  if (CL.SlowerThan < 0)
    return fail("--slower-than takes a percentage of 0 or more");
  Expected<CheckOptions> Opts = checkOptions(CL);
  if (!Opts)
    return fail(toString(Opts.takeError()));
  Expected<GitRepo> Repo = GitRepo::open();
  if (!Repo)
    return fail(toString(Repo.takeError()));

  DiffReport R;
  R.Root = Repo->root().str();
  // The repository's top configuration says where its rule links go.
  R.DocsUrl = docsUrlFor(CL, *Opts, R.Root + "/.warplint.yaml");
  R.Base = CL.Files[0];
  R.Head = CL.Files.size() > 1 ? CL.Files[1] : "working tree";
  Expected<std::string> BaseCommit = Repo->resolve(R.Base);
  if (!BaseCommit && Repo->unbornHead(R.Base)) {
    // The first commit of a repository (the pre-commit hook's `diff HEAD`):
    // it starts from nothing, so everything in it is new.
    consumeError(BaseCommit.takeError());
    BaseCommit = Repo->emptyTree();
    if (BaseCommit)
      WithColor::note(errs(), "warplint")
          << R.Base << " has no commit yet: compared with the empty tree (everything is new)\n";
  }
  if (!BaseCommit)
    return fail(toString(BaseCommit.takeError()));
  R.BaseCommit = *BaseCommit;
  if (CL.Files.size() > 1) {
    Expected<std::string> HeadCommit = Repo->resolve(R.Head);
    if (!HeadCommit)
      return fail(toString(HeadCommit.takeError()));
    R.HeadCommit = *HeadCommit;
  }
  Side Old, New;
  std::vector<std::string> Affected;
  std::vector<ScratchDir> Scratch; // Removed as the command returns.
  if (Error E = loadRevisions(*Repo, R, Old, New, Affected, Scratch))
    return fail(toString(std::move(E)));
  // A copy's configuration is looked up inside the copy only (the working
  // tree's stops at its .git).
  for (const ScratchDir &D : Scratch)
    Opts->Configs->addRoot(D.path());

  Expected<InputSet> In = collectInputs(CL, /*RequireFiles=*/false);
  if (!In)
    return fail(toString(In.takeError()));
  In->Files.clear();
  if (CL.BuildDir.empty()) {
    In->Db = findCompileCommands(Repo->root(), R);
    WithColor::note(errs(), "warplint") << R.CompileCommands << "\n";
  }
  PathNames Names(Repo->root());
  for (Side *S : {&Old, &New})
    for (const std::string &P : Affected)
      if (S->Files.count(P)) {
        std::string Path = S->Dir + "/" + P;
        In->Files.push_back(Path);
        if (S->Dir != Repo->root()) // -p's command, and the copy's include paths.
          In->Copies[Path] = {Repo->root().str() + "/" + P, Repo->root().str(), S->Dir};
        S->Checked.push_back(P);
      }
  for (const std::string &P : Affected)
    R.Files.push_back(Names.display(P));

  size_t OldCount = Old.Checked.size();
  std::mutex Lock;
  std::vector<FileResult> Results =
      checkFiles(CL, *In, *Opts, [&](size_t File, const KernelFacts &K) {
        bool IsOld = File < OldCount;
        Side::Kernel Entry =
            kernelEntry(K, Opts->Gpu, (IsOld ? Old : New).Checked[IsOld ? File : File - OldCount]);
        std::lock_guard<std::mutex> Guard(Lock);
        (IsOld ? Old : New).Kernels.push_back(std::move(Entry));
      });
  // Kernels in the order of their files (the files ran in parallel).
  for (Side *S : {&Old, &New})
    std::stable_sort(S->Kernels.begin(), S->Kernels.end(),
                     [](const Side::Kernel &A, const Side::Kernel &B) { return A.File < B.File; });

  Expected<bool> NewFailed = compareResults(CL, *Repo, std::move(Results), Old, New, Names, R);
  if (!NewFailed)
    return fail(toString(NewFailed.takeError()));

  if (CL.Format == "json")
    outs() << formatv("{0:2}", diffJson(R)) << "\n";
  else if (CL.Format == "sarif")
    outs() << formatv("{0:2}", json::Value(diffSarif(R))) << "\n";
  else if (CL.Format == "markdown")
    printDiffMarkdown(outs(), R);
  else
    printDiffText(outs(), R);

  return exitCode(CL, R, *NewFailed);
}

} // namespace warplint
