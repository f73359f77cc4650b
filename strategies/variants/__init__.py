"""Variant constraints, one module per family (the family's *home*).

Each public module here holds one family of constraints whole: its value
class (a frozen :class:`deduce.constraint.Constraint`), its f-puzzles keys,
its rule, its narrowing for the search, its logical steps (strategies, their
technique rows, words and pictures, found as every technique home is) and
its drawing.  ``extra_houses`` holds the techniques every constraint's
extra houses share (singles and locked candidates on a diagonal, an extra
region).  :func:`builtin_constraints` is the entry point registered under
``deduce.constraints``: it lists the constraint classes of the modules, so
a new module is picked up without being listed anywhere.
"""

from __future__ import annotations

import importlib
import pkgutil

from deduce.constraint import Constraint


def builtin_constraints() -> list[type[Constraint]]:
    """Every public constraint class of this package's public modules."""
    out: list[type[Constraint]] = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        for name, obj in vars(module).items():
            if (isinstance(obj, type) and issubclass(obj, Constraint) and obj.__module__ == module.__name__
                    and not name.startswith("_") and (obj.KEYS or obj.NEGATES)):
                out.append(obj)
    return out
