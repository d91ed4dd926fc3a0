"""Prints the fenced code block that follows the first line of a Markdown
file containing MARKER (an HTML comment naming the test that runs it), so a
test runs a documented setup as written.

usage: doc_block.py FILE MARKER
"""
import sys


def main():
    path, marker = sys.argv[1], sys.argv[2]
    lines = open(path, encoding="utf-8").read().split("\n")
    at = next((i for i, l in enumerate(lines) if marker in l), None)
    if at is None:
        sys.exit(f"{path}: no line holds {marker!r}")
    fence = next((i for i in range(at + 1, len(lines)) if lines[i].startswith("```")), None)
    if fence is None:
        sys.exit(f"{path}: no code block after line {at + 1}")
    end = next((i for i in range(fence + 1, len(lines)) if lines[i].startswith("```")), None)
    if end is None:
        sys.exit(f"{path}: the code block at line {fence + 1} does not end")
    print("\n".join(lines[fence + 1:end]))


if __name__ == "__main__":
    main()
