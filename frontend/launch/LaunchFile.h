//===- LaunchFile.h - Launch files and launch flags -------------*- C++ -*-===//
//
// A launch file is a JSON list of {"kernel", "grid", "block", "args",
// "buffers", "shared_bytes"}; `check`, `accesses` and `run` all read it
// through readLaunchFile. Dims may be given as a number, a list of up to three
// numbers or an "X,Y,Z" string; argument values as numbers, booleans or
// numeric strings; buffers as "COUNT[:FILL]" strings or a bare COUNT.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_FRONTEND_LAUNCHFILE_H
#define WARPLINT_FRONTEND_LAUNCHFILE_H

#include "frontend/DeviceModule.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace warplint {

/// One launch: what the user said about a kernel's launch.
struct LaunchEntry {
  std::string Kernel; ///< Source or mangled name; empty: any kernel.
  std::optional<Dim3> Grid, Block;
  std::map<std::string, int64_t> Args;          ///< Integer argument values.
  std::map<std::string, double> FloatArgs;      ///< Non-integral argument values.
  std::map<std::string, std::string> Buffers;   ///< NAME -> "COUNT[:FILL]".
  uint64_t SharedBytes = 0;                     ///< Dynamic shared memory per block.
  std::string Source;                           ///< "launch file F" / "command line".
};

/// Parses "X[,Y[,Z]]".
llvm::Expected<Dim3> parseDim3(llvm::StringRef Text);

/// Parses "NAME=VALUE" integer arguments into Out.
llvm::Error parseArgAssignment(llvm::StringRef Text,
                               std::map<std::string, int64_t> &Out);

/// Parses "NAME=VALUE" into E: an integer into E.Args, another number into
/// E.FloatArgs.
llvm::Error parseArgAssignment(llvm::StringRef Text, LaunchEntry &E);

/// Reads a launch file. Errors name the file.
llvm::Expected<std::vector<LaunchEntry>> readLaunchFile(llvm::StringRef Path);

/// True when Entry applies to the kernel F (empty name, source or mangled).
bool launchMatches(const LaunchEntry &Entry, const llvm::Function &F);

} // namespace warplint

#endif
