"""setuptools drives CMake: the pybind11 module and the native tools the package runs are built
from the same tree as everything else (build/py), then put in place by CMake's own install
rules (analysis/CMakeLists.txt, component `python`), which name what the package ships."""
import os
import subprocess
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        # get_ext_fullpath is <prefix>/sigspace/_sigspace...so: the install prefix is its
        # package's parent.
        prefix = Path(self.get_ext_fullpath(ext.name)).resolve().parent.parent
        build = ROOT / "build" / "py"
        cfg = ["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
               "-DCMAKE_BUILD_TYPE=Release", f"-DPython_EXECUTABLE={sys.executable}",
               "-DSIGSPACE_TESTS=OFF"]
        subprocess.run(cfg, check=True, stdout=subprocess.DEVNULL)
        jobs = os.environ.get("SIGSPACE_JOBS", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "--build", str(build), "-j", jobs,
                        "--target", "sigspace-python-package"], check=True)
        # An editable install builds into a temporary folder and copies back only the
        # extension, so the tools also go straight into the source package (analysis/).
        editable = self.inplace or getattr(self, "editable_mode", False)
        for where in [prefix] + ([ROOT / "analysis"] if editable else []):
            subprocess.run(["cmake", "--install", str(build), "--component", "python",
                            "--prefix", str(where)], check=True, stdout=subprocess.DEVNULL)


setup(ext_modules=[CMakeExtension("sigspace._sigspace")], cmdclass={"build_ext": CMakeBuild})
