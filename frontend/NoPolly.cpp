//===- NoPolly.cpp - The Polly entry point of a static Clang -------------===//
//
// Linked only with the static LLVM and Clang (cmake/LinkLLVM.cmake). Debian's
// LLVM registers the Polly loop optimizer in every pass pipeline Clang's
// BackendUtil builds, but ships no static Polly library. warplint never asks
// for Polly (-polly is not a flag it passes), so its entry point registers
// nothing: the pipelines are those the shared libraries build without
// -polly.
//
//===----------------------------------------------------------------------===//
#include "llvm/Plugins/PassPlugin.h"

llvm::PassPluginLibraryInfo getPollyPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "Polly (not linked)", "none", [](llvm::PassBuilder &) {}};
}
