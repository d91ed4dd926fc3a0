//===- LspServer.cpp - warplint lsp ---------------------------------------===//
//
// A Language Server over stdin/stdout on LLVM's LSP support library
// (llvm/Support/LSP): the library dispatches JSON-RPC messages and types the
// protocol; LspMessages reads the messages and answers malformed ones (the
// library's own reading gives up on them); this file keeps the open
// documents, checks a document when it is opened, changed (full sync: the
// unsaved text is what is checked) or saved, publishes its findings,
// answers code actions with the findings' fix-its, and hovers over an access
// with what the analysis predicts for it (tools/lsp/LspHover.h).
//
// Checks run on a thread of their own, one at a time, so the message thread
// keeps reading: the first change after a quiet spell is checked at once, and
// changes that follow within the debounce time (--debounce) are checked once
// the buffer has been quiet that long; a check whose text an edit has made stale
// is abandoned rather than finished or queued. Each check is incremental
// (tools/IncrementalCheck): the file's includes come from a precompiled
// preamble and only kernels whose code changed are analyzed again. --sync
// checks every change on the message thread instead (scripted sessions).
//
//===----------------------------------------------------------------------===//
#include "tools/commands/CheckFile.h"
#include "tools/commands/IncrementalCheck.h"
#include "tools/InputLoop.h"
#include "tools/lsp/LspConvert.h"
#include "tools/lsp/LspHover.h"
#include "tools/lsp/LspMessages.h"
#include "tools/NotAnalyzed.h"

#include "frontend/cuda/Preamble.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Transport.h"
#include "llvm/Support/Timer.h"
#include "llvm/Support/WithColor.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <memory>
#include <mutex>
#include <thread>

using namespace llvm;
using namespace llvm::lsp;

namespace warplint {

namespace {

/// textDocument/didSave (the library has no type for it).
struct DidSaveTextDocumentParams {
  TextDocumentIdentifier textDocument;
  std::optional<std::string> text;
};

bool fromJSON(const json::Value &V, DidSaveTextDocumentParams &R, json::Path P) {
  json::ObjectMapper O(V, P);
  return O && O.map("textDocument", R.textDocument) && O.mapOptional("text", R.text);
}

/// What the server reads of initialize's params beyond the library's
/// InitializeParams: whether the client shows a diagnostic's
/// relatedInformation (an absent capability means it does not).
struct ClientDiagnosticCapabilities {
  bool RelatedInformation = false;
};

bool fromJSON(const json::Value &V, ClientDiagnosticCapabilities &R, json::Path) {
  const json::Object *Params = V.getAsObject();
  const json::Object *Caps = Params ? Params->getObject("capabilities") : nullptr;
  const json::Object *Doc = Caps ? Caps->getObject("textDocument") : nullptr;
  const json::Object *Pub = Doc ? Doc->getObject("publishDiagnostics") : nullptr;
  R.RelatedInformation = Pub && Pub->getBoolean("relatedInformation").value_or(false);
  return true;
}

using Clock = std::chrono::steady_clock;

/// An open document and what its last check found. Guarded by Server::Lock,
/// except Cache, which only the checking thread touches.
struct Document {
  URIForFile Uri;
  std::string Text;
  int64_t Version = 0;
  /// Bumped whenever Text changes (or a save asks for a new check): a check
  /// of an older generation is stale.
  uint64_t Generation = 0;
  bool Closed = false;
  /// When a check of this document is due; none when none is wanted.
  std::optional<Clock::time_point> Due;
  /// When the text last changed (opened or edited).
  Clock::time_point LastEdit;
  /// The last published findings and the text they were found in.
  std::vector<Finding> Findings;
  std::string CheckedText;
  /// The accesses of the last check, in CheckedText's places, for hovers.
  std::vector<AccessHover> Accesses;
  KernelResultCache Cache;
};

/// A snapshot of what one check works on.
struct CheckJob {
  std::shared_ptr<Document> Doc;
  std::string Text;
  int64_t Version = 0;
  uint64_t Generation = 0;
};

class Server {
public:
  Server(const CommandLine &CL, InputSet In, CheckOptions Opts, JSONTransport &Transport,
         std::mutex &OutputLock)
      : CL(CL), In(std::move(In)), Opts(std::move(Opts)), Handler(Transport),
        Notify(Handler.outgoingNotification<json::Value>("textDocument/publishDiagnostics")),
        OutputLock(OutputLock),
        Debounce(CL.LspDebounce), Sync(CL.LspSync), Full(CL.LspFullChecks) {
    Handler.method("initialize", this, &Server::onInitialize);
    Handler.notification("initialized", this, &Server::onInitialized);
    Handler.method("shutdown", this, &Server::onShutdown);
    Handler.notification("textDocument/didOpen", this, &Server::onOpen);
    Handler.notification("textDocument/didChange", this, &Server::onChange);
    Handler.notification("textDocument/didSave", this, &Server::onSave);
    Handler.notification("textDocument/didClose", this, &Server::onClose);
    Handler.method("textDocument/codeAction", this, &Server::onCodeAction);
    Handler.method("textDocument/hover", this, &Server::onHover);
    if (!Sync)
      Checker = std::thread([this] { checkLoop(); });
  }

  ~Server() {
    {
      std::lock_guard<std::mutex> G(Lock);
      Stop = true;
    }
    Wake.notify_all();
    if (Checker.joinable())
      Checker.join();
  }

  MessageHandler &handler() { return Handler; }
  bool shutdownRequested() const { return ShutdownRequested; }

private:
  void onInitialize(const ClientDiagnosticCapabilities &Client, Callback<json::Value> Reply) {
    RelatedInformation = Client.RelatedInformation;
    json::Object Sync{{"openClose", true},
                      {"change", int(TextDocumentSyncKind::Full)},
                      {"save", json::Object{{"includeText", true}}}};
    json::Object Caps{{"textDocumentSync", std::move(Sync)},
                      {"codeActionProvider",
                       json::Object{{"codeActionKinds", json::Array{CodeAction::kQuickFix}}}},
                      {"hoverProvider", true}};
    Reply(json::Object{{"capabilities", std::move(Caps)},
                       {"serverInfo", json::Object{{"name", "warplint"},
                                                   {"version", WARPLINT_VERSION}}}});
  }

  void onInitialized(const InitializedParams &) {}

  void onShutdown(const NoParams &, Callback<json::Value> Reply) {
    ShutdownRequested = true;
    Reply(nullptr);
  }

  void onOpen(const DidOpenTextDocumentParams &P) {
    std::shared_ptr<Document> D = std::make_shared<Document>();
    D->Uri = P.textDocument.uri;
    D->Text = P.textDocument.text;
    D->Version = P.textDocument.version;
    D->LastEdit = Clock::now();
    {
      std::lock_guard<std::mutex> G(Lock);
      if (std::shared_ptr<Document> &Old = Docs[P.textDocument.uri.file()])
        Old->Closed = true;
      Docs[P.textDocument.uri.file()] = D;
    }
    schedule(D, std::chrono::milliseconds(0));
  }

  void onChange(const DidChangeTextDocumentParams &P) {
    std::shared_ptr<Document> D = find(P.textDocument.uri.file());
    if (!D)
      return Logger::error("didChange for a document that is not open: {0}",
                           P.textDocument.uri.uri());
    std::chrono::milliseconds Delay(0);
    {
      std::lock_guard<std::mutex> G(Lock);
      if (failed(TextDocumentContentChangeEvent::applyTo(P.contentChanges, D->Text)))
        return Logger::error("could not apply the changes to {0}", D->Uri.uri());
      D->Version = P.textDocument.version;
      // The first change after a quiet spell is checked at once; changes
      // that follow it within the debounce time wait for the typing to stop.
      Clock::time_point Now = Clock::now();
      if (Now - D->LastEdit < std::chrono::milliseconds(Debounce))
        Delay = std::chrono::milliseconds(Debounce);
      D->LastEdit = Now;
    }
    schedule(D, Delay);
  }

  void onSave(const DidSaveTextDocumentParams &P) {
    std::shared_ptr<Document> D = find(P.textDocument.uri.file());
    if (!D)
      return;
    {
      std::lock_guard<std::mutex> G(Lock);
      if (P.text)
        D->Text = *P.text;
    }
    schedule(D, std::chrono::milliseconds(0)); // A configuration or a header may have changed too.
  }

  void onClose(const DidCloseTextDocumentParams &P) {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(P.textDocument.uri.file());
    if (It == Docs.end())
      return;
    It->second->Closed = true;
    json::Object Clear{{"uri", It->second->Uri.uri().str()}, {"diagnostics", json::Array()}};
    Docs.erase(It);
    publish(std::move(Clear));
  }

  void onCodeAction(const CodeActionParams &P, Callback<json::Value> Reply) {
    json::Array Actions;
    {
      std::lock_guard<std::mutex> G(Lock);
      auto It = Docs.find(P.textDocument.uri.file());
      if (It != Docs.end()) {
        const Document &D = *It->second;
        DocumentText Text(D.CheckedText);
        for (const Finding &F : D.Findings) {
          Range Where = Text.token(F.Loc.Line, F.Loc.Column);
          bool Touches = !(Where.end < P.range.start) && !(P.range.end < Where.start);
          for (const FixIt &X : F.FixIts) {
            Range Edit = Text.range(X.Loc.Line, X.Loc.Column, X.RemoveColumns);
            Touches |= !(Edit.end < P.range.start) && !(P.range.end < Edit.start);
          }
          if (Touches)
            if (std::optional<json::Value> A = toCodeAction(F, D.Uri, Text, style(D.Uri.file())))
              Actions.push_back(std::move(*A));
        }
      }
    }
    Reply(json::Value(std::move(Actions)));
  }

  /// The access under the cursor, as the last check of the document found
  /// it; null where there is none (or before the first check ends).
  void onHover(const TextDocumentPositionParams &P, Callback<json::Value> Reply) {
    std::optional<json::Value> H;
    {
      std::lock_guard<std::mutex> G(Lock);
      auto It = Docs.find(P.textDocument.uri.file());
      if (It != Docs.end()) {
        const Document &D = *It->second;
        H = hoverAt(D.Accesses, D.Uri.file(), DocumentText(D.CheckedText), P.position);
      }
    }
    Reply(H ? std::move(*H) : json::Value(nullptr));
  }

  /// Sends a publishDiagnostics notification (from either thread).
  void publish(json::Value Params) {
    std::lock_guard<std::mutex> G(OutputLock);
    Notify(Params);
  }

  /// How diagnostics of the document Path are written: the rule links from
  /// --docs-url, else its configuration's docs-url.
  DiagnosticStyle style(StringRef Path) const {
    return DiagnosticStyle{RelatedInformation.load(), docsUrlFor(CL, Opts, Path)};
  }

  std::shared_ptr<Document> find(StringRef Path) {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Docs.find(Path);
    return It == Docs.end() ? nullptr : It->second;
  }

  /// Asks for a check of D's current text after Delay (a later change
  /// postpones it); with --sync, checks it now.
  void schedule(const std::shared_ptr<Document> &D, std::chrono::milliseconds Delay) {
    CheckJob Job;
    {
      std::lock_guard<std::mutex> G(Lock);
      ++D->Generation;
      if (!Sync) {
        D->Due = Clock::now() + Delay;
        Wake.notify_all();
        return;
      }
      Job = {D, D->Text, D->Version, D->Generation};
    }
    run(Job);
  }

  /// The checking thread: runs the due check, earliest first, until Stop.
  void checkLoop() {
    std::unique_lock<std::mutex> L(Lock);
    while (!Stop) {
      std::shared_ptr<Document> Next;
      for (auto &Entry : Docs)
        if (Entry.second->Due && (!Next || *Entry.second->Due < *Next->Due))
          Next = Entry.second;
      if (!Next) {
        Wake.wait(L);
        continue;
      }
      if (*Next->Due > Clock::now()) {
        Wake.wait_until(L, *Next->Due);
        continue;
      }
      Next->Due.reset();
      CheckJob Job{Next, Next->Text, Next->Version, Next->Generation};
      L.unlock();
      run(Job);
      L.lock();
    }
  }

  /// The process's processor time so far (user and system), in seconds.
  static double processorSeconds() {
    TimeRecord T = TimeRecord::getCurrentTime(/*Start=*/false);
    return T.getUserTime() + T.getSystemTime();
  }

  /// True when Job's text is no longer the document's.
  bool stale(const CheckJob &Job) {
    std::lock_guard<std::mutex> G(Lock);
    return Stop || Job.Doc->Closed || Job.Doc->Generation != Job.Generation;
  }

  /// Checks Job's text and publishes what it found, unless it went stale.
  void run(const CheckJob &Job) {
    Document &D = *Job.Doc;
    StringRef Path = D.Uri.file();
    FrontendOptions FO = In.optionsFor(Path);
    FO.Contents = Job.Text;
    if (!Full)
      FO.Preambles = Preambles;
    Logger::info("checking {0} version {1}", Path, Job.Version);
    auto Start = Clock::now();
    double CpuStart = processorSeconds();
    // A whole-file check gathers the accesses for hovers as it goes (the
    // incremental one keeps them in its cache).
    std::vector<AccessHover> FullAccesses;
    std::mutex FullAccessesLock;
    CheckOptions FullOpts = Opts;
    if (Full) {
      const GpuProfile *Gpu = nullptr;
      if (auto CA = configAndArch(CL, Opts, Path, FO.Arch))
        Gpu = expectedToOptional(selectGpu(Opts.Gpu, *CA->second)).value_or(nullptr);
      else
        consumeError(CA.takeError());
      FullOpts.OnKernel = [&, Gpu](const KernelFacts &K) {
        std::vector<AccessHover> H = accessHovers(K, Gpu);
        std::lock_guard<std::mutex> G(FullAccessesLock);
        FullAccesses.insert(FullAccesses.end(), H.begin(), H.end());
      };
    }
    // Both on a guarded stack (checkGuarded): a crash is this document's error.
    FileResult R = Full ? checkFile(CL, std::move(FO), FullOpts, Path) : checkGuarded(Path, [&] {
      return checkIncrementally(CL, std::move(FO), Opts, Path, D.Cache,
                                [&] { return !Sync && stale(Job); });
    });
    long Ms = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - Start).count();
    std::string Phases =
        Full ? formatv("whole file {0} ms", static_cast<long>((processorSeconds() - CpuStart) * 1000))
                   .str()
             : D.Cache.lastPhases();
    if (R.Abandoned)
      return Logger::info("abandoned {0} version {1}: its text changed", Path, Job.Version);
    Logger::info("checked {0} version {1} in {2} ms: {3} kernels analyzed, {4} reused (cpu: {5})",
                 Path, Job.Version, Ms, D.Cache.lastMisses(), D.Cache.lastHits(),
                 Phases);
    for (const std::string &N : R.Notes)
      Logger::info("{0}", N);
    DocumentText Text(Job.Text);
    json::Array Diags;
    std::vector<Finding> Kept;
    if (!R.Error.empty()) {
      Logger::info("{0}", R.Error);
      for (json::Value &V : errorDiagnostics(R.Error, Path, Text))
        Diags.push_back(std::move(V));
    }
    if (!R.CompileErrors.empty())
      Logger::info("{0}", R.CompileErrors);
    // Findings in other files (a kernel in an included header) are left to
    // that file's own check; a kernel of this file left out for an error in
    // another (a header's device function) is told at the first line.
    for (Finding &F : R.Findings) {
      if (!sameFile(F.Loc.File, Path)) {
        if (!isNotAnalyzed(F))
          continue;
        F.Message = formatv("{0}:{1}:{2}: {3}", F.Loc.File, F.Loc.Line, F.Loc.Column, F.Message);
        F.Loc = SourceLoc{Path.str(), 1, 1};
      }
      Diags.push_back(toDiagnostic(F, Path, Text, style(Path)));
      Kept.push_back(std::move(F));
    }
    std::lock_guard<std::mutex> G(Lock);
    if (!Sync && (D.Closed || D.Generation != Job.Generation))
      return Logger::info("dropped {0} version {1}: its text changed", Path, Job.Version);
    D.Findings = std::move(Kept);
    D.CheckedText = Job.Text;
    D.Accesses = Full ? std::move(FullAccesses) : D.Cache.accesses();
    publish(json::Object{
        {"uri", D.Uri.uri().str()}, {"version", Job.Version}, {"diagnostics", std::move(Diags)}});
  }

  const CommandLine &CL;
  InputSet In;
  CheckOptions Opts;
  MessageHandler Handler;
  OutgoingNotification<json::Value> Notify;
  /// Held by whatever writes to the transport outside Handler's replies
  /// (serveLspMessages's error answers, publish()).
  std::mutex &OutputLock;
  const unsigned Debounce;
  const bool Sync;
  const bool Full;
  std::shared_ptr<PreambleCache> Preambles = std::make_shared<PreambleCache>();
  bool ShutdownRequested = false;
  /// The client shows relatedInformation (from initialize; read by the
  /// checking thread).
  std::atomic<bool> RelatedInformation{false};

  std::mutex Lock; ///< Guards Docs, the documents' fields and Stop.
  std::condition_variable Wake;
  StringMap<std::shared_ptr<Document>> Docs;
  bool Stop = false;
  std::thread Checker;
};

} // namespace

int runLspCommand(const CommandLine &CL) {
  if (CL.LspLog != "error" && CL.LspLog != "info" && CL.LspLog != "debug") {
    WithColor::error(errs(), "warplint") << "unknown --log '" << CL.LspLog
                                         << "' (error, info or debug)\n";
    return ExitToolError;
  }
  Logger::setLogLevel(CL.LspLog == "debug"  ? Logger::Level::Debug
                      : CL.LspLog == "info" ? Logger::Level::Info
                                            : Logger::Level::Error);
  Expected<CheckOptions> Opts = checkOptions(CL);
  Expected<InputSet> In = Opts ? collectInputs(CL, /*RequireFiles=*/false, /*MissingDbOk=*/true)
                               : Expected<InputSet>(Opts.takeError());
  if (!In) {
    WithColor::error(errs(), "warplint") << toString(In.takeError()) << "\n";
    return ExitToolError;
  }
  // The library's transport writes; LspFrameReader reads (the transport's
  // own reader gives up on a bad frame), serveLspMessages dispatches.
  JSONTransport Transport(stdin, outs());
  LspFrameReader Reader(sys::fs::getStdinHandle());
  std::mutex OutputLock;
  Server S(CL, std::move(*In), std::move(*Opts), Transport, OutputLock);
  if (Error E = serveLspMessages(Reader, Transport, S.handler(), OutputLock)) {
    // The input ended without an "exit" notification.
    Logger::error("{0}", toString(std::move(E)));
    return ExitFindings;
  }
  return S.shutdownRequested() ? ExitClean : ExitFindings;
}

} // namespace warplint
