"""Prints each RUN line of the hostile tests that names the warplint binary
other than through %warplint (bin/warplint, a bare `warplint` command), which
would run it without the directory's address-space and time cap."""
import os
import re
import sys

root = sys.argv[1]
bare = re.compile(r"(?<![%\w/.=-])warplint(?![\w.-])|bin/warplint")
for name in sorted(os.listdir(root)):
    if not name.endswith(".test"):
        continue
    with open(os.path.join(root, name)) as f:
        for number, line in enumerate(f, 1):
            if not line.startswith("RUN:"):
                continue
            # Quoted text (file names, messages) may name warplint freely.
            code = re.sub(r"'[^']*'|\"[^\"]*\"", "", line)
            if bare.search(code.replace("%warplint", "")):
                print(f"{name}:{number}: {line.strip()}")
