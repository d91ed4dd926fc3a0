"""Runs a command with its stderr on a pseudo-terminal and prints what the
terminal received, carriage returns shown as "<CR>" and each on a new line
(so FileCheck can match every redraw of a progress bar), then "exit=N", the
command's status. stdout goes to /dev/null.

usage: pty_stderr.py COMMAND [ARG]...
"""
import os
import pty
import subprocess
import sys

master, slave = pty.openpty()
proc = subprocess.Popen(sys.argv[1:], stdin=subprocess.DEVNULL,
                        stdout=subprocess.DEVNULL, stderr=slave)
os.close(slave)
received = b""
while True:
    try:
        chunk = os.read(master, 65536)
    except OSError:  # EIO: the command closed the terminal.
        break
    if not chunk:
        break
    received += chunk
status = proc.wait()
text = received.decode("utf-8", errors="replace")
sys.stdout.write(text.replace("\r", "<CR>\n"))
sys.stdout.write("\nexit=%d\n" % status)
