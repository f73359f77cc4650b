"""Finding strategies and plugin techniques: the ``deduce.strategies`` entry-point group.

Each entry point names a strategy class (instantiated with no arguments),
a strategy instance, or a callable returning an iterable of strategies.
The built-in library registers itself this way in ``pyproject.toml``;
third parties do the same in theirs.  When the package is used from a
source tree without being installed, the built-in library is imported
directly so that it is never silently missing.

A plugin's strategy carries its own row of the technique table
(:class:`~deduce.technique.Technique`: name, difficulty on both scales,
``order`` of trial, profiles, aliases, words); the registry adds those rows
to the table, so that lookups, ``--only``, the ``deduce`` and ``full``
profiles, reprs and ratings see the plugin like a built-in technique.  A
plugin may also provide a strategy for a built-in technique, with the
built-in row.

A plugin that fails to load, or brings something that is not a strategy,
or a row that clashes with another technique, is left out whole with one
:class:`PluginWarning` naming it; everything else works.  A plugin
strategy that raises while searching is switched off with one warning.
"""

from __future__ import annotations

import functools
import importlib
import math
import warnings
from typing import TYPE_CHECKING, Any, Collection, Iterable, Iterator

from . import techniques
from .errors import SolveTimeout
from .strategy import Strategy
from .technique import Technique
from .techniques import PROFILES, keep

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

GROUP = "deduce.strategies"
BUILTIN_PROVIDER = "strategies:builtin_strategies"


class PluginWarning(UserWarning):
    """A plugin was left out (or switched off); the message names it and why."""


def _warn(message: str) -> None:
    """One warning, shown as ``deduce:0: PluginWarning: plugin 'x' ...`` (not as a line of deduce's code)."""
    warnings.warn_explicit(message, PluginWarning, "deduce", 0, module="deduce.registry")


def _expand(obj: Any) -> list[Any]:
    """Strategies (and bare technique rows) from an entry point's object."""
    if isinstance(obj, type):
        obj = obj()
    if isinstance(obj, (Strategy, Technique)):
        return [obj]
    if callable(obj):
        obj = obj()
    if isinstance(obj, (Strategy, Technique)):
        return [obj]
    out = []
    for item in obj:
        out.extend(_expand(item))
    return out


def _check(items: list[Any], rows: dict[str, Technique]) -> tuple[list[Strategy], list[Technique]]:
    """The plugin's strategies and new rows; ValueError says what is wrong."""
    strategies: list[Strategy] = []
    new: dict[str, Technique] = {}
    for item in items:
        row = item if isinstance(item, Technique) else getattr(item, "technique", None)
        if not isinstance(row, Technique):
            raise ValueError(f"{item!r} is not a strategy (no technique row)")
        if not isinstance(item, Technique):
            if not callable(getattr(item, "find", None)):
                raise ValueError(f"{item!r} has no find(state) method")
            strategies.append(item)
        known = rows.get(row.code) or new.get(row.code)
        if known is not None and known != row:
            raise ValueError(f"its row for {row.code!r} differs from the one already in the table")
        if not isinstance(row.order, (int, float)) or not math.isfinite(row.order):
            raise ValueError(f"its row for {row.code!r} has no finite order")
        if known is None:
            new[row.code] = row
    return strategies, list(new.values())


class _Guarded:
    """A plugin strategy that is switched off (with one warning) if it raises."""

    def __init__(self, strategy: Strategy, plugin: str):
        self.strategy = strategy
        self.plugin = plugin
        self.technique = strategy.technique
        self.broken = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self.strategy, name)

    def find(self, state: Any) -> Iterator[Any]:
        if self.broken:
            return
        try:
            yield from self.strategy.find(state)
        except (SolveTimeout, GeneratorExit):
            raise
        except Exception as exc:  # a third party's bug must not stop the solve
            self.broken = True
            _warn(f"plugin {self.plugin!r} switched off: {self.strategy!r} raised {type(exc).__name__}: {exc}")

    def __repr__(self) -> str:
        return repr(self.strategy)


_loading = False
_providers: dict[str, str] = {}


@functools.cache
def _discover() -> tuple[tuple[Strategy, ...], tuple[Technique, ...]]:
    from importlib.metadata import entry_points  # here: importing it costs more than a small search

    global _loading
    _loading = True
    try:
        rows = {t.code: t for t in techniques.BUILTIN}
        found: list[Strategy] = []
        extra: list[Technique] = []
        eps: list[EntryPoint] = sorted(entry_points(group=GROUP), key=lambda e: e.name)
        if not any(ep.value == BUILTIN_PROVIDER for ep in eps):
            module, attr = BUILTIN_PROVIDER.split(":")
            found.extend(_expand(getattr(importlib.import_module(module), attr)))
        for ep in eps:
            builtin = ep.value == BUILTIN_PROVIDER
            try:
                strategies, new = _check(_expand(ep.load()), rows)
            except Exception as exc:
                if builtin:
                    raise
                _warn(f"plugin {ep.name!r} ({ep.value}) left out: {type(exc).__name__}: {exc}")
                continue
            for row in new:
                rows[row.code] = row
                _providers[row.code] = ep.name
            extra.extend(new)
            found.extend(strategies if builtin else (_Guarded(s, ep.name) for s in strategies))
        return tuple(sorted(found, key=lambda s: s.technique.order)), tuple(extra)
    finally:
        _loading = False


def discovered() -> tuple[Strategy, ...]:
    """Every strategy from the entry-point group, built-ins included, in
    deduce's order of trial (the rows' ``order``)."""
    return _discover()[0]


def plugin_rows() -> tuple[Technique, ...]:
    """The technique rows plugins brought (none while they are loading)."""
    return () if _loading else _discover()[1]


def provider(code: str) -> str:
    """The entry point that brought technique ``code`` ("" for built-in ones)."""
    plugin_rows()
    return _providers.get(code, "")


def reset() -> None:
    """Forget what was discovered (after installing or removing a plugin)."""
    _discover.cache_clear()
    _providers.clear()
    techniques.set_plugin_loader(plugin_rows)


techniques.set_plugin_loader(plugin_rows)


def ordered(strategies: Iterable[Strategy], profile: str = "deduce") -> list[Strategy]:
    """Strategies sorted by the profile's order of trial; those whose
    technique the profile does not list are dropped."""
    if profile not in PROFILES:
        raise KeyError(f"unknown profile {profile!r}; known: {', '.join(PROFILES)}")
    rank = {code: i for i, code in enumerate(PROFILES[profile])}
    items = list(strategies)
    position = {id(s): i for i, s in enumerate(items)}
    keep_ = [s for s in items if s.technique.code in rank]
    return sorted(keep_, key=lambda s: (rank[s.technique.code], position[id(s)]))


def select_strategies(strategies: Iterable[Strategy], only: Collection[str] | None = None,
                      exclude: Collection[str] = ()) -> list[Strategy]:
    """The strategies whose technique passes the ``only``/``exclude`` filter."""
    return [s for s in strategies if keep(s.technique.code, only, exclude)]


def strategies_for(profile: str = "deduce", *, only: Collection[str] | None = None,
                   exclude: Collection[str] = ()) -> list[Strategy]:
    """The discovered strategies of a profile, optionally restricted to the
    technique codes ``only`` and without those in ``exclude``.

    Techniques named in ``only`` are used even where deduce's default set
    leaves them out (the ``full`` profile's order then applies)."""
    if only is not None and profile == "deduce":
        profile = "full"
    return ordered(select_strategies(discovered(), only, exclude), profile)


def implemented_codes() -> set[str]:
    return {s.technique.code for s in discovered()}
