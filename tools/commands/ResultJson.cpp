//===- ResultJson.cpp - A file's check result, kept as JSON ---------------===//
#include "tools/commands/ResultJson.h"

#include "llvm/ADT/bit.h"

using namespace llvm;

namespace warplint {

namespace {

json::Value bits(double D) { return json::Value(llvm::bit_cast<uint64_t>(D)); }

json::Value loc(const SourceLoc &L) {
  json::Array A{L.File, int64_t(L.Line), int64_t(L.Column)};
  if (L.Label)
    A.push_back(true);
  return A;
}

json::Value findingJson(const Finding &F) {
  json::Array Notes, Fixes;
  for (const RelatedNote &N : F.Notes)
    Notes.push_back(json::Array{loc(N.Loc), N.Message});
  for (const FixIt &X : F.FixIts)
    Fixes.push_back(json::Array{loc(X.Loc), int64_t(X.RemoveColumns), X.Insert});
  json::Object O{{"rule", F.Rule},       {"level", int64_t(F.Level)},
                 {"kernel", F.Kernel},   {"loc", loc(F.Loc)},
                 {"message", F.Message}, {"notes", std::move(Notes)},
                 {"fixits", std::move(Fixes)}, {"incomplete", F.Incomplete}};
  if (const Confirmation *C = F.Confirmed ? &*F.Confirmed : nullptr) {
    json::Object J{{"metric", C->Metric},
                   {"measured", bits(C->Measured)},
                   {"contradicted", C->Contradicted},
                   {"launch", C->Launch},
                   {"synthesized", C->Synthesized}};
    if (C->Predicted)
      J["predicted"] = bits(*C->Predicted);
    O["confirmed"] = std::move(J);
  }
  if (const TimeSaved *S = F.Saved ? &*F.Saved : nullptr)
    O["saved"] = json::Object{{"gpu", S->Gpu},          {"display", S->GpuDisplay},
                              {"us", bits(S->Us)},      {"kernel_us", bits(S->KernelUs)},
                              {"launch", S->Launch},    {"assumption", S->Assumption}};
  return O;
}

/// Reads the fields of one kept result; any field missing or of the wrong
/// kind makes the whole entry unreadable (Ok false).
class Reader {
public:
  bool Ok = true;

  std::string str(const json::Value *V) {
    std::optional<StringRef> S = V ? V->getAsString() : std::nullopt;
    Ok &= S.has_value();
    return S ? S->str() : "";
  }
  uint64_t num(const json::Value *V) {
    std::optional<uint64_t> N = V ? V->getAsUINT64() : std::nullopt;
    Ok &= N.has_value();
    return N.value_or(0);
  }
  double real(const json::Value *V) { return llvm::bit_cast<double>(num(V)); }
  bool flag(const json::Value *V) {
    std::optional<bool> B = V ? V->getAsBoolean() : std::nullopt;
    Ok &= B.has_value();
    return B.value_or(false);
  }
  const json::Array &array(const json::Value *V) {
    static const json::Array Empty;
    const json::Array *A = V ? V->getAsArray() : nullptr;
    Ok &= A != nullptr;
    return A ? *A : Empty;
  }
  SourceLoc loc(const json::Value *V) {
    const json::Array &A = array(V);
    if (A.size() != 3 && !(A.size() == 4 && A[3].getAsBoolean())) {
      Ok = false;
      return {};
    }
    SourceLoc L{str(&A[0]), unsigned(num(&A[1])), unsigned(num(&A[2]))};
    L.Label = A.size() == 4 && *A[3].getAsBoolean();
    return L;
  }

  Finding finding(const json::Value &V) {
    Finding F;
    const json::Object *O = V.getAsObject();
    if (!O) {
      Ok = false;
      return F;
    }
    F.Rule = str(O->get("rule"));
    uint64_t Level = num(O->get("level"));
    Ok &= Level <= uint64_t(Severity::Error);
    F.Level = Severity(Level);
    F.Kernel = str(O->get("kernel"));
    F.Loc = loc(O->get("loc"));
    F.Message = str(O->get("message"));
    for (const json::Value &N : array(O->get("notes"))) {
      const json::Array &A = array(&N);
      if (A.size() != 2) {
        Ok = false;
        return F;
      }
      F.Notes.push_back({loc(&A[0]), str(&A[1])});
    }
    for (const json::Value &X : array(O->get("fixits"))) {
      const json::Array &A = array(&X);
      if (A.size() != 3) {
        Ok = false;
        return F;
      }
      F.FixIts.push_back({loc(&A[0]), unsigned(num(&A[1])), str(&A[2])});
    }
    F.Incomplete = flag(O->get("incomplete"));
    if (const json::Object *C = O->getObject("confirmed")) {
      Confirmation &K = F.Confirmed.emplace();
      K.Metric = str(C->get("metric"));
      K.Measured = real(C->get("measured"));
      if (C->get("predicted"))
        K.Predicted = real(C->get("predicted"));
      K.Contradicted = flag(C->get("contradicted"));
      K.Launch = str(C->get("launch"));
      K.Synthesized = flag(C->get("synthesized"));
    }
    if (const json::Object *S = O->getObject("saved")) {
      TimeSaved &T = F.Saved.emplace();
      T.Gpu = str(S->get("gpu"));
      T.GpuDisplay = str(S->get("display"));
      T.Us = real(S->get("us"));
      T.KernelUs = real(S->get("kernel_us"));
      T.Launch = str(S->get("launch"));
      T.Assumption = str(S->get("assumption"));
    }
    return F;
  }
};

} // namespace

json::Value resultToJson(const FileResult &R) {
  json::Array Findings, Notes;
  for (const Finding &F : R.Findings)
    Findings.push_back(findingJson(F));
  for (const std::string &N : R.Notes)
    Notes.push_back(N);
  return json::Object{{"input", R.Input},
                      {"path", R.Path},
                      {"findings", std::move(Findings)},
                      {"notes", std::move(Notes)},
                      {"compile_errors", R.CompileErrors},
                      {"kernels_analyzed", int64_t(R.KernelsAnalyzed)},
                      {"partial_ok", R.PartialOk}};
}

std::optional<FileResult> resultFromJson(const json::Value &V) {
  const json::Object *O = V.getAsObject();
  if (!O)
    return std::nullopt;
  Reader In;
  FileResult R;
  R.Input = In.str(O->get("input"));
  R.Path = In.str(O->get("path"));
  for (const json::Value &F : In.array(O->get("findings")))
    R.Findings.push_back(In.finding(F));
  for (const json::Value &N : In.array(O->get("notes")))
    R.Notes.push_back(In.str(&N));
  R.CompileErrors = In.str(O->get("compile_errors"));
  R.KernelsAnalyzed = unsigned(In.num(O->get("kernels_analyzed")));
  R.PartialOk = In.flag(O->get("partial_ok"));
  if (!In.Ok)
    return std::nullopt;
  return R;
}

} // namespace warplint
