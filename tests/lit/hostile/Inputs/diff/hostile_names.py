"""hostile_names.py REPO: commits, on top of REPO's main, two files whose
names would write Markdown into `diff --format=markdown`'s comment: one
whose file name holds backticks, a pipe and newlines that start a heading
and a task list, one whose `#line` names such a file for its kernel."""
import os
import subprocess
import sys

os.environ.update(GIT_AUTHOR_NAME="warplint", GIT_AUTHOR_EMAIL="warplint@example.invalid",
                  GIT_COMMITTER_NAME="warplint", GIT_COMMITTER_EMAIL="warplint@example.invalid")
repo = sys.argv[1]
KERNEL = """// warplint: launch grid(8192) block(256)
__global__ void %s(const float *in, float *out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 2.0f * in[4 * i];
}
"""
name = "a`b``c|d\n### injected-heading\n- [x] injected-item <b>x &amp; @all.cu"
with open(os.path.join(repo, "src", name), "w") as f:
    f.write(KERNEL % "named")
with open(os.path.join(repo, "src", "line.cu"), "w") as f:
    f.write('#line 1 "`evil`\\n## injected-line | x |\\n.cu"\n' + KERNEL % "relined")
subprocess.run(["git", "-C", repo, "add", "-A"], check=True)
subprocess.run(["git", "-C", repo, "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null",
                "commit", "-qm", "hostile names"], check=True)
