"""The C accelerator, when it is built, current and wanted.

``pip install -e .`` (and any install of the package) compiles
``deduce/_accel/*.c`` into the extension module ``deduce._deduce_accel``
when a C compiler and Python's headers are there (``setup.py``): the
backtracking search of :mod:`deduce.backtrack`, a position's places
(:mod:`deduce.state`), and the chain propagations, fish and house searches
of the built-in strategies (through :mod:`strategies._accel`), each the
same search as the pure Python one, several times faster.  The pure Python
engine stays the reference the tests compare it with, and is used when:

* the module was not built (no compiler or headers at install time);
* ``DEDUCE_PURE_PYTHON=1`` is in the environment;
* the module was built from other sources than those installed beside it
  (a stale build: refused, with one warning), or packs literals otherwise
  than :mod:`deduce.literal`.

:func:`engine` says which runs and why (``deduce --version`` and
``deduce.accelerated`` print it).

>>> str(Engine(True))
'C accelerator'
>>> str(Engine(False, "switched off by DEDUCE_PURE_PYTHON=1"))
'pure Python (switched off by DEDUCE_PURE_PYTHON=1)'
>>> bool(Engine(False, "not built"))
False
"""

from __future__ import annotations

import functools
import importlib
import os
import warnings
from types import ModuleType

import attrs

from . import literal
from ._accel_digest import SOURCES_DIR, source_digest

#: The environment variable that switches the accelerator off.
SWITCH = "DEDUCE_PURE_PYTHON"


@attrs.frozen
class Engine:
    """The engine in use: the C accelerator, or pure Python and why.  True
    when accelerated, so ``if deduce.accelerated:`` reads as it should."""

    accelerated: bool
    #: why the pure Python engine runs ("" when accelerated)
    reason: str = ""

    def __bool__(self) -> bool:
        return self.accelerated

    def __str__(self) -> str:
        return "C accelerator" if self.accelerated else f"pure Python ({self.reason})"


def switched_off() -> bool:
    """Whether ``DEDUCE_PURE_PYTHON`` asks for the pure Python engine (any
    value but empty or ``0``)."""
    return os.environ.get(SWITCH, "") not in ("", "0")


@functools.cache
def _loaded() -> tuple[ModuleType | None, Engine]:
    if switched_off():
        return None, Engine(False, f"switched off by {SWITCH}=1")
    try:
        module = importlib.import_module("deduce._deduce_accel")
    except ModuleNotFoundError:
        return None, Engine(False, "not built: no C compiler or Python headers when deduce was installed")
    except ImportError as exc:
        return None, Engine(False, f"could not be loaded: {exc}")
    built, here = getattr(module, "SOURCE_DIGEST", "unknown"), source_digest(SOURCES_DIR)
    if built != here:
        why = f"refused as stale: built from sources {built}, installed sources are {here}; reinstall to rebuild"
        warnings.warn(f"deduce: the C accelerator was {why}; using the pure Python engine", RuntimeWarning,
                      stacklevel=2)
        return None, Engine(False, why)
    if 1 << getattr(module, "LIT_CELL_SHIFT", 0) != literal.lit(1, 0, False):
        why = "refused: it packs literals otherwise than deduce/literal.py"
        warnings.warn(f"deduce: the C accelerator was {why}; using the pure Python engine", RuntimeWarning,
                      stacklevel=2)
        return None, Engine(False, why)
    return module, Engine(True)


def load() -> ModuleType | None:
    """The ``deduce._deduce_accel`` module, or None (not built, switched
    off, or refused: :func:`engine` says which)."""
    return _loaded()[0]


def engine() -> Engine:
    """Which engine runs, and why when it is not the C accelerator."""
    return _loaded()[1]
