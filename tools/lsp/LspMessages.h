//===- LspMessages.h - Reading and dispatching LSP messages -----*- C++ -*-===//
//
// The language server's side of JSON-RPC, robust to what a client (or a
// fuzzer) may send: llvm/Support/LSP's JSONTransport::run exits on a batch,
// a message without "method" or "id" and a non-object message, and after a
// wrong Content-Length it reads the following messages as the body and never
// finds a header again. Here each of those is answered with its JSON-RPC
// error (-32700 ParseError, -32600 InvalidRequest; an unknown method gets the
// library's -32601 MethodNotFound) and the server keeps serving: a message
// whose Content-Length is wrong is refused, and reading resumes at the next
// "Content-Length:" header. Well-formed messages go to the library's
// MessageHandler, as JSONTransport::run would pass them.
//
//===----------------------------------------------------------------------===//
#ifndef WARPLINT_TOOLS_LSPMESSAGES_H
#define WARPLINT_TOOLS_LSPMESSAGES_H

#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/LSP/Transport.h"

#include <cstdint>
#include <mutex>
#include <optional>
#include <string>

namespace warplint {

/// The largest message body the server reads (a document's whole text
/// arrives in one message); a longer Content-Length is refused.
constexpr uint64_t MaxLspMessageBytes = uint64_t(64) << 20;

/// One framed message read from the client.
struct LspFrame {
  /// The body: Content-Length bytes, or fewer when the next header came first.
  std::string Body;
  /// The input held bytes that belong to no message before this one's
  /// header (the rest of a message whose Content-Length was too short, a
  /// header without a valid Content-Length): they were skipped.
  bool SkippedBytes = false;
  /// Another message's "Content-Length:" header began before Content-Length
  /// bytes of this body were read: its length was wrong, the body is cut.
  bool Cut = false;
};

/// Reads Content-Length framed messages from a file (the server's stdin)
/// with a buffer of its own, so that it reads no more than the input holds
/// and can resynchronise on a header inside a body.
class LspFrameReader {
public:
  explicit LspFrameReader(llvm::sys::fs::file_t In) : In(In) {}

  /// The next message; std::nullopt at the end of the input (or a read
  /// error).
  std::optional<LspFrame> next();

private:
  /// Appends what the input holds next to Buf; false at its end.
  bool fill();
  /// Drops the bytes before Pos once they are many.
  void compact();

  llvm::sys::fs::file_t In;
  std::string Buf;
  size_t Pos = 0;
};

/// Serves the messages Reader reads: well-formed ones go to Handler,
/// malformed ones are answered with their JSON-RPC error through Transport,
/// under OutputLock (which everything else that writes to Transport outside
/// Handler must hold too). Returns success at an "exit" notification and an
/// error when the input ends first.
llvm::Error serveLspMessages(LspFrameReader &Reader, llvm::lsp::JSONTransport &Transport,
                             llvm::lsp::MessageHandler &Handler, std::mutex &OutputLock);

} // namespace warplint

#endif
