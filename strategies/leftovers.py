"""Law of leftovers (jigsaw).

Take k rows (or k columns) and k regions.  Both groups hold every symbol
exactly k times, so after removing the cells they share, the cells only
the lines cover (``lines_only``) and the cells only the regions cover
(``regions_only``) hold the same symbols, each as many times on one side as
on the other.

For each symbol this gives a count that both sides must match: a symbol
one side cannot hold leaves the other side; a symbol one side must hold
(already placed there) and the other side can hold in only as many cells
as needed is placed there.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import Geometry
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, capitalize, house_run, plural, times, verb
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import HARD, LEFTOVERS, Technique, row

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

#: Only comparisons whose leftover groups are at most this big are tried
#: (bigger ones rarely give anything and are hard to follow).
MAX_LEFTOVER = 6


@attrs.frozen
class LawOfLeftovers(Producer):
    CODE = "leftovers"

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        if not g.is_jigsaw:
            return
        for lines, regions, lines_only, regions_only in comparisons(g):
            yield from self._deduce(state, lines, regions, lines_only, regions_only)

    def _deduce(self, state: State, lines: tuple[int, ...], regions: tuple[int, ...],
                lines_only: tuple[int, ...], regions_only: tuple[int, ...]) -> Iterator[Step]:
        """One step per comparison: what it says of every symbol at once."""
        n = state.puzzle.size
        cand, value = state.cand, state.value
        deductions: list[tuple[int, str, str, int, tuple[int, ...]]] = []
        for sym in range(n):
            bit = 1 << sym
            sides = []
            for cells in (lines_only, regions_only):
                placed = sum(1 for c in cells if value[c] == sym)
                possible = tuple(c for c in cells if value[c] < 0 and cand[c] & bit)
                sides.append((placed, possible))
            (pa, ca), (pb, cb) = sides
            most = min(pa + len(ca), pb + len(cb))
            least = max(pa, pb)
            if most < least:
                continue  # a contradiction; the engine reports it
            for (placed, possible), other in ((sides[0], "regions_only"), (sides[1], "lines_only")):
                if possible and placed == most:
                    # this side already has as many as the other can hold: no more here
                    deductions.append((sym, "eliminate", other, most, possible))
                elif possible and placed + len(possible) == least and placed < least:
                    # this side must reach the other's count: every possible cell holds sym
                    deductions.append((sym, "place", other, least, possible))
        if not deductions:
            return
        placements = {(c, sym) for sym, kind, _, _, cells in deductions if kind == "place" for c in cells}
        placed_cells = {c for c, _ in placements}
        eliminations = [(c, sym) for sym, kind, _, _, cells in deductions if kind == "eliminate" for c in cells
                        if c not in placed_cells]
        yield Step(self.technique, placements=sorted(placements), eliminations=eliminations,
                   cells=lines_only + regions_only, houses=lines + regions,
                   symbols=sorted({d[0] for d in deductions}),
                   details=(("lines_only", lines_only), ("regions_only", regions_only),
                            ("deductions", tuple(deductions))))


def comparisons(g: Geometry) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]]:
    """Every useful (lines, regions, lines-only cells, regions-only cells):
    runs of 1 to N-1 consecutive rows or columns against the k regions that
    overlap them most."""
    return _comparisons(g)


def _comparisons(g: Geometry) -> list:
    return table(("leftovers.comparisons", g), lambda: _make_comparisons(g))


def _make_comparisons(g: Geometry) -> list:
    n = g.size
    out = []
    seen = set()
    for first_house in (0, n):  # rows, then columns
        for k in range(1, n):
            for start in range(0, n - k + 1):
                lines = tuple(first_house + start + i for i in range(k))
                line_mask = 0
                for h in lines:
                    line_mask |= g.house_masks[h]
                overlap = sorted(range(2 * n, 3 * n),
                                 key=lambda r: (-(g.house_masks[r] & line_mask).bit_count(), r))
                regions = tuple(sorted(overlap[:k]))
                region_mask = 0
                for r in regions:
                    region_mask |= g.house_masks[r]
                lines_only = line_mask & ~region_mask
                regions_only = region_mask & ~line_mask
                size = lines_only.bit_count()
                if not 0 < size <= MAX_LEFTOVER:
                    continue
                key = (lines_only, regions_only)
                if key in seen:
                    continue
                seen.add(key)
                out.append((lines, regions, _cells(lines_only), _cells(regions_only)))
    out.sort(key=lambda t: (len(t[2]), len(t[0]), t[0]))
    return out


def _cells(mask: int) -> tuple[int, ...]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return tuple(out)


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(150, "leftovers", "Law of leftovers", LEFTOVERS, 3.2, 100, HARD, "",
        "k rows (or columns) and k regions hold each symbol k times; the cells only one side covers must "
        "hold the same symbols.",
        rating_note="Comparing two groups of houses is a set argument like an X-wing (3.2); each extra "
                    "house pair adds 0.2."),
)


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class LeftoverDetails(TypedDict):
    #: cells of the lines outside the regions, and of the regions outside the lines
    lines_only: tuple[int, ...]
    regions_only: tuple[int, ...]
    #: per symbol and side that changes: (symbol, ``eliminate`` or ``place``, the side whose count limits
    #: the other (``lines_only`` or ``regions_only``), how many times it holds (or can hold) the symbol,
    #: the cells of the changing side that hold the symbol as a candidate)
    deductions: tuple[tuple[int, str, str, int, tuple[int, ...]], ...]


DETAILS: dict[str, type] = {"leftovers": LeftoverDetails}

TEMPLATES = {
    "leftovers": (
        "Try the law of leftovers on {lines} and {regions}.",
        "{Lines} and {regions} share all cells but {lines_only} ({lines_word} only) and {regions_only} "
        "(regions only). Which {word}s can each side hold, and how many times?",
        "{Lines} and {regions} share all cells but {lines_only} ({lines_word} only) and {regions_only} "
        "(regions only). Both groups hold every {word} {k_houses}, so the leftovers hold the same {word}s. "
        "{leftover_reason}",
    ),
}


def _lines(s: Step, g: Geometry) -> list[int]:
    return [h for h in s.houses if h < 2 * g.size]


def _regions(s: Step, g: Geometry) -> list[int]:
    return [h for h in s.houses if h >= 2 * g.size]


def _one_reason(r: TextRenderer, step: Step, deduction: tuple[int, str, str, int, tuple[int, ...]]) -> str:
    sym_index, kind, limit_side, count, cells = deduction
    sym = r.sym(sym_index)
    lines_only = step.detail("lines_only")
    regions_only = step.detail("regions_only")
    this, other = (lines_only, regions_only) if limit_side == "regions_only" else (regions_only, lines_only)
    if kind == "eliminate":
        removed = r.removed([(c, sym_index) for c in cells])
        if count == 0:
            return (f"{sym} cannot go in {r.cells_or(other)}, so it cannot go in {r.cells_or(this)} either: "
                    f"{removed}.")
        return (f"{r.cells(other)} can hold {sym} at most {times(count)} and {r.cells(this)} already "
                f"{verb(len(this), 'holds', 'hold')} it {times(count)}, so {sym} goes nowhere else there: "
                f"{removed}.")
    return (f"{r.cells(other)} {verb(len(other), 'holds', 'hold')} {sym} {times(count)}, so "
            f"{r.cells(this)} must too, and only {r.cells(cells)} can. "
            f"So {r.placed([(c, sym_index) for c in cells])}.")


def _leftover_reason(r: TextRenderer, step: Step) -> str:
    """Every symbol the one comparison decides, a sentence each."""
    return " ".join(_one_reason(r, step, d) for d in step.detail("deductions", ()))


FIELDS: dict[str, Field] = {
    "lines": lambda r, s: house_run(r, _lines(s, r.g)),
    "Lines": lambda r, s: capitalize(house_run(r, _lines(s, r.g))),
    "lines_word": lambda r, s: plural(r.g.house_kind(s.houses[0])),
    "regions": lambda r, s: house_run(r, _regions(s, r.g)),
    "lines_only": lambda r, s: r.cells(s.detail("lines_only", ())),
    "regions_only": lambda r, s: r.cells(s.detail("regions_only", ())),
    "k_houses": lambda r, s: times(len(_lines(s, r.g))),
    "leftover_reason": _leftover_reason,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _leftovers(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    b.cell_roles(step.detail("lines_only", ()), "set-1")
    b.cell_roles(step.detail("regions_only", ()), "set-2")
    b.house_roles(step.houses, "house")
    return b.done()


MARKERS: dict[str, Marker] = {"leftovers": _leftovers}
