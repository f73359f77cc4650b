"""Non-consecutive: two cells sharing an edge never hold consecutive values.

f-puzzles key ``nonconsecutive`` (``true``).  A pair carrying a kropki dot
is exempt (the dot says what the pair holds), as f-puzzles solvers read it.
Each touching pair is a relation between two cells (the search keeps them
arc consistent); the deduction (:class:`NonConsecutivePairs`) removes a
value of a cell when every candidate left in a neighbour is consecutive to
it: "r4c4 is not 4: r4c5 is 5".

>>> from deduce.puzzle import Puzzle
>>> len(NonConsecutive().relations(Puzzle.empty(4)))
24
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, TypedDict

import attrs

from deduce.constraint import Constraint, Relation
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import fp_flag, orthogonal_pairs, relation_eliminations
from .kropki import KropkiDot

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

VARIANTS = "variants"


@attrs.frozen
class NonConsecutive(Constraint):
    """Touching cells (without a dot) never hold consecutive values."""

    KIND: ClassVar[str] = "non-consecutive"
    KEYS: ClassVar[tuple[str, ...]] = ("nonconsecutive",)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        return [cls()] if fp_flag(key, value) else []

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"nonconsecutive": True}

    def label(self, puzzle: Puzzle) -> str:
        return "non-consecutive rule"

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        dotted = {d.cells for d in puzzle.constraints if isinstance(d, KropkiDot)}
        n = puzzle.size
        return tuple(Relation.of(a, b, n, lambda x, y: abs(x - y) != 1)
                     for a, b in orthogonal_pairs(n) if (a, b) not in dotted)


@attrs.frozen
class NonConsecutivePairs(Producer):
    """A value every candidate of a touching cell is consecutive to goes."""

    CODE = "nonconsecutive"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, c in enumerate(puzzle.constraints):
            if not isinstance(c, NonConsecutive):
                continue
            for rel in c.relations(puzzle):
                found = relation_eliminations(state, rel)
                if found:
                    reasons = tuple((cell, s, other, state.cand[other]) for cell, s, other, _ in found)
                    yield Step(self.technique, eliminations=[(cell, s) for cell, s, _, _ in found],
                               cells=(rel.a, rel.b), symbols=sorted({s for _, s, _, _ in found}),
                               details=(("constraint", index), ("reasons", reasons)))


ROWS: tuple[Technique, ...] = (
    row(96, "nonconsecutive", "Non-consecutive neighbours", VARIANTS, 1.6, 20, EASY, "",
        "Touching cells never hold consecutive values: a value every candidate of a neighbour is "
        "consecutive to is removed.",
        rating_note="Two cells and a rule of one step, like a kropki dot (1.6)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Non-consecutive": ("nonconsecutive",)}


class NonConsecutiveDetails(TypedDict):
    #: the index of the rule in the puzzle's constraints
    constraint: int
    #: per removed candidate: (cell, symbol, the neighbour, the neighbour's candidates)
    reasons: tuple[tuple[int, int, int, int], ...]


DETAILS: dict[str, type] = {"nonconsecutive": NonConsecutiveDetails}

TEMPLATES = {
    "nonconsecutive": (
        "Look at the neighbours of {pair}.",
        "{pair} touch, so their values are not consecutive. What does one leave the other?",
        "{pair} touch, so their values are not consecutive. {nc_text} So {removed}.",
    ),
}


def _nc_text(r: TextRenderer, step: Step) -> str:
    out = []
    for cell, s, other, others in step.detail("reasons", ()):
        names = prose([r.sym(v) for v in range(r.puzzle.size) if others >> v & 1], "or")
        what = f"is {names}" if others & (others - 1) == 0 else f"can only be {names}"
        out.append(f"{r.cell(cell)} is not {r.sym(s)}: {r.cell(other)} {what}.")
    return " ".join(out)


FIELDS: dict[str, Field] = {
    "pair": lambda r, s: prose([r.cell(c) for c in s.cells]),
    "nc_text": _nc_text,
}


def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    b.cell_roles(step.cells, "pattern")
    return b.done()


MARKERS: dict[str, Marker] = {"nonconsecutive": _picture}
