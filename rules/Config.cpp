//===- Config.cpp - .warplint.yaml ----------------------------------------===//
#include "rules/Config.h"

#include "frontend/SourceFiles.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLParser.h"

using namespace llvm;

namespace warplint {

bool WarplintConfig::enabled(StringRef Id) const {
  bool On = Checks.decide(Id).value_or(true) && !Disabled.contains(Id);
  return CommandLineChecks.decide(Id).value_or(On);
}

RuleOptions WarplintConfig::optionsFor(StringRef Id) const {
  auto It = Rules.find(Id);
  return It == Rules.end() ? RuleOptions() : It->second;
}

namespace {

/// Walks the YAML document; the first error wins and names file, line and
/// column ("PATH:LINE:COL: error: ...").
class ConfigParser {
public:
  ConfigParser(StringRef Text, StringRef Path) : Path(Path.str()) {
    SM.AddNewSourceBuffer(MemoryBuffer::getMemBufferCopy(Text, Path), SMLoc());
    SM.setDiagHandler(onYamlError, this);
  }

  Expected<WarplintConfig> parse() {
    C.Path = Path;
    StringRef Text = SM.getMemoryBuffer(1)->getBuffer();
    // Syntax first, over the whole stream: a walk that stops at the first
    // wrong setting leaves the parser mid-document.
    {
      yaml::Stream Syntax(Text, SM, /*ShowColors=*/false);
      for (yaml::Document &D : Syntax)
        D.skip();
      if (Syntax.failed() && !Error)
        Error = Path + ": error: not valid YAML";
    }
    if (!Error) {
      Walking = true;
      yaml::Stream S(Text, SM, /*ShowColors=*/false);
      yaml::document_iterator Doc = S.begin();
      yaml::Node *Root = Doc != S.end() ? Doc->getRoot() : nullptr;
      if (Root && !isa<yaml::NullNode>(Root)) {
        if (auto *M = dyn_cast<yaml::MappingNode>(Root))
          top(*M);
        else
          fail(Root, "expected a mapping of 'arch', 'rules' and 'launch'");
      }
      if (!Error && ++Doc != S.end())
        fail(Doc->getRoot(), "expected one YAML document");
    }
    if (Error)
      return createStringError(inconvertibleErrorCode(), *Error);
    return std::move(C);
  }

private:
  static void onYamlError(const SMDiagnostic &D, void *Self) {
    auto &P = *static_cast<ConfigParser *>(Self);
    // Once the syntax is known good, the walk's own errors are the ones told.
    if (P.Error || P.Walking)
      return;
    P.Error = (P.Path + ":" + Twine(D.getLineNo()) + ":" + Twine(D.getColumnNo() + 1) +
               ": error: " + D.getMessage())
                  .str();
  }

  void fail(yaml::Node *N, const Twine &Msg) {
    if (Error)
      return;
    SMLoc Loc = N ? N->getSourceRange().Start : SMLoc();
    auto [Line, Col] = Loc.isValid() ? SM.getLineAndColumn(Loc) : std::pair<unsigned, unsigned>();
    Error = (Path + ":" + Twine(Line) + ":" + Twine(Col) + ": error: " + Msg).str();
  }

  std::optional<std::string> scalar(yaml::Node *N) {
    SmallString<32> Storage;
    if (auto *S = dyn_cast_or_null<yaml::ScalarNode>(N))
      return S->getValue(Storage).str();
    fail(N, "expected a value");
    return std::nullopt;
  }

  void top(yaml::MappingNode &M) {
    for (yaml::KeyValueNode &KV : M) {
      std::optional<std::string> Key = scalar(KV.getKey());
      if (!Key || Error)
        return;
      if (*Key == "arch") {
        if (std::optional<std::string> V = scalar(KV.getValue())) {
          if (Expected<const ArchProfile &> A = lookupArch(*V))
            C.Arch = *V;
          else
            fail(KV.getValue(), toString(A.takeError()));
        }
      } else if (*Key == "rules") {
        if (auto *R = dyn_cast_or_null<yaml::MappingNode>(KV.getValue()))
          rules(*R);
        else
          fail(KV.getValue(), "'rules' must map rule IDs to settings");
      } else if (*Key == "launch") {
        if (auto *L = dyn_cast_or_null<yaml::MappingNode>(KV.getValue()))
          launch(*L);
        else
          fail(KV.getValue(), "'launch' must be a mapping of grid, block and args");
      } else if (*Key == "checks") {
        checks(KV.getValue());
      } else if (*Key == "partial-ok") {
        if (std::optional<std::string> V = scalar(KV.getValue())) {
          if (*V == "true" || *V == "false")
            C.PartialOk = *V == "true";
          else
            fail(KV.getValue(), "'partial-ok' must be true or false");
        }
      } else if (*Key == "docs-url") {
        if (std::optional<std::string> V = scalar(KV.getValue())) {
          if (V->empty())
            fail(KV.getValue(), "'docs-url' must be a URL");
          else
            C.DocsUrl = *V;
        }
      } else {
        fail(KV.getKey(), "unknown key '" + *Key +
                              "' (arch, checks, rules, launch, partial-ok, docs-url)");
      }
    }
  }

  /// `checks: '-*,shared-*'`, or a list of globs.
  void checks(yaml::Node *N) {
    std::string Text;
    if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N)) {
      for (yaml::Node &E : *Seq) {
        std::optional<std::string> V = scalar(&E);
        if (!V)
          return;
        Text += (Text.empty() ? "" : ",") + *V;
      }
    } else if (std::optional<std::string> V = scalar(N)) {
      Text = *V;
    } else {
      return;
    }
    Expected<CheckGlobs> G = CheckGlobs::parse(Text, "'checks'");
    if (!G)
      return fail(N, toString(G.takeError()));
    C.Checks = std::move(*G);
  }

  void rules(yaml::MappingNode &M) {
    for (yaml::KeyValueNode &KV : M) {
      std::optional<std::string> Id = scalar(KV.getKey());
      if (!Id || Error)
        return;
      if (!findRule(*Id))
        return fail(KV.getKey(), "unknown rule '" + *Id + "'");
      StringMap<std::string> Values;
      if (auto *S = dyn_cast_or_null<yaml::ScalarNode>(KV.getValue())) {
        SmallString<16> Storage;
        StringRef V = S->getValue(Storage);
        if (V == "off" || V == "false")
          C.Disabled.insert(*Id);
        else if (V == "on" || V == "true")
          C.Disabled.erase(*Id);
        else if (parseSeverity(V))
          Values["severity"] = V.str();
        else
          return fail(S, "expected off, on, note, warning, error or a mapping");
      } else if (auto *O = dyn_cast_or_null<yaml::MappingNode>(KV.getValue())) {
        for (yaml::KeyValueNode &Opt : *O) {
          std::optional<std::string> K = scalar(Opt.getKey()), V = scalar(Opt.getValue());
          if (!K || !V)
            return;
          if (*K == "severity" && !parseSeverity(*V))
            return fail(Opt.getValue(), "severity must be note, warning or error");
          double Number;
          if (*K == "threshold" && (!to_float(*V, Number) || !(Number >= 0)))
            return fail(Opt.getValue(), "threshold must be a number of 0 or more");
          if (*K == "enabled") {
            if (*V == "false" || *V == "off")
              C.Disabled.insert(*Id);
            continue;
          }
          Values[*K] = *V;
        }
      } else {
        return fail(KV.getValue(), "expected a setting for rule '" + *Id + "'");
      }
      C.Rules[*Id] = RuleOptions(std::move(Values));
    }
  }

  std::optional<Dim3> dims(yaml::Node *N) {
    std::string Text;
    if (auto *Seq = dyn_cast_or_null<yaml::SequenceNode>(N)) {
      for (yaml::Node &E : *Seq) {
        std::optional<std::string> V = scalar(&E);
        if (!V)
          return std::nullopt;
        Text += (Text.empty() ? "" : ",") + *V;
      }
    } else if (std::optional<std::string> V = scalar(N)) {
      Text = *V;
    }
    Expected<Dim3> D = parseDim3(Text);
    if (!D) {
      fail(N, toString(D.takeError()));
      return std::nullopt;
    }
    return *D;
  }

  void launch(yaml::MappingNode &M) {
    LaunchEntry E;
    E.Source = "config " + Path;
    for (yaml::KeyValueNode &KV : M) {
      std::optional<std::string> Key = scalar(KV.getKey());
      if (!Key || Error)
        return;
      if (*Key == "grid" || *Key == "block") {
        std::optional<Dim3> D = dims(KV.getValue());
        if (!D)
          return;
        (*Key == "grid" ? E.Grid : E.Block) = *D;
      } else if (*Key == "args") {
        auto *A = dyn_cast_or_null<yaml::MappingNode>(KV.getValue());
        if (!A)
          return fail(KV.getValue(), "'args' must map argument names to integers");
        for (yaml::KeyValueNode &Arg : *A) {
          std::optional<std::string> K = scalar(Arg.getKey()), V = scalar(Arg.getValue());
          if (!K || !V)
            return;
          if (llvm::Error Err = parseArgAssignment(*K + "=" + *V, E.Args))
            return fail(Arg.getValue(), toString(std::move(Err)));
        }
      } else if (*Key == "shared_bytes") {
        std::optional<std::string> V = scalar(KV.getValue());
        uint64_t N;
        if (!V)
          return;
        if (StringRef(*V).getAsInteger(0, N))
          return fail(KV.getValue(), "'shared_bytes' must be a non-negative integer");
        E.SharedBytes = N;
      } else {
        return fail(KV.getKey(), "unknown launch key '" + *Key +
                                     "' (grid, block, args, shared_bytes)");
      }
    }
    C.Launch = std::move(E);
  }

  std::string Path;
  SourceMgr SM;
  WarplintConfig C;
  std::optional<std::string> Error;
  bool Walking = false; ///< The syntax check is over.
};

} // namespace

Expected<WarplintConfig> parseConfig(StringRef Text, StringRef Path) {
  return ConfigParser(Text, Path).parse();
}

Expected<WarplintConfig> loadConfig(StringRef Path) {
  // (A FIFO or /dev/zero committed as .warplint.yaml is not read.)
  if (std::optional<SourceReadError> P = sourceReadProblem(Path))
    return createStringError(make_error_code(*P), "%s: cannot read configuration: %s",
                             Path.str().c_str(), make_error_code(*P).message().c_str());
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(Path);
  if (!Buf)
    return createStringError(Buf.getError(), "%s: cannot read configuration: %s",
                             Path.str().c_str(), Buf.getError().message().c_str());
  return parseConfig((*Buf)->getBuffer(), Path);
}

namespace {

/// The directory of SourceFile, absolute.
SmallString<256> directoryOf(StringRef SourceFile) {
  SmallString<256> Dir(SourceFile);
  sys::fs::make_absolute(Dir);
  sys::path::remove_filename(Dir);
  sys::path::remove_dots(Dir, /*remove_dot_dot=*/true);
  return Dir;
}

/// The configuration file in Dir, if it has one.
std::optional<std::string> configIn(StringRef Dir) {
  SmallString<256> Candidate(Dir);
  sys::path::append(Candidate, ".warplint.yaml");
  if (sys::fs::exists(Candidate))
    return Candidate.str().str();
  return std::nullopt;
}

/// True when Dir holds a .git entry (a directory, or the file of a worktree
/// or submodule): the top of a git repository.
bool isRepositoryTop(StringRef Dir) {
  SmallString<256> Git(Dir);
  sys::path::append(Git, ".git");
  return sys::fs::exists(Git);
}

} // namespace

void ConfigCache::addRoot(StringRef Dir) {
  SmallString<256> D(Dir);
  sys::fs::make_absolute(D);
  sys::path::remove_dots(D, /*remove_dot_dot=*/true);
  while (D.size() > 1 && sys::path::is_separator(D.back()))
    D.pop_back();
  std::lock_guard<std::mutex> Guard(Lock);
  Roots.insert(D);
}

std::string ConfigCache::nearest(StringRef Start) {
  SmallVector<std::string, 8> Walked;
  std::string Found;
  for (SmallString<256> Dir(Start); !Dir.empty();) {
    if (auto It = NearestIn.find(Dir); It != NearestIn.end()) {
      Found = It->second;
      break;
    }
    Walked.push_back(Dir.str().str());
    if (std::optional<std::string> Here = configIn(Dir)) {
      Found = *Here;
      break;
    }
    // The top of a repository, or of a copy of one: what is above is not
    // the project's (another user's /tmp/.warplint.yaml).
    if (Roots.contains(Dir) || isRepositoryTop(Dir))
      break;
    // The parent is a prefix of Dir: assigning it to Dir would copy Dir's
    // buffer onto itself (LLVM's assertions reject that).
    size_t ParentSize = sys::path::parent_path(Dir).size();
    if (ParentSize == Dir.size())
      break;
    Dir.truncate(ParentSize);
  }
  for (const std::string &D : Walked)
    NearestIn[D] = Found;
  return Found;
}

Expected<std::shared_ptr<const WarplintConfig>> ConfigCache::load(StringRef Path) {
  sys::fs::file_status Status;
  if (std::error_code EC = sys::fs::status(Path, Status))
    return createStringError(EC, "%s: cannot read configuration: %s", Path.str().c_str(),
                             EC.message().c_str());
  Parsed &P = Files[Path];
  bool Fresh = (P.Config || !P.Error.empty()) &&
               P.Modified == Status.getLastModificationTime() && P.Size == Status.getSize();
  if (!Fresh) {
    ++Parses;
    P = Parsed{Status.getLastModificationTime(), Status.getSize(), nullptr, ""};
    Expected<WarplintConfig> C = loadConfig(Path);
    if (C)
      P.Config = std::make_shared<const WarplintConfig>(std::move(*C));
    else
      P.Error = toString(C.takeError());
  }
  if (!P.Error.empty())
    return createStringError(inconvertibleErrorCode(), "%s", P.Error.c_str());
  return P.Config;
}

Expected<std::shared_ptr<const WarplintConfig>> ConfigCache::forFile(StringRef SourceFile,
                                                                     StringRef Explicit) {
  std::lock_guard<std::mutex> Guard(Lock);
  std::string Path = Explicit.empty() ? nearest(directoryOf(SourceFile)) : Explicit.str();
  if (Path.empty())
    return Defaults;
  return load(Path);
}

unsigned ConfigCache::parses() const {
  std::lock_guard<std::mutex> Guard(Lock);
  return Parses;
}

} // namespace warplint
