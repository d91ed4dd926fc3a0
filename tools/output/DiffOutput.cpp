//===- DiffOutput.cpp - What `warplint diff` found, in four formats -------===//
#include "tools/output/DiffOutput.h"

#include "analyzer/time/TimeModel.h"
#include "rules/Rule.h"
#include "tools/output/DiagnosticOutput.h"
#include "tools/Locations.h"

#include "clang/Basic/Sarif.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <set>

using namespace llvm;

namespace warplint {

namespace {

/// Below this relative change a kernel's time is the same (the model's
/// sums are not exact to the last digit).
constexpr double SameTime = 0.005;

/// "32-way bank conflict": the finding's message without its kernel prefix,
/// up to the first colon (what it is, not why or how to fix it).
std::string shortWhat(const Finding &F) {
  StringRef M = F.Message;
  std::string Prefix = "kernel '" + F.Kernel + "': ";
  M.consume_front(Prefix);
  size_t Colon = M.find(": ");
  if (Colon != StringRef::npos)
    M = M.take_front(Colon);
  size_t Semi = M.find("; ");
  if (Semi != StringRef::npos)
    M = M.take_front(Semi);
  return M.str();
}

std::string fileLine(const Finding &F) {
  if (!F.Loc.valid())
    return F.Loc.File;
  return F.Loc.File + ":" + std::to_string(F.Loc.Line);
}

/// "2.3x slower", "12% faster", "same time" for new/old time Ratio.
std::string ratioText(double Ratio) {
  if (std::fabs(Ratio - 1) < SameTime)
    return "same predicted time";
  bool Slower = Ratio > 1;
  double Factor = Slower ? Ratio : 1 / Ratio;
  std::string Word = Slower ? " slower" : " faster";
  if (Factor >= 1.5)
    return formatv("{0:f1}x", Factor).str() + Word;
  double Percent = Slower ? 100 * (Ratio - 1) : 100 * (1 - Ratio);
  return formatv("{0:f0}%", std::max(1.0, Percent)).str() + Word;
}

/// "new 32-way bank conflict at k.cu:24; fixed ... at k.cu:8".
std::string causes(const KernelDiff &K, const DiffReport &R) {
  SmallVector<std::string, 4> Parts;
  for (size_t I : K.Introduced)
    Parts.push_back("new " + shortWhat(R.Findings[I].F) + " at " + fileLine(R.Findings[I].F));
  for (size_t I : K.Fixed)
    Parts.push_back("fixed " + shortWhat(R.Findings[I].F) + " at " + fileLine(R.Findings[I].F));
  for (size_t I : K.Updated) {
    const MatchedFinding &M = R.Findings[I];
    std::string Now = shortWhat(M.F), Was = M.Before ? shortWhat(*M.Before) : "";
    Parts.push_back(Now == Was || Was.empty()
                        ? "changed " + Now + " at " + fileLine(M.F)
                        : "now " + Now + " at " + fileLine(M.F) + ", was " + Was);
  }
  return join(Parts, "; ");
}

std::string headName(const DiffReport &R) { return R.Head; }

/// The finding's line of text output: "FILE:LINE:COL: warning: MESSAGE [rule]".
std::string findingLine(const Finding &F) {
  return locationPrefix(F.Loc) + severityName(F.Level).str() + ": " + F.text();
}

/// Text with each control character (a newline, a tab, ESC) written as a C
/// escape ("\\n", "\\x1b"), so that a name (a file's, a #line's) shows
/// what it holds and never ends a line of the comment.
std::string visibleControls(StringRef Text) {
  std::string Out;
  for (unsigned char C : Text) {
    if (C == '\n')
      Out += "\\n";
    else if (C == '\r')
      Out += "\\r";
    else if (C == '\t')
      Out += "\\t";
    else if (C < 0x20 || C == 0x7f)
      Out += "\\x" + utohexstr(C, /*LowerCase=*/true, 2);
    else
      Out += char(C);
  }
  return Out;
}

/// Text as a Markdown code span, whatever it holds: fenced with one backtick
/// more than its longest run of them, padded with a space each side when
/// it starts or ends with a backtick or a space (CommonMark strips one),
/// control characters made visible. InTable: a pipe is escaped, as GitHub
/// splits table cells at one even inside a code span.
std::string codeSpan(StringRef Text, bool InTable = false) {
  std::string Body;
  for (char C : visibleControls(Text))
    Body += InTable && C == '|' ? std::string("\\|") : std::string(1, C);
  size_t Longest = 0, Run = 0;
  for (char C : Body) {
    Run = C == '`' ? Run + 1 : 0;
    Longest = std::max(Longest, Run);
  }
  std::string Fence(Longest + 1, '`');
  bool Pad = !Body.empty() && (Body.front() == '`' || Body.back() == '`' ||
                               Body.front() == ' ' || Body.back() == ' ');
  std::string Space = Pad ? " " : "";
  return Fence + Space + Body + Space + Fence;
}

std::string usText(std::optional<double> Us) {
  return Us ? formatMicroseconds(*Us) : std::string("-");
}

} // namespace

std::string markdownEscape(StringRef Text) {
  std::string Out;
  for (char C : Text) {
    if ((unsigned char)C < 0x20 || C == 0x7f) {
      Out += ' ';
      continue;
    }
    if (StringRef("\\`*_[]<>|#~&").contains(C))
      Out += '\\';
    Out += C;
  }
  return Out;
}

std::optional<double> KernelDiff::ratio() const {
  if (!OldUs || !NewUs || *OldUs <= 0)
    return std::nullopt;
  return *NewUs / *OldUs;
}

std::optional<double> KernelDiff::slowerPercent() const {
  if (std::optional<double> R = ratio())
    return 100 * (*R - 1);
  return std::nullopt;
}

bool KernelDiff::changed() const {
  if (!InOld || !InNew || !Introduced.empty() || !Fixed.empty() || !Updated.empty())
    return true;
  std::optional<double> R = ratio();
  return R && std::fabs(*R - 1) >= SameTime;
}

unsigned DiffReport::count(BaselineState S) const {
  return count_if(Findings, [&](const MatchedFinding &M) { return M.State == S; });
}

unsigned DiffReport::slowerThan(double Percent) const {
  return count_if(Kernels, [&](const KernelDiff &K) {
    std::optional<double> P = K.slowerPercent();
    return P && *P > Percent;
  });
}

std::string kernelChangeText(const KernelDiff &K, const DiffReport &R) {
  std::string Out = "kernel " + K.Name + (K.Qualified ? " in " + K.File : "") + ": ";
  std::string On = K.GpuDisplay.empty() ? "" : " on " + K.GpuDisplay;
  if (!K.InOld)
    Out += "added" + (K.NewUs ? ", " + formatMicroseconds(*K.NewUs) + On : "");
  else if (!K.InNew)
    Out += "removed" + (K.OldUs ? " (was " + formatMicroseconds(*K.OldUs) + On + ")" : "");
  else if (std::optional<double> Ratio = K.ratio())
    Out += ratioText(*Ratio) + On + ", " + formatMicroseconds(*K.OldUs) + " -> " +
           formatMicroseconds(*K.NewUs);
  else
    Out += "no predicted time" + (K.Why.empty() ? "" : " (" + K.Why + ")");
  std::string Why = causes(K, R);
  if (!Why.empty())
    Out += " (" + Why + ")";
  return Out;
}

void printDiffText(raw_ostream &OS, const DiffReport &R) {
  OS << "warplint diff " << R.Base << " -> " << headName(R) << ": " << R.Files.size()
     << (R.Files.size() == 1 ? " file" : " files") << " compared";
  if (!R.Files.empty())
    OS << " (" << join(R.Files, ", ") << ")";
  OS << "\n";
  printIncompleteText(OS, R);
  unsigned Same = 0;
  for (const KernelDiff &K : R.Kernels) {
    if (K.changed())
      OS << kernelChangeText(K, R) << "\n";
    else
      ++Same;
  }
  if (Same)
    OS << Same << (Same == 1 ? " kernel" : " kernels") << " unchanged\n";
  for (BaselineState S : {BaselineState::New, BaselineState::Absent, BaselineState::Updated})
    for (const MatchedFinding &M : R.Findings) {
      if (M.State != S)
        continue;
      OS << (S == BaselineState::Absent ? "fixed" : baselineStateName(S)) << ": "
         << findingLine(M.F) << "\n";
      if (S == BaselineState::Updated && M.Before)
        OS << "  was: " << findingLine(*M.Before) << "\n";
    }
  OS << formatv("{0} new, {1} fixed, {2} updated, {3} unchanged findings; {4} of {5} kernels "
                "changed{6}\n",
                R.count(BaselineState::New), R.count(BaselineState::Absent),
                R.count(BaselineState::Updated), R.count(BaselineState::Unchanged),
                R.Kernels.size() - Same, R.Kernels.size(),
                R.Failures.empty() ? "" : "; incomplete: " + R.incompleteSummary());
}

json::Value diffJson(const DiffReport &R) {
  std::vector<Finding> All;
  for (const MatchedFinding &M : R.Findings)
    All.push_back(M.F);
  json::Value Diags = findingsJson(All);
  json::Array Findings = std::move(*Diags.getAsObject()->getArray("diagnostics"));
  for (size_t I = 0; I < Findings.size(); ++I) {
    json::Object &O = *Findings[I].getAsObject();
    O["state"] = baselineStateName(R.Findings[I].State);
    if (R.Findings[I].State == BaselineState::Updated && R.Findings[I].Before) {
      const Finding &B = *R.Findings[I].Before;
      json::Object Before = locationJson(B.Loc);
      Before["severity"] = severityName(B.Level);
      Before["message"] = B.Message;
      O["before"] = std::move(Before);
    }
  }
  json::Array Kernels;
  for (const KernelDiff &K : R.Kernels) {
    auto Us = [](std::optional<double> V) { return V ? json::Value(*V) : json::Value(nullptr); };
    std::optional<double> Ratio = K.ratio();
    StringRef Status = !K.InOld      ? "added"
                       : !K.InNew    ? "removed"
                       : K.changed() ? "changed"
                                     : "unchanged";
    json::Object O{{"name", K.Name},
                   {"file", K.File},
                   {"status", Status},
                   {"gpu", K.Gpu.empty() ? json::Value(nullptr) : json::Value(K.Gpu)},
                   {"before_us", Us(K.OldUs)},
                   {"after_us", Us(K.NewUs)},
                   {"ratio", Us(Ratio)},
                   {"new_findings", (int64_t)K.Introduced.size()},
                   {"fixed_findings", (int64_t)K.Fixed.size()},
                   {"updated_findings", (int64_t)K.Updated.size()},
                   {"summary", kernelChangeText(K, R)}};
    if (!K.Why.empty())
      O["why_no_time"] = K.Why;
    Kernels.push_back(std::move(O));
  }
  auto Rev = [](StringRef Name, StringRef Commit) {
    return json::Object{{"revision", Name},
                        {"commit", Commit.empty() ? json::Value(nullptr) : json::Value(Commit)}};
  };
  json::Array Files;
  for (const std::string &F : R.Files)
    Files.push_back(F);
  unsigned Changed = count_if(R.Kernels, [](const KernelDiff &K) { return K.changed(); });
  return json::Object{{"analysis", incompleteJson(R)},
                      {"base", Rev(R.Base, R.BaseCommit)},
                      {"head", Rev(R.Head, R.HeadCommit)},
                      {"files", std::move(Files)},
                      {"kernels", std::move(Kernels)},
                      {"findings", std::move(Findings)},
                      {"summary", json::Object{{"new", R.count(BaselineState::New)},
                                               {"fixed", R.count(BaselineState::Absent)},
                                               {"updated", R.count(BaselineState::Updated)},
                                               {"unchanged", R.count(BaselineState::Unchanged)},
                                               {"kernels", (int64_t)R.Kernels.size()},
                                               {"kernels_changed", Changed}}}};
}

json::Object diffSarif(const DiffReport &R) {
  std::vector<Finding> All;
  for (const MatchedFinding &M : R.Findings)
    All.push_back(M.F);
  json::Object Doc = findingsSarif(All, R.DocsUrl);
  json::Object &Run = *(*Doc.getArray("runs"))[0].getAsObject();
  json::Array &Results = *Run.getArray("results");
  // Clang's writer has no baselineState: it goes on each result it wrote,
  // in the order of the findings.
  for (size_t I = 0; I < Results.size() && I < R.Findings.size(); ++I) {
    json::Object &Result = *Results[I].getAsObject();
    Result["baselineState"] = baselineStateName(R.Findings[I].State);
    if (R.Findings[I].State == BaselineState::Updated && R.Findings[I].Before) {
      json::Object *Props = Result.getObject("properties");
      if (!Props) {
        Result["properties"] = json::Object();
        Props = Result.getObject("properties");
      }
      (*Props)["previousMessage"] = R.Findings[I].Before->text();
    }
  }
  // What either revision could not analyze: the invocation's notifications.
  addIncompleteSarif(Run, R);
  // The revisions compared, where SARIF keeps version control facts.
  json::Object Provenance{{"repositoryUri", clang::SarifDocumentWriter::fileNameToURI(R.Root)},
                          {"revisionTag", R.Head}};
  if (!R.HeadCommit.empty())
    Provenance["revisionId"] = R.HeadCommit;
  Run["versionControlProvenance"] = json::Array{std::move(Provenance)};
  json::Object *Props = Run.getObject("properties");
  if (!Props) {
    Run["properties"] = json::Object();
    Props = Run.getObject("properties");
  }
  (*Props)["baseRevision"] = R.Base;
  (*Props)["baseCommit"] = R.BaseCommit;
  return Doc;
}

void printDiffMarkdown(raw_ostream &OS, const DiffReport &R) {
  OS << "### warplint: " << codeSpan(R.Base) << " → " << codeSpan(headName(R)) << "\n\n";
  printIncompleteMarkdown(OS, R);
  unsigned New = R.count(BaselineState::New), Fixed = R.count(BaselineState::Absent);
  OS << New << " new " << (New == 1 ? "finding" : "findings") << ", " << Fixed << " fixed, "
     << R.count(BaselineState::Updated) << " updated, " << R.count(BaselineState::Unchanged)
     << " unchanged, in " << R.Files.size() << (R.Files.size() == 1 ? " file" : " files")
     << ".\n\n";
  bool Any = any_of(R.Kernels, [](const KernelDiff &K) { return K.changed(); });
  if (Any) {
    OS << "| kernel | file | before | after | change | why |\n"
       << "|---|---|---:|---:|---|---|\n";
    for (const KernelDiff &K : R.Kernels) {
      if (!K.changed())
        continue;
      std::string Change = !K.InOld ? "added" : !K.InNew ? "removed" : "";
      if (Change.empty())
        Change = K.ratio() ? ratioText(*K.ratio()) : "no predicted time";
      if (!K.GpuDisplay.empty() && (K.OldUs || K.NewUs))
        Change += " on " + K.GpuDisplay;
      OS << "| " << codeSpan(K.Name, true) << " | " << codeSpan(K.File, true) << " | "
         << usText(K.OldUs) << " | "
         << usText(K.NewUs) << " | " << Change << " | " << markdownEscape(causes(K, R)) << " |\n";
    }
    OS << "\n";
  }
  auto List = [&](BaselineState S, StringRef Title) {
    unsigned N = R.count(S);
    if (!N)
      return;
    OS << "#### " << Title << " (" << N << ")\n\n";
    for (const MatchedFinding &M : R.Findings) {
      if (M.State != S)
        continue;
      std::string Where = M.F.Loc.valid()
                              ? locationPrefix(M.F.Loc).substr(0, locationPrefix(M.F.Loc).size() - 2)
                              : M.F.Loc.File;
      OS << "- [" << codeSpan(M.F.Rule) << "](" << ruleHelpUri(M.F.Rule, R.DocsUrl) << ") "
         << codeSpan(Where) << " " << severityName(M.F.Level) << ": "
         << markdownEscape(M.F.Message);
      if (M.F.Saved && S == BaselineState::New)
        OS << " — " << markdownEscape(M.F.Saved->text());
      OS << "\n";
    }
    OS << "\n";
  };
  List(BaselineState::New, "New findings");
  List(BaselineState::Absent, "Fixed findings");
  List(BaselineState::Updated, "Updated findings");
}

} // namespace warplint
