//===- GitRevision.cpp - Files of a git revision, for `diff` --------------===//
#include "tools/GitRevision.h"

#include "frontend/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <optional>

using namespace llvm;

namespace warplint {

namespace {

Error failure(const Twine &Message) {
  return createStringError(inconvertibleErrorCode(), "%s", Message.str().c_str());
}

/// A temporary file removed when this goes.
struct TempFile {
  SmallString<128> Path;
  ~TempFile() {
    if (!Path.empty())
      sys::fs::remove(Path);
  }
};

Expected<std::string> readAll(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> B =
      MemoryBuffer::getFile(Path, /*IsText=*/false, /*RequiresNullTerminator=*/false);
  if (!B)
    return failure(Path + ": " + B.getError().message());
  return (*B)->getBuffer().str();
}

/// Splits git's NUL-separated output (-z).
std::vector<std::string> splitNul(StringRef Out) {
  SmallVector<StringRef, 32> Parts;
  Out.split(Parts, '\0', -1, /*KeepEmpty=*/false);
  return std::vector<std::string>(Parts.begin(), Parts.end());
}

bool isConfigFile(StringRef Path) {
  StringRef Name = sys::path::filename(Path);
  return Name == ".warplint.yaml" || Name == ".warplint.yml";
}

/// The included names of Text's #include lines.
std::vector<std::string> includedNames(StringRef Text) {
  std::vector<std::string> Out;
  SmallVector<StringRef, 64> Lines;
  Text.split(Lines, '\n');
  for (StringRef L : Lines) {
    L = L.ltrim();
    if (!L.consume_front("#"))
      continue;
    L = L.ltrim();
    if (!L.consume_front("include"))
      continue;
    L = L.ltrim();
    if (L.empty() || (L.front() != '"' && L.front() != '<'))
      continue;
    char Close = L.front() == '"' ? '"' : '>';
    size_t End = L.find(Close, 1);
    if (End != StringRef::npos && End > 1)
      Out.push_back(L.slice(1, End).str());
  }
  return Out;
}

/// Path with "." and ".." folded, '/'-separated.
std::string normalized(StringRef Path) {
  SmallString<256> P(Path);
  sys::path::remove_dots(P, /*remove_dot_dot=*/true, sys::path::Style::posix);
  return P.str().str();
}

/// Name as an error quotes it: in single quotes, with control characters,
/// quotes and backslashes escaped (a name can hold a newline).
std::string quotedName(StringRef Name) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << '\'';
  printEscapedString(Name, OS);
  OS << '\'';
  return Out;
}

/// Why Path, relative to a directory, would not name a file inside it:
/// empty, absolute, with an empty, "." or ".." component; "" when it is
/// safe to write.
std::string unsafePath(StringRef Path) {
  if (Path.empty())
    return "an empty path";
  if (Path.starts_with("/"))
    return "an absolute path would leave the scratch copy";
  SmallVector<StringRef, 8> Parts;
  Path.split(Parts, '/');
  for (StringRef P : Parts) {
    if (P == "..")
      return "a '..' component would leave the scratch copy";
    if (P.empty() || P == ".")
      return "an empty or '.' component";
  }
  return "";
}

/// The file of Files that the link Link (path from the top) leads to,
/// through other links of Links (link -> target text) up to 8 deep; none
/// when it leads out of the tree, to an absolute path or to no such file.
std::optional<std::string> linkTarget(StringRef Link, const std::map<std::string, std::string> &Links,
                                      const std::map<std::string, std::string> &Files) {
  std::string At = Link.str();
  for (unsigned Hop = 0; Hop < 8; ++Hop) {
    StringRef Target = Links.at(At);
    if (Target.empty() || Target.starts_with("/"))
      return std::nullopt;
    StringRef Dir = sys::path::parent_path(At, sys::path::Style::posix);
    std::string Next = normalized(Dir.empty() ? Target.str() : (Dir + "/" + Target).str());
    if (Next == ".." || StringRef(Next).starts_with("../") || !unsafePath(Next).empty())
      return std::nullopt;
    if (Files.count(Next))
      return Next;
    if (!Links.count(Next))
      return std::nullopt;
    At = std::move(Next);
  }
  return std::nullopt;
}

} // namespace

bool isCudaSource(StringRef Path) { return Path.ends_with(".cu"); }

bool isCudaRelevant(StringRef Path) {
  StringRef Ext = sys::path::extension(Path);
  return Ext == ".cu" || Ext == ".cuh" || Ext == ".h" || Ext == ".hh" || Ext == ".hpp" ||
         Ext == ".hxx" || Ext == ".inl" || Ext == ".inc" || Ext == ".ipp" || Ext == ".tcc";
}

Expected<GitRepo> GitRepo::open() {
  GitRepo R;
  ErrorOr<std::string> Git = sys::findProgramByName("git");
  if (!Git)
    return failure("git not found on PATH (warplint diff runs it)");
  R.Git = *Git;
  SmallString<256> Cwd;
  if (std::error_code EC = sys::fs::current_path(Cwd))
    return failure("cannot read the current directory: " + EC.message());
  R.Root = Cwd.str().str();
  Expected<std::string> Top = R.git({"rev-parse", "--show-toplevel"});
  if (!Top) {
    std::string Why = toString(Top.takeError());
    // Another refusal (an unsafe owner, a broken .git) says what git said.
    if (!StringRef(Why).contains("not a git repository"))
      return failure(Cwd + ": " + Why);
    return failure(Cwd + " is not in a git repository (warplint diff compares two "
                         "revisions of one)");
  }
  R.Root = StringRef(*Top).rtrim("\r\n").str();
  return R;
}

Expected<std::string> GitRepo::git(ArrayRef<StringRef> Args, StringRef Input) const {
  TempFile Out, Err, In;
  if (std::error_code EC = sys::fs::createTemporaryFile("warplint-git", "out", Out.Path))
    return failure("cannot create a temporary file: " + EC.message());
  if (std::error_code EC = sys::fs::createTemporaryFile("warplint-git", "err", Err.Path))
    return failure("cannot create a temporary file: " + EC.message());
  if (!Input.empty()) {
    int FD;
    if (std::error_code EC = sys::fs::createTemporaryFile("warplint-git", "in", FD, In.Path))
      return failure("cannot create a temporary file: " + EC.message());
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Input;
  }
  std::vector<StringRef> Argv{"git", "-C", Root};
  Argv.insert(Argv.end(), Args.begin(), Args.end());
  std::optional<StringRef> Redirects[] = {Input.empty() ? std::optional<StringRef>(StringRef())
                                                        : StringRef(In.Path),
                                          StringRef(Out.Path), StringRef(Err.Path)};
  std::string ErrMsg;
  int Rc = sys::ExecuteAndWait(Git, Argv, std::nullopt, Redirects, 0, 0, &ErrMsg);
  if (Rc < 0)
    return failure("cannot run git: " + ErrMsg);
  if (Rc != 0) {
    Expected<std::string> Text = readAll(Err.Path);
    std::string Why = Text ? StringRef(*Text).trim().str() : toString(Text.takeError());
    return failure("git " + Args.front() + " failed: " + Why);
  }
  return readAll(Out.Path);
}

Expected<std::string> GitRepo::resolve(StringRef Rev) const {
  if (Rev.empty() || Rev.starts_with("-"))
    return failure("unknown revision '" + Rev + "'");
  Expected<std::string> Hash = git({"rev-parse", "--verify", "--quiet", (Rev + "^{commit}").str()});
  if (!Hash) {
    consumeError(Hash.takeError());
    return failure("unknown revision '" + Rev + "' (not a commit of the repository at " + Root +
                   ")");
  }
  return StringRef(*Hash).trim().str();
}

bool GitRepo::unbornHead(StringRef Rev) const {
  Expected<std::string> Branch = git({"symbolic-ref", "-q", "HEAD"});
  if (!Branch) {
    consumeError(Branch.takeError()); // A detached HEAD is a commit.
    return false;
  }
  StringRef Name = StringRef(*Branch).trim();
  if (Rev != "HEAD" && Rev != "@" && Name != Rev && Name != ("refs/heads/" + Rev).str())
    return false;
  Expected<std::string> Hash = git({"rev-parse", "--verify", "--quiet", "HEAD^{commit}"});
  if (Hash)
    return false;
  consumeError(Hash.takeError());
  return true;
}

Expected<std::string> GitRepo::emptyTree() const {
  // From empty input, in the repository's hash (SHA-1 or SHA-256).
  Expected<std::string> Hash = git({"hash-object", "-t", "tree", "--stdin"});
  if (!Hash)
    return Hash.takeError();
  return StringRef(*Hash).trim().str();
}

Expected<std::vector<std::string>> GitRepo::changedFiles(StringRef Base, StringRef Head) const {
  std::vector<StringRef> Args{"diff", "--name-only", "-z", "--no-renames", Base};
  if (!Head.empty())
    Args.push_back(Head);
  Expected<std::string> Diff = git(Args);
  if (!Diff)
    return Diff.takeError();
  std::vector<std::string> Files = splitNul(*Diff);
  if (Head.empty()) {
    Expected<std::string> New = git({"ls-files", "-z", "--others", "--exclude-standard"});
    if (!New)
      return New.takeError();
    for (std::string &F : splitNul(*New))
      Files.push_back(std::move(F));
  }
  return Files;
}

Expected<std::map<std::string, std::string>> GitRepo::renamedFiles(StringRef Base,
                                                                   StringRef Head) const {
  std::vector<StringRef> Args{"diff", "--name-status", "-z", "-M", Base};
  if (!Head.empty())
    Args.push_back(Head);
  Expected<std::string> Diff = git(Args);
  if (!Diff)
    return Diff.takeError();
  // "STATUS\0PATH\0", or "R<score>\0OLD\0NEW\0" (C<score> likewise).
  std::vector<std::string> Fields = splitNul(*Diff);
  std::map<std::string, std::string> Out;
  for (size_t I = 0; I < Fields.size(); ++I) {
    StringRef Status = Fields[I];
    bool TwoPaths = Status.starts_with("R") || Status.starts_with("C");
    if (TwoPaths && I + 2 < Fields.size() && Status.starts_with("R"))
      Out[Fields[I + 1]] = Fields[I + 2];
    I += TwoPaths ? 2 : 1;
  }
  return Out;
}

Expected<std::map<std::string, std::vector<GitRepo::Hunk>>>
GitRepo::changedHunks(StringRef Base, StringRef Head) const {
  std::vector<StringRef> Args{"diff", "-U0", "-M", "--no-color", "--no-ext-diff", Base};
  if (!Head.empty())
    Args.push_back(Head);
  Expected<std::string> Diff = git(Args);
  if (!Diff)
    return Diff.takeError();
  std::map<std::string, std::vector<Hunk>> Out;
  std::vector<Hunk> *Current = nullptr;
  // "start[,count]"; a missing count is 1.
  auto Range = [](StringRef R, unsigned &Start, unsigned &Count) {
    auto [First, Second] = R.split(',');
    if (First.getAsInteger(10, Start))
      return false;
    Count = 1;
    return Second.empty() || !Second.getAsInteger(10, Count);
  };
  SmallVector<StringRef, 0> Lines;
  StringRef(*Diff).split(Lines, '\n');
  for (StringRef L : Lines) {
    if (L.consume_front("+++ ")) {
      // "b/PATH", or /dev/null for a deleted file (its "--- a/PATH" had it).
      Current = L.consume_front("b/") ? &Out[L.str()] : Current;
      continue;
    }
    if (L.consume_front("--- ")) {
      Current = L.consume_front("a/") ? &Out[L.str()] : nullptr;
      continue;
    }
    if (!Current || !L.consume_front("@@ -"))
      continue;
    auto [Old, Rest] = L.split(" +");
    StringRef New = Rest.split(" @@").first;
    Hunk H;
    if (Range(Old, H.OldStart, H.OldCount) && Range(New, H.NewStart, H.NewCount))
      Current->push_back(H);
  }
  return Out;
}

/// The text that stands for a file of the revision that is not read (not a
/// regular file, or too large): it, and every file that includes it, fails
/// to compile, saying why at its first line.
static std::string unreadableStandIn(StringRef Path, std::error_code Why) {
  std::string Name;
  for (char C : Path)
    Name += (C == '"' || C == '\\' || !isPrint(C)) ? '?' : C;
  return "#error \"" + Name + ": " + Why.message() + "\"\n";
}

Expected<std::map<std::string, std::string>> GitRepo::sourceFiles(StringRef Rev) const {
  std::map<std::string, std::string> Files;
  auto Wanted = [](StringRef P) { return isCudaRelevant(P) || isConfigFile(P); };
  if (Rev.empty()) {
    Expected<std::string> List =
        git({"ls-files", "-z", "--cached", "--others", "--exclude-standard"});
    if (!List)
      return List.takeError();
    for (const std::string &P : splitNul(*List)) {
      if (!Wanted(P) || Files.count(P))
        continue;
      // Regular files of a bounded size only (frontend/SourceFiles.h): a
      // committed symlink to /dev/zero or a FIFO is not read.
      Expected<std::unique_ptr<MemoryBuffer>> Text = readSourceFile(Root + "/" + P);
      if (!Text) {
        std::error_code EC = errorToErrorCode(Text.takeError());
        if (EC.category() != sourceReadCategory() || isConfigFile(P))
          continue; // Deleted in the working tree (or a configuration not read).
        Files[P] = unreadableStandIn(P, EC);
        continue;
      }
      Files[P] = (*Text)->getBuffer().str();
    }
    return Files;
  }
  Expected<std::string> Tree = git({"ls-tree", "-r", "-z", "-l", "--full-tree", Rev});
  if (!Tree)
    return Tree.takeError();
  // "MODE TYPE HASH SIZE\tPATH" entries (SIZE padded with spaces). Every
  // path must stay under the top when written out (a crafted tree can hold
  // "..", "" or "a/b" as a name), and none may pass through a symbolic link
  // of the tree.
  struct Entry {
    std::string Hash, Path;
    bool Link;
    uint64_t Size;
  };
  std::vector<Entry> Entries;
  StringSet<> Links;
  for (StringRef Line : splitNul(*Tree)) {
    auto [Meta, Path] = Line.split('\t');
    SmallVector<StringRef, 4> Fields;
    Meta.split(Fields, ' ', /*MaxSplit=*/-1, /*KeepEmpty=*/false);
    uint64_t Size = 0;
    if (Fields.size() != 4 || (Fields[1] == "blob" && Fields[3].getAsInteger(10, Size)))
      return failure("git ls-tree: unexpected output for " + quotedName(Line));
    if (std::string Why = unsafePath(Path); !Why.empty())
      return failure("commit " + Rev.take_front(12) + ": tree entry " + quotedName(Path) +
                     " is refused: " + Why + "; nothing was written");
    if (Fields[1] != "blob")
      continue; // A submodule's commit.
    bool Link = Fields[0] == "120000";
    if (Link)
      Links.insert(Path);
    Entries.push_back({Fields[2].str(), Path.str(), Link, Size});
  }
  for (const Entry &E : Entries)
    for (StringRef Dir = sys::path::parent_path(E.Path, sys::path::Style::posix); !Dir.empty();
         Dir = sys::path::parent_path(Dir, sys::path::Style::posix))
      if (Links.contains(Dir))
        return failure("commit " + Rev.take_front(12) + ": tree entry " + quotedName(E.Path) +
                       " is refused: it lies under the symbolic link " + quotedName(Dir) +
                       " of the revision; nothing was written");
  // The texts of the files wanted and of the links to them, in one `git
  // cat-file --batch`.
  std::vector<const Entry *> Wants;
  std::string Request;
  for (const Entry &E : Entries) {
    if (!Wanted(E.Path))
      continue;
    // A blob too large to read as source (a committed header of zeros is a
    // small repository) is never read: what includes it says why.
    if (E.Size > MaxSourceFileBytes) {
      if (!E.Link && !isConfigFile(E.Path))
        Files[E.Path] = unreadableStandIn(E.Path, make_error_code(SourceReadError::TooLarge));
      continue;
    }
    Wants.push_back(&E);
    Request += E.Hash + "\n";
  }
  if (Wants.empty())
    return Files;
  Expected<std::string> Batch = git({"cat-file", "--batch"}, Request);
  if (!Batch)
    return Batch.takeError();
  StringRef Rest = *Batch;
  std::map<std::string, std::string> LinkTargets; // Link -> the path it holds.
  for (const Entry *E : Wants) {
    auto [Header, After] = Rest.split('\n');
    SmallVector<StringRef, 3> Fields;
    Header.split(Fields, ' ');
    uint64_t Size;
    if (Fields.size() != 3 || Fields[0] != E->Hash || Fields[2].getAsInteger(10, Size) ||
        After.size() < Size)
      return failure("git cat-file: unexpected output for " + quotedName(E->Path));
    (E->Link ? LinkTargets : Files)[E->Path] = After.take_front(Size).str();
    Rest = After.drop_front(Size);
    Rest.consume_front("\n");
  }
  // A link is never written as a link (nor followed on disk): one to a file
  // of the revision gets that file's text; one that leads elsewhere (out of
  // the tree, absolute, to a file not read) is left out.
  std::map<std::string, std::string> Resolved;
  for (const auto &[Link, Target] : LinkTargets)
    if (std::optional<std::string> To = linkTarget(Link, LinkTargets, Files))
      Resolved[Link] = Files.at(*To);
  Files.insert(Resolved.begin(), Resolved.end());
  return Files;
}

std::vector<std::string> affectedSources(const std::map<std::string, std::string> &Files,
                                         ArrayRef<std::string> Changed) {
  // Who includes whom, by the resolved name of the included file.
  std::map<std::string, std::vector<std::string>> IncludedBy;
  for (const auto &[Path, Text] : Files) {
    StringRef Dir = sys::path::parent_path(Path, sys::path::Style::posix);
    for (const std::string &Name : includedNames(Text)) {
      std::string Next = normalized(Dir.empty() ? Name : (Dir + "/" + Name).str());
      if (!Files.count(Next)) {
        Next = normalized(Name);
        if (!Files.count(Next)) {
          // An include path: the file whose path ends in "/Name".
          Next.clear();
          std::string Tail = "/" + normalized(Name);
          for (const auto &KV : Files)
            if (StringRef(KV.first).ends_with(Tail)) {
              Next = KV.first;
              break;
            }
        }
      }
      if (!Next.empty() && Next != Path)
        IncludedBy[Next].push_back(Path);
    }
  }
  StringSet<> Seen;
  std::deque<std::string> Work;
  for (const std::string &C : Changed) {
    if (isCudaRelevant(C) && Seen.insert(C).second)
      Work.push_back(C);
    // A configuration applies to every .cu under its directory (the nearest
    // one wins: those under another are compared and come out unchanged).
    if (isConfigFile(C)) {
      StringRef Dir = sys::path::parent_path(C, sys::path::Style::posix);
      for (const auto &KV : Files)
        if (isCudaSource(KV.first) &&
            (Dir.empty() || StringRef(KV.first).starts_with((Dir + "/").str())) &&
            Seen.insert(KV.first).second)
          Work.push_back(KV.first);
    }
  }
  std::vector<std::string> Out;
  while (!Work.empty()) {
    std::string P = std::move(Work.front());
    Work.pop_front();
    if (isCudaSource(P))
      Out.push_back(P);
    auto It = IncludedBy.find(P);
    if (It == IncludedBy.end())
      continue;
    for (const std::string &By : It->second)
      if (Seen.insert(By).second)
        Work.push_back(By);
  }
  llvm::sort(Out);
  return Out;
}

Expected<ScratchDir> ScratchDir::create(StringRef Prefix) {
  SmallString<128> Path;
  if (std::error_code EC = sys::fs::createUniqueDirectory(Prefix, Path))
    return failure("cannot create a temporary directory: " + EC.message());
  // Its owner's alone (createUniqueDirectory leaves it to the umask).
  if (std::error_code EC = sys::fs::setPermissions(Path, sys::fs::owner_all)) {
    sys::fs::remove(Path);
    return failure(Path + ": " + EC.message());
  }
  SmallString<128> Real;
  if (!sys::fs::real_path(Path, Real))
    Path = Real;
  return ScratchDir(Path.str().str());
}

ScratchDir::~ScratchDir() {
  if (!Path.empty())
    sys::fs::remove_directories(Path, /*IgnoreErrors=*/true);
}

Error ScratchDir::write(const std::map<std::string, std::string> &Files) const {
  for (const auto &[Rel, Text] : Files) {
    if (std::string Why = unsafePath(Rel); !Why.empty())
      return failure(quotedName(Rel) + " is not written: " + Why);
    // Each directory is made here, one component at a time, and must be a
    // directory (never a link to one); the file is created new (O_EXCL: an
    // entry already there, a link included, is an error, never followed).
    std::string Full = Path;
    SmallVector<StringRef, 8> Parts;
    StringRef(Rel).split(Parts, '/');
    for (size_t I = 0; I + 1 < Parts.size(); ++I) {
      Full += "/" + Parts[I].str();
      if (std::error_code EC = sys::fs::create_directory(Full, /*IgnoreExisting=*/true))
        return failure(quotedName(Full) + ": " + EC.message());
      sys::fs::file_status St;
      if (std::error_code EC = sys::fs::status(Full, St, /*Follow=*/false))
        return failure(quotedName(Full) + ": " + EC.message());
      if (St.type() != sys::fs::file_type::directory_file)
        return failure(quotedName(Rel) + " is not written: " + quotedName(Full) +
                       " is not a directory");
    }
    Full += "/" + Parts.back().str();
    int FD;
    if (std::error_code EC = sys::fs::openFileForWrite(Full, FD, sys::fs::CD_CreateNew))
      return failure(quotedName(Full) + ": " + EC.message());
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      return failure(quotedName(Full) + ": " + EC.message());
    }
  }
  return Error::success();
}

} // namespace warplint
