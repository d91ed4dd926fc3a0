//===- NcuCsv.h - Nsight Compute CSV fixtures for tests ---------*- C++ -*-===//
//
// Reads the `ncu --csv --metrics ...` output committed under tests/hardware/:
// one row per kernel launch and metric, every field quoted, numbers with
// thousands separators.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TESTS_UNIT_NCUCSV_H
#define WARPLINT_TESTS_UNIT_NCUCSV_H

#include "frontend/DeviceModule.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <map>
#include <string>
#include <vector>

namespace warplint {

/// One measured kernel: its launch and its metrics by Nsight Compute name.
struct NcuKernel {
  Dim3 Grid, Block;
  llvm::StringMap<double> Metrics;
};

/// The fields of one CSV line (quotes removed).
inline std::vector<std::string> ncuCsvFields(llvm::StringRef Line) {
  std::vector<std::string> Out(1);
  bool Quoted = false;
  for (char C : Line) {
    if (C == '"')
      Quoted = !Quoted;
    else if (C == ',' && !Quoted)
      Out.emplace_back();
    else
      Out.back() += C;
  }
  return Out;
}

/// "(256, 1, 1)" -> Dim3.
inline Dim3 ncuDim3(llvm::StringRef S) {
  llvm::SmallVector<llvm::StringRef, 3> Parts;
  S.trim().trim("()").split(Parts, ',');
  Dim3 D;
  for (size_t I = 0; I < Parts.size() && I < 3; ++I)
    Parts[I].trim().getAsInteger(10, D.V[I]);
  return D;
}

/// Every measured launch in file order, named by its kernel's source name
/// (without a "void " return type); empty when the file is missing.
inline std::vector<std::pair<std::string, NcuKernel>> readNcuLaunches(llvm::StringRef Path) {
  std::vector<std::pair<std::string, NcuKernel>> Out;
  auto Buf = llvm::MemoryBuffer::getFile(Path);
  if (!Buf)
    return Out;
  llvm::SmallVector<llvm::StringRef, 0> Lines;
  (*Buf)->getBuffer().split(Lines, '\n', -1, false);
  if (Lines.empty())
    return Out;
  std::vector<std::string> Head = ncuCsvFields(Lines[0]);
  auto Col = [&](llvm::StringRef N) { return size_t(llvm::find(Head, N) - Head.begin()); };
  size_t K = Col("Kernel Name"), M = Col("Metric Name"), V = Col("Metric Value"),
         B = Col("Block Size"), G = Col("Grid Size"), Id = Col("ID");
  std::string LastId;
  for (llvm::StringRef L : llvm::ArrayRef<llvm::StringRef>(Lines).drop_front()) {
    std::vector<std::string> F = ncuCsvFields(L);
    if (F.size() <= std::max({K, M, V, B, G}))
      continue;
    std::string LaunchId = Id < F.size() ? F[Id] : F[K];
    if (Out.empty() || LaunchId != LastId) {
      llvm::StringRef Name = llvm::StringRef(F[K]).split('(').first.trim();
      Name.consume_front("void ");
      Out.emplace_back(Name.str(), NcuKernel());
      LastId = LaunchId;
    }
    NcuKernel &H = Out.back().second;
    H.Grid = ncuDim3(F[G]);
    H.Block = ncuDim3(F[B]);
    std::string Value = F[V];
    llvm::erase(Value, ',');
    double D;
    if (!llvm::StringRef(Value).getAsDouble(D))
      H.Metrics[F[M]] = D;
  }
  return Out;
}

/// Kernel source name -> launch and metrics (the last launch of a kernel
/// measured more than once); empty when the file is missing.
inline std::map<std::string, NcuKernel> readNcuCsv(llvm::StringRef Path) {
  std::map<std::string, NcuKernel> Out;
  for (auto &[Name, K] : readNcuLaunches(Path))
    Out[Name] = std::move(K);
  return Out;
}

} // namespace warplint

#endif
