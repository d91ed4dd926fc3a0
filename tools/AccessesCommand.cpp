//===- AccessesCommand.cpp - warplint accesses ----------------------------===//
#include "analyzer/StateSpaces.h"
#include "tools/CommandLine.h"
#include "tools/InputLoop.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace warplint {
namespace {

json::Object accessJson(const MemoryAccess &A) {
  json::Object O{{"file", A.Loc.File},
                 {"line", A.Loc.Line},
                 {"column", A.Loc.Column},
                 {"space", addrSpaceName(A.Space)},
                 {"op", accessOpName(A.Op)},
                 {"bytes", A.Bytes},
                 {"ir_sites", (int64_t)A.Sites.size()}};
  if (!A.Reason.empty())
    O["reason"] = A.Reason;
  if (A.CallSite.valid())
    O["call_site"] = json::Object{{"file", A.CallSite.File},
                                  {"line", A.CallSite.Line},
                                  {"column", A.CallSite.Column}};
  return O;
}

json::Object kernelJson(const StateSpaces &S) {
  json::Array Accesses, Locals;
  for (const MemoryAccess &A : S.accesses())
    Accesses.push_back(accessJson(A));
  for (const LocalArrayStatus &L : S.localArrays()) {
    json::Object O{{"name", L.Decl.Name},
                   {"bytes", L.Decl.Bytes},
                   {"line", L.Decl.Line},
                   {"space", L.Promoted ? "reg" : "local"}};
    if (!L.Promoted)
      O["reason"] = L.Reason;
    Locals.push_back(std::move(O));
  }
  return json::Object{{"name", sourceName(S.kernel())},
                      {"mangled", S.kernel().getName()},
                      {"accesses", std::move(Accesses)},
                      {"local_arrays", std::move(Locals)}};
}

} // namespace

int runAccessesCommand(const CommandLine &CL) {
  json::Array Files;
  int Exit = forEachInput(CL, [&](DeviceModule &DM) {
    json::Array Kernels;
    for (const Function &F : *DM.M) {
      if (!isKernel(F) || !kernelSelected(CL, F))
        continue;
      StateSpaces S = StateSpaces::analyze(DM, F);
      if (CL.Format == "json")
        Kernels.push_back(kernelJson(S));
      else
        S.print(outs());
    }
    if (CL.Format == "json")
      Files.push_back(json::Object{{"file", DM.Path}, {"kernels", std::move(Kernels)}});
  });
  if (CL.Format == "json")
    outs() << formatv("{0:2}", json::Value(json::Object{{"files", std::move(Files)}}))
           << "\n";
  return Exit;
}

} // namespace warplint
