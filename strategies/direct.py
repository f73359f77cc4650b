"""Direct techniques (Sudoku Explainer): an elimination that at once gives a hidden single.

Sudoku Explainer rates a locked-candidates or hidden-subset step that
immediately leaves a symbol one place in a house as a *direct* step, easier
than the technique on its own (direct pointing 1.7, direct claiming 1.9,
direct hidden pair 2.0, direct hidden triple 2.5), since the solver only
needs to see it for that one placement.  As in SE, the step is the
placement alone (the eliminations are its reason, kept in the step's
details as ``removed``), and the single lies where SE looks for it: for
pointing, in another box crossing the line; for claiming, in another line
of the same direction crossing the box; for a hidden subset, in the
subset's own house.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import Geometry, bits_of
from deduce.render.words.prose import Field
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import INTERSECTIONS, MEDIUM, SUBSETS, Technique, row

from ._houses import line_block_pairs
from ._memo import symbol_masks
from .intersections import LockedCandidates
from .subsets import HiddenSubset

if TYPE_CHECKING:
    from deduce.render.words import TextRenderer


@attrs.frozen
class Direct(Producer):
    """``Direct("pointing")``, ``Direct("claiming")``, ``Direct(2)`` (hidden
    pair), ``Direct(3)`` (hidden triple)."""

    kind: str | int
    CODES = {"pointing": "direct-pointing", "claiming": "direct-claiming", 2: "direct-hp", 3: "direct-ht"}

    @property
    def base(self) -> LockedCandidates | HiddenSubset:
        """The technique this one is the direct form of."""
        return _base(self.kind)

    def find(self, state: State) -> Iterator[Step]:
        if isinstance(self.kind, str):
            yield from self._find_locked(state)
            return
        yield from self._find_subsets(state, int(self.kind))

    def _find_subsets(self, state: State, k: int) -> Iterator[Step]:
        """Direct hidden pair or triple: the hidden sets read as masks, a
        step built only for those that leave a hidden single in their house
        (the same steps as ``base.find`` filtered by
        :func:`_hidden_single_after`)."""
        base = _base(k)
        assert isinstance(base, HiddenSubset)
        cand = state.cand
        masks = state.puzzle.geometry.house_masks
        where = symbol_masks(state)
        for h, syms, cells in base._sets(state):
            keep = 0
            for s in syms:
                keep |= 1 << s
            gone_syms = 0
            for c in cells:
                gone_syms |= cand[c]
            gone_syms &= ~keep
            if not gone_syms:
                continue  # (no eliminations: base.find has no step)
            hm = masks[h]
            while gone_syms:
                low = gone_syms & -gone_syms
                gone_syms ^= low
                sym = low.bit_length() - 1
                gone = 0
                for c in cells:
                    if cand[c] & low:
                        gone |= 1 << c
                before = where[sym] & hm
                left = before & ~gone
                if left != before and left and not left & (left - 1):
                    step = Step(base.technique, eliminations=[(c, s) for c in cells for s in bits_of(cand[c] & ~keep)],
                                cells=cells, houses=[h], symbols=syms)
                    yield self._direct(step, (left.bit_length() - 1, sym, h))
                    break

    def _find_locked(self, state: State) -> Iterator[Step]:
        """Direct pointing or claiming: the locked candidates read as masks,
        a step built only for those that leave a hidden single (the same
        steps as ``base.find`` filtered by :func:`_hidden_single_after`)."""
        base = _base(str(self.kind))
        assert isinstance(base, LockedCandidates)
        found = base.found_here(state)
        if not found:
            return
        g = state.puzzle.geometry
        masks = g.house_masks
        crossing = _crossing(g)
        where = symbol_masks(state)
        for sym, source, target, inside, removed in found:
            places = where[sym]
            for h in crossing[source, target]:
                before = places & masks[h]
                left = before & ~removed
                if left != before and left and not left & (left - 1):
                    yield self._direct(base.step(sym, source, target, inside, removed),
                                       (left.bit_length() - 1, sym, h))
                    break

    def _direct(self, step: Step, single: tuple[int, int, int]) -> Step:
        """The direct step of the base technique's ``step`` and the hidden single it leaves."""
        cell, sym, house = single
        return Step(self.technique, placements=[(cell, sym)], cells=step.cells,
                    houses=step.houses + (house,), symbols=step.symbols,
                    details=step.details + (("removed", step.eliminations), ("single", single)))


def _base(kind: str | int) -> LockedCandidates | HiddenSubset:
    """The strategy a direct technique of ``kind`` is the direct form of (a table of :mod:`deduce.tables`)."""
    return table(("strategies.direct._base", kind), lambda: _make_base(kind))


def _make_base(kind: str | int) -> LockedCandidates | HiddenSubset:
    """The strategy a direct technique of ``kind`` is the direct form of
    (made once: asked at every position)."""
    return LockedCandidates(kind) if isinstance(kind, str) else HiddenSubset(kind)


def _crossing(g: Geometry) -> dict[tuple[int, int], tuple[int, ...]]:
    """Per (source, target) of a line-box intersection (either way round): (a table of :mod:`deduce.tables`)."""
    return table(("strategies.direct._crossing", g), lambda: _make_crossing(g))


def _make_crossing(g: Geometry) -> dict[tuple[int, int], tuple[int, ...]]:
    """Per (source, target) of a line-box intersection (either way round):
    the houses of the source's kind, other than the source, that cross the
    target, in order (where SE looks for the single a direct pointing or
    claiming leaves)."""
    n = g.size
    masks = g.house_masks
    out = {}
    for line, block, _ in line_block_pairs(g):
        for source, target in ((line, block), (block, line)):
            kind = source // n
            out[source, target] = tuple(h for h in range(kind * n, kind * n + n)
                                        if h != source and masks[h] & masks[target])
    return out


def _hidden_single_after(state: State, eliminations: tuple[tuple[int, int], ...], masks: tuple[int, ...],
                         houses: list[int]) -> tuple[int, int, int] | None:
    """The first hidden single (cell, symbol, house) the eliminations create in
    ``houses`` (the plain reading of a base step: ``find`` reads the same from
    masks, ``tests/test_speed_r2single.py`` compares the two)."""
    removed: dict[int, int] = {}
    for cell, sym in eliminations:
        removed[sym] = removed.get(sym, 0) | 1 << cell
    for sym, gone in sorted(removed.items()):
        where = symbol_masks(state)[sym]
        for h in houses:
            before = where & masks[h]
            left = before & ~gone
            if left != before and left and not left & (left - 1):
                return left.bit_length() - 1, sym, h
    return None


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(30, "direct-pointing", "Direct pointing", INTERSECTIONS, 1.7, 50, MEDIUM, "",
        "Pointing whose eliminations at once leave a symbol one place in a house.",
        rating_note="Sudoku Explainer's own technique (1.7); HoDoKu scores it as the pointing it is.",
        se_order=30, profiles=()),
    row(40, "direct-claiming", "Direct claiming", INTERSECTIONS, 1.9, 50, MEDIUM, "",
        "Claiming whose eliminations at once leave a symbol one place in a house.",
        rating_note="Sudoku Explainer's own technique (1.9).", se_order=40, profiles=()),
    row(50, "direct-hp", "Direct hidden pair", SUBSETS, 2.0, 70, MEDIUM, "",
        "A hidden pair whose eliminations at once leave a symbol one place in a house.",
        rating_note="Sudoku Explainer's own technique (2.0).", se_order=50, profiles=()),
    row(60, "direct-ht", "Direct hidden triple", SUBSETS, 2.5, 100, MEDIUM, "",
        "A hidden triple whose eliminations at once leave a symbol one place in a house.",
        rating_note="Sudoku Explainer's own technique (2.5).", se_order=70, profiles=()),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Direct": ("direct-pointing", "direct-claiming", "direct-hp", "direct-ht"),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class DirectDetails(TypedDict):
    #: the underlying step's eliminations: the reason, not the result
    removed: tuple[tuple[int, int], ...]
    #: (cell, symbol, house) of the hidden single they leave
    single: tuple[int, int, int]


TEMPLATES = {
    **{code: (
        "Look for {a_lname} in {house}.",
        "In {house}, where can the {sym}s go?",
        "In {house}, every {sym} lies in {house2} ({cells}). One of them is the {sym} of {house2}, "
        "so {sym} is removed from the rest of {house2}: {direct_cells}. {direct_single}",
    ) for code in ("direct-pointing", "direct-claiming")},
    **{code: (
        "Look for {a_lname} in {house}.",
        "In {house}, where can {syms} go?",
        "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
        "so they hold nothing else: {direct_removed}. {direct_single}",
    ) for code in ("direct-hp", "direct-ht")},
}

DETAILS: dict[str, type] = {code: DirectDetails for code in TEMPLATES}


def _direct_single(r: TextRenderer, step: Step) -> str:
    cell, sym, house = step.detail("single")
    return f"Now {r.sym(sym)} fits only in {r.cell(cell)} in {r.house(house)}, so {r.cell(cell)} = {r.sym(sym)}."


FIELDS: dict[str, Field] = {
    "direct_single": _direct_single,
    "direct_cells": lambda r, s: r.cells(sorted({c for c, _ in s.detail("removed")})),
    "direct_removed": lambda r, s: r.removed(s.detail("removed")),
}
