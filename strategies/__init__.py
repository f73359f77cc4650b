"""deduce's built-in technique library.

One module per family, each the *home* of its techniques: their rows of
the technique table (``ROWS``), other names (``NAMES``), words
(``TEMPLATES``, ``FIELDS``, ``DETAILS``), picture markers (``MARKERS``) and
strategies, together (CONTRIBUTING.md shows one).  Modules whose name
starts with ``_`` are shared helpers, not homes (``_chain_records``: the
words and pictures of chains of literals).  Each strategy is a frozen
:class:`~deduce.strategy.Producer` whose ``CODE`` or ``CODES`` names its
techniques.  :func:`builtin_strategies` is the entry point registered
under ``deduce.strategies``: it derives the list from the modules
themselves, so a new producer class is picked up without being listed
anywhere (its row gives its place in the order of trial); :func:`homes`
gives the registry the family modules.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType
from typing import Any

from deduce.strategy import Producer, Strategy
from deduce.technique import Technique


def _instances(cls: Any) -> list[Any]:
    """The instances a class of a strategy module stands for (none for helpers)."""
    if issubclass(cls, Producer):
        return cls.variants() if (cls.CODE or cls.CODES) else []
    if not callable(getattr(cls, "find", None)):
        return []
    codes = getattr(cls, "CODES", None)
    if isinstance(codes, dict):
        return [cls(key) for key in codes]
    return [cls()] if isinstance(getattr(cls, "technique", None), Technique) else []


def homes() -> list[ModuleType]:
    """Every family module (the public modules of this package, and of its
    public subpackages: ``strategies.variants.thermometer``...), by name."""
    out = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        if not info.ispkg:
            out.append(module)
            continue
        out.extend(importlib.import_module(f"{module.__name__}.{sub.name}")
                   for sub in sorted(pkgutil.iter_modules(module.__path__), key=lambda m: m.name)
                   if not sub.name.startswith("_"))
    return out


def builtin_strategies() -> list[Strategy]:
    """One instance of every built-in strategy per technique variant, from
    every public class of the family modules, in deduce's order of trial
    (by their rows' ``order``; variants of one technique in ``CODES`` order)."""
    out: list[Strategy] = []
    for module in homes():
        for name, obj in vars(module).items():
            if isinstance(obj, type) and not name.startswith("_") and obj.__module__ == module.__name__:
                out.extend(_instances(obj))
    return sorted(out, key=lambda s: s.technique.order)
