"""XV: an X between two touching cells says they add up to 10, a V that
they add up to 5.  "Every mark is given" (the negative constraint): two
touching cells without a mark add up to neither 5 nor 10.

f-puzzles key ``xv``: a list of ``{"cells": ["R1C1", "R1C2"], "value":
"X"}`` (``"X"`` or ``"V"``); ``negative``: a list naming ``"xv"``.

Every mark and every unmarked pair is a relation between two cells (the
search keeps them arc consistent).  The deduction removes a value of a
cell that no candidate of the other cell adds up with: "r1c2 is not 3:
r1c1, across the V, would have to be 2, which it cannot be".

>>> from deduce.puzzle import Puzzle
>>> x = XVMark((1, 0), "X")
>>> x, x.label(Puzzle.empty(9, constraints=[x]))
(XVMark(cells=(0, 1), value='X'), 'X r1c1-r1c2')
>>> bin(XVMark((0, 1), "V").relations(Puzzle.empty(4))[0].allowed[0])  # 1 adds up with 4 to 5
'0b1000'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, TypedDict

import attrs

from deduce.constraint import Constraint, ConstraintError, Relation
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import centre, fp_cell, fp_list, fp_name, touching
from ._lines import VARIANTS, partner_text, relation_step

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

TOTAL = {"X": 10, "V": 5}


def _pair(value: Iterable[int]) -> tuple[int, int]:
    a, b = sorted(int(c) for c in value)
    return a, b


def _letter(_: object, attribute: attrs.Attribute[str], value: str) -> None:
    if value not in TOTAL:
        raise ConstraintError(f"an XV mark is 'X' or 'V', not {value!r}")


@attrs.frozen
class XVMark(Constraint):
    """An X (the two touching cells add up to 10) or a V (to 5) between ``cells``."""

    cells: tuple[int, int] = attrs.field(converter=_pair)
    value: str = attrs.field(validator=_letter)

    KIND: ClassVar[str] = "XV mark"
    KEYS: ClassVar[tuple[str, ...]] = ("xv",)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out = []
        for k, item in enumerate(fp_list(value, key), 1):
            where = f"XV mark {k}"
            cells = item.get("cells") if isinstance(item, dict) else None
            if not isinstance(cells, list) or len(cells) != 2:
                raise ConstraintError(f"{where}: 'cells' must be two cells")
            a, b = (fp_cell(x, size, where) for x in cells)
            if not touching(a, b, size):
                raise ConstraintError(f"{where} ({fp_name(a, size)}-{fp_name(b, size)}): its cells do not touch")
            letter = item.get("value")
            letter = letter.strip().upper() if isinstance(letter, str) else letter
            if letter not in TOTAL:
                raise ConstraintError(f"{where}: value {letter!r} is not X or V")
            out.append(cls((a, b), letter))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"xv": [{"cells": [fp_name(c, size) for c in self.cells], "value": self.value}]}

    def covered(self) -> tuple[int, ...]:
        return self.cells

    @property
    def total(self) -> int:
        return TOTAL[self.value]

    def label(self, puzzle: Puzzle) -> str:
        name = puzzle.geometry.cell_name
        return f"{self.value} {name(self.cells[0])}-{name(self.cells[1])}"

    def validate(self, puzzle: Puzzle) -> None:
        n = puzzle.size
        a, b = self.cells
        if not (0 <= a < puzzle.ncells and 0 <= b < puzzle.ncells):
            raise ConstraintError(f"XV mark: a cell is outside the {n}x{n} grid")
        what = self.label(puzzle)
        if not touching(a, b, n):
            raise ConstraintError(f"{what}: its cells do not touch")
        if not any(x + y == self.total for x in range(1, n + 1) for y in range(1, n + 1) if x != y):
            raise ConstraintError(f"{what}: no two different values 1-{n} add up to {self.total}")

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        a, b = self.cells
        total = self.total
        return (Relation.of(a, b, puzzle.size, lambda x, y: x + y == total),)

    LAYER: ClassVar[str] = "over"

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        (x1, y1), (x2, y2) = (centre(layout, c) for c in self.cells)
        size = layout.cs * 0.34
        x, y = (x1 + x2) / 2, (y1 + y2) / 2
        # SudokuPad: a bold black letter on the edge, with a white halo over the grid line
        return [f'<text class="constraint xv" x="{x:.1f}" y="{y + size * 0.36:.1f}" font-size="{size:.1f}" '
                f'font-weight="bold" text-anchor="middle" fill="#000000" stroke="#ffffff" '
                f'stroke-width="{size * 0.18:.1f}" paint-order="stroke">{self.value}</text>']


@attrs.frozen
class XVNegative(Constraint):
    """Every X and V is given: touching cells without a mark add up to neither 5 nor 10."""

    KIND: ClassVar[str] = "negative XV"
    NEGATES: ClassVar[tuple[str, ...]] = ("xv",)

    @classmethod
    def from_negative(cls, key: str, size: int) -> Constraint:
        return cls()

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"negative": ["xv"]}

    def label(self, puzzle: Puzzle) -> str:
        return "every X and V is given"

    def pairs(self, puzzle: Puzzle) -> tuple[tuple[int, int], ...]:
        """The touching pairs of cells without a mark."""
        n = puzzle.size
        marked = {m.cells for m in puzzle.constraints if isinstance(m, XVMark)}
        return tuple((c, d) for c in range(puzzle.ncells) for d in (c + 1, c + n)
                     if d < puzzle.ncells and touching(c, d, n) and (c, d) not in marked)

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        n = puzzle.size
        return tuple(Relation.of(a, b, n, lambda x, y: x + y not in (5, 10)) for a, b in self.pairs(puzzle))


@attrs.frozen
class XVPairs(Producer):
    """``XVPairs("mark")``: a value of a marked cell that no candidate of the
    other cell adds up with goes.  ``XVPairs("negative")``: a value that
    would add up to 5 or 10 with everything left in an unmarked neighbour goes."""

    which: str = "mark"
    CODES = {"mark": "xv", "negative": "xv-negative"}

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        wanted = XVMark if self.which == "mark" else XVNegative
        for index, c in enumerate(puzzle.constraints):
            if not isinstance(c, wanted):
                continue
            if self.which == "mark":
                step = relation_step(self.technique, state, index, c)
                if step is not None:
                    yield step
                continue
            for rel in c.relations(puzzle):  # one step per unmarked pair
                step = relation_step(self.technique, state, index, _Pair(rel))
                if step is not None:
                    yield step


@attrs.frozen
class _Pair(Constraint):
    """One unmarked pair, as a constraint for :func:`relation_step`."""

    rel: Relation

    def covered(self) -> tuple[int, ...]:
        return (self.rel.a, self.rel.b)

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        return (self.rel,)


ROWS: tuple[Technique, ...] = (
    row(98.5, "xv", "XV sum", VARIANTS, 1.6, 20, EASY, "",
        "Two cells joined by an X add up to 10, by a V to 5: a value that nothing left in the other cell adds "
        "up with is removed.",
        rating_note="Two cells and a fixed total, as a kropki dot (1.6)."),
    row(99, "xv-negative", "Missing XV mark", VARIANTS, 1.8, 25, EASY, "",
        "Every X and V is given, so two touching cells without a mark add up to neither 5 nor 10; a value that "
        "would make 5 or 10 with everything left in the other cell is removed.",
        rating_note="An argument about an absent mark, as a missing kropki dot (1.8)."),
)

NAMES: dict[str, tuple[str, ...]] = {"XV": ("xv",), "Negative XV": ("xv-negative",)}


class XVDetails(TypedDict):
    #: the index of the mark (or of the negative constraint) in the puzzle's constraints
    constraint: int
    #: per removed candidate: (cell, symbol, the other cell, the other's symbols that would go with it (a
    #: mask), the other's candidates)
    reasons: tuple[tuple[int, int, int, int, int], ...]


DETAILS: dict[str, type] = {"xv": XVDetails, "xv-negative": XVDetails}

TEMPLATES = {
    "xv": (
        "Look at the {mark}.",
        "{pair} are joined by {a_mark}: they add up to {total}. Which values of theirs have no partner?",
        "{pair} are joined by {a_mark}: they add up to {total}. {xv_text} So {removed}.",
    ),
    "xv-negative": (
        "Look at {pair}: there is no X or V between them.",
        "{pair} touch without a mark, and every X and V is given: they add up to neither 5 nor 10. Which "
        "values of theirs would need a mark?",
        "{pair} touch without a mark, and every X and V is given: they add up to neither 5 nor 10. {xv_text} "
        "So {removed}.",
    ),
}


def _constraint(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _xv_text(r: TextRenderer, step: Step) -> str:
    reasons = step.detail("reasons", ())
    if step.code == "xv-negative":
        return partner_text(r, reasons, "its unmarked neighbour")
    total = _constraint(r, step).total
    lonely: dict[int, list[int]] = {}
    for cell, s, _, partners, _ in reasons:
        if not partners:
            lonely.setdefault(cell, []).append(s)
    out = [f"{r.cell(cell)} is not {prose([r.sym(s) for s in syms], 'or')}: no value 1-{r.puzzle.size} adds up "
           f"with {'it' if len(syms) == 1 else 'any of them'} to {total}." for cell, syms in lonely.items()]
    rest = partner_text(r, [x for x in reasons if x[3]], f"across the {_constraint(r, step).value}")
    return " ".join(out + ([rest] if rest else []))


FIELDS: dict[str, Field] = {
    "mark": lambda r, s: _constraint(r, s).label(r.puzzle),
    "a_mark": lambda r, s: f"{'an' if _constraint(r, s).value == 'X' else 'a'} {_constraint(r, s).value}",
    "total": lambda r, s: str(_constraint(r, s).total),
    "pair": lambda r, s: " and ".join(r.cell(c) for c in s.cells),
    "xv_text": _xv_text,
}


def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    b.cell_roles(step.cells, "pattern")
    return b.done()


MARKERS: dict[str, Marker] = {"xv": _picture, "xv-negative": _picture}
