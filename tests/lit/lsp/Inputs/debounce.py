"""Times warplint lsp's debounce from an editor's side (bench/lsp.py's Server).

usage: debounce.py ROOT WARPLINT FILE DEBOUNCE_MS

Opens FILE, waits for its diagnostics and for a quiet spell longer than the
debounce, then sends a change (it should be checked at once) and, right
after its diagnostics, a second change (it follows the first within the
debounce, so it should wait out the debounce). Prints for each whether its
diagnostics came before DEBOUNCE_MS had passed.
"""
import os
import sys
import time

root, warplint, path, debounce_ms = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
sys.dont_write_bytecode = True  # nothing written into the source tree
sys.path.insert(0, os.path.join(root, "bench"))
import lsp  # noqa: E402


def changed_within_debounce(server, uri, version, text):
    sent = server.change(uri, version, text)
    while True:
        r = server.diagnostics(120)
        if r is None:
            sys.exit(f"no diagnostics for version {version}")
        if r[1] >= version:
            return (r[0] - sent) * 1000 < debounce_ms


def main():
    text = open(path).read()
    uri = "file://" + os.path.abspath(path)
    server = lsp.Server(warplint, ["--no-cuda-sdk", f"--debounce={debounce_ms}"])
    server.start(uri, text)
    if server.diagnostics(120) is None:
        sys.exit("no diagnostics after didOpen")
    time.sleep(debounce_ms / 1000 * 1.5)
    text = lsp.edited(text, 0)
    print("change after a quiet spell: diagnostics within the debounce:",
          "yes" if changed_within_debounce(server, uri, 2, text) else "no")
    text = lsp.edited(text, 1)
    print("change right after it: diagnostics within the debounce:",
          "yes" if changed_within_debounce(server, uri, 3, text) else "no")
    server.stop()


if __name__ == "__main__":
    main()
