//===- Fixes.cpp - check --fix and --export-fixes -------------------------===//
#include "tools/commands/Fixes.h"
#include "frontend/SourceLines.h"
#include "tools/Locations.h"

#include "clang/Tooling/Core/Diagnostic.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/YAMLTraits.h"

#include <map>
#include <set>
#include <tuple>

using namespace llvm;
namespace tooling = clang::tooling;

namespace warplint {

namespace {


/// The files fix-its and findings are in, each read once, with the byte
/// offset at which each line starts.
class FileOffsets {
public:
  /// The byte offset of line Line, column Column (1-based, in bytes) of
  /// File, plus Length bytes that must stay on that line; none when the
  /// file cannot be read or the place is not in it.
  std::optional<unsigned> offset(StringRef File, unsigned Line, unsigned Column,
                                 unsigned Length = 0) {
    const Entry *E = entry(File);
    if (!E || Line == 0 || Line > E->Starts.size())
      return std::nullopt;
    unsigned Start = E->Starts[Line - 1];
    unsigned End = Line < E->Starts.size() ? E->Starts[Line] - 1 : E->Text->getBufferSize();
    unsigned At = Start + std::max(1u, Column) - 1;
    if (At + Length > End)
      return std::nullopt;
    return At;
  }

  /// File's text; null when unreadable.
  const MemoryBuffer *text(StringRef File) {
    const Entry *E = entry(File);
    return E ? E->Text.get() : nullptr;
  }

private:
  struct Entry {
    std::unique_ptr<MemoryBuffer> Text;
    std::vector<unsigned> Starts;
  };
  const Entry *entry(StringRef File) {
    auto [It, New] = Files.try_emplace(File);
    if (New) {
      ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(
          File, /*IsText=*/false, /*RequiresNullTerminator=*/false, /*IsVolatile=*/true);
      if (B) {
        It->second.Text = std::move(*B);
        StringRef T = It->second.Text->getBuffer();
        It->second.Starts.push_back(0);
        for (size_t I = 0; I < T.size(); ++I)
          if (T[I] == '\n' && I + 1 < T.size())
            It->second.Starts.push_back(I + 1);
      }
    }
    return It->second.Text ? &It->second : nullptr;
  }
  StringMap<Entry> Files;
};

/// F's fix-its as replacements, each under its file's absolute path; none
/// when one does not fit its file.
std::optional<std::vector<tooling::Replacement>> replacementsOf(const Finding &F,
                                                                FileOffsets &Offsets) {
  std::vector<tooling::Replacement> Out;
  for (const FixIt &X : F.FixIts) {
    std::optional<unsigned> At =
        Offsets.offset(X.Loc.File, X.Loc.Line, X.Loc.Column, X.RemoveColumns);
    if (!At)
      return std::nullopt;
    Out.emplace_back(absolutePath(X.Loc.File), *At, X.RemoveColumns, X.Insert);
  }
  return Out;
}

tooling::DiagnosticMessage messageAt(StringRef Text, const SourceLoc &Loc,
                                     FileOffsets &Offsets) {
  tooling::DiagnosticMessage M(Text);
  if (!Loc.File.empty()) {
    M.FilePath = absolutePath(Loc.File);
    M.FileOffset = Offsets.offset(Loc.File, Loc.Line, Loc.Column).value_or(0);
  }
  return M;
}

tooling::Diagnostic::Level levelOf(Severity S) {
  return S == Severity::Error     ? tooling::Diagnostic::Error
         : S == Severity::Warning ? tooling::Diagnostic::Warning
                                  : tooling::Diagnostic::Remark;
}

} // namespace

Error exportFixes(ArrayRef<Finding> Findings, StringRef MainFile, StringRef Path) {
  FileOffsets Offsets;
  tooling::TranslationUnitDiagnostics TUD;
  TUD.MainSourceFile = MainFile.empty() ? "" : absolutePath(MainFile);
  SmallString<256> Cwd;
  sys::fs::current_path(Cwd);
  for (const Finding &F : Findings) {
    if (F.Loc.File.empty())
      continue;
    tooling::DiagnosticMessage M = messageAt(F.Message, F.Loc, Offsets);
    if (std::optional<std::vector<tooling::Replacement>> Rs = replacementsOf(F, Offsets))
      for (const tooling::Replacement &R : *Rs)
        // A finding's own fix-its never overlap; the tool that applies
        // them judges overlaps between findings.
        consumeError(M.Fix[R.getFilePath()].add(R));
    SmallVector<tooling::DiagnosticMessage, 1> Notes;
    for (const RelatedNote &N : F.Notes)
      Notes.push_back(messageAt(N.Message, N.Loc, Offsets));
    TUD.Diagnostics.emplace_back(F.Rule, M, Notes, levelOf(F.Level), Cwd.str());
  }
  std::error_code EC;
  raw_fd_ostream OS(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC, "--export-fixes: cannot write %s: %s", Path.str().c_str(),
                             EC.message().c_str());
  yaml::Output YAML(OS);
  YAML << TUD;
  return Error::success();
}

bool applyFixes(ArrayRef<Finding> Findings, raw_ostream &Log) {
  FileOffsets Offsets;
  struct Edits {
    std::string Shown; ///< The file as the findings name it.
    tooling::Replacements Taken;
    /// Taken's edits as given: the same edit of another finding is made once
    /// (Replacements would insert an insertion twice).
    std::set<std::tuple<unsigned, unsigned, std::string>> Seen;
    unsigned Applied = 0, Refused = 0;
  };
  std::map<std::string, Edits> Files; // By absolute path, in order.
  bool Ok = true;
  for (const Finding &F : Findings) {
    if (F.FixIts.empty())
      continue;
    std::optional<std::vector<tooling::Replacement>> Rs = replacementsOf(F, Offsets);
    if (!Rs) {
      WithColor::error(Log, "warplint")
          << locationPrefix(F.Loc) << "a fix-it of this finding does not fit its file (it "
          << "changed since the check?): not applied [" << F.Rule << "]\n";
      Ok = false;
      continue;
    }
    // All of a finding's edits, or none: each tried on a copy first.
    std::map<std::string, tooling::Replacements> Trial;
    bool Fits = true;
    auto Known = [&](const tooling::Replacement &R) {
      return Files[R.getFilePath().str()].Seen.count(
          {R.getOffset(), R.getLength(), R.getReplacementText().str()});
    };
    llvm::erase_if(*Rs, Known);
    for (const tooling::Replacement &R : *Rs) {
      auto It = Trial.find(R.getFilePath().str());
      if (It == Trial.end())
        It = Trial.emplace(R.getFilePath().str(), Files[R.getFilePath().str()].Taken).first;
      if (Error E = It->second.add(R)) {
        consumeError(std::move(E));
        Fits = false;
        break;
      }
    }
    for (const FixIt &X : F.FixIts) {
      Edits &E = Files[absolutePath(X.Loc.File)];
      if (E.Shown.empty())
        E.Shown = X.Loc.File;
    }
    if (!Fits) {
      WithColor::warning(Log, "warplint")
          << locationPrefix(F.Loc) << "fix-it not applied: it overlaps one of another finding ["
          << F.Rule << "]\n";
      for (const tooling::Replacement &R : *Rs)
        ++Files[R.getFilePath().str()].Refused;
      continue;
    }
    for (auto &[Path, Taken] : Trial)
      Files[Path].Taken = std::move(Taken);
    for (const tooling::Replacement &R : *Rs)
      Files[R.getFilePath().str()].Seen.insert(
          {R.getOffset(), R.getLength(), R.getReplacementText().str()});
    for (const tooling::Replacement &R : *Rs)
      ++Files[R.getFilePath().str()].Applied;
  }
  for (auto &[Path, E] : Files) {
    if (!E.Applied) {
      Log << "warplint: " << E.Shown << ": no fix-it applied (" << E.Refused
          << " overlapped another)\n";
      continue;
    }
    const MemoryBuffer *Text = Offsets.text(E.Shown);
    Expected<std::string> Fixed =
        Text ? tooling::applyAllReplacements(Text->getBuffer(), E.Taken)
             : Expected<std::string>(createStringError(inconvertibleErrorCode(), "unreadable"));
    std::error_code EC;
    if (Fixed) {
      raw_fd_ostream OS(Path, EC, sys::fs::OF_None);
      if (!EC)
        OS << *Fixed;
    }
    if (!Fixed || EC) {
      WithColor::error(Log, "warplint")
          << E.Shown << ": fix-its not applied: "
          << (Fixed ? EC.message() : toString(Fixed.takeError())) << "\n";
      Ok = false;
      continue;
    }
    size_t Count = E.Seen.size();
    Log << "warplint: " << E.Shown << ": applied " << Count << (Count == 1 ? " fix-it" : " fix-its");
    if (E.Refused)
      Log << " (" << E.Refused << " not: overlapping another)";
    Log << "\n";
  }
  return Ok;
}

} // namespace warplint
