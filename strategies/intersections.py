"""Locked candidates: pointing and claiming.

Works on any geometry: a box or jigsaw region meets rows and columns, and
the same argument holds for every such intersection.
"""

from __future__ import annotations

from typing import Iterator, TypedDict

import attrs

from deduce.geometry import Geometry, bits_of
from deduce.render.words.prose import Field
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import INTERSECTIONS, MEDIUM, Technique, row

from ._houses import line_block_pairs, per_position
from ._memo import memo_for, symbol_masks


@attrs.frozen
class LockedCandidates(Producer):
    """``LockedCandidates("pointing")``: within a box, a symbol's candidates
    lie in one line, so the line's other cells lose it.
    ``LockedCandidates("claiming")``: within a line, a symbol's candidates lie
    in one box, so the box's other cells lose it."""

    kind: str = "pointing"
    CODES = {"pointing": "lc1", "claiming": "lc2"}

    def find(self, state: State) -> Iterator[Step]:
        for sym, source, target, inside, removed in self.found_here(state):
            yield self.step(sym, source, target, inside, removed)

    def step(self, sym: int, source: int, target: int, inside: int, removed: int) -> Step:
        """The step of one of :meth:`found`'s tuples."""
        return Step(self.technique, eliminations=[(c, sym) for c in bits_of(removed)],
                    cells=bits_of(inside), houses=[source, target], symbols=[sym])

    def found_here(self, state: State) -> list[tuple[int, int, int, int, int]]:
        """:meth:`found`, once per position (the direct forms read the same list)."""
        return per_position(state, ("locked candidates", self.kind), lambda: self.found(state))

    def found(self, state: State) -> list[tuple[int, int, int, int, int]]:
        """Every ``(symbol, source house, target house, its places in the
        source, the target's cells it leaves)``, in the order a step is
        looked for (once per position: the direct forms read it too).  A
        symbol's depend only on its places: they are kept per set of places,
        since between two steps most symbols keep theirs."""
        out: list[tuple[int, int, int, int, int]] = []
        by_source = _by_source(state.puzzle.geometry, self.kind)
        memo = memo_for(state)
        for sym, where in enumerate(symbol_masks(state)):
            if not where:
                continue
            key = ("locked candidates", self.kind, sym, where)
            found = memo.get(key)
            if found is None:
                found = memo[key] = _symbol_found(sym, where, by_source)
            out += found
        return out


def _symbol_found(sym: int, where: int, by_source: _BySource) -> list[tuple[int, int, int, int, int]]:
    """:meth:`LockedCandidates.found`'s tuples of one symbol with places
    ``where``, in :func:`_intersections`' order: a source without the symbol
    is passed over at once, not once per target."""
    hits = []
    for source_mask, entries in by_source:
        inside = where & source_mask
        if not inside:
            continue
        for index, source, target, rest, outside in entries:
            if inside & rest:
                continue
            removed = where & outside
            if removed:
                hits.append((index, (sym, source, target, inside, removed)))
    if len(hits) > 1:
        hits.sort()
    return [hit for _, hit in hits]


#: :func:`_by_source`'s table: per source house, its mask and its entries
#: ``(index in _intersections, source, target, the source's cells outside the
#: intersection, the target's cells outside the source)``.
_BySource = tuple[tuple[int, tuple[tuple[int, int, int, int, int], ...]], ...]


def _by_source(g: Geometry, kind: str) -> _BySource:
    """:func:`_intersections` grouped by source house (sources in order of (a table of :mod:`deduce.tables`)."""
    return table(("strategies.intersections._by_source", g, kind), lambda: _make_by_source(g, kind))


def _make_by_source(g: Geometry, kind: str) -> _BySource:
    """:func:`_intersections` grouped by source house (sources in order of
    their first entry)."""
    groups: dict[int, tuple[int, list[tuple[int, int, int, int, int]]]] = {}
    for index, (source, target, source_mask, rest, outside) in enumerate(_intersections(g, kind)):
        groups.setdefault(source, (source_mask, []))[1].append((index, source, target, rest, outside))
    return tuple((mask, tuple(entries)) for mask, entries in groups.values())


def _intersections(g: Geometry, kind: str) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per line-box intersection, for ``kind`` (pointing: from box to line, (a table of :mod:`deduce.tables`)."""
    return table(("strategies.intersections._intersections", g, kind), lambda: _make_intersections(g, kind))


def _make_intersections(g: Geometry, kind: str) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per line-box intersection, for ``kind`` (pointing: from box to line,
    in box order; claiming: from line to box): ``(source, target, the
    source's cells, those outside the intersection, the target's cells
    outside the source)``."""
    masks = g.house_masks
    pairs = line_block_pairs(g)
    if kind == "pointing":
        pairs = tuple(sorted(pairs, key=lambda t: (t[1], t[0])))
    table = []
    for line, block, inter in pairs:
        source, target = (block, line) if kind == "pointing" else (line, block)
        table.append((source, target, masks[source], masks[source] & ~inter, masks[target] & ~masks[source]))
    return tuple(table)


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(100, "lc1", "Pointing", INTERSECTIONS, 2.6, 50, MEDIUM, "0100",
        "In a box, a symbol's candidates lie in one row or column, so it is removed from the rest of that line.",
        se_order=80, hodoku_order=60),
    row(110, "lc2", "Claiming", INTERSECTIONS, 2.8, 50, MEDIUM, "0101",
        "In a row or column, a symbol's candidates lie in one box, so it is removed from the rest of that box.",
        se_order=90, hodoku_order=70),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "LC1": ("lc1",),
    "Locked candidates type 1": ("lc1",),
    "Locked candidates type 1 (pointing)": ("lc1",),
    "Pointing pair": ("lc1",),
    "Pointing triple": ("lc1",),
    "Intersection removal": ("lc1", "lc2"),
    "Locked candidates": ("lc1", "lc2"),
    "Box-line reduction": ("lc2",),
    "LC2": ("lc2",),
    "Line-box reduction": ("lc2",),
    "Locked candidates type 2": ("lc2",),
    "Locked candidates type 2 (claiming)": ("lc2",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class NoDetails(TypedDict):
    """Cells, houses (the box or line first, then the other) and symbols say everything."""


_LOCKED = (
    "In {house}, every {sym} lies in {house2} ({cells}). One of them is the {sym} of {house2}, "
    "so {sym} is removed from the rest of {house2}: {elim_cells}."
)

TEMPLATES = {
    "lc1": ("Look for pointing candidates in {house}.", "In {house}, where can the {sym}s go?", _LOCKED),
    "lc2": ("Look for claiming candidates in {house}.", "In {house}, where can the {sym}s go?", _LOCKED),
}

DETAILS: dict[str, type] = {code: NoDetails for code in TEMPLATES}

FIELDS: dict[str, Field] = {}
