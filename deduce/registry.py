"""Finding strategies: the ``deduce.strategies`` entry-point group.

Each entry point names either a strategy class (instantiated with no
arguments), a strategy instance, or a callable returning an iterable of
strategies.  The built-in library registers itself this way in
``pyproject.toml``; third parties do the same in theirs.  When the package
is used from a source tree without being installed, the built-in library is
imported directly so that it is never silently missing.
"""

from __future__ import annotations

import functools
import importlib
from importlib.metadata import entry_points
from typing import Any, Iterable, Sequence

from .strategy import Strategy
from .techniques import PROFILES, TECHNIQUES

GROUP = "deduce.strategies"
BUILTIN_PROVIDER = "strategies:builtin_strategies"


def _expand(obj: Any) -> list[Strategy]:
    if isinstance(obj, type):
        obj = obj()
    if isinstance(obj, Strategy):
        return [obj]
    if callable(obj):
        obj = obj()
    if isinstance(obj, Strategy):
        return [obj]
    out = []
    for item in obj:
        out.extend(_expand(item))
    return out


@functools.cache
def discovered() -> tuple[Strategy, ...]:
    """Every strategy from the entry-point group, built-ins included."""
    found: list[Strategy] = []
    names = set()
    for ep in sorted(entry_points(group=GROUP), key=lambda e: e.name):
        names.add(ep.value)
        found.extend(_expand(ep.load()))
    if BUILTIN_PROVIDER not in names:
        module, attr = BUILTIN_PROVIDER.split(":")
        found.extend(_expand(getattr(importlib.import_module(module), attr)))
    return tuple(found)


def ordered(strategies: Iterable[Strategy], profile: str = "deduce") -> list[Strategy]:
    """Strategies sorted by the profile's order of trial.

    Strategies whose technique the profile does not list are dropped, but
    under ``deduce`` techniques outside the table (third-party ones) go
    last, in the order given.
    """
    if profile not in PROFILES:
        raise KeyError(f"unknown profile {profile!r}; known: {', '.join(PROFILES)}")
    order = PROFILES[profile]
    rank = {code: i for i, code in enumerate(order)}
    items = list(strategies)
    keep = [s for s in items if s.technique.code in rank
            or profile == "deduce" and s.technique.code not in TECHNIQUES]
    return sorted(keep, key=lambda s: (rank.get(s.technique.code, len(rank)), items.index(s)))


def strategies_for(profile: str = "deduce", *, only: Sequence[str] | set[str] | None = None,
                   exclude: Sequence[str] | set[str] = ()) -> list[Strategy]:
    """The discovered strategies of a profile, optionally restricted to the
    technique codes ``only`` and without those in ``exclude``.

    Techniques named in ``only`` are used even where deduce's default set
    leaves them out (the ``full`` profile's order then applies)."""
    if only is not None and profile == "deduce":
        profile = "full"
    chosen = []
    for s in discovered():
        code = s.technique.code
        if only is not None and code not in only:
            continue
        if code in exclude:
            continue
        chosen.append(s)
    return ordered(chosen, profile)


def implemented_codes() -> set[str]:
    return {s.technique.code for s in discovered() if s.technique.code in TECHNIQUES}
