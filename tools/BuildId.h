//===- BuildId.h - Which build of warplint is running -----------*- C++ -*-===//
#ifndef WARPLINT_TOOLS_BUILDID_H
#define WARPLINT_TOOLS_BUILDID_H

#include <string>

namespace warplint {

/// What tells this build of warplint from any other, for keys of results
/// kept between runs: the version and the linker's GNU build ID of the
/// running program, or, when it has none, a hash of the program's file.
std::string buildId();

} // namespace warplint

#endif
