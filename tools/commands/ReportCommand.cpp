//===- ReportCommand.cpp - warplint report --------------------------------===//
//
// Checks every input as `check` does and writes one self-contained HTML
// page: the template and script of tools/report (compiled in), the JSON of
// `check --format=json` and of `accesses --format=json` for the same
// kernels, embedded once, and the text of the source files they name. The
// page's script renders everything from that JSON.
//
//===----------------------------------------------------------------------===//
#include "tools/commands/CheckFile.h"
#include "tools/output/DiagnosticOutput.h"
#include "tools/output/KernelJson.h"
#include "tools/NotAnalyzed.h"

#include "frontend/EmbeddedFile.h"
#include "frontend/SourceFiles.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"

#include <mutex>

using namespace llvm;

namespace warplint {
namespace {

#include "EmbeddedReport.inc"

StringRef reportFile(StringRef Name) { return embeddedFile(EmbeddedReport, Name); }

/// Source files larger than this are left out of the page.
constexpr uint64_t MaxSourceBytes = 4 << 20;

/// The text of every file the findings and accesses name that may be quoted
/// (Quotable: absolute names; frontend/SourceFiles.h says which).
json::Object sourcesJson(const json::Array &Diagnostics, const json::Array &Files,
                         const StringSet<> &Quotable) {
  StringSet<> Names;
  for (const json::Value &D : Diagnostics)
    if (std::optional<StringRef> F = D.getAsObject()->getString("file"))
      Names.insert(*F);
  for (const json::Value &File : Files)
    for (const json::Value &K : *File.getAsObject()->getArray("kernels"))
      for (const json::Value &A : *K.getAsObject()->getArray("accesses"))
        if (std::optional<StringRef> F = A.getAsObject()->getString("file"))
          Names.insert(*F);
  json::Object Out;
  for (const auto &N : Names) {
    if (N.getKey().empty() || !Quotable.contains(absolutePath(N.getKey())))
      continue;
    Expected<std::unique_ptr<MemoryBuffer>> B = readSourceFile(N.getKey(), MaxSourceBytes);
    if (!B) {
      consumeError(B.takeError());
      continue;
    }
    if (json::isUTF8((*B)->getBuffer()))
      Out[N.getKey().str()] = (*B)->getBuffer().str(); // The key outlives Names.
  }
  return Out;
}

/// JSON inside <script>: "</script" would end the element early, and
/// "<!--" followed by "<script" would make the HTML parser take the page's
/// own "</script>" as data (the "script data double escaped" state), which
/// blanks the page. The data has every "<" as "\u003c", the same string to
/// JSON.parse ("<" appears only inside JSON strings), so that no markup of
/// any kind can begin inside it.
std::string scriptSafe(StringRef Json) {
  std::string Out;
  Out.reserve(Json.size());
  for (char C : Json) {
    if (C == '<')
      Out += "\\u003c";
    else
      Out += C;
  }
  return Out;
}

/// The page: the template with its style, script and data put in place.
std::string page(const json::Value &Data) {
  std::string Html = reportFile("report.html").str();
  auto Put = [&](StringRef Mark, StringRef Text) {
    size_t At = Html.find(Mark.str());
    if (At != std::string::npos)
      Html.replace(At, Mark.size(), Text.str());
  };
  // The data goes in last: nothing is looked for inside it.
  Put("/*@STYLE@*/", reportFile("report.css"));
  Put("/*@SCRIPT@*/", reportFile("report.js"));
  Put("/*@DATA@*/", scriptSafe(formatv("{0}", Data).str()));
  return Html;
}

} // namespace

int runReportCommand(const CommandLine &CL) {
  if (CL.Output.empty()) {
    WithColor::error(errs(), "warplint") << "report needs -o FILE.html\n";
    return ExitToolError;
  }
  Expected<CheckOptions> Opts = checkOptions(CL);
  if (!Opts) {
    WithColor::error(errs(), "warplint") << toString(Opts.takeError()) << "\n";
    return ExitToolError;
  }
  Expected<InputSet> In = collectInputs(CL);
  if (!In) {
    WithColor::error(errs(), "warplint") << toString(In.takeError()) << "\n";
    return ExitToolError;
  }
  // The accesses JSON of each file's kernels, as the checker analyzed them.
  std::vector<json::Array> Kernels(In->Files.size());
  std::mutex Lock;
  // The files whose text the page may hold: the inputs, and the files their
  // compiles read (never a #line name, nor a file outside their roots).
  StringSet<> Quotable;
  for (const std::string &F : In->Files)
    Quotable.insert(absolutePath(F));
  std::vector<FileResult> Results =
      checkFiles(CL, *In, *Opts, [&](size_t File, const KernelFacts &K) {
        json::Object O =
            kernelJson(K, expectedToOptional(selectGpu(Opts->Gpu, K.Arch)).value_or(nullptr));
        std::lock_guard<std::mutex> Guard(Lock);
        if (const json::Array *A = O.getArray("accesses"))
          for (const json::Value &V : *A)
            if (const json::Object *Acc = V.getAsObject())
              if (std::optional<StringRef> F = Acc->getString("file");
                  F && K.Sources.quotable(*F))
                Quotable.insert(absolutePath(*F));
        Kernels[File].push_back(std::move(O));
      });
  // A finding of a file that compiled names a file its compile read unless
  // it is a label (rules/Suppressions.h markLabels).
  for (const FileResult &R : Results)
    if (R.Error.empty())
      for (const Finding &F : R.Findings) {
        if (F.Loc.valid() && !F.Loc.Label)
          Quotable.insert(absolutePath(F.Loc.File));
        for (const RelatedNote &N : F.Notes)
          if (N.Loc.valid() && !N.Loc.Label)
            Quotable.insert(absolutePath(N.Loc.File));
      }
  // Each file's "errors" and "not_analyzed", as `accesses` writes them.
  std::vector<json::Array> NotAnalyzed(In->Files.size()), Left(In->Files.size()),
      Notes(In->Files.size());
  for (size_t I = 0; I < In->Files.size(); ++I) {
    if (!Results[I].Error.empty()) {
      Finding F = fileErrorFinding(In->Files[I], Results[I].Error);
      NotAnalyzed[I].push_back(notAnalyzedJson(F));
      Left[I].push_back(notAnalyzedEntry(F));
    }
    for (const Finding &F : Results[I].Findings)
      if (isNotAnalyzed(F)) {
        NotAnalyzed[I].push_back(notAnalyzedJson(F));
        Left[I].push_back(notAnalyzedEntry(F));
      } else if (isHeaderTemplateNote(F)) {
        Notes[I].push_back(notAnalyzedJson(F));
      }
  }
  CheckedFiles C = gatherFindings(CL, Results);

  json::Array Files, Errors;
  for (size_t I = 0; I < In->Files.size(); ++I) {
    Files.push_back(json::Object{{"file", In->Files[I]},
                                 {"kernels", std::move(Kernels[I])},
                                 {"errors", std::move(NotAnalyzed[I])},
                                 {"notes", std::move(Notes[I])},
                                 {"not_analyzed", std::move(Left[I])}});
    if (!Results[I].Error.empty())
      Errors.push_back(json::Object{{"file", In->Files[I]}, {"message", Results[I].Error}});
  }
  json::Value Check = findingsJson(C.Findings);
  Check.getAsObject()->try_emplace("not_analyzed", notAnalyzedList(C.Findings));
  Check.getAsObject()->try_emplace("summary", C.Count.json());
  if (!C.Count.complete())
    WithColor::warning(errs(), "warplint") << C.Count.summary() << "\n";
  json::Object Sources =
      sourcesJson(*Check.getAsObject()->getArray("diagnostics"), Files, Quotable);
  json::Object Data{{"warplint", json::Object{{"version", WARPLINT_VERSION},
                                              {"arch", CL.Arch},
                                              {"confirm", CL.Confirm.getValue()},
                                              {"rule_docs", docsUrlFor(CL, *Opts, In->Files.empty() ? "" : In->Files.front())}}},
                    {"check", std::move(Check)},
                    {"accesses", json::Object{{"files", std::move(Files)},
                                              {"summary", C.Count.json()}}},
                    {"sources", std::move(Sources)},
                    {"errors", std::move(Errors)}};

  // Written to a temporary file beside it and renamed into place: a
  // symbolic link at -o's path (one a repository commits) is replaced, never
  // written through, and nobody reads half a page.
  std::string Page = page(json::Value(std::move(Data)));
  if (Error E = writeToOutput(CL.Output, [&](raw_ostream &OS) {
        OS << Page;
        return Error::success();
      })) {
    WithColor::error(errs(), "warplint")
        << CL.Output << ": " << errorToErrorCode(std::move(E)).message() << "\n";
    return ExitToolError;
  }
  return C.exitCode();
}

} // namespace warplint
