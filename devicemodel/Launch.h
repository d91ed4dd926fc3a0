//===- Launch.h - What to launch, and the memory it gets --------*- C++ -*-===//
//
// Launch parameters are kept apart from execution state: a LaunchRequest is
// what the user asked for (command line or launch file), a PreparedLaunch is
// the shape, argument values and buffers the interpreter runs with.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_DEVICEMODEL_LAUNCH_H
#define WARPLINT_DEVICEMODEL_LAUNCH_H

#include "analyzer/arch/ArchProfile.h"
#include "devicemodel/BlockRunner.h"
#include "devicemodel/DeviceMemory.h"
#include "frontend/launch/LaunchFile.h"

#include <map>
#include <optional>
#include <utility>

namespace warplint {
namespace dm {

/// What the user asked to run.
struct LaunchRequest {
  std::string Kernel; ///< Source or mangled name; empty: the only kernel.
  std::optional<Dim3> Grid, Block;
  std::vector<std::pair<std::string, std::string>> Args;    ///< NAME, VALUE.
  std::vector<std::pair<std::string, std::string>> Buffers; ///< NAME, COUNT[:FILL].
  /// NAME -> bytes the host code cudaMalloc'd for the buffer it passes (a
  /// host launch in the source): sizes, zero-filled, a pointer parameter that
  /// Buffers does not.
  std::map<std::string, uint64_t> BufferBytes;
  uint64_t SharedBytes = 0;
  /// Elements per thread of the launch given to a pointer parameter that
  /// Buffers does not size (zero-filled, so a generous size costs only the
  /// pages the kernel touches).
  uint64_t DefaultElemsPerThread = 2;
  /// The value of an integer argument nobody gives; unset: the number of
  /// threads of the launch. `check --confirm` sets the value the static
  /// analysis assumes (docs/confirm.md).
  std::optional<uint64_t> DefaultIntArg;
  /// Per parameter name, before DefaultIntArg: the value the static analysis
  /// assumes for each integer argument nobody gives (each its own).
  std::map<std::string, uint64_t> DefaultIntArgs;
  /// Report reads of buffers given without a fill before anything wrote
  /// them (--init-check): on a GPU cudaMalloc'ed memory starts undefined.
  bool InitCheck = false;
};

/// The request for one launch of a launch file or the command line (the
/// launch file reader and flag parsers are frontend/launch/LaunchFile's,
/// which every command uses).
LaunchRequest launchRequest(const LaunchEntry &E);

/// How a buffer is filled.
struct FillSpec {
  enum KindT { Zero, Iota, Random, Const } Kind = Zero;
  double Lo = 0, Hi = 0, Value = 0;
  std::string text() const;
};
llvm::Expected<FillSpec> parseFill(llvm::StringRef Text);

/// A buffer given to a pointer parameter.
struct BufferInfo {
  std::string Name;
  uint64_t Count = 0;
  std::string ElemType;
  unsigned ElemBytes = 4;
  FillSpec Fill;
  bool Defaulted = false; ///< Sized from the launch, not from --buffer.
  uint64_t Address = 0;
};

/// A launch ready to run.
struct PreparedLaunch {
  LaunchShape Shape;
  std::vector<uint64_t> Args;
  std::vector<BufferInfo> Buffers;
  std::vector<std::string> Notes; ///< What was assumed ("n = 1024 (...)").
  /// Scalar arguments nobody gave and the values made up for them.
  std::vector<std::pair<std::string, std::string>> DefaultedArgs;
};

/// Checks the request against the kernel, allocates and fills buffers in Mem.
llvm::Expected<PreparedLaunch> prepareLaunch(const Program &P, DeviceMemory &Mem,
                                             const LaunchRequest &Req,
                                             const ArchProfile &Arch);

/// A scalar part of a buffer element that a fill writes one value into.
struct FillPart {
  unsigned Offset = 0, Bytes = 4;
  bool Float = false; ///< IEEE float (4 bytes) or double (8).
};

/// The parts of an element of ElemType (as ParamInfo spells it) and
/// ElemBytes: one for a scalar, one per component for a vector type such as
/// uint4 or double2 or an array; 4-byte integer words for a larger type
/// whose fields the name does not tell.
std::vector<FillPart> fillParts(llvm::StringRef ElemType, unsigned ElemBytes);

/// Fills Count elements of ElemBytes at Data, a value in each part: iota
/// counts through the parts (element I's part C gets I * Parts + C, so a
/// uint4 buffer reads as a uint buffer filled with iota), random draws each
/// part (deterministic, seeded by Seed), const writes V in every part.
void fillBuffer(uint8_t *Data, uint64_t Count, unsigned ElemBytes,
                const std::vector<FillPart> &Parts, const FillSpec &Fill, uint64_t Seed);

} // namespace dm
} // namespace warplint

#endif
