//===- HeaderTemplates.h - A header's templates other files use -*- C++ -*-===//
//
// A kernel template written in a header is analyzed with the files that
// instantiate it; a file that includes the header and does not use it notes
// the template (frontend/cuda/KernelTemplates.h headerTemplateNote). With a
// compile database, that note names the database's file that instantiates
// it, or says that none does, as read from the files' text.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_COMMANDS_HEADERTEMPLATES_H
#define WARPLINT_TOOLS_COMMANDS_HEADERTEMPLATES_H

#include "tools/InputLoop.h"
#include "tools/commands/CheckFile.h"

#include <vector>

namespace warplint {

/// Rewrites each header-template note of Results (a kernel-not-instantiated
/// note) to name the first file of In's compile database, other than the
/// checked one, whose text instantiates the template, or to say that none
/// does. Nothing without a database.
void locateHeaderTemplates(const InputSet &In, std::vector<FileResult> &Results);

} // namespace warplint

#endif
