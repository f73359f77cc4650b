"""The C accelerator, built with the package when it can be.

``pip install .`` (or ``-e .``, or a wheel build) compiles ``deduce/_accel/*.c``
into the extension module ``deduce._deduce_accel`` when a C compiler and
Python's headers are there.  When they are not, or the compiler fails, the
install goes on without it and says so in one line: deduce then runs its
pure Python engine (``deduce --version`` says which engine runs, and why).

The digest of the C sources is compiled into the module
(``SOURCE_DIGEST``); :mod:`deduce._accelerator` refuses a module whose
digest is not that of the sources beside it (a stale build).  Everything
else about the package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "deduce"))
from _accel_digest import SOURCES, source_digest

sys.path.pop(0)

HERE = os.path.dirname(os.path.abspath(__file__))
PURE = "deduce: the C accelerator was not built ({}); the pure Python engine will be used"


class OptionalBuildExt(build_ext):
    """build_ext that never fails the install: no compiler, no headers or a
    failed compile leaves the package pure Python, with one line saying so."""

    said = False

    def run(self) -> None:
        headers = sysconfig.get_paths().get("include") or ""
        if not os.path.exists(os.path.join(headers, "Python.h")):
            self.pure(f"no Python headers: Python.h is not in {headers}")
            return
        try:
            super().run()
        except Exception as exc:  # (the compiler's errors come in many classes; all mean "pure")
            self.pure(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            self.pure(exc)

    def copy_extensions_to_source(self) -> None:
        if not self.said:  # (an editable install copies the module beside the sources: none was built)
            super().copy_extensions_to_source()

    def pure(self, why: object) -> None:
        """The one line saying the pure Python engine will be used (once)."""
        if not self.said:
            text = " ".join(str(why).split()) or type(why).__name__
            print(PURE.format(text if len(text) <= 100 else text[:97] + "..."), file=sys.stderr)
            self.said = True


sources_dir = os.path.join(HERE, "deduce", "_accel")
digest = source_digest(sources_dir)
setup(
    ext_modules=[Extension(
        "deduce._deduce_accel",
        sources=[os.path.join("deduce", "_accel", name) for name in SOURCES if name.endswith(".c")],
        depends=[os.path.join("deduce", "_accel", name) for name in SOURCES if name.endswith(".h")],
        include_dirs=[os.path.join("deduce", "_accel")],
        define_macros=[("DEDUCE_ACCEL_SOURCE_DIGEST", f'"{digest}"')],
        extra_compile_args=["-O2", "-fvisibility=hidden"],
    )],
    cmdclass={"build_ext": OptionalBuildExt},
)
