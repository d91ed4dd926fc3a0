//===- TritonMetadata.cpp - What a Triton cache says about its PTX --------===//
#include "frontend/ptx/TritonMetadata.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace llvm;

namespace warplint {

namespace {

/// The change of bracket depth at Text[I], string literals skipped: InString
/// carries their state, and I steps past an escaped character. The '>' of
/// '->' in a type is not a bracket.
int depthStep(StringRef Text, size_t &I, bool &InString) {
  char C = Text[I];
  if (InString) {
    if (C == '\\')
      ++I;
    else if (C == '"')
      InString = false;
    return 0;
  }
  if (C == '"')
    InString = true;
  else if (C == '(' || C == '<' || C == '{' || C == '[')
    return 1;
  else if ((C == ')' || C == '>' || C == '}' || C == ']') && !(C == '>' && I && Text[I - 1] == '-'))
    return -1;
  return 0;
}

/// The text between the '(' at Open and its matching ')', or none.
std::optional<StringRef> balanced(StringRef Text, size_t Open) {
  int Depth = 0;
  bool InString = false;
  for (size_t I = Open; I < Text.size(); ++I) {
    int Step = depthStep(Text, I, InString);
    Depth += Step;
    if (Step < 0 && Depth == 0)
      return Text.slice(Open + 1, I);
  }
  return std::nullopt;
}

/// Splits a signature at its top-level commas.
std::vector<StringRef> topLevelItems(StringRef Sig) {
  std::vector<StringRef> Out;
  int Depth = 0;
  bool InString = false;
  size_t Start = 0;
  for (size_t I = 0; I < Sig.size(); ++I) {
    bool WasInString = InString;
    int Step = depthStep(Sig, I, InString);
    Depth += Step;
    if (!WasInString && !Step && Sig[I] == ',' && Depth == 0) {
      Out.push_back(Sig.slice(Start, I).trim());
      Start = I + 1;
    }
  }
  if (!Sig.slice(Start, Sig.size()).trim().empty())
    Out.push_back(Sig.slice(Start, Sig.size()).trim());
  return Out;
}

bool isIdentifier(StringRef S) {
  return !S.empty() && (isAlpha(S[0]) || S[0] == '_') &&
         llvm::all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

/// The name of one parameter: its loc("name"(...)), else its %name.
std::optional<std::string> parameterName(StringRef Item) {
  size_t Loc = Item.rfind("loc(\"");
  if (Loc != StringRef::npos) {
    StringRef Rest = Item.substr(Loc + 5);
    StringRef Name = Rest.take_until([](char C) { return C == '"'; });
    if (isIdentifier(Name))
      return Name.str();
  }
  if (Item.consume_front("%")) {
    StringRef Name = Item.take_until([](char C) { return C == ':' || isSpace(C); });
    if (isIdentifier(Name))
      return Name.str();
  }
  return std::nullopt;
}

std::optional<std::string> readFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true, /*RequiresNullTerminator=*/false);
  if (!Buf || (*Buf)->getBufferSize() > (64u << 20))
    return std::nullopt;
  return (*Buf)->getBuffer().str();
}

/// Renames the parameter Old of F to New in its declarations and operands.
void renameParam(ptx::Function &F, ptx::Variable &P, const std::string &New) {
  std::string Old = P.Name;
  P.Name = New;
  auto Rename = [&](auto &Self, ptx::Operand &O) -> void {
    if ((O.Kind == ptx::Operand::Address || O.Kind == ptx::Operand::Symbol) && O.Name == Old)
      O.Name = New;
    for (ptx::Operand &E : O.Elements)
      Self(Self, E);
  };
  for (ptx::Statement &S : F.Body)
    if (S.Kind == ptx::Statement::Instr)
      for (ptx::Operand &O : S.Inst.Ops)
        Rename(Rename, O);
}

} // namespace

std::optional<std::vector<std::string>> tritonParameterNames(StringRef Ttgir,
                                                             StringRef Kernel) {
  std::string Head = ("@" + Kernel + "(").str();
  size_t At = Ttgir.find(Head);
  while (At != StringRef::npos) {
    // The match must be the whole name: "@vadd(" not "@vadd2(".
    if (Ttgir.substr(0, At).rtrim().ends_with("public") ||
        Ttgir.substr(0, At).rtrim().ends_with("tt.func"))
      break;
    At = Ttgir.find(Head, At + 1);
  }
  if (At == StringRef::npos)
    return std::nullopt;
  std::optional<StringRef> Sig = balanced(Ttgir, At + Head.size() - 1);
  if (!Sig)
    return std::nullopt;
  std::vector<std::string> Names;
  for (StringRef Item : topLevelItems(*Sig)) {
    std::optional<std::string> N = parameterName(Item);
    if (!N)
      return std::nullopt;
    Names.push_back(*N);
  }
  return Names;
}

void nameTritonParameters(ptx::Module &PM, StringRef PtxPath,
                          function_ref<void(const std::string &)> Note) {
  StringRef Dir = sys::path::parent_path(PtxPath);
  std::string Stem = sys::path::stem(PtxPath).str();
  StringSet<> Taken;
  for (const ptx::Variable &G : PM.Globals)
    Taken.insert(G.Name);
  for (const ptx::Function &F : PM.Functions)
    Taken.insert(F.Name);
  for (ptx::Function &F : PM.Functions) {
    if (!F.IsKernel || !F.HasBody)
      continue;
    std::optional<std::string> Text;
    std::string TtgirPath;
    for (const std::string &Name : {Stem, F.Name}) {
      SmallString<256> P(Dir);
      sys::path::append(P, Name + ".ttgir");
      if ((Text = readFile(P))) {
        TtgirPath = P.str().str();
        break;
      }
    }
    if (!Text)
      continue;
    std::optional<std::vector<std::string>> Names = tritonParameterNames(*Text, F.Name);
    if (!Names) {
      Note(TtgirPath + ": note: no signature of '" + F.Name +
           "' read: its parameters keep their PTX names");
      continue;
    }
    // Triton appends its global and profile scratch pointers.
    std::vector<std::string> All = *Names;
    if (F.Params.size() == All.size() + 2) {
      All.push_back("global_scratch");
      All.push_back("profile_scratch");
    }
    if (All.size() != F.Params.size()) {
      Note(TtgirPath + ": note: '" + F.Name + "' has " + std::to_string(Names->size()) +
           " parameters there and " + std::to_string(F.Params.size()) +
           " in the PTX: they keep their PTX names");
      continue;
    }
    StringSet<> Local;
    bool Clash = false;
    for (const std::string &N : All)
      Clash |= Taken.contains(N) || !Local.insert(N).second;
    if (Clash) {
      Note(TtgirPath + ": note: a parameter name of '" + F.Name +
           "' is already used in the PTX: they keep their PTX names");
      continue;
    }
    for (size_t I = 0; I < All.size(); ++I)
      renameParam(F, F.Params[I], All[I]);
  }
}

std::vector<SourceLaunch> tritonLaunches(const ptx::Module &PM, StringRef PtxPath) {
  std::vector<SourceLaunch> Out;
  StringRef Dir = sys::path::parent_path(PtxPath);
  std::string Stem = sys::path::stem(PtxPath).str();
  for (const ptx::Function &F : PM.Functions) {
    if (!F.IsKernel || !F.HasBody)
      continue;
    for (const std::string &Name : {Stem, F.Name}) {
      SmallString<256> P(Dir);
      sys::path::append(P, Name + ".json");
      std::optional<std::string> Text = readFile(P);
      if (!Text)
        continue;
      Expected<json::Value> V = json::parse(*Text);
      if (!V) {
        consumeError(V.takeError());
        break;
      }
      const json::Object *O = V->getAsObject();
      std::optional<StringRef> Kernel = O ? O->getString("name") : std::nullopt;
      std::optional<int64_t> Shared = O ? O->getInteger("shared") : std::nullopt;
      if (!Kernel || *Kernel != F.Name || !Shared || *Shared <= 0 || *Shared > (1 << 30))
        break;
      SourceLaunch L;
      L.Kernel = F.Name;
      L.SharedBytes = uint64_t(*Shared);
      L.Source = "triton";
      L.File = sys::path::filename(P).str();
      L.Line = F.Where.Line;
      Out.push_back(std::move(L));
      break;
    }
  }
  return Out;
}

std::string resolveSourcePath(StringRef FilePath, StringRef PtxPath) {
  if (FilePath.empty() || !sys::path::is_absolute(FilePath) || sys::fs::exists(FilePath))
    return FilePath.str();
  SmallVector<StringRef, 16> Parts(sys::path::begin(FilePath), sys::path::end(FilePath));
  if (Parts.size() < 2 || Parts.size() > 64 || FilePath.size() > 4096)
    return FilePath.str();
  // Roots to try: the PTX's directory and those above it, the working one.
  std::vector<std::string> Roots;
  SmallString<256> Dir(PtxPath);
  sys::fs::make_absolute(Dir);
  sys::path::remove_filename(Dir);
  for (StringRef D = Dir; !D.empty() && Roots.size() < 32; D = sys::path::parent_path(D)) {
    Roots.push_back(D.str());
    if (D == sys::path::parent_path(D))
      break;
  }
  SmallString<256> Cwd;
  if (!sys::fs::current_path(Cwd))
    Roots.push_back(Cwd.str().str());
  // Longest tail first (drop the root "/" and at least one directory).
  for (size_t Skip = 2; Skip < Parts.size(); ++Skip)
    for (const std::string &Root : Roots) {
      SmallString<256> Try(Root);
      for (size_t I = Skip; I < Parts.size(); ++I)
        sys::path::append(Try, Parts[I]);
      if (sys::fs::is_regular_file(Try))
        return Try.str().str();
    }
  return FilePath.str();
}

void resolveSourcePaths(ptx::Module &PM, StringRef PtxPath) {
  for (auto &[N, Path] : PM.Files)
    Path = resolveSourcePath(Path, PtxPath);
}

} // namespace warplint
