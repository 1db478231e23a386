"""Build step of the Python package: the library comes from the Makefile's
own `make lib` (its per-layer include paths and flags), not from a second
list of sources here, and is copied into the package as _libsyncswitch.so."""
import os
import shutil
import subprocess

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

ROOT = os.path.dirname(os.path.abspath(__file__))


class BuildPyWithLib(build_py):
    def run(self):
        super().run()
        # BUILD: the tree's own build/ so a rebuild after `make lib` is free
        build = os.environ.get("SYNCSWITCH_BUILD", os.path.join(ROOT, "build"))
        jobs = "-j%d" % (os.cpu_count() or 1)
        subprocess.check_call(["make", "-C", ROOT, "-s", jobs, "lib", "BUILD=" + build])
        dest = os.path.join(self.build_lib, "syncswitch")
        os.makedirs(dest, exist_ok=True)
        shutil.copyfile(os.path.join(build, "lib", "libsyncswitch.so"),
                        os.path.join(dest, "_libsyncswitch.so"))


class BinaryDistribution(Distribution):
    # a wheel that carries a shared object is platform-specific
    def has_ext_modules(self):
        return True


setup(cmdclass={"build_py": BuildPyWithLib}, distclass=BinaryDistribution,
      # setuptools' own build/lib would share build/ with make's build/lib
      options={"build": {"build_base": os.path.join("build", "py")}})
