"""Writes a scripted LSP session for `warplint lsp` on stdout.

usage: make_session.py FILE [--no-shutdown] [--no-related]

Every message is framed as the protocol asks ("Content-Length: N\\r\\n\\r\\n"
then N bytes of JSON). The session opens FILE with text that differs from
what is on disk, changes it twice (full sync), asks for code actions, saves,
closes, and shuts the server down. With --no-shutdown: initialize, then
exit without a shutdown request. The client says it shows a diagnostic's
relatedInformation (as VS Code does); with --no-related it says nothing of it
(the capabilities are empty), as a client that shows the message alone.
"""
import json
import pathlib
import sys

STRIDED = """// warplint: launch grid(64) block(256)
__global__ void copy(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  /* \u00b5\u2192\U0001d11e */ out[i] = in[8 * i];
}
"""

TRANSPOSE = """#define TILE 32
// warplint: launch grid(32,32) block(32,32)
__global__ void transpose(const float *__restrict__ in, float *__restrict__ out, int w) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * w + x] = tile[threadIdx.x][threadIdx.y];
}
"""

BROKEN = "__global__ void k(float *p) {\n  p[threadIdx.x] = 1.0f\n}\n"
# Broken outside any body: nothing of the file compiles.
BROKEN_DECL = "struct H { no_such_type *p; };\n__global__ void k(H h) {\n  h.p[threadIdx.x] = 1.0f;\n}\n"


def frame(message):
    body = json.dumps(message).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def main():
    uri = pathlib.Path(sys.argv[1]).resolve().as_uri()
    doc = {"uri": uri}
    caps = ({} if "--no-related" in sys.argv else
            {"textDocument": {"publishDiagnostics": {"relatedInformation": True}}})
    msgs = [
        {"id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": caps}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen",
         "params": {"textDocument": {**doc, "languageId": "cuda", "version": 1,
                                     "text": STRIDED}}},
        {"method": "textDocument/didChange",
         "params": {"textDocument": {**doc, "version": 2},
                    "contentChanges": [{"text": STRIDED.replace("8 * i", "i")}]}},
        {"method": "textDocument/didChange",
         "params": {"textDocument": {**doc, "version": 3},
                    "contentChanges": [{"text": TRANSPOSE}]}},
        {"id": 2, "method": "textDocument/codeAction",
         "params": {"textDocument": doc,
                    "range": {"start": {"line": 9, "character": 19},
                              "end": {"line": 9, "character": 19}},
                    "context": {"diagnostics": []}}},
        {"id": 3, "method": "textDocument/codeAction",
         "params": {"textDocument": doc,
                    "range": {"start": {"line": 0, "character": 0},
                              "end": {"line": 0, "character": 1}},
                    "context": {"diagnostics": []}}},
        {"method": "textDocument/didSave", "params": {"textDocument": doc}},
        {"method": "textDocument/didChange",
         "params": {"textDocument": {**doc, "version": 4},
                    "contentChanges": [{"text": TRANSPOSE.replace(
                        "  out[y * w + x]",
                        "  // warplint: ignore[shared-bank-conflict]\n  out[y * w + x]")}]}},
        {"method": "textDocument/didChange",
         "params": {"textDocument": {**doc, "version": 5},
                    "contentChanges": [{"text": BROKEN}]}},
        {"method": "textDocument/didChange",
         "params": {"textDocument": {**doc, "version": 6},
                    "contentChanges": [{"text": BROKEN_DECL}]}},
        {"method": "textDocument/didClose", "params": {"textDocument": doc}},
        {"id": 4, "method": "textDocument/codeAction",
         "params": {"textDocument": doc,
                    "range": {"start": {"line": 0, "character": 0},
                              "end": {"line": 9, "character": 0}},
                    "context": {"diagnostics": []}}},
        {"id": 5, "method": "no/suchMethod", "params": {}},
        {"id": 6, "method": "shutdown"},
        {"method": "exit"},
    ]
    if "--no-shutdown" in sys.argv:
        msgs = [msgs[0], msgs[-1]]
    out = sys.stdout.buffer
    for m in msgs:
        out.write(frame({"jsonrpc": "2.0", **m}))
    out.flush()


if __name__ == "__main__":
    main()
