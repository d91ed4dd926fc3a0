#include "analyzer/arch/ArchProfile.h"

#include "gtest/gtest.h"

using namespace warplint;

TEST(ArchProfile, LooksUpEveryKnownArch) {
  for (const char *Name : {"sm_70", "sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_100",
                           "sm_120"}) {
    llvm::Expected<const ArchProfile &> P = lookupArch(Name);
    ASSERT_TRUE(bool(P)) << Name;
    EXPECT_EQ(P->Name, Name);
    EXPECT_EQ(P->WarpSize, 32u);
  }
  EXPECT_EQ(lookupArch("90")->SmVersion, 90u);
  EXPECT_EQ(lookupArch("sm_90a")->SmVersion, 90u);
}

TEST(ArchProfile, RejectsUnknownArch) {
  llvm::Expected<const ArchProfile &> P = lookupArch("sm_61");
  ASSERT_FALSE(bool(P));
  EXPECT_NE(llvm::toString(P.takeError()).find("sm_61"), std::string::npos);
}
