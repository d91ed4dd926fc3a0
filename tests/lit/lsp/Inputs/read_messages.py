"""Reads an LSP server's framed output from stdin and prints each message as
one line of JSON with sorted keys, for FileCheck. Fails on a bad frame
(missing or wrong Content-Length, a body that is not JSON, trailing bytes).
"""
import json
import sys


def main():
    data = sys.stdin.buffer.read()
    pos = 0
    while pos < len(data):
        end = data.find(b"\r\n\r\n", pos)
        if end < 0:
            sys.exit(f"bad frame at byte {pos}: no end of headers")
        headers = data[pos:end].decode().split("\r\n")
        length = [int(h.split(":", 1)[1]) for h in headers
                  if h.lower().startswith("content-length:")]
        if len(length) != 1:
            sys.exit(f"bad frame at byte {pos}: headers {headers}")
        body = data[end + 4:end + 4 + length[0]]
        if len(body) != length[0]:
            sys.exit(f"bad frame at byte {pos}: {len(body)} of {length[0]} bytes")
        print(json.dumps(json.loads(body), sort_keys=True))
        pos = end + 4 + length[0]


if __name__ == "__main__":
    main()
