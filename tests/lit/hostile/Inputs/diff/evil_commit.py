"""evil_commit.py KIND ARG: in the git repository of the current directory,
makes branch `evil`: main's tree plus one entry that `git add` refuses,
built with git hash-object, mktree and commit-tree, as a hostile fetch can
bring it; prints what `git ls-tree -r` lists of it.
  dotdot PATH  a file PWNED.cuh at PATH, one tree per component ("..")
  abs PATH     a file at PATH (absolute) named by one entry whose name holds
               slashes (a raw tree object: mktree refuses such a name)
  link DIR     a symbolic link `inc` -> DIR and, beside it, a tree `inc`
               holding PWNED.cuh (ls-tree: inc, inc/PWNED.cuh)
"""
import os
import subprocess
import sys

os.environ.update(GIT_AUTHOR_NAME="warplint", GIT_AUTHOR_EMAIL="warplint@example.invalid",
                  GIT_COMMITTER_NAME="warplint", GIT_COMMITTER_EMAIL="warplint@example.invalid")


def git(*args, data=b""):
    return subprocess.run(["git"] + list(args), input=data, check=True,
                          capture_output=True).stdout


def mktree(lines):
    return git("mktree", data="".join(l + "\n" for l in lines).encode()).decode().strip()


kind, arg = sys.argv[1], sys.argv[2]
blob = git("hash-object", "-w", "--stdin", data=b"#define PWNED 1\n").decode().strip()
if kind == "dotdot":
    entry = "100644 blob %s\tPWNED.cuh" % blob
    for name in reversed(arg.split("/")):
        entry = "040000 tree %s\t%s" % (mktree([entry]), name)
    extra = [entry]
elif kind == "abs":
    # The root is a raw tree: that entry, then main's entries as they are.
    raw = b"100644 " + (arg + "/PWNED.cuh").encode() + b"\0" + bytes.fromhex(blob)
    main = git("cat-file", "tree", "main")
    root = git("hash-object", "-t", "tree", "-w", "--literally", "--stdin",
               data=raw + main).decode().strip()
    extra = None
elif kind == "link":
    target = git("hash-object", "-w", "--stdin", data=arg.encode()).decode().strip()
    inner = mktree(["100644 blob %s\tPWNED.cuh" % blob])
    extra = ["120000 blob %s\tinc" % target, "040000 tree %s\tinc" % inner]
else:
    sys.exit("unknown kind " + kind)
if extra is not None:
    main = git("ls-tree", "main").decode().splitlines()
    root = mktree(main + extra)
commit = git("commit-tree", "-p", "main", "-m", "evil", root).decode().strip()
git("branch", "-f", "evil", commit)
sys.stdout.write(git("ls-tree", "-r", "--name-only", "evil").decode())
