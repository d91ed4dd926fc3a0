"""Writes an LSP session for the per-kernel cache of `warplint lsp`.

usage: cache_session.py FILE

Opens FILE's text, then sends full-text changes, each one edit (a Python
str.replace) applied to the text before it: the edits are listed in EDITS
below with what each should make the server analyze again. Then shutdown
and exit. Every message is framed as the protocol asks.
"""
import json
import pathlib
import sys

EDITS = [
    # v2: a's stride: a alone is analyzed again.
    ("out[i] = in[2 * i];", "out[i] = in[3 * i];"),
    # v3: the device function b and c call: b and c again.
    ("return p[2 * i];", "return p[4 * i];"),
    # v4: a comment outside every kernel: nothing again.
    ("// Three kernels;", "// 3 kernels;"),
    # v5: c's launch annotation (its block): c alone again.
    ("launch grid(64) block(256)\n__global__ void c",
     "launch grid(64) block(128)\n__global__ void c"),
    # v6: a line inserted above every kernel moves them all: all again.
    ("// 3 kernels;", "\n// 3 kernels;"),
]


def frame(message):
    body = json.dumps({"jsonrpc": "2.0", **message}).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def main():
    path = pathlib.Path(sys.argv[1]).resolve()
    doc = {"uri": path.as_uri()}
    text = path.read_text()
    msgs = [
        {"id": 1, "method": "initialize",
         "params": {"processId": None, "rootUri": None, "capabilities": {}}},
        {"method": "initialized", "params": {}},
        {"method": "textDocument/didOpen",
         "params": {"textDocument": {**doc, "languageId": "cuda", "version": 1,
                                     "text": text}}},
    ]
    for version, (old, new) in enumerate(EDITS, start=2):
        if old not in text:
            sys.exit(f"edit {version}: '{old}' is not in the text")
        text = text.replace(old, new, 1)
        msgs.append({"method": "textDocument/didChange",
                     "params": {"textDocument": {**doc, "version": version},
                                "contentChanges": [{"text": text}]}})
    msgs += [{"id": 2, "method": "shutdown"}, {"method": "exit"}]
    out = sys.stdout.buffer
    for m in msgs:
        out.write(frame(m))
    out.flush()


if __name__ == "__main__":
    main()
