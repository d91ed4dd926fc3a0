//===- LspMessages.cpp - Reading and dispatching LSP messages -------------===//
#include "tools/lsp/LspMessages.h"

#include "frontend/BoundedJson.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/LSP/Logging.h"

using namespace llvm;
using namespace llvm::lsp;

namespace warplint {

namespace {

constexpr StringLiteral HeaderName = "content-length:";

/// Where a "Content-Length: N" header line (with its line break) starts in
/// Text, searching from From; npos when there is none. Valid JSON never
/// holds one: outside strings the name is not JSON, inside them a raw line
/// break is not.
size_t findHeader(StringRef Text, size_t From) {
  for (size_t At = Text.find_insensitive(HeaderName, From); At != StringRef::npos;
       At = Text.find_insensitive(HeaderName, At + 1)) {
    StringRef Rest = Text.drop_front(At + HeaderName.size()).ltrim(" \t");
    size_t Digits = Rest.find_first_not_of("0123456789");
    if (Digits != 0 && Digits != StringRef::npos &&
        (Rest[Digits] == '\n' || Rest.drop_front(Digits).starts_with("\r\n")))
      return At;
  }
  return StringRef::npos;
}

/// A header line other than Content-Length ("Content-Type: ..."): a token,
/// a colon, a value.
bool isOtherHeader(StringRef Line) {
  size_t Colon = Line.find(':');
  if (Colon == 0 || Colon == StringRef::npos)
    return false;
  return llvm::all_of(Line.take_front(Colon),
                      [](char C) { return isAlnum(C) || C == '-' || C == '_'; });
}

} // namespace

bool LspFrameReader::fill() {
  char Chunk[1 << 16];
  Expected<size_t> N = sys::fs::readNativeFile(In, MutableArrayRef<char>(Chunk, sizeof(Chunk)));
  if (!N) {
    Logger::error("reading the client's messages: {0}", toString(N.takeError()));
    return false;
  }
  if (*N == 0)
    return false;
  Buf.append(Chunk, *N);
  return true;
}

void LspFrameReader::compact() {
  if (Pos > (1u << 20) && Pos * 2 > Buf.size()) {
    Buf.erase(0, Pos);
    Pos = 0;
  }
}

std::optional<LspFrame> LspFrameReader::next() {
  LspFrame F;
  // The headers: lines up to an empty one after a valid Content-Length.
  std::optional<uint64_t> Length;
  while (true) {
    size_t Eol = Buf.find('\n', Pos);
    if (Eol == std::string::npos) {
      // A line that never ends is no header: keep only what could be the
      // start of one.
      if (Buf.size() - Pos > MaxLspMessageBytes) {
        Pos = Buf.size() - 64;
        F.SkippedBytes = true;
        compact();
      }
      if (!fill())
        return std::nullopt;
      continue;
    }
    StringRef Line = StringRef(Buf).slice(Pos, Eol).trim();
    Pos = Eol + 1;
    if (Line.empty()) {
      if (Length)
        break;
      continue; // A stray line break (or headers without a length: skipped).
    }
    size_t Name = Line.find_insensitive(HeaderName);
    if (Name == StringRef::npos) {
      F.SkippedBytes |= !isOtherHeader(Line);
      continue;
    }
    // A header after other bytes on its line: what came before is skipped.
    F.SkippedBytes |= Name != 0;
    uint64_t N = 0;
    if (Line.drop_front(Name + HeaderName.size()).trim().getAsInteger(10, N) || N == 0 ||
        N > MaxLspMessageBytes) {
      Logger::error("refused a header: {0}", Line.drop_front(Name));
      F.SkippedBytes = true;
      Length.reset();
      continue;
    }
    Length = N;
  }
  // The body: Length bytes, unless another message's header begins first.
  size_t Scanned = 0;
  while (true) {
    StringRef Avail = StringRef(Buf).drop_front(Pos).take_front(*Length);
    // Rescan a little of what was scanned: a header may straddle two reads.
    size_t From = Scanned > 32 ? Scanned - 32 : 0;
    if (size_t At = findHeader(Avail, From); At != StringRef::npos) {
      F.Body = Avail.take_front(At).str();
      F.Cut = true;
      Pos += At;
      break;
    }
    Scanned = Avail.size();
    if (Avail.size() == *Length) {
      F.Body = Avail.str();
      Pos += *Length;
      break;
    }
    if (!fill())
      return std::nullopt;
  }
  compact();
  return F;
}

namespace {

/// Answers a message that cannot be served with its JSON-RPC error.
class ErrorReplies {
public:
  ErrorReplies(JSONTransport &Transport, std::mutex &OutputLock)
      : Transport(Transport), OutputLock(OutputLock) {}

  void operator()(json::Value Id, ErrorCode Code, const Twine &Message) {
    Logger::error("answered {0}: {1}", int(Code), Message);
    std::lock_guard<std::mutex> G(OutputLock);
    Transport.reply(std::move(Id), make_error<LSPError>(Message.str(), Code));
  }

private:
  JSONTransport &Transport;
  std::mutex &OutputLock;
};


/// A response's error object as the library's handlers take it.
Error responseError(const json::Object &E) {
  std::string Message = E.getString("message").value_or("unspecified error").str();
  return make_error<LSPError>(std::move(Message), ErrorCode(E.getInteger("code").value_or(
                                                      int64_t(ErrorCode::UnknownErrorCode))));
}

/// Dispatches one parsed message; false after "exit".
bool dispatch(json::Value Msg, MessageHandler &Handler, ErrorReplies &Fail) {
  if (const json::Array *Batch = Msg.getAsArray()) {
    Fail(nullptr, ErrorCode::InvalidRequest,
         Batch->empty() ? "an empty batch is not a request"
                        : "a batch (a JSON array of messages) is not served: the "
                          "language server protocol sends each message on its own");
    return true;
  }
  json::Object *O = Msg.getAsObject();
  if (!O) {
    Fail(nullptr, ErrorCode::InvalidRequest, "a message is a JSON object, not " + jsonKindName(Msg.kind()));
    return true;
  }
  std::optional<json::Value> Id;
  if (json::Value *I = O->get("id")) {
    if (I->kind() != json::Value::String && I->kind() != json::Value::Null && !I->getAsInteger()) {
      Fail(nullptr, ErrorCode::InvalidRequest,
           "\"id\" is an integer or a string, not " + jsonKindName(I->kind()));
      return true;
    }
    Id = std::move(*I);
  }
  if (O->getString("jsonrpc") != std::optional<StringRef>("2.0")) {
    Fail(Id ? *Id : nullptr, ErrorCode::InvalidRequest,
         "not a JSON-RPC 2.0 message: \"jsonrpc\": \"2.0\" is missing");
    return true;
  }
  json::Value *Method = O->get("method");
  if (!Method) {
    // A response to a request of ours, or nothing.
    json::Value *Result = O->get("result");
    const json::Object *E = O->getObject("error");
    if (Id && (Result || E))
      return E ? Handler.onReply(std::move(*Id), responseError(*E))
               : Handler.onReply(std::move(*Id), std::move(*Result));
    Fail(Id ? *Id : nullptr, ErrorCode::InvalidRequest,
         "a message without \"method\" is a response, with an \"id\" and a \"result\" or "
         "an \"error\"");
    return true;
  }
  std::optional<StringRef> Name = Method->getAsString();
  if (!Name) {
    Fail(Id ? *Id : nullptr, ErrorCode::InvalidRequest,
         "\"method\" is a string, not " + jsonKindName(Method->kind()));
    return true;
  }
  json::Value Params = nullptr;
  if (json::Value *P = O->get("params"))
    Params = std::move(*P);
  if (Id)
    return Handler.onCall(*Name, std::move(Params), std::move(*Id));
  return Handler.onNotify(*Name, std::move(Params));
}

} // namespace

Error serveLspMessages(LspFrameReader &Reader, JSONTransport &Transport, MessageHandler &Handler,
                       std::mutex &OutputLock) {
  ErrorReplies Fail(Transport, OutputLock);
  // The rest of a message whose error was just answered is not answered again.
  bool Answered = false;
  while (std::optional<LspFrame> F = Reader.next()) {
    if (F->SkippedBytes && !Answered)
      Fail(nullptr, ErrorCode::ParseError,
           "skipped bytes that are no message's (a missing or wrong Content-Length header)");
    Answered = false;
    if (F->Cut) {
      Fail(nullptr, ErrorCode::ParseError,
           formatv("a message ended after {0} bytes, at the next Content-Length header: its "
                   "own Content-Length was wrong",
                   F->Body.size()));
      Answered = true;
      continue;
    }
    Expected<json::Value> Msg = parseBoundedJson(F->Body);
    if (!Msg) {
      Fail(nullptr, ErrorCode::ParseError, "cannot read the message: " + toString(Msg.takeError()));
      Answered = true;
      continue;
    }
    if (!dispatch(std::move(*Msg), Handler, Fail))
      return Error::success();
  }
  return createStringError(inconvertibleErrorCode(),
                           "the input ended without an \"exit\" notification");
}

} // namespace warplint
