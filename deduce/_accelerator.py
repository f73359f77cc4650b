"""The optional C accelerator, when it is installed and wanted.

``pip install ./accel`` builds the extension module ``_deduce_accel``
(``accel/_deduce_accel.c``): the backtracking search of
:mod:`deduce.backtrack`, and the chain propagations and fish searches of
the built-in strategies (through :mod:`strategies._accel`), each the same
search as the pure Python one, several times faster.  ``DEDUCE_PURE_PYTHON=1``
in the environment switches it off; without it every search is the pure
Python one, which stays the reference the tests compare it with.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType


def load() -> ModuleType | None:
    """The ``_deduce_accel`` module, or None (not installed, or switched off)."""
    if os.environ.get("DEDUCE_PURE_PYTHON"):
        return None
    try:
        return importlib.import_module("_deduce_accel")
    except ImportError:
        return None
