"""Singles and locked candidates in the houses constraints add.

A constraint's *extra houses* (:meth:`deduce.constraint.Constraint.houses`:
a diagonal of Sudoku X, a windoku window, a disjoint group) hold every
symbol once, like a row.  The engine's house techniques (and the C kernels,
which assume three houses per cell) see only rows, columns and boxes, so
these houses have their own techniques, here, over
:attr:`deduce.puzzle.Puzzle.extra_houses`: a hidden single, and locked
candidates both ways (a symbol whose places in an extra house lie in one
row, column or box leaves the rest of that house; a symbol whose places in a
row, column or box lie in an extra house leaves the rest of the extra
house).  Naked singles need nothing: an extra house's cells are peers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import mask_of
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, capitalize
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, MEDIUM, Technique, row

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

VARIANTS = "variants"


@attrs.frozen
class ExtraHouseSingle(Producer):
    """A symbol with one place left in an extra house goes there."""

    CODE = "extra-hs"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        cand, value = state.cand, state.value
        for k, house in enumerate(puzzle.extra_houses):
            placed = {value[c] for c in house if value[c] >= 0}
            for sym in range(puzzle.size):
                if sym in placed:
                    continue
                places = [c for c in house if value[c] < 0 and cand[c] >> sym & 1]
                if len(places) == 1:
                    yield Step(self.technique, placements=[(places[0], sym)], cells=[places[0]], symbols=[sym],
                               details=(("extra_house", k),))


@attrs.frozen
class ExtraHouseLocked(Producer):
    """Locked candidates between an extra house and a row, column or box."""

    CODE = "extra-lc"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        g = puzzle.geometry
        masks = state.symbol_masks()
        for k, house in enumerate(puzzle.extra_houses):
            emask = mask_of(house)
            others = sorted({h for c in house for h in g.cell_houses[c]})
            for sym, places in enumerate(masks):
                inside = places & emask
                if inside:
                    # pointing: the extra house's places of sym all in one house
                    for h in others:
                        hmask = g.house_masks[h]
                        if not inside & ~hmask:
                            removed = places & hmask & ~emask
                            if removed:
                                yield self._step(state, k, h, sym, inside, removed, "pointing")
                for h in others:
                    hplaces = places & g.house_masks[h]
                    if hplaces and not hplaces & ~emask:
                        removed = inside & ~g.house_masks[h]
                        if removed:
                            yield self._step(state, k, h, sym, hplaces, removed, "claiming")

    def _step(self, state: State, k: int, h: int, sym: int, places: int, removed: int, way: str) -> Step:
        from deduce.geometry import bits_of

        return Step(self.technique, eliminations=[(c, sym) for c in bits_of(removed)], cells=bits_of(places),
                    houses=[h], symbols=[sym], variant=way, details=(("extra_house", k), ("way", way)))


ROWS: tuple[Technique, ...] = (
    row(25, "extra-hs", "Extra-house hidden single", VARIANTS, 1.5, 14, EASY, "",
        "A symbol has only one place left in a house a constraint adds (a diagonal, an extra region).",
        rating_note="A hidden single in a house that is not a box reads like one in a row or column (1.5): "
                    "the house runs across the boxes."),
    row(115, "extra-lc", "Extra-house locked candidates", VARIANTS, 2.7, 50, MEDIUM, "",
        "A symbol's places in a constraint's extra house all lie in one row, column or box, or the other way "
        "round; it is removed from the rest of the other house.",
        rating_note="Locked candidates (pointing 2.6, claiming 2.8) with an extra house on one side: "
                    "between the two, 2.7, as cage pointing is."),
)

NAMES: dict[str, tuple[str, ...]] = {
    "Diagonal hidden single": ("extra-hs",),
    "Diagonal pointing": ("extra-lc",),
}


class ExtraSingleDetails(TypedDict):
    #: the index of the extra house in :attr:`deduce.puzzle.Puzzle.extra_houses`
    extra_house: int


class ExtraLockedDetails(TypedDict):
    #: the index of the extra house in :attr:`deduce.puzzle.Puzzle.extra_houses`
    extra_house: int
    #: "pointing" (from the extra house into a row, column or box) or "claiming" (the other way)
    way: str


DETAILS: dict[str, type] = {"extra-hs": ExtraSingleDetails, "extra-lc": ExtraLockedDetails}

TEMPLATES = {
    "extra-hs": (
        "Look for a hidden single on the {xhouse}.",
        "On the {xhouse}, where can {sym} go?",
        "On the {xhouse}, {sym} fits only in {cell}. So {cell} = {sym}.",
    ),
    "extra-lc": (
        "Look at where {sym} can go on the {xhouse}.",
        "{Lock_from}, every {sym} lies in {lock_to} ({cells}).",
        "{Lock_from}, every {sym} lies in {lock_to} ({cells}). One of them is the {sym} of {lock_to}, so {sym} "
        "is removed from the rest of {lock_to}: {elim_cells}.",
    ),
}


def _xhouse(r: TextRenderer, step: Step) -> str:
    return r.puzzle.extra_house_name(step.detail("extra_house"))


def _lock(r: TextRenderer, step: Step, first: bool) -> str:
    xhouse, house = f"the {_xhouse(r, step)}", r.house(step.houses[0])
    source, target = (xhouse, house) if step.detail("way") == "pointing" else (house, xhouse)
    return f"On {source}" if first and source == xhouse else f"In {source}" if first else target


FIELDS: dict[str, Field] = {
    "xhouse": _xhouse,
    "Lock_from": lambda r, s: capitalize(_lock(r, s, True)),
    "lock_to": lambda r, s: _lock(r, s, False),
}


def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    b.cell_roles(puzzle.extra_houses[step.detail("extra_house")], "house")
    b.house_roles(step.houses, "house")
    b.cell_roles(step.cells, "pattern")
    b.cands(step.cells, step.symbols, "pattern")
    return b.done()


MARKERS: dict[str, Marker] = {"extra-hs": _picture, "extra-lc": _picture}
