//===- LaunchCollector.h - Launch shapes written in the source --*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_LAUNCHCOLLECTOR_H
#define WARPLINT_FRONTEND_LAUNCHCOLLECTOR_H

#include "frontend/DeviceModule.h"

#include "clang/AST/ASTConsumer.h"

#include <map>
#include <memory>
#include <string>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace warplint {

/// An AST consumer that records, for each kernel, the launch shapes the
/// source states: `// warplint: launch grid(..) block(..)` annotations above
/// the kernel, and host launches `k<<<g, b>>>`: their dims, dynamic shared
/// memory, integer arguments and cudaMalloc'd buffer sizes as the host
/// code's simple data flow makes them, in the launching function
/// (HostValues.h) and through the file's calls of it (HostFlow.h): one
/// launch per way the host code reaches it with other values. HostArgs (the
/// command line's --arg) bind host parameters and loop variables of those
/// names. What it cannot know is left unset.
std::unique_ptr<clang::ASTConsumer>
createLaunchCollector(clang::CompilerInstance &CI, std::vector<SourceLaunch> &Launches,
                      const std::map<std::string, int64_t> &HostArgs = {});

/// Parses an annotation such as "warplint: launch grid(64,64) block(32,8)"
/// (optionally "shared(N)": N bytes of dynamic shared memory per block).
/// Returns false when Text holds no launch annotation.
bool parseLaunchAnnotation(llvm::StringRef Text, SourceLaunch &Out);

} // namespace warplint

#endif
