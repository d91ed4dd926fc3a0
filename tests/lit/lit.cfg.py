# lit configuration: every .cu, .ptx, .ll, .sass and .test file under tests/lit
# and samples/ is a test whose RUN lines and expectations are written inline.
import os
import shutil
import subprocess
import sys
import lit.formats

config.name = "warplint"
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = [".cu", ".ptx", ".ll", ".sass", ".test", ".json"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py.in"]
config.test_source_root = os.path.join(config.source_root, "tests", "lit")
config.test_exec_root = os.path.join(os.path.dirname(config.warplint), "..", "tests", "lit-out")
config.substitutions.append(("%warplint", config.warplint))
config.substitutions.append(("%samples", os.path.join(config.source_root, "samples")))
config.substitutions.append(("%root", config.source_root))
# A Python with mpmath (the host references of run/libdevice/): lit's own,
# or the first python3 on PATH. Before %python, which it starts with.
for _py in [sys.executable, shutil.which("python3")]:
    if _py and subprocess.run([_py, "-c", "import mpmath"], capture_output=True).returncode == 0:
        config.available_features.add("mpmath")
        config.substitutions.append(("%python-mpmath", _py))
        break
# Helper scripts of the tests (Inputs/*.py) run with lit's own Python.
config.substitutions.append(("%python", sys.executable))
# %clang-ptx OUT SRC: the PTX that LLVM's NVPTX backend writes for a .cu file
# (through the embedded prelude, with line tables), so rule tests can run on
# PTX input too.
config.substitutions.append(("%clang-ptx", " ".join([
    os.path.join(config.llvm_tools_dir, "clang"), "-x", "cuda", "--cuda-device-only",
    "--cuda-gpu-arch=sm_90", "-nocudainc", "-nocudalib", "-Wno-unknown-cuda-version",
    "-I" + os.path.join(config.source_root, "frontend", "cuda", "prelude"),
    "-include", "__warplint_prelude.h", "-O2", "-gline-tables-only", "-S", "-o"])))
config.environment["PATH"] = os.pathsep.join([config.llvm_tools_dir, config.environment.get("PATH", "")])

# Tests that run the toolkit's ptxas (check --ptxas) say "REQUIRES: ptxas";
# found where warplint looks for it (analyzer/PtxasConfirm.h findPtxas).
import shutil
def _find_ptxas():
    for d in [os.environ.get("CUDA_PATH"), "/usr/local/cuda"]:
        if d and os.access(os.path.join(d, "bin", "ptxas"), os.X_OK):
            return True
    return shutil.which("ptxas") is not None
if _find_ptxas():
    config.available_features.add("ptxas")

# Tests that need a CUDA SDK's headers say "REQUIRES: cuda-sdk"; %cuda-path
# is the toolkit warplint finds (CUDA_PATH first, as CudaSdk.cpp looks).
for _sdk in [os.environ.get("CUDA_PATH"), "/usr/local/cuda"]:
    if _sdk and os.path.exists(os.path.join(_sdk, "include", "cuda_runtime.h")):
        config.available_features.add("cuda-sdk")
        config.substitutions.append(("%cuda-path", _sdk))
        # The toolkit's nvcc, for tests that build with it: "REQUIRES: nvcc".
        if os.access(os.path.join(_sdk, "bin", "nvcc"), os.X_OK):
            config.available_features.add("nvcc")
            config.substitutions.append(("%nvcc", os.path.join(_sdk, "bin", "nvcc")))
        break

# check --export-fixes's YAML applied by clang-apply-replacements itself,
# where it is installed (Debian's clang-tools): "%if clang-apply-replacements".
if shutil.which("clang-apply-replacements"):
    config.available_features.add("clang-apply-replacements")

# Tests that configure and build a CMake project: "REQUIRES: cmake-ninja".
if shutil.which("cmake") and shutil.which("ninja"):
    config.available_features.add("cmake-ninja")

# Tests that open a report in headless Chromium (as tests/browser does, without
# its node packages): "REQUIRES: chromium"; %chromium runs it, dumping the DOM.
for _c in [os.environ.get("CHROMIUM"), "/usr/bin/chromium", "/usr/bin/chromium-browser"]:
    if _c and os.access(_c, os.X_OK):
        config.available_features.add("chromium")
        config.substitutions.append(("%chromium", "timeout 120 " + _c +
            " --headless --no-sandbox --disable-gpu --dump-dom"))
        break

# Tests of host code using OpenMP need a host compiler's omp.h (GCC's, which
# warplint takes when Clang's resource directory has none): "REQUIRES: host-openmp".
import glob
if glob.glob("/usr/lib/gcc/*/*/include/omp.h"):
    config.available_features.add("host-openmp")

# Tests that compare warplint's stand-in for PyTorch's accessors with the real
# headers say "%if torch-headers": TORCH_INCLUDE names the directory that holds
# torch/extension.h (a libtorch or a Python wheel's include/), beside an SDK.
_torch = os.environ.get("TORCH_INCLUDE")
if "cuda-sdk" in config.available_features and _torch and \
   os.path.exists(os.path.join(_torch, "torch", "extension.h")):
    import sysconfig
    config.available_features.add("torch-headers")
    config.substitutions.append(("%torch_includes", " ".join([
        "-I" + _torch, "-I" + os.path.join(_torch, "torch", "csrc", "api", "include"),
        "-I" + sysconfig.get_paths()["include"]])))

# The corpus tests (tests/lit/corpus) analyze real library code from Debian's
# libcub-dev (scripts/setup.sh installs it): "REQUIRES: cub".
if os.path.exists("/usr/include/cub/cub.cuh"):
    config.available_features.add("cub")
# ... and Debian's libthrust-dev: "REQUIRES: thrust".
if os.path.exists("/usr/include/thrust/version.h"):
    config.available_features.add("thrust")

# The Neovim test (tests/lit/editor/nvim.test) runs Debian's neovim, which
# scripts/setup.sh installs: "REQUIRES: nvim".
if shutil.which("nvim", path=config.environment["PATH"]):
    config.available_features.add("nvim")
else:
    lit_config.note("nvim is not on PATH: the Neovim test (tests/lit/editor/nvim.test) "
                    "is skipped (scripts/setup.sh installs it)")

# The Emacs test (tests/lit/editor/emacs.test) runs Debian's Emacs with its
# elpa-eglot (Emacs 28 has no Eglot of its own): "REQUIRES: emacs-eglot".
# Neither is installed by scripts/setup.sh: 12 packages, 43 MiB to download
# and 151 MiB installed (apt-get install -s --no-install-recommends) for this
# one test; `apt-get install emacs-nox elpa-eglot` to run it.
if shutil.which("emacs", path=config.environment["PATH"]) and subprocess.run(
        ["emacs", "--batch", "--eval", "(require 'eglot)"], capture_output=True,
        timeout=60).returncode == 0:
    config.available_features.add("emacs-eglot")
else:
    lit_config.note("emacs with eglot is not installed: the Emacs test "
                    "(tests/lit/editor/emacs.test) is skipped (scripts/setup.sh does not "
                    "install it: apt-get install emacs-nox elpa-eglot)")

# warplint keeps CUDA files' precompiled preambles in the user's cache
# directory; the tests get one of their own (shared by all of them, so that
# concurrent writers are exercised), never the user's, emptied at each run
# (every build of warplint makes new entries).
config.environment["XDG_CACHE_HOME"] = os.path.join(config.test_exec_root, "xdg-cache")
shutil.rmtree(config.environment["XDG_CACHE_HOME"], ignore_errors=True)
