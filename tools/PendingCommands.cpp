//===- PendingCommands.cpp - Subcommands not built yet --------------------===//
// TEMPORARY: each subcommand moves to its own file when it lands.
#include "tools/CommandLine.h"

#include "llvm/Support/WithColor.h"

namespace warplint {
static int notYet(llvm::StringRef Name) {
  llvm::WithColor::error(llvm::errs(), "warplint") << "'" << Name << "' is not built yet\n";
  return ExitToolError;
}
int runCheckCommand(const CommandLine &) { return notYet("check"); }
int runLspCommand(const CommandLine &) { return notYet("lsp"); }
} // namespace warplint
