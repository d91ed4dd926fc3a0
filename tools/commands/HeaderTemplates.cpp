//===- HeaderTemplates.cpp - A header's templates other files use --------===//
#include "tools/commands/HeaderTemplates.h"

#include "frontend/SourceFiles.h"
#include "frontend/SourceLines.h"
#include "frontend/SourceLocation.h"
#include "frontend/cuda/KernelTemplates.h"
#include "tools/NotAnalyzed.h"

#include "llvm/ADT/StringMap.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace warplint {
namespace {

/// The database's source files, each read once, on first need.
class DatabaseTexts {
public:
  explicit DatabaseTexts(const InputSet &In) : Files(In.Db->getAllFiles()) {
    std::sort(Files.begin(), Files.end());
  }

  /// The first use of Name in a file other than Checked, if any.
  std::optional<TemplateUse> firstUse(StringRef Name, StringRef Checked) {
    for (const std::string &F : Files) {
      if (samePath(F, Checked))
        continue;
      for (TemplateUse &U : templateUses(text(F), Name)) {
        U.File = displayPath(F);
        return U;
      }
    }
    return std::nullopt;
  }

private:
  static bool samePath(StringRef A, StringRef B) { return absolutePath(A) == absolutePath(B); }

  StringRef text(const std::string &F) {
    auto [It, New] = Texts.try_emplace(F);
    if (New) {
      // Read as the compile reads a source: a regular file under the size bound.
      if (Expected<std::unique_ptr<MemoryBuffer>> B = readSourceFile(F))
        It->second = (*B)->getBuffer().str();
      else
        consumeError(B.takeError());
    }
    return It->second;
  }

  std::vector<std::string> Files;
  StringMap<std::string> Texts;
};

} // namespace

void locateHeaderTemplates(const InputSet &In, std::vector<FileResult> &Results) {
  if (!In.Db)
    return;
  std::optional<DatabaseTexts> Texts;
  for (FileResult &R : Results)
    for (Finding &F : R.Findings) {
      if (!isHeaderTemplateNote(F))
        continue;
      if (!Texts)
        Texts.emplace(In);
      StringRef Name = F.Kernel;
      if (size_t Colon = Name.rfind("::"); Colon != StringRef::npos)
        Name = Name.drop_front(Colon + 2);
      std::optional<TemplateUse> Use = Texts->firstUse(Name, R.Input);
      F.Message = headerTemplateNote(F.Kernel, F.Loc.File, /*Searched=*/true, Use ? &*Use : nullptr);
    }
}

} // namespace warplint
