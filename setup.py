"""setuptools drives CMake: the pybind11 module and the native measurement tools are built from
the same tree as everything else (build/py), then placed inside the package."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# Native executables the package runs (measurement probe etc.); copied into sigspace/_bin.
NATIVE_TOOLS = ["harness/host/probe/sigspace-probe", "harness/host/bench/sigspace-bench"]


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        out = Path(self.get_ext_fullpath(ext.name)).parent.resolve()
        build = ROOT / "build" / "py"
        cfg = ["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
               "-DCMAKE_BUILD_TYPE=Release", f"-DPython_EXECUTABLE={sys.executable}",
               f"-DSIGSPACE_PY_OUTDIR={out}"]
        subprocess.run(cfg, check=True, stdout=subprocess.DEVNULL)
        jobs = os.environ.get("SIGSPACE_JOBS", str(os.cpu_count() or 2))
        targets = ["_sigspace"] + [Path(t).name for t in NATIVE_TOOLS]
        subprocess.run(["cmake", "--build", str(build), "-j", jobs, "--target", *targets],
                       check=True)
        # An editable install builds into a temporary folder and copies back only the
        # extension, so the tools go straight into the source package there.
        editable = self.inplace or getattr(self, "editable_mode", False)
        bindir = (ROOT / "analysis" / "sigspace" if editable else out) / "_bin"
        bindir.mkdir(exist_ok=True)
        for tool in NATIVE_TOOLS:
            # Copy beside, then rename: a running tool (a campaign) keeps its old inode.
            dst = bindir / Path(tool).name
            shutil.copy2(build / tool, dst.with_suffix(".new"))
            os.replace(dst.with_suffix(".new"), dst)


setup(ext_modules=[CMakeExtension("sigspace._sigspace")], cmdclass={"build_ext": CMakeBuild})
