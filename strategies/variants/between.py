"""Between lines: the cells on the line lie strictly between the values of
its two ends (the circles), in either direction.

f-puzzles key ``betweenline``: ``{"lines": [[an end, cells..., the other end]]}``.

The deduction (:class:`BetweenBounds`): a cell on the line keeps only the
values some pair of end values surrounds, and an end keeps only the values
that leave the other end room for every cell between: "r1c3 is not 1: no
value of r1c1 or r1c5 is below it".

>>> from deduce.puzzle import Puzzle
>>> b = BetweenLine((0, 1, 2, 3))
>>> cand = [0b111111111] * 81
>>> b.narrow(Puzzle.empty(9), cand), bin(cand[0]), bin(cand[1])
(True, '0b111111111', '0b11111110')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.words.prose import Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import centre, constraint_picture
from ._lines import VARIANTS, Line, narrowed_step

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def _strictly_between(a: int, b: int) -> int:
    """The symbols strictly between symbols ``a`` and ``b`` (a mask)."""
    lo, hi = min(a, b), max(a, b)
    return ((1 << hi) - 1) & ~((1 << (lo + 1)) - 1)


@attrs.frozen
class BetweenLine(Line):
    """The cells between the two ends of ``cells`` lie strictly between the ends' values."""

    KIND: ClassVar[str] = "between line"
    KEYS: ClassVar[tuple[str, ...]] = ("betweenline",)
    COLOUR: ClassVar[str] = "#c0c0c0"
    WIDTH: ClassVar[float] = 0.1
    LEAST: ClassVar[int] = 3
    NARROWS: ClassVar[bool] = True

    @property
    def ends(self) -> tuple[int, int]:
        return self.cells[0], self.cells[-1]

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        e1, e2 = self.ends
        middle = self.cells[1:-1]
        keep1 = keep2 = 0
        inner = [0] * len(middle)
        for a in bits_of(cand[e1]):
            for b in bits_of(cand[e2]):
                room = _strictly_between(a, b)
                if all(cand[c] & room for c in middle):
                    keep1 |= 1 << a
                    keep2 |= 1 << b
                    for i, c in enumerate(middle):
                        inner[i] |= cand[c] & room
        if not keep1:
            return False
        cand[e1] &= keep1
        cand[e2] &= keep2
        for c, m in zip(middle, inner):
            cand[c] &= m
        return True

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        room = _strictly_between(values[self.cells[0]], values[self.cells[-1]])
        if any(not room >> values[c] & 1 for c in self.cells[1:-1]):
            return "a cell on it is not between its ends"
        return None

    def svg(self, puzzle: Puzzle, layout: Any) -> list[str]:
        out = super().svg(puzzle, layout)
        for c in self.ends:
            x, y = centre(layout, c)
            out.append(f'<circle class="between-end" cx="{x:.1f}" cy="{y:.1f}" r="{layout.cs * 0.4:.1f}" '
                       f'fill="#ffffff" stroke="#c0c0c0" stroke-width="{layout.cs * 0.05:.1f}"/>')
        return out


@attrs.frozen
class BetweenBounds(Producer):
    """The cells of a between line keep the values its ends can surround; its ends the values that leave room."""

    CODE = "between"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, b in enumerate(puzzle.constraints):
            if isinstance(b, BetweenLine):
                cand = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in b.ends]
                step = narrowed_step(self.technique, state, index, b, (("ends", tuple(cand)),))
                if step is not None:
                    yield step


ROWS: tuple[Technique, ...] = (
    row(89, "between", "Between line", VARIANTS, 1.7, 25, EASY, "",
        "The cells on a between line lie strictly between the values of its two ends: a cell keeps the values "
        "some pair of end values surrounds, and an end the values that leave room for every cell between.",
        rating_note="Comparing a line's cells with two ends at once: as an arrow's sum (1.7)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Between line": ("between",)}


class BetweenDetails(TypedDict):
    #: the index of the line in the puzzle's constraints
    constraint: int
    #: the two ends' candidates (masks) before the step
    ends: tuple[int, int]


DETAILS: dict[str, type] = {"between": BetweenDetails}

TEMPLATES = {
    "between": (
        "Look at the {between}.",
        "The cells of the {between} lie strictly between the values of its ends, {end_cells}. What can they be?",
        "The cells of the {between} lie strictly between the values of its ends, {end_cells}. {between_text} "
        "So {removed}.",
    ),
}


def _line(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _between_text(r: TextRenderer, step: Step) -> str:
    b = _line(r, step)
    e1, e2 = b.ends
    m1, m2 = step.detail("ends", (0, 0))
    out = [f"{r.cell(e1)} can be {prose([r.sym(s) for s in bits_of(m1)], 'or')} and {r.cell(e2)} "
           f"{prose([r.sym(s) for s in bits_of(m2)], 'or')}."]
    gone_ends = sorted({s for c, s in step.eliminations if c in (e1, e2)})
    gone_middle = [c for c, _ in step.eliminations if c not in (e1, e2)]
    if gone_ends:
        out.append(f"An end of {prose([r.sym(s) for s in gone_ends], 'or')} leaves no room between them for "
                   f"the {len(b.cells) - 2} cells of the line.")
    if gone_middle:
        out.append("A cell of the line cannot take a value no pair of end values surrounds.")
    return " ".join(out)


FIELDS: dict[str, Field] = {
    "between": lambda r, s: _line(r, s).label(r.puzzle),
    "end_cells": lambda r, s: prose([r.cell(c) for c in _line(r, s).ends]),
    "between_text": _between_text,
}


MARKERS: dict[str, Marker] = {"between": constraint_picture}
