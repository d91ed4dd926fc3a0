"""Writes a scripted LSP session of hovers for `warplint lsp --sync`.

usage: hover_session.py FILE [--merged]

Opens FILE with a strided copy and a transpose (its own text, not the
file's), hovers over the strided load, beside it (the nearest access of the
line), over the store, over the transpose's shared read and over a line with
no access; changes the read to a coalesced one and hovers over it again;
hovers over the transpose again (its kernel, unchanged, is not analyzed
again); then shuts the server down. With --merged: a text whose two lines'
loads the optimizer merges, hovered on each. Replies carry the ids below.
"""
import json
import pathlib
import sys

TEXT = """// warplint: launch grid(64) block(256)
__global__ void copy(const float *__restrict__ in, float *__restrict__ out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[8 * i];
}
#define TILE 32
#define w 1024
// warplint: launch grid(32,32) block(32,32)
__global__ void transpose(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * w + x] = tile[threadIdx.x][threadIdx.y];
}
"""


# Accesses of two lines the optimizer merges into one instruction (a load
# hoisted out of both arms of a branch).
MERGED = """// warplint: launch grid(64) block(256)
__global__ void merged(const float *a, const float *b, float *out, int flag) {
  unsigned i = blockIdx.x * 256 + threadIdx.x;
  float v;
  if (flag > 3)
    v = a[i * 2] + b[i];
  else
    v = a[i * 2] - b[i];
  out[i] = v;
}
"""


def frame(message):
    body = json.dumps({"jsonrpc": "2.0", **message}).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def hover(id, doc, line, character):
    return {"id": id, "method": "textDocument/hover",
            "params": {"textDocument": doc, "position": {"line": line, "character": character}}}


def main():
    doc = {"uri": pathlib.Path(sys.argv[1]).resolve().as_uri()}
    if "--merged" in sys.argv:
        msgs = [
            {"id": 1, "method": "initialize",
             "params": {"processId": None, "rootUri": None, "capabilities": {}}},
            {"method": "textDocument/didOpen",
             "params": {"textDocument": {**doc, "languageId": "cuda", "version": 1,
                                         "text": MERGED}}},
            hover(10, doc, 5, 9),  # a[i * 2] of the first arm
            hover(11, doc, 7, 9),  # a[i * 2] of the second, merged into the first
            {"id": 30, "method": "shutdown"},
            {"method": "exit"},
        ]
        sys.stdout.buffer.write(b"".join(frame(m) for m in msgs))
        return
    msgs = [
        {"id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen",
         "params": {"textDocument": {**doc, "languageId": "cuda", "version": 1, "text": TEXT}}},
        hover(10, doc, 3, 12),   # on `in` of in[8 * i]
        hover(11, doc, 3, 17),   # on `8`: the nearest access of the line
        hover(12, doc, 3, 3),    # on `out`
        hover(13, doc, 15, 20),  # on `tile` of the transposed read
        hover(14, doc, 12, 4),   # __syncthreads(): no access
        {"method": "textDocument/didChange",
         "params": {"textDocument": {**doc, "version": 2},
                    "contentChanges": [{"text": TEXT.replace("in[8 * i]", "in[i]")}]}},
        hover(20, doc, 3, 12),   # the read, now coalesced
        hover(21, doc, 15, 20),  # the transpose, unchanged: its kernel's hovers kept
        {"id": 30, "method": "shutdown"},
        {"method": "exit"},
    ]
    out = sys.stdout.buffer
    for m in msgs:
        out.write(frame(m))
    out.flush()


if __name__ == "__main__":
    main()
