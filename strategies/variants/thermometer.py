"""Thermometers: along the line, from the bulb, each cell is larger than
the one before it (a slow thermometer: larger or equal).

f-puzzles keys ``thermometer`` and ``slowthermometer``: a list of items
``{"lines": [["R1C1", "R1C2", ...], ...]}``, each line from the bulb (lines
of one item share the bulb); each line is one :class:`Thermometer`.
Consecutive cells touch (by an edge or a corner).

The deduction (:class:`ThermometerBounds`): each cell lies between what the
cells nearer the bulb and further along leave room for, "r2c3 is at most
6: three cells further along the thermometer must be larger".  For the
search, each step of the line is a relation between two cells (a chain of
relations: the search's arc consistency reaches the same bounds).

>>> from deduce.puzzle import Puzzle
>>> t = Thermometer((0, 1, 2))
>>> t, t.label(Puzzle.empty(4, constraints=[t]))
(Thermometer(cells=(0, 1, 2), slow=False), 'thermometer r1c1-r1c3')
>>> bounds([0b1111, 0b1111, 0b1111], 4, 1)[0]
[(1, 2), (2, 3), (3, 4)]
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, TypedDict

import attrs

from deduce.constraint import Constraint, ConstraintError, Relation
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import COUNT_WORDS, Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import centre, fp_name, king_adjacent
from ._lines import read_lines

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

VARIANTS = "variants"


def _cells(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(int(c) for c in value)


@attrs.frozen
class Thermometer(Constraint):
    """``cells`` from the bulb; ``slow``: equal neighbours allowed."""

    cells: tuple[int, ...] = attrs.field(converter=_cells)
    slow: bool = False

    KIND: ClassVar[str] = "thermometer"
    KEYS: ClassVar[tuple[str, ...]] = ("thermometer", "slowthermometer")

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        return [cls(line, key == "slowthermometer") for line in read_lines(key, value, size)]

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        key = "slowthermometer" if self.slow else "thermometer"
        return {key: [{"lines": [[fp_name(c, size) for c in self.cells]]}]}

    def covered(self) -> tuple[int, ...]:
        return self.cells

    @property
    def kind_name(self) -> str:
        return "slow thermometer" if self.slow else "thermometer"

    def label(self, puzzle: Puzzle) -> str:
        name = puzzle.geometry.cell_name
        return f"{self.kind_name} {name(self.cells[0])}-{name(self.cells[-1])}"

    def validate(self, puzzle: Puzzle) -> None:
        n = puzzle.size
        cells = self.cells
        what = f"{self.kind_name} from r{cells[0] // n + 1}c{cells[0] % n + 1}" if cells else self.kind_name
        if len(cells) < 2:
            raise ConstraintError(f"{what}: a thermometer needs at least two cells")
        for c in cells:
            if not 0 <= c < puzzle.ncells:
                raise ConstraintError(f"{what}: a cell is outside the {n}x{n} grid")
        if len(set(cells)) != len(cells):
            raise ConstraintError(f"{what}: the line passes a cell twice")
        for a, b in itertools.pairwise(cells):
            if not king_adjacent(a, b, n):
                raise ConstraintError(f"{what}: {puzzle.geometry.cell_name(a)} and {puzzle.geometry.cell_name(b)} "
                                      "are next on the line but do not touch")
        if not self.slow and len(cells) > n:
            raise ConstraintError(f"{what}: {len(cells)} cells cannot increase within 1-{n}")

    def gaps(self, puzzle: Puzzle) -> list[int]:
        """Per step along the line, how much larger the next cell is at least:
        1, or on a slow thermometer 0 unless the two cells see each other."""
        if not self.slow:
            return [1] * (len(self.cells) - 1)
        peers = puzzle.peer_masks
        return [int(bool(peers[a] >> b & 1)) for a, b in itertools.pairwise(self.cells)]

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        n = puzzle.size
        return tuple(Relation.of(a, b, n, (lambda x, y: x < y) if gap else (lambda x, y: x <= y))
                     for (a, b), gap in zip(itertools.pairwise(self.cells), self.gaps(puzzle)))

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        cs = layout.cs
        points = [centre(layout, c) for c in self.cells]
        path = " ".join(f"{'M' if i == 0 else 'L'}{x:.1f},{y:.1f}" for i, (x, y) in enumerate(points))
        cls = "constraint thermometer" + (" slow" if self.slow else "")
        bx, by = points[0]
        out = [f'<g class="{cls}" fill="#c8c8c8" stroke="#c8c8c8">',
               f'<path d="{path}" fill="none" stroke-width="{cs * 0.3:.1f}" stroke-linecap="round" '
               f'stroke-linejoin="round"/>',
               f'<circle cx="{bx:.1f}" cy="{by:.1f}" r="{cs * 0.38:.1f}" stroke="none"/>']
        if self.slow:  # SudokuPad marks a slow thermometer's line with a thin light stripe
            out.append(f'<path d="{path}" fill="none" stroke="#f2f2f2" stroke-width="{cs * 0.06:.1f}" '
                       f'stroke-dasharray="{cs * 0.12:.1f} {cs * 0.12:.1f}"/>')
        out.append("</g>")
        return out


def bounds(masks: list[int], size: int, gap: int | list[int]) -> tuple[
        list[tuple[int, int]], list[tuple[int, int]], list[tuple[int, int]]] | None:
    """Per cell of a line of candidate ``masks`` (from the bulb), its least
    and largest value (1-based) that the line allows, the cells (indices
    along the line) those bounds come from, and the bounds as the reasons
    say them (the least value the cells before leave, the largest the cells
    after leave); None when a cell has no room.  ``gap``: how much larger
    each cell is at least than the one before (1 for a thermometer, 0 for a
    slow one), or a list of it per step (a slow thermometer's step between
    two cells that see each other is 1)."""
    k = len(masks)
    gaps = gap if isinstance(gap, list) else [gap] * max(0, k - 1)
    lo: list[int] = []
    lo_src: list[int] = []
    lo_say: list[int] = []
    for i, m in enumerate(masks):
        if not m:
            return None
        own = (m & -m).bit_length()
        if i and lo[i - 1] + gaps[i - 1] > own:
            floor = lo[i - 1] + gaps[i - 1]
            above = m & ~((1 << (floor - 1)) - 1)
            if not above:
                return None
            lo.append((above & -above).bit_length())
            lo_src.append(lo_src[i - 1])
            lo_say.append(floor)
        else:
            lo.append(own)
            lo_src.append(i)
            lo_say.append(own)
    hi = [0] * k
    hi_src = [0] * k
    hi_say = [0] * k
    for i in range(k - 1, -1, -1):
        m = masks[i] & ~((1 << (lo[i] - 1)) - 1)
        own = m.bit_length()
        if i < k - 1 and hi[i + 1] - gaps[i] < own:
            ceiling = hi[i + 1] - gaps[i]
            below = m & ((1 << max(0, ceiling)) - 1)
            if not below:
                return None
            hi[i], hi_src[i], hi_say[i] = below.bit_length(), hi_src[i + 1], ceiling
        else:
            hi[i], hi_src[i], hi_say[i] = own, i, own
    return list(zip(lo, hi)), list(zip(lo_src, hi_src)), list(zip(lo_say, hi_say))


@attrs.frozen
class ThermometerBounds(Producer):
    """Each cell of a thermometer lies between what the cells before and
    after it leave room for."""

    CODE = "thermo"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        n = puzzle.size
        cand, value = state.cand, state.value
        for index, t in enumerate(puzzle.constraints):
            if not isinstance(t, Thermometer):
                continue
            cells = t.cells
            masks = [cand[c] for c in cells]
            found = bounds(masks, n, t.gaps(puzzle))
            if found is None:
                continue  # a contradiction: the engine reports it
            ranges, sources, said = found
            elims: list[tuple[int, int]] = []
            reasons: list[tuple[int, str, int, int, int, int]] = []
            for i, c in enumerate(cells):
                if value[c] >= 0:
                    continue
                lo, hi = ranges[i]
                keep = ((1 << hi) - 1) & ~((1 << (lo - 1)) - 1)
                gone = masks[i] & ~keep
                if not gone:
                    continue
                elims.extend((c, s) for s in range(n) if gone >> s & 1)
                lo_src, hi_src = sources[i]
                if gone & ((1 << (lo - 1)) - 1):
                    j = lo_src
                    reasons.append((c, "low", said[i][0], cells[j], i - j, (masks[j] & -masks[j]).bit_length()))
                if gone & ~((1 << hi) - 1):
                    j = hi_src
                    reasons.append((c, "high", said[i][1], cells[j], j - i, masks[j].bit_length()))
            if elims:
                yield Step(self.technique, eliminations=elims, cells=cells,
                           symbols=sorted({s for _, s in elims}),
                           details=(("constraint", index), ("reasons", tuple(reasons))))


ROWS: tuple[Technique, ...] = (
    row(85, "thermo", "Thermometer bounds", VARIANTS, 1.4, 10, EASY, "",
        "Along a thermometer each cell is larger than the one before, so each cell lies between what the "
        "cells nearer the bulb and further along leave room for.",
        rating_note="Counting along one line, with no house to scan: between a hidden single in a box (1.2) "
                    "and one in a line (1.5), as a one-cell innie (1.3) is."),
)

NAMES: dict[str, tuple[str, ...]] = {"Thermo": ("thermo",), "Thermometer": ("thermo",)}


class ThermoDetails(TypedDict):
    #: the index of the thermometer in the puzzle's constraints
    constraint: int
    #: per bound that removes candidates: (cell, "low" or "high", the bound (1-based), the cell it comes from,
    #: how many cells away along the line, that cell's own least or largest value)
    reasons: tuple[tuple[int, str, int, int, int, int], ...]


DETAILS: dict[str, type] = {"thermo": ThermoDetails}

TEMPLATES = {
    "thermo": (
        "Look along the {thermo}.",
        "Along the {thermo}, each cell is {order} the one before it. How {ends} can {cells_cut} be?",
        "Along the {thermo}, each cell is {order} the one before it. {bounds_text} So {removed}.",
    ),
}


def _thermo(r: TextRenderer, step: Step) -> str:
    return str(r.puzzle.constraints[step.detail("constraint")].label(r.puzzle))


def _slow(r: TextRenderer, step: Step) -> bool:
    t = r.puzzle.constraints[step.detail("constraint")]
    return bool(getattr(t, "slow", False))


def _count(k: int) -> str:
    return COUNT_WORDS.get(k, str(k))


def _bounds_text(r: TextRenderer, step: Step) -> str:
    slow = _slow(r, step)
    n = r.puzzle.size
    out = []
    for cell, side, bound, src, dist, own in step.detail("reasons", ()):
        cells = "cell" if dist == 1 else "cells"
        if side == "high":
            head = f"{r.cell(cell)} is at most {r.sym(bound - 1)}"
            if slow:
                why = f"{r.cell(src)}, further along, is at most {r.sym(own - 1)}" + (
                    ", and neighbours on the line that see each other differ" if bound != own else "")
            elif own == n:
                why = f"{_count(dist)} {cells} further along the thermometer must be larger"
            else:
                why = f"{r.cell(src)}, {_count(dist)} {cells} further along, is at most {r.sym(own - 1)}"
        else:
            head = f"{r.cell(cell)} is at least {r.sym(bound - 1)}"
            if slow:
                why = f"{r.cell(src)}, nearer the bulb, is at least {r.sym(own - 1)}" + (
                    ", and neighbours on the line that see each other differ" if bound != own else "")
            elif own == 1:
                why = f"{_count(dist)} {cells} nearer the bulb must be smaller"
            else:
                why = f"{r.cell(src)}, {_count(dist)} {cells} nearer the bulb, is at least {r.sym(own - 1)}"
        out.append(f"{head}: {why}.")
    return " ".join(out)


def _cut_cells(r: TextRenderer, step: Step) -> str:
    return r.cells(sorted({c for c, _ in step.eliminations}))


def _ends(r: TextRenderer, step: Step) -> str:
    sides = {side for _, side, *_ in step.detail("reasons", ())}
    return prose(["small" if s == "low" else "large" for s in sorted(sides, reverse=True)], "or")


FIELDS: dict[str, Field] = {
    "thermo": _thermo,
    "order": lambda r, s: "at least" if _slow(r, s) else "larger than",
    "bounds_text": _bounds_text,
    "cells_cut": _cut_cells,
    "ends": _ends,
}


def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    t = puzzle.constraints[step.detail("constraint")]
    b.cell_roles(t.covered(), "house")
    b.cell_roles([src for _, _, _, src, _, _ in step.detail("reasons", ())], "pattern")
    return b.done()


MARKERS: dict[str, Marker] = {"thermo": _picture}
