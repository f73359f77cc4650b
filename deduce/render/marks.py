"""What a picture shows for a step: roles and links.

A step record says what the pattern *is*; :func:`marks` says how to show it.
Every highlighted cell, candidate, house and cage gets a *role* (a fish's
base and cover sets and fins, a wing's pivot and pincers, each almost locked
set, each colour of a cluster, innies and outies, the on and off candidates
of a chain...), and chain steps get *links* between candidates (strong or
weak, in the chain's direction).  Renderers (SVG, the HTML page, JSON) draw
from :class:`Marks`; the legend comes from :data:`ROLES`.

Family-specific marks come from the technique's home (its ``MARKERS``:
technique code or family -> marker, see :mod:`deduce.registry`) or are
registered with :func:`register`; anything else gets :func:`default_marks`.
A marker builds its marks with :class:`Builder`.  The built-in markers
live in their homes under ``strategies/``, each reading its family's
``Step.details`` in one place, beside the strategy that writes them:

* fish: base and cover houses, fins (cell and candidate), body candidates;
* single-digit patterns: skyscraper, kite and turbot as a four-candidate
  chain; the empty rectangle's box, its strong link and the weak link to
  the target; colouring: a colour per cluster side, strong links undirected;
* wings: pivot, pincers and their ``z``; the XY-, XYZ- and W-wing's chain
  (pivot is x, so the pincer is not x, so it is z);
* uniqueness: floor and roof corners, extras, locked symbols, subsets;
* chains and forcing chains (``strategies/_chain_records.py``): every
  literal of the records as an ``on`` or ``off`` candidate, a link from
  each parent (via :mod:`deduce.literal`), the almost locked sets and
  groups a grouped chain passes through;
* ALS and Sue de Coq: a colour per set, restricted commons as weak links;
* cages: cages used, and for the 45 rule innies, outies, the houses and
  the cages reaching out of them; law of leftovers: its two sides.

>>> from deduce.render.marks import Link
>>> Link((0, 4), (9, 4), strong=True)
Link(start=(0, 4), end=(9, 4), strong=True, directed=True, via='')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Iterable

import attrs

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from ..state import State
    from ..step import Step

#: role -> (colour, legend text).  One table for every renderer (SVG, the
#: page's script, the JSON record).  Cell and house roles fill the cell,
#: candidate roles a disc behind the candidate, cage roles colour the outline.
ROLES: dict[str, tuple[str, str]] = {
    "pattern": ("#fff3b0", "cells of the pattern"),
    "placed": ("#b7e4c7", "symbol placed"),
    "eliminated": ("#ff6b6b", "candidate removed"),
    "house": ("#e7f0ff", "house the step reasons about"),
    "cage": ("#1d6fd8", "cage the step uses"),
    "cage-out": ("#9b30d9", "cage reaching out of the houses"),
    "base": ("#cfe3ff", "base set (fish)"),
    "cover": ("#d8f3dc", "cover set (fish)"),
    "fin": ("#d0a8ff", "fin"),
    "pivot": ("#ffc98a", "pivot"),
    "pincer": ("#b8f2a8", "pincer"),
    "z": ("#ffd23f", "the symbol one of them must hold"),
    "rcc": ("#8fd3ff", "restricted common (at most one of the sets holds it)"),
    "excluder": ("#ffc8dd", "cell seeing every base cell (aligned exclusion)"),
    "floor": ("#fff3b0", "corners holding only the pair"),
    "roof": ("#ffc8dd", "corners with extra candidates"),
    "on": ("#8ee09a", "candidate true in the chain"),
    "off": ("#9cc2ff", "candidate false in the chain"),
    "set-1": ("#ffc6ff", "first set"),
    "set-2": ("#bdb2ff", "second set"),
    "set-3": ("#9bf6ff", "third set"),
    "set-4": ("#fdffb6", "fourth set"),
    "colour-1": ("#9cc2ff", "blue: one colour of a cluster"),
    "colour-2": ("#8ee09a", "green: the opposite colour"),
    "colour-3": ("#ffc98a", "orange: one colour of a second cluster"),
    "colour-4": ("#d0a8ff", "purple: the opposite of orange"),
    "innie": ("#b8f2a8", "innie (inside the houses, outside their cages)"),
    "outie": ("#ffb3b3", "outie (in the cages, outside the houses)"),
}

def _cand(pair: tuple[int, int]) -> tuple[int, int]:
    return (int(pair[0]), int(pair[1]))


@attrs.frozen
class Link:
    """A link of a chain between two candidates ``(cell, symbol)``, drawn
    from ``start`` to ``end``: solid when strong, dashed when weak, with an
    arrow unless it has no direction (a colouring's strong links).  ``via``
    names what carries a link that is neither: ``"als"``, an almost locked
    set (without one symbol it is locked on the rest), or ``"group"``, a
    symbol's places left in a house lying in one box or line; drawn dotted."""

    start: tuple[int, int] = attrs.field(converter=_cand)
    end: tuple[int, int] = attrs.field(converter=_cand)
    strong: bool = False
    directed: bool = True
    via: str = ""

    @property
    def kind(self) -> str:
        """``strong``, ``weak``, ``als`` or ``group``: what the line style says."""
        return self.via or ("strong" if self.strong else "weak")


@attrs.frozen
class Marks:
    """Roles of cells, candidates, houses and cages, and chain links."""

    cells: tuple[tuple[int, str], ...] = ()
    candidates: tuple[tuple[int, int, str], ...] = ()
    houses: tuple[tuple[int, str], ...] = ()
    cages: tuple[tuple[int, str], ...] = ()
    links: tuple[Link, ...] = ()

    def roles(self) -> list[str]:
        """Every role used, in :data:`ROLES` order (for a legend)."""
        used = {r for *_, r in self.cells} | {r for *_, r in self.candidates} \
            | {r for _, r in self.houses} | {r for _, r in self.cages}
        return [r for r in ROLES if r in used]


Marker = Callable[["Step", "Puzzle", "State | None"], Marks]
_MARKERS: dict[str, Marker] = {}


def register(key: str, marker: Marker) -> None:
    """Use ``marker`` for steps whose technique code (or family) is ``key``.

    A marker is called as ``marker(step, puzzle, state)``; ``state`` is the
    position the step applies to, or None when the caller has none."""
    _MARKERS[key] = marker


def _home_markers() -> dict[str, Marker]:
    """Technique code or family -> marker, from the technique homes' ``MARKERS``."""
    from .. import registry  # (not at import: the homes are the strategies' modules)

    homes = registry.homes()
    if _HOME_MARKERS[0] is not homes:
        merged: dict[str, Marker] = {}
        for home in homes:
            merged.update(getattr(home, "MARKERS", {}))
        _HOME_MARKERS[:] = [homes, merged]
    return _HOME_MARKERS[1]


_HOME_MARKERS: list[Any] = [None, {}]


def default_marks(step: Step, puzzle: Puzzle, state: State | None = None) -> Marks:
    """Pattern cells (with the step's symbols among their candidates), the
    houses and cages named, placements and eliminations."""
    b = Builder(step, state)
    b.cell_roles(step.cells, "pattern")
    b.cands(step.cells, step.symbols, "pattern")
    b.house_roles(step.houses, "house")
    b.cage_roles(step.cages, "cage")
    return b.done()


def marks(step: Step, puzzle: Puzzle, state: State | None = None) -> Marks:
    """How to show ``step``: its family's marks, or :func:`default_marks`.

    ``state`` (the position before the step) lets markers draw only the
    candidates that exist and find a colouring's strong links."""
    own = _home_markers()
    code, family = step.technique.code, step.technique.family
    marker = own.get(code) or _MARKERS.get(code) or own.get(family) or _MARKERS.get(family)
    if marker is None:
        return default_marks(step, puzzle, state)
    try:
        return marker(step, puzzle, state)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError):
        # a record this marker does not know (a plug-in's, or a renamed key):
        # a plainer picture rather than no explanation at all
        return default_marks(step, puzzle, state)


def to_json(m: Marks, puzzle: Puzzle) -> dict[str, Any]:
    """``m`` as JSON: cells ``r1c2``, symbols in the puzzle's alphabet,
    candidates and link ends ``r1c2=5`` (see the README's JSON schema).

    >>> from deduce.puzzle import Puzzle
    >>> p = Puzzle.empty(4)
    >>> to_json(Marks(cells=((0, "pivot"),), links=(Link((0, 1), (3, 1), True),)), p)["links"]
    [{'from': 'r1c1=2', 'to': 'r1c4=2', 'strong': True, 'directed': True, 'kind': 'strong'}]
    """
    g, syms = puzzle.geometry, puzzle.symbols

    def cand(c: int, s: int) -> str:
        return f"{g.cell_name(c)}={syms[s]}"

    doc: dict[str, Any] = {
        "cells": [{"cell": g.cell_name(c), "role": r} for c, r in m.cells],
        "candidates": [{"candidate": cand(c, s), "role": r} for c, s, r in m.candidates],
        "houses": [{"house": g.house_name(h), "role": r} for h, r in m.houses],
        "links": [{"from": cand(*k.start), "to": cand(*k.end), "strong": k.strong, "directed": k.directed,
                   "kind": k.kind} for k in m.links],
    }
    if m.cages:
        doc["cages"] = [{"cage": puzzle.cage_name(k), "role": r} for k, r in m.cages]
    return doc


class Builder:
    """Collects roles once each (first role given wins for a candidate, so
    markers add the most telling role first, unless a role of the same kind
    is added ``beside`` it: a candidate true in one branch of a forcing chain
    and false in another shows both), then adds the step's own placements
    and eliminations (a candidate may so carry a pattern role and
    ``eliminated``: an assumption the chain disproves)."""

    def __init__(self, step: Step, state: State | None = None):
        self.step, self.state = step, state
        self.cells: dict[tuple[int, str], None] = {}
        self.candidates: dict[tuple[int, int], list[str]] = {}
        self.houses: dict[tuple[int, str], None] = {}
        self.cages: dict[int, str] = {}
        self.links: dict[tuple[tuple[int, int], tuple[int, int]], bool] = {}
        self.undirected: set[tuple[tuple[int, int], tuple[int, int]]] = set()
        self.via: dict[tuple[tuple[int, int], tuple[int, int]], str] = {}
        self.als_nodes: dict[tuple[int, ...], int] = {}  # chains through almost locked sets

    def cell_roles(self, cells: Iterable[int], role: str) -> None:
        for c in cells:
            self.cells.setdefault((int(c), role))

    def cands(self, cells: Iterable[int], symbols: Iterable[int], role: str,
              beside: Iterable[str] = ()) -> None:
        """Give the candidates ``role``; one that has a role already keeps it
        alone, unless all its roles are among ``beside`` (then it gets both)."""
        symbols, beside = tuple(symbols), frozenset(beside)
        for c in cells:
            for s in symbols:
                if self.state is None or (self.state.value[c] < 0 and self.state.cand[c] >> s & 1):
                    roles = self.candidates.setdefault((int(c), int(s)), [])
                    if not roles or (role not in roles and set(roles) <= beside):
                        roles.append(role)

    def house_roles(self, houses: Iterable[int], role: str) -> None:
        for h in houses:
            self.houses.setdefault((int(h), role))

    def cage_roles(self, cages: Iterable[int], role: str) -> None:
        for k in cages:
            self.cages.setdefault(int(k), role)

    def link(self, a: tuple[int, int], b: tuple[int, int], strong: bool, directed: bool = True,
             via: str = "") -> None:
        if a != b and (b, a) not in self.links:
            self.links[(a, b)] = self.links.get((a, b), False) or strong
            if not directed:
                self.undirected.add((a, b))
            if via and not self.links[(a, b)]:
                self.via[(a, b)] = via

    def done(self) -> Marks:
        step = self.step
        cands = [(c, s, r) for (c, s), roles in self.candidates.items() for r in roles]
        return Marks(
            cells=tuple(self.cells),
            candidates=tuple(cands) + tuple((c, s, "placed") for c, s in step.placements)
            + tuple((c, s, "eliminated") for c, s in step.eliminations),
            houses=tuple(self.houses),
            cages=tuple(self.cages.items()),
            links=tuple(Link(a, b, strong, (a, b) not in self.undirected, "" if strong else self.via.get((a, b), ""))
                        for (a, b), strong in self.links.items()),
        )


def numbered(prefix: str, i: int) -> str:
    return f"{prefix}-{i % 4 + 1}"


SET_ROLES = tuple(numbered("set", i) for i in range(4))
