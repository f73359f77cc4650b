"""The technique table: the single source of truth for techniques.

The table is the built-in rows (those of the technique homes of
``strategies/`` and the core's own in :mod:`deduce.technique_table`) plus
the rows plugins bring, all through the ``deduce.strategies`` entry points
(:mod:`deduce.registry` loads them the first time a lookup needs them).
Each row (:class:`~deduce.technique.Technique`) gives a technique's name,
short code, aliases, family, Sudoku Explainer-style difficulty (``se``),
HoDoKu-style base score and level, HoDoKu's regression-library id, its
place in deduce's order of trial (``order``) and the profiles that use it.
Profiles (an order of trial plus a technique set) are derived from the
rows: ``deduce`` and ``full`` sort by ``order``; ``se`` and ``hodoku`` copy
the reference programs' orders, joined by a plugin only when its row says
so.  No other list of techniques exists.

:data:`TABLE`, :data:`TECHNIQUES` and :data:`PROFILES` are live views of
the merged table; :func:`technique` and :func:`select` look names up.

The rating model (computed by :mod:`deduce.rating`, which follows these
numbers and nothing else):

* **Sudoku Explainer scale (ER/EP/ED)**: solve with the ``se`` profile; a
  step rates its row's ``se`` (or its variant's: hidden single in a box 1.2,
  in a line 1.5; one-symbol or bivalue-only chains 6.6, mixed 7.0) plus its
  chain-length bonus (0.1 per threshold 4, 6, 8, 12, 16, 24, ... passed by
  the chain's node count less 2).  ER is the hardest step, EP the hardest
  up to the first placement, ED the first.  Trial and error counts as 9.5
  (SE's first nested level): "at least this hard".
* **HoDoKu scale (score/level)**: solve with the ``hodoku`` profile; the
  score adds the rows' ``hodoku`` base scores of the applied steps; the
  level is the hardest row's ``level``, raised while the score passes
  Easy 800, Medium 1000, Hard 1600 or Unfair 1800.
* **Killer and jigsaw**: neither program rates them, so both numbers come
  from one solve with the ``deduce`` profile, and cage and region
  techniques carry deduce's own numbers on the same scales.  The anchors:
  arithmetic on one cage or one house with a single unknown is as easy as a
  full house or hidden single (cage single 1.0, one-cell innie/outie 1.3);
  looking up cage combinations sits between a naked single and pointing
  (2.4); cage pointing is pointing plus 0.1 (2.7); a 45-rule sum over one
  house with several cells is subset-like (3.0), each further house adds
  1.0 and a derived cage needing its combinations 1.5 (so a 45 rule over
  three houses with a derived cage rates 6.5, like SE's first chains: it
  asks to hold as much in mind as a short chain does); the law of
  leftovers compares two groups of houses like an X-wing (3.2, +0.2 per
  extra pair).  Each row's ``rating_note`` repeats its reasoning.
  Uniqueness techniques are never used with cages (a cage sum can break
  the deadly pattern's swap).  A killer's level is its hardest technique's
  level, without the score ceilings (a killer's score adds up over every
  cell, as none is given, so the ceilings made for classic puzzles would
  call every killer Extreme).

>>> TECHNIQUES["hs"].name, TECHNIQUES["hs"].se, TECHNIQUES["hs"].hodoku
('Hidden single', 1.2, 14)
>>> technique("Naked pair").code, technique("Y-Wing").code, technique("Simple Colors").code
('np', 'xy-wing', 'simple-colours')
>>> sorted(select("Locked Candidates"))
['lc1', 'lc2']
"""


from __future__ import annotations

import re
from typing import Callable, Collection, Iterable, Iterator, Mapping, Sequence, overload

import attrs

from .tables import table as shape_table
from .technique import *  # noqa: F403  (the table's vocabulary: levels, families, profile names)
from .technique import ORDERED_PROFILES, PROFILE_NAMES, Technique
from .technique_table import BUILTIN as CORE_ROWS
from .technique_table import NAMES, NESTED_LEVELS

__all__ = [
    "BUILTIN",
    "NAMES",
    "NESTED_LEVELS",
    "OPT_IN",
    "PROFILES",
    "SE_ONLY",
    "TABLE",
    "TECHNIQUES",
    "Provided",
    "Technique",
    "UnknownTechniqueError",
    "builtin_rows",
    "families",
    "keep",
    "lookup",
    "normalise",
    "other_names",
    "se_length_bonus",
    "select",
    "technique",
    "techniques_of_family",
]


class UnknownTechniqueError(KeyError):
    """A technique name, code or family that the table does not know."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown technique"


# -- the merged table ---------------------------------------------------------

@attrs.frozen
class Provided:
    """What the providers of the ``deduce.strategies`` entry points brought
    (:mod:`deduce.registry` finds them): the rows of the built-in library's
    technique homes, the plugins' rows, and every home's other names
    (normalised name -> codes, the core's :data:`NAMES` included)."""

    builtin: tuple[Technique, ...] = ()
    plugins: tuple[Technique, ...] = ()
    names: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)
    #: the homes' other names as written (not normalised)
    written_names: Mapping[str, tuple[str, ...]] = attrs.field(factory=dict)


_CORE_BY_CODE: dict[str, Technique] = {t.code: t for t in CORE_ROWS}
#: Set by :mod:`deduce.registry`: returns what the providers brought (loading them once).
_plugin_loader: Callable[[], Provided] | None = None


def set_plugin_loader(loader: Callable[[], Provided] | None) -> None:
    """Install the function that brings the providers' rows (the registry's)."""
    global _plugin_loader
    _plugin_loader = loader


def _provided() -> Provided:
    return _plugin_loader() if _plugin_loader is not None else _NOTHING_PROVIDED


#: What no provider brings (one object: the merged table of rows is kept per answer).
_NOTHING_PROVIDED = Provided()


def _state() -> tuple[tuple[Technique, ...], dict[str, Technique], tuple[Technique, ...]]:
    """(every row, by code, the built-in rows) with what the providers brought (a table of
    :mod:`deduce.tables` per providers' answer, which it holds: its id names no other)."""
    got = _provided()
    return shape_table(("deduce.techniques.rows", id(got)), lambda: _merge(got))[1:]


def _merge(got: Provided) -> tuple[Provided, tuple[Technique, ...], dict[str, Technique], tuple[Technique, ...]]:
    builtin = tuple(sorted(CORE_ROWS + got.builtin, key=lambda t: t.order))
    rows = tuple(sorted(builtin + got.plugins, key=lambda t: t.order))
    return got, rows, {t.code: t for t in rows}, builtin


def all_rows() -> tuple[Technique, ...]:
    """Every row, built-in and plugin, in deduce's order of trial."""
    return _state()[0]


def builtin_rows() -> tuple[Technique, ...]:
    """The built-in rows (the core's and the built-in library's homes'), in
    deduce's order of trial."""
    return _state()[2]


class _Builtin(Sequence[Technique]):
    """The built-in rows, in order of trial (a live view: the homes' rows included)."""

    @overload
    def __getitem__(self, index: int) -> Technique: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Technique]: ...

    def __getitem__(self, index: int | slice) -> Technique | Sequence[Technique]:
        return builtin_rows()[index]

    def __len__(self) -> int:
        return len(builtin_rows())

    def __iter__(self) -> Iterator[Technique]:
        return iter(builtin_rows())

    def __repr__(self) -> str:
        return "deduce.techniques.BUILTIN"


#: The built-in rows, in deduce's order of trial.
BUILTIN: Sequence[Technique] = _Builtin()


class _Codes(Sequence[str]):
    """The codes of the built-in rows that ``keep`` accepts (a live view)."""

    def __init__(self, keep: Callable[[Technique], bool], name: str):
        self._keep, self._name = keep, name

    def _codes(self) -> tuple[str, ...]:
        return tuple(t.code for t in builtin_rows() if self._keep(t))

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._codes()[index]

    def __len__(self) -> int:
        return len(self._codes())

    def __contains__(self, code: object) -> bool:
        return code in self._codes()

    def __repr__(self) -> str:
        return f"deduce.techniques.{self._name}"


#: Techniques in the table (and the ``full`` profile, and usable with
#: ``--only``) that deduce's default set leaves out (their rows' profiles say
#: so): the large franken and mutant fish, as HoDoKu leaves them out of its
#: own (few solvers look for them, a chain explains the same eliminations
#: more readably, and each search costs as much as a chain's), and nested
#: forcing chains (levels 2 to 5), whose search can take minutes where
#: everything else has failed.
OPT_IN: Sequence[str] = _Codes(lambda t: t.opt_in, "OPT_IN")
#: Sudoku Explainer's own techniques: in its profile, not in deduce's.
SE_ONLY: Sequence[str] = _Codes(lambda t: "full" not in t.profiles and "deduce" not in t.profiles, "SE_ONLY")


class _Table(Sequence[Technique]):
    """The merged table, in order of trial (a live view: plugins included)."""

    @overload
    def __getitem__(self, index: int) -> Technique: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Technique]: ...

    def __getitem__(self, index: int | slice) -> Technique | Sequence[Technique]:
        return all_rows()[index]

    def __len__(self) -> int:
        return len(all_rows())

    def __iter__(self) -> Iterator[Technique]:
        return iter(all_rows())

    def __repr__(self) -> str:
        return "deduce.techniques.TABLE"


class _Techniques(Mapping[str, Technique]):
    """Code -> row for the merged table (built-in codes answer without loading plugins)."""

    def __getitem__(self, code: str) -> Technique:
        row = _CORE_BY_CODE.get(code)
        if row is None:
            row = _state()[1].get(code)
        if row is None:
            raise UnknownTechniqueError(f"unknown technique code {code!r}")
        return row

    def __contains__(self, code: object) -> bool:
        return code in _CORE_BY_CODE or code in _state()[1]

    def __iter__(self) -> Iterator[str]:
        return iter(_state()[1])

    def __len__(self) -> int:
        return len(_state()[1])

    def __repr__(self) -> str:
        return "deduce.techniques.TECHNIQUES"


def profile_codes(profile: str) -> tuple[str, ...]:
    """The codes of ``profile`` in its order of trial.

    ``deduce`` and ``full`` follow the rows' ``order``; ``se`` and
    ``hodoku`` the reference program's own order (the rows' ``se_order`` and
    ``hodoku_order``), with each row that joins them without a place there
    (a plugin's) put before the first technique of a higher ``order``.
    """
    if profile not in PROFILE_NAMES:
        raise UnknownTechniqueError(f"unknown profile {profile!r}; known: {', '.join(PROFILE_NAMES)}")
    rows = all_rows()
    if profile in ORDERED_PROFILES:
        return tuple(t.code for t in rows if profile in t.profiles)
    place = "se_order" if profile == "se" else "hodoku_order"
    placed = sorted((t for t in rows if getattr(t, place) is not None), key=lambda t: getattr(t, place))
    codes = [t.code for t in placed]
    by_code = _state()[1]
    for row in rows:
        if profile in row.profiles and getattr(row, place) is None:
            at = next((i for i, c in enumerate(codes) if by_code[c].order > row.order), len(codes))
            codes.insert(at, row.code)
    return tuple(codes)


class _Profiles(Mapping[str, tuple[str, ...]]):
    """Profile name -> codes in order of trial (a live view: plugins included)."""

    def __getitem__(self, profile: str) -> tuple[str, ...]:
        return profile_codes(profile)

    def __iter__(self) -> Iterator[str]:
        return iter(PROFILE_NAMES)

    def __len__(self) -> int:
        return len(PROFILE_NAMES)

    def __repr__(self) -> str:
        return "deduce.techniques.PROFILES"


#: Every row, built-in and plugin, in deduce's order of trial.
TABLE: Sequence[Technique] = _Table()
#: Code -> row.
TECHNIQUES: Mapping[str, Technique] = _Techniques()
#: Order of trial and technique set, per profile (codes of :data:`TABLE`).
#:
#: * ``deduce``: by ``order``, for explanations (every technique but SE's
#:   direct ones, which only exist to match SE's ratings, and the
#:   :data:`OPT_IN` ones);
#: * ``full``: by ``order``, every technique but SE's direct ones;
#: * ``se``: Sudoku Explainer 1.2.1's producers in its order;
#: * ``hodoku``: HoDoKu 2.2's default set in its order.
PROFILES: Mapping[str, tuple[str, ...]] = _Profiles()


def se_length_bonus(length: int) -> float:
    """Sudoku Explainer's chain-length bonus: 0.1 per threshold passed in
    4, 6, 8, 12, 16, 24, 32, 48, ... (times 3/2 and 4/3 in turn), where
    the threshold is compared with ``length - 2`` (kept per length: the
    chain searches ask for it once per conclusion).

    >>> se_length_bonus(6), se_length_bonus(7), se_length_bonus(20)
    (0.0, 0.1, 0.5)
    """
    bonus, threshold, up = 0.0, 4, True
    while length - 2 > threshold:
        bonus += 0.1
        threshold = threshold * 3 // 2 if up else threshold * 4 // 3
        up = not up
    return round(bonus, 1)


# -- lookups ------------------------------------------------------------------

def normalise(text: str) -> str:
    """Case, spaces, hyphens and US spellings ignored: ``Simple Colors`` = ``simple-colours``."""
    return re.sub(r"[^a-z0-9+]+", "", text.lower()).replace("color", "colour")


_norm = normalise


def _names() -> dict[str, tuple[str, ...]]:
    """Normalised name -> codes (families; the other names; rows' aliases, names and codes): a table
    of :mod:`deduce.tables` per table of rows (which it holds)."""
    rows = all_rows()
    return shape_table(("deduce.techniques.names", id(rows)), lambda: (rows, _make_names(rows)))[1]


def _make_names(rows: tuple[Technique, ...]) -> dict[str, tuple[str, ...]]:
    out: dict[str, tuple[str, ...]] = {}
    for family in families():
        out[_norm(family)] = tuple(t.code for t in rows if t.family == family)
    for name, codes in _provided().names.items() or {_norm(k): v for k, v in NAMES.items()}.items():
        out[name] = codes
    for t in rows:
        for name in t.aliases:
            out[_norm(name)] = (t.code,)
    for t in rows:
        out[_norm(t.name)] = (t.code,)
    for t in rows:
        out[_norm(t.code)] = (t.code,)
    return out


def other_names() -> dict[str, tuple[str, ...]]:
    """The one table of other names (name -> codes): the core's
    (:data:`~deduce.technique_table.NAMES`) and each technique home's
    (``NAMES``), as written."""
    return {**NAMES, **_provided().written_names}


def lookup(name: str) -> tuple[Technique, ...]:
    """The rows a code, name, alias, group name or family stands for.

    >>> [t.code for t in lookup("Claiming")], [t.code for t in lookup("singles")]
    (['lc2'], ['fh', 'hs', 'ns'])
    """
    codes = _names().get(_norm(name))
    if not codes:
        raise UnknownTechniqueError(f"unknown technique {name.strip()!r}; `deduce techniques` lists them")
    return tuple(TECHNIQUES[c] for c in codes)


def technique(name_or_code: str) -> Technique:
    """Look a technique up by code, name or alias (case, spaces and hyphens
    ignored; a group name answers its first technique).

    Raises :class:`UnknownTechniqueError` (a KeyError) when there is none.
    """
    return lookup(name_or_code)[0]


def families() -> tuple[str, ...]:
    """Every family the rows name (built-in and plugin), in the order of
    their first technique: the list is the rows', so a plugin that brings a
    family of its own needs no edit of the core.

    >>> {"singles", "fish", "chains"} <= set(families())
    True
    """
    return tuple(dict.fromkeys(t.family for t in all_rows()))


def techniques_of_family(family: str) -> list[Technique]:
    return [t for t in all_rows() if t.family == family]


def select(spec: str | Iterable[str]) -> set[str]:
    """Codes named by a comma-separated list (or an iterable) of codes,
    names, aliases, groups or families."""
    parts = spec.split(",") if isinstance(spec, str) else list(spec)
    out: set[str] = set()
    for part in parts:
        if part.strip():
            out.update(t.code for t in lookup(part))
    return out


def keep(code: str, only: Collection[str] | None = None, exclude: Collection[str] = ()) -> bool:
    """The one ``only``/``exclude`` filter: is ``code`` allowed?

    >>> keep("np", only={"np", "hs"}), keep("np", exclude={"np"}), keep("np")
    (True, False, True)
    """
    return (only is None or code in only) and code not in exclude
