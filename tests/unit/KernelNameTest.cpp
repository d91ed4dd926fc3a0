//===- KernelNameTest.cpp - kernel names compared as C++ tokens -----------===//
#include "frontend/launch/KernelName.h"

#include "gtest/gtest.h"

using namespace warplint;

TEST(KernelName, IntegerArgumentsByValue) {
  EXPECT_TRUE(sameKernelName("reduce4<int, 256>", "reduce4<int, 256u>"));
  EXPECT_TRUE(sameKernelName("reduce4<int,256U>", "reduce4<int, 256u>"));
  EXPECT_TRUE(sameKernelName("r<int, 0x100ull>", "r<int, 256u>"));
  EXPECT_TRUE(sameKernelName("r<1'024>", "r<1024>"));
  EXPECT_TRUE(sameKernelName("r<-1l>", "r<-1>"));
  EXPECT_FALSE(sameKernelName("r<int, 128>", "r<int, 256u>"));
  EXPECT_FALSE(sameKernelName("r<int, 256>", "r<long, 256>"));
  // true is not 1 (not asked for).
  EXPECT_FALSE(sameKernelName("r<true>", "r<1>"));
}

TEST(KernelName, SpacesAndTokens) {
  EXPECT_EQ(canonicalKernelName("r< int , 256u >"), "r < int , 256 >");
  EXPECT_TRUE(sameKernelName("k<a<1>>", "k<a<1u> >"));
  EXPECT_TRUE(sameKernelName("ns::k<float4, 2>", "ns :: k<float4,2u>"));
  // Digits inside an identifier are no literal.
  EXPECT_FALSE(sameKernelName("k<float4>", "k<float2>"));
  EXPECT_FALSE(sameKernelName("unsignedint", "unsigned int"));
  EXPECT_TRUE(sameKernelName("k<unsigned  int>", "k<unsigned int>"));
}

TEST(KernelName, MatchesMangledOrSource) {
  EXPECT_TRUE(kernelNameMatches("", "_Z1rIiLj256EEvPT_", "r<int, 256u>"));
  EXPECT_TRUE(kernelNameMatches("_Z1rIiLj256EEvPT_", "_Z1rIiLj256EEvPT_", "r<int, 256u>"));
  EXPECT_TRUE(kernelNameMatches("r<int,256>", "_Z1rIiLj256EEvPT_", "r<int, 256u>"));
  EXPECT_FALSE(kernelNameMatches("r", "_Z1rIiLj256EEvPT_", "r<int, 256u>"));
}
