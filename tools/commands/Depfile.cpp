//===- Depfile.cpp - check --depfile --------------------------------------===//
#include "tools/commands/Depfile.h"

#include "frontend/Frontend.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

using namespace llvm;

namespace warplint {

namespace {

/// Path made absolute and its "." and ".." folded; empty when it names no
/// file on disk (a file of the embedded prelude, served from memory).
std::string onDisk(StringRef Path) {
  SmallString<256> P(Path);
  if (sys::fs::make_absolute(P))
    return "";
  sys::path::remove_dots(P, /*remove_dot_dot=*/true);
  if (!sys::fs::is_regular_file(P))
    return "";
  return P.str().str();
}

/// Name with Make's escapes: a space "\ ", '#' "\#", '$' "$$".
void escaped(StringRef Name, raw_ostream &OS) {
  for (char C : Name) {
    if (C == ' ' || C == '#')
      OS << '\\';
    else if (C == '$')
      OS << '$';
    OS << C;
  }
}

} // namespace

std::vector<std::string> checkDependencies(const CommandLine &CL, const InputSet &In,
                                           const CheckOptions &Opts) {
  std::vector<std::string> Deps;
  StringSet<> Seen;
  auto Add = [&](StringRef Path) {
    std::string P = onDisk(Path);
    if (!P.empty() && Seen.insert(P).second)
      Deps.push_back(std::move(P));
  };
  for (const std::string &File : In.Files) {
    Add(File);
    FrontendOptions FO = In.optionsFor(File);
    auto CA = configAndArch(CL, Opts, File, FO.Arch);
    if (!CA) {
      // The check says what is wrong with it; the depfile still names it.
      consumeError(CA.takeError());
    } else {
      FO.Arch = CA->second->Name.str();
      if (!CA->first->Path.empty())
        Add(CA->first->Path);
    }
    // What the compile reads, as the result cache finds it (CUDA files on
    // disk; a PTX or IR input reads only itself).
    if (Expected<CompileInputs> Read = resultInputs(File, FO))
      for (const std::string &F : Read->Files)
        Add(F);
    else
      consumeError(Read.takeError());
  }
  if (!CL.ConfigFile.empty())
    Add(CL.ConfigFile);
  if (!CL.LaunchFile.empty())
    Add(CL.LaunchFile);
  return Deps;
}

std::string depfileText(StringRef Target, ArrayRef<std::string> Deps) {
  std::string Out;
  raw_string_ostream OS(Out);
  escaped(Target, OS);
  OS << ':';
  for (const std::string &D : Deps) {
    OS << " \\\n  ";
    escaped(D, OS);
  }
  OS << '\n';
  return Out;
}

Error writeDepfile(const CommandLine &CL, const InputSet &In, const CheckOptions &Opts) {
  std::string Target = CL.DepfileTarget;
  if (Target.empty()) {
    StringRef Name = CL.Depfile;
    Name.consume_back(".d");
    Target = Name.str();
  }
  std::string Text = depfileText(Target, checkDependencies(CL, In, Opts));
  // Its directory is made, as a build's output directories are.
  std::error_code EC;
  if (StringRef Dir = sys::path::parent_path(CL.Depfile); !Dir.empty())
    EC = sys::fs::create_directories(Dir);
  std::optional<raw_fd_ostream> Stream;
  if (!EC)
    Stream.emplace(CL.Depfile, EC, sys::fs::OF_Text);
  if (!EC) {
    raw_fd_ostream &OS = *Stream;
    OS << Text;
    OS.close();
    EC = OS.error();
    OS.clear_error();
  }
  if (EC)
    return createStringError(EC, "%s: cannot write the depfile: %s", CL.Depfile.c_str(),
                             EC.message().c_str());
  return Error::success();
}

} // namespace warplint
