//===- LspServer.cpp - warplint lsp ---------------------------------------===//
//
// A Language Server over stdin/stdout on LLVM's LSP support library
// (llvm/Support/LSP): the library frames and dispatches JSON-RPC messages and
// types the protocol; this file keeps the open documents, checks a document
// when it is opened, changed (full sync: the unsaved text is what is checked)
// or saved, publishes its findings, and answers code actions with the
// findings' fix-its. Checks run on the message thread, one at a time.
//
//===----------------------------------------------------------------------===//
#include "tools/CheckFile.h"
#include "tools/InputLoop.h"
#include "tools/LspConvert.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/LSP/Logging.h"
#include "llvm/Support/LSP/Transport.h"
#include "llvm/Support/WithColor.h"

#include <cstdio>

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

/// An open document and what its last check found.
struct Document {
  URIForFile Uri;
  std::string Text;
  int64_t Version = 0;
  std::vector<Finding> Findings;
};

class Server {
public:
  Server(const CommandLine &CL, InputSet In, CheckOptions Opts, JSONTransport &Transport)
      : CL(CL), In(std::move(In)), Opts(std::move(Opts)), Handler(Transport),
        Publish(Handler.outgoingNotification<json::Value>("textDocument/publishDiagnostics")) {
    Handler.method("initialize", this, &Server::onInitialize);
    Handler.notification("initialized", this, &Server::onInitialized);
    Handler.method("shutdown", this, &Server::onShutdown);
    Handler.notification("textDocument/didOpen", this, &Server::onOpen);
    Handler.notification("textDocument/didChange", this, &Server::onChange);
    Handler.notification("textDocument/didSave", this, &Server::onSave);
    Handler.notification("textDocument/didClose", this, &Server::onClose);
    Handler.method("textDocument/codeAction", this, &Server::onCodeAction);
  }

  MessageHandler &handler() { return Handler; }
  bool shutdownRequested() const { return ShutdownRequested; }

private:
  void onInitialize(const InitializeParams &, Callback<json::Value> Reply) {
    json::Object Sync{{"openClose", true},
                      {"change", int(TextDocumentSyncKind::Full)},
                      {"save", json::Object{{"includeText", true}}}};
    json::Object Caps{{"textDocumentSync", std::move(Sync)},
                      {"codeActionProvider",
                       json::Object{{"codeActionKinds", json::Array{CodeAction::kQuickFix}}}}};
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
    Document &D = Docs[P.textDocument.uri.file()];
    D.Uri = P.textDocument.uri;
    D.Text = P.textDocument.text;
    D.Version = P.textDocument.version;
    check(D);
  }

  void onChange(const DidChangeTextDocumentParams &P) {
    auto It = Docs.find(P.textDocument.uri.file());
    if (It == Docs.end())
      return Logger::error("didChange for a document that is not open: {0}",
                           P.textDocument.uri.uri());
    Document &D = It->second;
    if (failed(TextDocumentContentChangeEvent::applyTo(P.contentChanges, D.Text)))
      return Logger::error("could not apply the changes to {0}", D.Uri.uri());
    D.Version = P.textDocument.version;
    check(D);
  }

  void onSave(const DidSaveTextDocumentParams &P) {
    auto It = Docs.find(P.textDocument.uri.file());
    if (It == Docs.end())
      return;
    if (P.text)
      It->second.Text = *P.text;
    check(It->second); // A configuration or a header may have changed too.
  }

  void onClose(const DidCloseTextDocumentParams &P) {
    auto It = Docs.find(P.textDocument.uri.file());
    if (It == Docs.end())
      return;
    json::Object Clear{{"uri", It->second.Uri.uri().str()}, {"diagnostics", json::Array()}};
    Docs.erase(It);
    Publish(std::move(Clear));
  }

  void onCodeAction(const CodeActionParams &P, Callback<json::Value> Reply) {
    json::Array Actions;
    auto It = Docs.find(P.textDocument.uri.file());
    if (It != Docs.end()) {
      const Document &D = It->second;
      DocumentText Text(D.Text);
      for (const Finding &F : D.Findings) {
        Range Where = Text.token(F.Loc.Line, F.Loc.Column);
        bool Touches = !(Where.end < P.range.start) && !(P.range.end < Where.start);
        for (const FixIt &X : F.FixIts) {
          Range Edit = Text.range(X.Loc.Line, X.Loc.Column, X.RemoveColumns);
          Touches |= !(Edit.end < P.range.start) && !(P.range.end < Edit.start);
        }
        if (Touches)
          if (std::optional<json::Value> A = toCodeAction(F, D.Uri, Text))
            Actions.push_back(std::move(*A));
      }
    }
    Reply(json::Value(std::move(Actions)));
  }

  /// Checks D's current text and publishes what it found.
  void check(Document &D) {
    StringRef Path = D.Uri.file();
    FrontendOptions FO = In.optionsFor(Path);
    FO.Contents = D.Text;
    FileResult R = checkFile(CL, std::move(FO), Opts, Path);
    for (const std::string &N : R.Notes)
      Logger::info("{0}", N);
    DocumentText Text(D.Text);
    json::Array Diags;
    D.Findings.clear();
    if (!R.Error.empty()) {
      Logger::info("{0}", R.Error);
      for (json::Value &V : errorDiagnostics(R.Error, Path, Text))
        Diags.push_back(std::move(V));
    }
    // Findings in other files (a kernel in an included header) are left to
    // that file's own check.
    for (Finding &F : R.Findings)
      if (sameFile(F.Loc.File, Path)) {
        Diags.push_back(toDiagnostic(F, Path, Text));
        D.Findings.push_back(std::move(F));
      }
    Publish(json::Object{
        {"uri", D.Uri.uri().str()}, {"version", D.Version}, {"diagnostics", std::move(Diags)}});
  }

  const CommandLine &CL;
  InputSet In;
  CheckOptions Opts;
  MessageHandler Handler;
  OutgoingNotification<json::Value> Publish;
  StringMap<Document> Docs;
  bool ShutdownRequested = false;
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
  Expected<InputSet> In = Opts ? collectInputs(CL, /*RequireFiles=*/false)
                               : Expected<InputSet>(Opts.takeError());
  if (!In) {
    WithColor::error(errs(), "warplint") << toString(In.takeError()) << "\n";
    return ExitToolError;
  }
  JSONTransport Transport(stdin, outs());
  Server S(CL, std::move(*In), std::move(*Opts), Transport);
  if (Error E = Transport.run(S.handler())) {
    // The input ended without an "exit" notification.
    Logger::error("{0}", toString(std::move(E)));
    return ExitFindings;
  }
  return S.shutdownRequested() ? ExitClean : ExitFindings;
}

} // namespace warplint
