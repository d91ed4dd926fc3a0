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
/// What a launch finds in L2: what the launch before left there (warm: a
/// kernel run again, or one that reads what the previous kernel wrote), or
/// nothing of its inputs (cold: a first call, a benchmark that flushes L2).
enum class L2State { Warm, Cold };

/// Parses "warm" or "cold".
llvm::Expected<L2State> parseL2State(llvm::StringRef Text);

struct LaunchEntry {
  std::string Kernel; ///< Source or mangled name; empty: any kernel.
  std::optional<Dim3> Grid, Block;
  std::map<std::string, int64_t> Args;          ///< Integer argument values.
  std::map<std::string, double> FloatArgs;      ///< Non-integral argument values.
  std::map<std::string, std::string> Buffers;   ///< NAME -> "COUNT[:FILL]".
  uint64_t SharedBytes = 0;                     ///< Dynamic shared memory per block.
  std::optional<L2State> L2;                    ///< The L2 state, when given.
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

/// An error unless Name is empty (any kernel) or reads as a kernel's name, as the frontend pastes it
/// into the compiled text (`&k<128, 8>`): a C++ identifier, qualified or
/// not (`ns::k`, `(anonymous namespace)::k`), or a template-id of one
/// (`k<128, 8>`) with nothing after its closing '>' and, in its arguments,
/// no control or non-ASCII character, double quote, backslash, '#', ';',
/// '{', '}', '`', '$', '@' or comment.
llvm::Error checkKernelName(llvm::StringRef Name);

/// Reads a launch file. Errors name the file (and the entry: a kernel name
/// that is not one, checkKernelName).
llvm::Expected<std::vector<LaunchEntry>> readLaunchFile(llvm::StringRef Path);

/// True when Entry applies to the kernel F (empty name, source or mangled).
bool launchMatches(const LaunchEntry &Entry, const llvm::Function &F);

/// Splits "NAME=VALUE" (any VALUE: a number, "COUNT[:FILL]").
llvm::Expected<std::pair<std::string, std::string>> parseAssignment(llvm::StringRef Text);

/// The name of F's parameter that Name gives: its own name, or "#K" for the
/// K-th parameter (from 0), which works whatever names the input carries
/// (nvcc's PTX calls them KERNEL_param_K). Name itself when neither matches.
std::string parameterName(const llvm::Function &F, llvm::StringRef Name);

} // namespace warplint

#endif
