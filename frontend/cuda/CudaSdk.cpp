//===- CudaSdk.cpp - Find a CUDA toolkit and what nvcc would add from it --===//
//
// The toolkit's location, its version (include/cuda.h's CUDA_VERSION) and the
// include set nvcc uses with it: CUDA 13 moved libcu++, CUB and Thrust under
// include/cccl/, which nvcc adds and plain Clang does not.
//
//===----------------------------------------------------------------------===//
#include "frontend/cuda/CudaSdk.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"

using namespace llvm;

namespace warplint {

namespace {
bool hasHeaders(StringRef Dir) {
  SmallString<256> P(Dir);
  sys::path::append(P, "include", "cuda_runtime.h");
  return sys::fs::exists(P);
}
} // namespace

std::string findCudaSdk(const FrontendOptions &Opts) {
  if (Opts.ForcePrelude)
    return "";
  if (!Opts.CudaPath.empty())
    return Opts.CudaPath; // Explicit: let Clang report a bad path.
  if (std::optional<std::string> Env = sys::Process::GetEnv("CUDA_PATH"))
    if (hasHeaders(*Env))
      return *Env;
  if (hasHeaders("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

std::string cudaSdkVersion(StringRef Sdk) {
  SmallString<256> P(Sdk);
  sys::path::append(P, "include", "cuda.h");
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(P);
  if (!Buf)
    return "";
  StringRef Text = (*Buf)->getBuffer();
  size_t At = Text.find("#define CUDA_VERSION ");
  if (At == StringRef::npos)
    return "";
  unsigned V = 0;
  if (Text.drop_front(At + 21).ltrim().consumeInteger(10, V) || V < 1000)
    return "";
  return std::to_string(V / 1000) + "." + std::to_string(V % 1000 / 10);
}

std::vector<std::string> cudaSdkIncludeArgs(StringRef Sdk) {
  std::vector<std::string> Args;
  // nvcc searches include/cccl (libcu++, CUB, Thrust; CUDA 13 and later)
  // before the toolkit's include folder.
  SmallString<256> Cccl(Sdk);
  sys::path::append(Cccl, "include", "cccl");
  if (sys::fs::is_directory(Cccl))
    Args.insert(Args.end(), {"-isystem", Cccl.str().str()});
  // nvcc's cuda_runtime.h brings <assert.h> (crt/common_functions.h); Clang's
  // wrapper does not, and kernels call assert() without including it.
  Args.insert(Args.end(), {"-include", "assert.h"});
  return Args;
}

} // namespace warplint
