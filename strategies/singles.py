"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator, TypedDict

import attrs

from deduce.geometry import Geometry
from deduce.render.words.prose import Field, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import EASY, SINGLES, Technique, row

from . import _accel
from ._houses import house_order
from ._memo import symbol_masks, unsolved_mask
from .symbol_store import symbol_masks_solved

if TYPE_CHECKING:
    from deduce.render.words import TextRenderer


class _HouseSingle(Producer):
    """A single found house by house: a subclass gives its ``_singles``
    (``(house, cell, symbol)`` in the order ``find`` takes them) and the
    ``_step`` of one."""

    def find(self, state: State) -> Iterator[Step]:
        for h, cell, sym in self._singles(state):
            yield self._step(state, h, cell, sym)

    def placing(self, state: State, cell: int, sym: int) -> Step | None:
        """The first step of ``find`` that places ``sym`` in ``cell``, or
        None: the others are never built (HoDoKu's path takes its singles
        from its own queues, :mod:`deduce.rating.hodoku`)."""
        for h, c, s in self._singles(state):
            if c == cell and s == sym:
                return self._step(state, h, cell, sym)
        return None

    def _singles(self, state: State) -> Iterable[tuple[int, int, int]]:
        raise NotImplementedError

    def _step(self, state: State, h: int, cell: int, sym: int) -> Step:
        raise NotImplementedError


@attrs.frozen
class FullHouse(_HouseSingle):
    """The last empty cell of a house takes the one missing symbol."""

    CODE = "fh"

    def _step(self, state: State, h: int, cell: int, sym: int) -> Step:
        return Step(self.technique, placements=[(cell, sym)], cells=[cell], houses=[h], symbols=[sym])

    def _singles(self, state: State) -> Iterable[tuple[int, int, int]]:
        """``(house, its one empty cell, the missing symbol)``, houses in the
        order a person scans them."""
        return self._python_singles(state)

    def _python_singles(self, state: State) -> Iterator[tuple[int, int, int]]:
        g = state.puzzle.geometry
        full = (1 << g.size) - 1
        unsolved = unsolved_mask(state)
        masks = g.house_masks
        for h in house_order(g):
            empty = unsolved & masks[h]
            if not empty or empty & (empty - 1):
                continue
            missing = full & ~state.placed_in(h)
            if missing.bit_count() != 1:
                continue
            sym = missing.bit_length() - 1
            cell = empty.bit_length() - 1
            if state.cand[cell] >> sym & 1:  # (if not, a contradiction; the engine reports it)
                yield h, cell, sym


@attrs.frozen
class HiddenSingle(_HouseSingle):
    """A symbol has one place left in a house (boxes first, then rows and
    columns, as a person scans)."""

    CODE = "hs"

    def _step(self, state: State, h: int, cell: int, sym: int) -> Step:
        g = state.puzzle.geometry
        value = state.value
        # the cells holding sym: a cell's blocker is the first of its peers among them (peers go in
        # cell order), or -1 when the candidate went by an earlier deduction
        held = symbol_masks_solved(state)[sym] & ~unsolved_mask(state)
        peer_masks = state.puzzle.peer_masks
        blockers = tuple((c, _lowest(peer_masks[c] & held)) for c in g.houses[h] if value[c] < 0 and c != cell)
        kind = g.house_kind(h)
        return Step(self.technique, placements=[(cell, sym)], cells=[cell], houses=[h], symbols=[sym],
                    variant="box" if kind in ("box", "region") else kind, details=(("blockers", blockers),))

    def placing(self, state: State, cell: int, sym: int) -> Step | None:
        """:meth:`_HouseSingle.placing`, looking only at ``cell``'s houses."""
        g = state.puzzle.geometry
        bit = 1 << cell
        places = symbol_masks(state)[sym]
        unsolved = unsolved_mask(state)
        masks = g.house_masks
        for h in _houses_of(g)[cell]:
            hm = masks[h]
            empty = unsolved & hm
            if places & hm == bit and empty & (empty - 1) and not state.placed_in(h) >> sym & 1:
                return self._step(state, h, cell, sym)
        return None

    def _singles(self, state: State) -> Iterable[tuple[int, int, int]]:
        """``(house, cell, symbol)`` per house with two empty cells or more,
        houses in the order a person scans them, symbols in order (in C
        when the accelerator is there: :func:`strategies._accel.hidden_singles`)."""
        found = _accel.hidden_singles(state)
        return self._python_singles(state) if found is None else found

    def _python_singles(self, state: State) -> Iterator[tuple[int, int, int]]:
        # per house, the symbols in one empty cell exactly (once and not twice) and not placed
        # there, from the cells' own candidate masks (small ints: cheaper than the symbols' places)
        g = state.puzzle.geometry
        cand, value = state.cand, state.value
        houses = g.houses
        for h in house_order(g):
            once = twice = placed = empty = 0
            for c in houses[h]:
                v = value[c]
                if v < 0:
                    m = cand[c]
                    twice |= once & m
                    once |= m
                    empty += 1
                else:
                    placed |= 1 << v
            if empty < 2:
                continue  # one empty cell or none: a full house, not a hidden single
            single = once & ~twice & ~placed
            while single:
                low = single & -single
                single ^= low
                yield h, next(c for c in houses[h] if value[c] < 0 and cand[c] & low), low.bit_length() - 1


def _houses_of(g: Geometry) -> tuple[tuple[int, ...], ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.singles._houses_of", g), lambda: _make_houses_of(g))


def _make_houses_of(g: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per cell, the houses of :func:`house_order` holding it, in that order."""
    masks = g.house_masks
    return tuple(tuple(h for h in house_order(g) if masks[h] >> cell & 1) for cell in range(g.ncells))


def _lowest(mask: int) -> int:
    """The lowest set bit of ``mask``, or -1 for none."""
    return (mask & -mask).bit_length() - 1


@attrs.frozen
class NakedSingle(Producer):
    """A cell with one candidate left."""

    CODE = "ns"

    def find(self, state: State) -> Iterator[Step]:
        # the unsolved cells with one candidate, from the symbols' places: a
        # cell in one symbol's places and in no other's (cells in order)
        once = twice = 0
        for places in symbol_masks(state):
            twice |= once & places
            once |= places
        single = once & ~twice
        cand = state.cand
        while single:
            low = single & -single
            single ^= low
            cell = low.bit_length() - 1
            yield self._step(state, cell, cand[cell])

    def _python_find(self, state: State) -> Iterator[Step]:
        """:meth:`find` reading the cells one by one (what
        ``tests/test_speed_r2single.py`` compares it with)."""
        for cell, (m, v) in enumerate(zip(state.cand, state.value)):
            if v < 0 and m and not m & (m - 1):
                yield self._step(state, cell, m)

    def placing(self, state: State, cell: int, sym: int) -> Step | None:
        """The step of ``find`` that places ``sym`` in ``cell``, or None."""
        m = state.cand[cell]
        return self._step(state, cell, m) if state.value[cell] < 0 and m == 1 << sym else None

    def _step(self, state: State, cell: int, m: int) -> Step:
        sym = m.bit_length() - 1
        seen = 0
        for q in state.puzzle.peers[cell]:
            if state.value[q] >= 0:
                seen |= 1 << state.value[q]
        all_seen = (seen | m) == (1 << state.puzzle.size) - 1
        return Step(self.technique, placements=[(cell, sym)], cells=[cell], symbols=[sym],
                    details=(("all_seen", all_seen),))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(10, "fh", "Full house", SINGLES, 1.0, 4, EASY, "0000",
        "The last empty cell of a house takes the one missing symbol.", se_order=10, hodoku_order=10),
    row(20, "hs", "Hidden single", SINGLES, 1.2, 14, EASY, "0002",
        "A symbol has only one place left in a house.", se_variants=(("box", 1.2), ("row", 1.5), ("column", 1.5)),
        se_order=20, hodoku_order=30),
    row(70, "ns", "Naked single", SINGLES, 2.3, 4, EASY, "0003",
        "A cell has only one candidate left.", se_order=60, hodoku_order=20),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Last digit": ("fh",),
    "Last empty cell": ("fh",),
    "Single": ("fh", "hs", "ns"),
    "Hidden single in a box": ("hs",),
    "Hidden single in a column": ("hs",),
    "Hidden single in a row": ("hs",),
    "Lone single": ("ns",),
    "Sole candidate": ("ns",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class NoDetails(TypedDict):
    """A step whose cells, houses and symbols say everything."""


class HiddenSingleDetails(TypedDict):
    #: (cell, blocking cell) for each other cell of the house; -1 when no one cell blocks it
    blockers: tuple[tuple[int, int], ...]


class NakedSingleDetails(TypedDict):
    #: True when the cell's row, column and box hold every other symbol
    all_seen: bool


TEMPLATES = {
    "fh": (
        "Look for a full house in {house}.",
        "{House} has one empty cell, {cell}.",
        "{House} has one empty cell, {cell}; the only missing {word} is {sym}, so {cell} = {sym}.",
    ),
    "hs": (
        "Look for a hidden single in {house}.",
        "In {house}, where can {sym} go?",
        "In {house}, {sym} fits only in {cell}{blocked}. So {cell} = {sym}.",
    ),
    "ns": (
        "Look for a naked single in {row_house}.",
        "Which {word}s can {cell} still hold?",
        "{cell} can only be {sym}: {why_single}. So {cell} = {sym}.",
    ),
}

DETAILS: dict[str, type] = {"fh": NoDetails, "hs": HiddenSingleDetails, "ns": NakedSingleDetails}


def _blocked(r: TextRenderer, step: Step) -> str:
    blockers = step.detail("blockers", ())
    if not blockers or any(b < 0 for _, b in blockers):
        return ""
    sources = sorted({b for _, b in blockers})
    sym = r.sym(step.symbols[0])
    many = len(sources) > 1
    return f": the {sym}{'s' if many else ''} in {r.cells(sources)} rule{'' if many else 's'} out its other cells"


def _why_single(r: TextRenderer, step: Step) -> str:
    p = r.puzzle
    if step.detail("all_seen", False):
        return f"its row, column and {p.geometry.block_kind} already hold every other {word(p)}"
    return f"every other {word(p)} has been ruled out"


FIELDS: dict[str, Field] = {
    "blocked": _blocked,
    "why_single": _why_single,
    "row_house": lambda r, s: r.house(r.g.cell_houses[s.cells[0]][0]),
}
