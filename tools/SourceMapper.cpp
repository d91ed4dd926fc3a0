//===- SourceMapper.cpp - Findings' locations as Clang locations ----------===//
#include "tools/SourceMapper.h"

#include "frontend/SourceFiles.h"

#include "clang/Basic/DiagnosticIDs.h"

using namespace clang;

namespace warplint {

SourceMapper::SourceMapper(DiagnosticConsumer *Consumer) {
  LangOpts.CUDA = true;
  LangOpts.CPlusPlus = true;
  Diags = std::make_unique<DiagnosticsEngine>(DiagnosticIDs::create(), DiagOpts, Consumer,
                                              /*ShouldOwnClient=*/false);
  // Regular files of a bounded size only: a location's file may be named
  // by the code under review (a FIFO would block, /dev/zero never ends).
  Files = std::make_unique<FileManager>(
      FileSystemOptions(), guardedFileSystem(llvm::vfs::getRealFileSystem(), nullptr));
  SM = std::make_unique<SourceManager>(*Diags, *Files);
  Diags->setSourceManager(SM.get());
}

SourceLocation SourceMapper::locate(const SourceLoc &L) {
  // A label (a #line name) is never opened.
  if (!L.valid() || L.Label)
    return {};
  auto [It, Inserted] = Ids.try_emplace(L.File);
  if (Inserted) {
    if (llvm::Expected<FileEntryRef> F = Files->getFileRef(L.File))
      It->second = SM->getOrCreateFileID(*F, SrcMgr::C_User);
    else
      llvm::consumeError(F.takeError());
  }
  if (It->second.isInvalid())
    return {};
  return SM->translateLineCol(It->second, L.Line, L.Column ? L.Column : 1);
}

CharSourceRange SourceMapper::range(const FixIt &F) {
  SourceLocation Begin = locate(F.Loc);
  if (Begin.isInvalid())
    return {};
  return CharSourceRange::getCharRange(Begin, Begin.getLocWithOffset(F.RemoveColumns));
}

} // namespace warplint
