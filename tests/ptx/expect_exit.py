#!/usr/bin/env python3
"""usage: expect_exit.py CODE COMMAND... : runs COMMAND (stdout and stderr pass
through) and succeeds only when it exits with CODE."""
import subprocess
import sys

code = int(sys.argv[1])
result = subprocess.run(sys.argv[2:])
if result.returncode != code:
    print(f"expect_exit.py: exit code {result.returncode}, expected {code}", file=sys.stderr)
    sys.exit(1)
