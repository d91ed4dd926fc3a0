"""Prints each SARIF rule's fullDescription and help (text, Markdown) on one
line each, newlines as spaces, for FileCheck; then whether every rule has
help text, Markdown and a fullDescription that is not its shortDescription.

usage: sarif_help.py LOG
"""
import json
import sys


def main():
    with open(sys.argv[1]) as f:
        log = json.load(f)
    ok = True
    for run in log["runs"]:
        for rule in run["tool"]["driver"]["rules"]:
            full = rule.get("fullDescription", {}).get("text", "")
            short = rule.get("shortDescription", {}).get("text", "")
            help_ = rule.get("help", {})
            one = lambda s: " ".join(s.split())
            print(f"{rule['id']} full: {one(full)}")
            print(f"{rule['id']} text: {one(help_.get('text', ''))}")
            print(f"{rule['id']} markdown: {one(help_.get('markdown', ''))}")
            if not full or full == short or not help_.get("text") or not help_.get("markdown"):
                ok = False
                print(f"{rule['id']}: missing help or fullDescription")
    print("every rule: help and fullDescription of its own" if ok else "some rule lacks help")


if __name__ == "__main__":
    main()
