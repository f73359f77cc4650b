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

A technique's *home* is the one module that keeps its row (``ROWS``), its
other names (``NAMES``), its words (``TEMPLATES``, ``FIELDS``, ``DETAILS``:
see :mod:`deduce.render.words`) and its picture's markers (``MARKERS``:
see :mod:`deduce.render.marks`) beside its strategy: every family module
of the built-in library (``strategies.homes()``), and a plugin's module
that declares any of them.  :func:`homes` lists them; the table, the words
and the pictures read them from there.

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
from types import ModuleType
from typing import TYPE_CHECKING, Any, Collection, Iterable, Iterator

import attrs

from . import technique_table, techniques
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


#: What a technique home (a module of strategies, or a plugin's module) may declare:
#: its rows, other names, words (templates, fields, details) and picture markers.
HOME_ATTRIBUTES = ("ROWS", "NAMES", "TEMPLATES", "FIELDS", "DETAILS", "MARKERS")

_loading = False
_pending = techniques.Provided()
_providers: dict[str, str] = {}


@attrs.frozen
class _Source:
    """One provider being loaded: its entry point's name ("" for the
    built-in library used from a source tree), its object, its homes and
    the rows and other names (normalised) they declare."""

    name: str
    builtin: bool
    obj: Any
    homes: tuple[ModuleType, ...]
    rows: tuple[Technique, ...]
    names: dict[str, tuple[str, ...]]


def _homes_of(module: ModuleType) -> tuple[ModuleType, ...]:
    """The technique homes a provider's module brings: its ``homes()``
    when it has one (the built-in library: every family module), else the
    module itself when it declares any of :data:`HOME_ATTRIBUTES`."""
    found = getattr(module, "homes", None)
    if callable(found):
        return tuple(found())
    return (module,) if any(hasattr(module, a) for a in HOME_ATTRIBUTES) else ()


def _home_rows(homes: tuple[ModuleType, ...], rows: dict[str, Technique]) -> tuple[Technique, ...]:
    """The rows the homes declare (``ROWS``); ValueError on a clash."""
    out: dict[str, Technique] = {}
    for home in homes:
        for row in getattr(home, "ROWS", ()):
            if not isinstance(row, Technique):
                raise ValueError(f"{home.__name__}.ROWS holds {row!r}, not a technique row")
            if (rows.get(row.code) or out.get(row.code, row)) != row:
                raise ValueError(f"its row for {row.code!r} differs from the one already in the table")
            out[row.code] = row
    return tuple(out.values())


def _home_names(homes: tuple[ModuleType, ...], names: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """The other names the homes declare (``NAMES``); ValueError on a clash."""
    out: dict[str, tuple[str, ...]] = {}
    for home in homes:
        for name, codes in getattr(home, "NAMES", {}).items():
            key = techniques.normalise(name)
            if names.get(key, out.get(key, tuple(codes))) != tuple(codes):
                raise ValueError(f"its other name {name!r} already stands for another technique")
            out[key] = tuple(codes)
    return out


def _sources() -> list[tuple[str, str, bool]]:
    """(name, value, built-in) of every provider, by entry-point name."""
    from importlib.metadata import entry_points  # here: importing it costs more than a small search

    eps: list[EntryPoint] = sorted(entry_points(group=GROUP), key=lambda e: e.name)
    out = [(ep.name, ep.value, ep.value == BUILTIN_PROVIDER) for ep in eps]
    if not any(builtin for _, _, builtin in out):
        out.insert(0, ("", BUILTIN_PROVIDER, True))
    return out


def _load(name: str, value: str, builtin: bool, rows: dict[str, Technique],
          names: dict[str, tuple[str, ...]]) -> _Source:
    """Phase one of discovery: a provider's object, homes and home rows."""
    module_name, _, attr = value.partition(":")
    module = importlib.import_module(module_name.strip())
    obj: Any = module
    for part in attr.strip().split(".") if attr.strip() else ():
        obj = getattr(obj, part)
    homes = _homes_of(module)
    return _Source(name, builtin, obj, homes, _home_rows(homes, rows), _home_names(homes, names))


@functools.cache
def _discover() -> tuple[tuple[Strategy, ...], techniques.Provided, tuple[ModuleType, ...]]:
    """Every provider's homes, rows and strategies.  Phase one imports the
    providers and takes their homes' rows and names (so that their
    strategies, made in phase two, find their rows in the table)."""
    global _loading, _pending
    _loading = True
    try:
        rows = {t.code: t for t in technique_table.BUILTIN}
        names = {techniques.normalise(k): v for k, v in technique_table.NAMES.items()}
        loaded: list[_Source] = []
        builtin_rows: list[Technique] = []
        extra: list[Technique] = []
        for name, value, builtin in _sources():
            try:
                source = _load(name, value, builtin, rows, names)
            except Exception as exc:
                if builtin:
                    raise
                _warn(f"plugin {name!r} ({value}) left out: {type(exc).__name__}: {exc}")
                continue
            names.update(source.names)
            for row in source.rows:
                rows[row.code] = row
                if not builtin:
                    _providers[row.code] = name
            (builtin_rows if builtin else extra).extend(source.rows)
            loaded.append(source)
            _pending = techniques.Provided(tuple(builtin_rows), tuple(extra), names)
        found: list[Strategy] = []
        homes: list[ModuleType] = []
        for source in loaded:
            try:
                strategies, new = _check(_expand(source.obj), rows)
            except Exception as exc:
                if source.builtin:
                    raise
                _warn(f"plugin {source.name!r} left out: {type(exc).__name__}: {exc}")
                _forget(source, rows, extra, names)
                continue
            for row in new:
                rows[row.code] = row
                _providers[row.code] = source.name
            extra.extend(new)
            homes.extend(source.homes)
            found.extend(strategies if source.builtin else (_Guarded(s, source.name) for s in strategies))
        written = {name: tuple(codes) for home in homes for name, codes in getattr(home, "NAMES", {}).items()}
        provided = techniques.Provided(tuple(builtin_rows), tuple(extra), names, written)
        return tuple(sorted(found, key=lambda s: s.technique.order)), provided, tuple(homes)
    finally:
        _loading = False
        _pending = techniques.Provided()


def _forget(source: _Source, rows: dict[str, Technique], extra: list[Technique],
            names: dict[str, tuple[str, ...]]) -> None:
    """Take back the rows and names of a plugin left out in phase two."""
    for key in source.names:
        names.pop(key, None)
    for row in source.rows:
        rows.pop(row.code, None)
        _providers.pop(row.code, None)
        if row in extra:
            extra.remove(row)


def discovered() -> tuple[Strategy, ...]:
    """Every strategy from the entry-point group, built-ins included, in
    deduce's order of trial (the rows' ``order``)."""
    return _discover()[0]


def provided() -> techniques.Provided:
    """The rows and other names the providers brought (while they are
    loading, what they brought so far)."""
    return _pending if _loading else _discover()[1]


def plugin_rows() -> tuple[Technique, ...]:
    """The technique rows plugins brought (none while they are loading)."""
    return () if _loading else _discover()[1].plugins


def homes() -> tuple[ModuleType, ...]:
    """The technique homes: the modules that keep a technique's row, words
    and picture together (the built-in library's family modules, then the
    plugins' modules that declare any of :data:`HOME_ATTRIBUTES`)."""
    return _discover()[2]


def provider(code: str) -> str:
    """The entry point that brought technique ``code`` ("" for built-in ones)."""
    provided()
    return _providers.get(code, "")


def reset() -> None:
    """Forget what was discovered (after installing or removing a plugin)."""
    _discover.cache_clear()
    _providers.clear()
    techniques.set_plugin_loader(provided)


techniques.set_plugin_loader(provided)


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
