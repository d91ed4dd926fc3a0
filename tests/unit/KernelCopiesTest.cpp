//===- KernelCopiesTest.cpp - Copies of a kernel analyzed once -------------===//
//
// A kernel pasted into another namespace is recognized as a copy (its lines
// moved by a fixed amount), one that differs in a constant is not, and the
// result the cache maps to a copy is the one a fresh analysis of the copy
// gives, printed line for line, whether the kernels are analyzed on one
// thread or two.
//
//===----------------------------------------------------------------------===//
#include "analyzer/KernelCopies.h"
#include "analyzer/LaunchConfig.h"
#include "analyzer/StateSpaces.h"
#include "frontend/Frontend.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace warplint;

namespace {

const std::string Root = WARPLINT_SOURCE_DIR;

/// The kernels of DM in module order.
std::vector<const Function *> kernelsOf(const DeviceModule &DM) {
  std::vector<const Function *> Out;
  for (const Function &F : *DM.M)
    if (isKernel(F) && !F.isDeclaration())
      Out.push_back(&F);
  return Out;
}

std::string printed(const AccessPatterns &P, const StateSpaces &S) {
  std::string Out;
  raw_string_ostream OS(Out);
  P.print(OS, S);
  return Out;
}

DeviceModule load(const std::string &Path) {
  FrontendOptions Opts;
  Opts.ForcePrelude = true; // CI has no CUDA SDK.
  Expected<DeviceModule> DM = loadInput(Path, Opts);
  if (!DM) {
    ADD_FAILURE() << toString(DM.takeError());
    return DeviceModule();
  }
  return std::move(*DM);
}

TEST(KernelCopiesTest, CopiesInNamespacesMatchWithTheirLineShift) {
  DeviceModule DM = load(Root + "/tests/lit/check/kernel-copies.cu");
  ASSERT_TRUE(DM.M);
  std::vector<const Function *> K = kernelsOf(DM);
  ASSERT_EQ(K.size(), 3u);
  KernelCorrespondence C;
  ASSERT_TRUE(isCopyOf(*K[0], *K[1], C));
  EXPECT_EQ(C.LineDelta, 11);
  EXPECT_EQ(C.map(K[0]->getArg(3)), K[1]->getArg(3));
  EXPECT_FALSE(isCopyOf(*K[0], *K[2], C)) << "in[4 * i] is not in[2 * i]";
  EXPECT_FALSE(isCopyOf(*K[1], *K[2], C));
}

TEST(KernelCopiesTest, ResultsEqualFreshOnesOnAnyNumberOfThreads) {
  for (const char *File : {"/tests/lit/check/kernel-copies.cu", "/bench/inputs/nolaunch.cu"}) {
    DeviceModule DM = load(Root + File);
    ASSERT_TRUE(DM.M);
    const ArchProfile &Arch = defaultArch();
    // Every kernel twice: the second time it is a copy of itself.
    std::vector<const Function *> K = kernelsOf(DM);
    std::vector<StateSpaces> Spaces;
    Spaces.reserve(2 * K.size());
    std::vector<KernelToAnalyze> In;
    std::vector<std::string> Fresh;
    for (int Pass = 0; Pass < 2; ++Pass)
      for (const Function *F : K) {
        Spaces.push_back(StateSpaces::analyze(DM, *F));
        In.push_back({&Spaces.back(), resolveLaunch(DM, *F, {})});
        Fresh.push_back(printed(AccessPatterns::analyze(Spaces.back(), In.back().Launch, Arch),
                                Spaces.back()));
      }
    for (unsigned Threads : {1u, 2u}) {
      unsigned Reused = 0;
      std::vector<AccessPatterns> Got = analyzeKernels(In, Arch, {}, Threads, &Reused);
      ASSERT_EQ(Got.size(), In.size());
      for (size_t I = 0; I < In.size(); ++I)
        EXPECT_EQ(printed(Got[I], Spaces[I]), Fresh[I])
            << File << " " << In[I].Spaces->kernel().getName().str() << " on " << Threads;
      EXPECT_GE(Reused, K.size()) << File;
    }
  }
}

} // namespace
