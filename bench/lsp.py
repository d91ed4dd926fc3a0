#!/usr/bin/env python3
"""Drives `warplint lsp` over JSON-RPC the way an editor does.

usage:
  lsp.py latency WARPLINT FILE [--edits N] [--interval S] [-- SERVER_ARGS...]
      Opens FILE (its text is sent, full sync), then every S seconds (0.6)
      sends a didChange of the whole text with one kernel's code changed (a
      different kernel each time, the line count unchanged; a change waits
      for the previous one's diagnostics when they take longer). Prints the time
      to the first diagnostics and, for each change, the time until
      diagnostics of that version or a newer one arrive: p50, p95, max; then
      the processor time of each check but the first (from the server's
      --log=info lines: the latency on an idle machine) and the server's
      peak resident memory.
  lsp.py burst WARPLINT FILE [--edits N] [--window S] [-- SERVER_ARGS...]
      Opens FILE, waits for its diagnostics, then sends N (10) full-text
      changes spread over S (1.0) seconds and waits until the server is quiet.
      Prints the number of checks the server started (from its --log=info
      lines), the versions it published, and the last diagnostics as
      "rule line:col" lines, then the diagnostics of a fresh --sync server
      given the final text alone (compiled and analyzed whole, --full-checks),
      and whether the two agree.

The edit: the first `[<digit> * ` index of each kernel's access toggles
between two strides; FILE must contain such accesses (bench/lsp.sh writes one).
"""
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
import queue


class Server:
    def __init__(self, warplint, args):
        self.log = []
        self.proc = subprocess.Popen([warplint, "lsp", "--log=info"] + args,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE)
        self.messages = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._read_log, daemon=True).start()
        self.next_id = 1

    def _read(self):
        out = self.proc.stdout
        while True:
            header = b""
            while not header.endswith(b"\r\n\r\n"):
                c = out.read(1)
                if not c:
                    self.messages.put((time.monotonic(), None))
                    return
                header += c
            n = int(re.search(rb"Content-Length: (\d+)", header).group(1))
            body = out.read(n)
            self.messages.put((time.monotonic(), json.loads(body)))

    def _read_log(self):
        for line in self.proc.stderr:
            self.log.append(line.decode(errors="replace").rstrip())

    def send(self, msg):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.proc.stdin.flush()
        return time.monotonic()

    def request(self, method, params):
        self.next_id += 1
        self.send({"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params})
        while True:
            _, m = self.messages.get(timeout=120)
            if m is None:
                raise RuntimeError("server exited")
            if m.get("id") == self.next_id:
                return m

    def notify(self, method, params):
        return self.send({"jsonrpc": "2.0", "method": method, "params": params})

    def diagnostics(self, timeout):
        """(time, version, diagnostics) of the next publishDiagnostics, or None."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            try:
                t, m = self.messages.get(timeout=left)
            except queue.Empty:
                return None
            if m is None:
                raise RuntimeError("server exited")
            if m.get("method") == "textDocument/publishDiagnostics":
                p = m["params"]
                return t, p.get("version"), p["diagnostics"]

    def start(self, uri, text):
        # As VS Code: it shows related information, so messages are the
        # findings' own (the notes are not folded into them).
        caps = {"textDocument": {"publishDiagnostics": {"relatedInformation": True}}}
        self.request("initialize", {"processId": os.getpid(), "rootUri": None,
                                    "capabilities": caps})
        self.notify("initialized", {})
        return self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cuda", "version": 1, "text": text}})

    def change(self, uri, version, text):
        return self.notify("textDocument/didChange", {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"text": text}]})

    def peak_memory_mb(self):
        """The server's peak resident memory so far (Linux), or None."""
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) / 1024
        except OSError:
            return None
        return None

    def stop(self):
        self.peak_mb = self.peak_memory_mb()
        self.request("shutdown", None)
        self.notify("exit", None)
        self.proc.wait(timeout=60)


STRIDE = re.compile(r"\[(\d) \* ")


def edited(text, n):
    """The text with the n-th stride site toggled (2 <-> 3), lines unchanged."""
    sites = list(STRIDE.finditer(text))
    if not sites:
        sys.exit("no `[<digit> * ` site to edit in the file")
    m = sites[n % len(sites)]
    new = "3" if m.group(1) != "3" else "2"
    return text[:m.start(1)] + new + text[m.end(1):]


def percentile(values, p):
    values = sorted(values)
    k = (len(values) - 1) * p / 100
    lo = int(k)
    hi = min(lo + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def parse(argv):
    mode, warplint, path = argv[0], argv[1], os.path.abspath(argv[2])
    rest = argv[3:]
    server_args = []
    if "--" in rest:
        i = rest.index("--")
        rest, server_args = rest[:i], rest[i + 1:]
    opts = dict(zip(rest[::2], rest[1::2]))
    return mode, warplint, path, opts, server_args


def latency(warplint, path, opts, server_args):
    edits = int(opts.get("--edits", 20))
    interval = float(opts.get("--interval", 0.6))
    text = open(path).read()
    uri = "file://" + path
    s = Server(warplint, server_args)
    t0 = s.start(uri, text)
    first = s.diagnostics(300)
    if first is None:
        sys.exit("no diagnostics after didOpen")
    print("time to first diagnostics: %.0f ms (%d diagnostics)" %
          ((first[0] - t0) * 1000, len(first[2])))
    sent = {}
    got = {1: first[0]}
    next_send = time.monotonic()
    for n in range(edits):
        version = n + 2
        text = edited(text, n)
        # The next change goes S seconds after the last one, or once the last
        # one's diagnostics are in when that takes longer (a server slower
        # than the typing would otherwise queue up ever longer waits).
        while time.monotonic() < next_send or (version > 2 and max(got) < version - 1):
            left = max(next_send - time.monotonic(), 0.001)
            r = s.diagnostics(left if time.monotonic() < next_send else 120)
            if r:
                got.setdefault(r[1], r[0])
        sent[version] = s.change(uri, version, text)
        next_send = sent[version] + interval
    deadline = time.monotonic() + 120
    while max(got, default=0) < version and time.monotonic() < deadline:
        r = s.diagnostics(deadline - time.monotonic())
        if r:
            got.setdefault(r[1], r[0])
    s.stop()
    lat = []
    for v, t in sent.items():
        arrivals = [a for w, a in got.items() if w >= v]
        if arrivals:
            lat.append((min(arrivals) - t) * 1000)
    checks = sum(1 for l in s.log if "checking " in l)
    print("edits: %d every %.2f s; versions published: %d; checks started: %d" %
          (edits, interval, len(got), checks))
    print("didChange -> publishDiagnostics: p50 %.0f ms, p95 %.0f ms, max %.0f ms" %
          (percentile(lat, 50), percentile(lat, 95), max(lat)))
    done = [l.split("checked ", 1)[1] for l in s.log if "checked " in l]
    # Processor time of each check after the first (the server's log): what
    # the latency would be on an idle machine, whatever else this one runs.
    cpu = [sum(int(ms) for ms in re.findall(r"(\d+) ms", l.split("(cpu: ", 1)[1]))
           for l in done[1:] if "(cpu: " in l]
    if cpu:
        print("processor time per check: p50 %.0f ms, p95 %.0f ms" %
              (percentile(cpu, 50), percentile(cpu, 95)))
    if s.peak_mb:
        print("server's peak resident memory: %.0f MB" % s.peak_mb)
    print("last check (server log):", done[-1] if done else "-")


def summary(diags):
    def key(d):
        start = d["range"]["start"]
        return (start["line"], start["character"], d.get("code", "error"), d["message"])
    return ["%s %d:%d %s" % (d.get("code", "error"), d["range"]["start"]["line"] + 1,
                             d["range"]["start"]["character"] + 1, d["message"])
            for d in sorted(diags, key=key)]


def burst(warplint, path, opts, server_args):
    edits = int(opts.get("--edits", 10))
    window = float(opts.get("--window", 1.0))
    text = open(path).read()
    uri = "file://" + path
    s = Server(warplint, server_args)
    s.start(uri, text)
    if s.diagnostics(300) is None:
        sys.exit("no diagnostics after didOpen")
    checks_before = sum(1 for l in s.log if "checking " in l)
    start = time.monotonic()
    for n in range(edits):
        while time.monotonic() < start + n * window / edits:
            time.sleep(0.005)
        text = edited(text, n)
        s.change(uri, n + 2, text)
    spent = time.monotonic() - start
    published = []
    while True:
        r = s.diagnostics(5)
        if r is None:
            break
        published.append(r)
    s.stop()
    checks = sum(1 for l in s.log if "checking " in l) - checks_before
    print("burst: %d edits in %.2f s" % (edits, spent))
    print("checks started: %d" % checks)
    print("versions published: %s" % " ".join(str(v) for _, v, _ in published))
    last = published[-1] if published else (0, None, [])
    print("last version: %s (final: %d)" % (last[1], edits + 1))
    mine = summary(last[2])
    for line in mine:
        print("last:", line)
    # The same text checked alone, from scratch.
    fresh = Server(warplint, server_args + ["--sync", "--full-checks"])
    fresh.start(uri, text)
    ref = fresh.diagnostics(300)
    fresh.stop()
    theirs = summary(ref[2])
    print("fresh check of the final text: %d diagnostics" % len(theirs))
    print("last diagnostics match the final text:", "yes" if mine == theirs else "NO")


def main():
    mode, warplint, path, opts, server_args = parse(sys.argv[1:])
    {"latency": latency, "burst": burst}[mode](warplint, path, opts, server_args)


if __name__ == "__main__":
    main()
