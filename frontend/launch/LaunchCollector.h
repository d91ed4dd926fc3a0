//===- LaunchCollector.h - Launch shapes written in the source --*- C++ -*-===//
#ifndef WARPLINT_FRONTEND_LAUNCHCOLLECTOR_H
#define WARPLINT_FRONTEND_LAUNCHCOLLECTOR_H

#include "frontend/DeviceModule.h"

#include "clang/AST/ASTConsumer.h"

#include <memory>
#include <vector>

namespace clang {
class CompilerInstance;
}

namespace warplint {

/// An AST consumer that records, for each kernel, the launch shapes the
/// source states: `// warplint: launch grid(..) block(..)` annotations above
/// the kernel, and host launches `k<<<g, b>>>`: their dims, dynamic shared
/// memory, integer arguments and cudaMalloc'd buffer sizes as the host
/// code's simple data flow in the launching function makes them
/// (HostValues.h); what it cannot know is left unset.
std::unique_ptr<clang::ASTConsumer>
createLaunchCollector(clang::CompilerInstance &CI,
                      std::vector<SourceLaunch> &Launches);

/// Parses an annotation such as "warplint: launch grid(64,64) block(32,8)"
/// (optionally "shared(N)": N bytes of dynamic shared memory per block).
/// Returns false when Text holds no launch annotation.
bool parseLaunchAnnotation(llvm::StringRef Text, SourceLaunch &Out);

} // namespace warplint

#endif
