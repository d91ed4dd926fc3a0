"""Writes a hostile LSP session for `warplint lsp` on stdout.

usage: hostile_session.py

Between well-formed requests it sends what a broken or hostile client may:
a batch, an empty batch, messages that are not objects, a message without
"method" that is no response, a "method" that is not a string, a message
without "jsonrpc", JSON that does not parse, JSON nested 100,000 deep, bytes
with no header, and messages whose Content-Length is too long (the body ends
at the next header) and too short (the rest of the body comes before the next
header). After each, a codeAction request (ids 100 and up) shows the server
still answers; it ends with shutdown (id 999) and exit.
"""
import json
import sys

out = sys.stdout.buffer
probe_id = [100]


def frame(body, length=None):
    data = body.encode() if isinstance(body, str) else body
    n = len(data) if length is None else length
    out.write(b"Content-Length: %d\r\n\r\n" % n + data)


def msg(obj):
    frame(json.dumps(obj))


def probe():
    """A request the server answers with [] (no such document is open)."""
    msg({"jsonrpc": "2.0", "id": probe_id[0], "method": "textDocument/codeAction",
         "params": {"textDocument": {"uri": "file:///nowhere/x.cu"},
                    "range": {"start": {"line": 0, "character": 0},
                              "end": {"line": 0, "character": 0}},
                    "context": {"diagnostics": []}}})
    probe_id[0] += 1


msg({"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"processId": None, "rootUri": None, "capabilities": {}}})
msg({"jsonrpc": "2.0", "method": "initialized", "params": {}})
# A batch (with a shutdown in it: not served), then an empty one.
frame('[{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}]')
probe()
frame("[]")
probe()
# Not objects.
for text in ["42", '"hello"', "null", "true"]:
    frame(text)
probe()
# No method: neither a request nor a response.
frame('{"jsonrpc": "2.0", "id": 3}')
frame('{"jsonrpc": "2.0"}')
probe()
# A method that is not a string; an id that is an object; no "jsonrpc".
frame('{"jsonrpc": "2.0", "id": 4, "method": 5}')
frame('{"jsonrpc": "2.0", "id": {"a": 1}, "method": "shutdown"}')
frame('{"id": 5, "method": "shutdown"}')
probe()
# A response to a request the server never sent: logged, not answered.
frame('{"jsonrpc": "2.0", "id": 77, "result": null}')
# An unknown method.
frame('{"jsonrpc": "2.0", "id": 6, "method": "no/suchMethod"}')
# Not JSON; JSON nested 100,000 deep.
frame('{"jsonrpc": ')
frame("[" * 100000 + "]" * 100000)
probe()
# Bytes without a header, then a message.
out.write(b"hello, server\r\n\r\n")
probe()
# Content-Length too long: the body ends at the next header.
frame('{"jsonrpc": "2.0", "id": 7, "method": "shutdown"}', length=100000)
probe()
# Content-Length too short: the rest of the body precedes the next header.
frame('{"jsonrpc": "2.0", "id": 8, "method": "shutdown"}', length=20)
probe()
# Content-Length not a number, and far too large.
out.write(b"Content-Length: many\r\n\r\n{}")
probe()
out.write(b"Content-Length: 99999999999999999999\r\n\r\n{}")
probe()
msg({"jsonrpc": "2.0", "id": 999, "method": "shutdown"})
msg({"jsonrpc": "2.0", "method": "exit"})
