"""The digest of the C accelerator's sources (``deduce/_accel/``).

``setup.py`` compiles it into the module it builds; :mod:`deduce._accelerator`
computes it again from the sources installed beside the package and refuses
a module built from other sources.  This file imports nothing of deduce, so
that ``setup.py`` can load it before deduce is installed.

>>> len(source_digest(SOURCES_DIR))
16
"""

from __future__ import annotations

import hashlib
import os

#: The accelerator's sources, in deduce/_accel/: one shared header, a file per kernel, the module.
SOURCES = ("accel.h", "common.c", "chains.c", "screen.c", "fish.c", "houses.c", "aligned.c", "alschain.c", "alssets.c",
           "tabling.c", "search.c", "module.c",
           "nets.c", "hodals.c",
           "se_static.c", "se_dynamic.c", "ho_misc.c",
           "xychain.c")
#: Where they are.
SOURCES_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "_accel")


def source_digest(directory: str) -> str:
    """The first 16 hex digits of the SHA-256 of :data:`SOURCES` in
    ``directory`` (names and contents, line endings as stored); ``"missing"``
    when one of them is not there."""
    h = hashlib.sha256()
    for name in SOURCES:
        path = os.path.join(directory, name)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            return "missing"
        h.update(name.encode() + b"\0" + len(data).to_bytes(8, "little") + data)
    return h.hexdigest()[:16]
