"""Entropic lines: any three cells in a row along the line hold one low
(1-3), one middle (4-6) and one high value (7-9) — on other sizes divisible
by three, the values split in three equal thirds.  So cells one or two apart
on the line are in different thirds, and cells three apart in the same one.

f-puzzles key ``entropicline``: ``{"lines": [[cells...]]}``.

Each such pair of cells is a relation; the deduction (:class:`EntropicThirds`)
removes a value whose third no candidate of the other cell allows.

>>> from deduce.puzzle import Puzzle
>>> e = EntropicLine((0, 1, 2, 3))
>>> [(r.a, r.b) for r in e.relations(Puzzle.empty(9))]
[(0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, TypedDict

import attrs

from deduce.constraint import ConstraintError, Relation
from deduce.render.words.prose import Field
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import constraint_picture
from ._lines import VARIANTS, Line, partner_text, relation_step

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


@attrs.frozen
class EntropicLine(Line):
    """Any three consecutive cells of ``cells`` hold one value of each third of the values."""

    KIND: ClassVar[str] = "entropic line"
    KEYS: ClassVar[tuple[str, ...]] = ("entropicline",)
    COLOUR: ClassVar[str] = "#ffa94d"
    WIDTH: ClassVar[float] = 0.2

    def validate(self, puzzle: Puzzle) -> None:
        super().validate(puzzle)
        if puzzle.size % 3:
            raise ConstraintError(f"{self.label(puzzle)}: the values 1-{puzzle.size} do not split into thirds")

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        n = puzzle.size
        third = n // 3
        out = []
        cells = self.cells

        def apart(x: int, y: int) -> bool:
            return (x - 1) // third != (y - 1) // third

        def together(x: int, y: int) -> bool:
            return (x - 1) // third == (y - 1) // third

        for i in range(len(cells)):
            for j in range(i + 1, min(i + 4, len(cells))):
                out.append(Relation.of(cells[i], cells[j], n, together if j - i == 3 else apart))
        return tuple(out)


@attrs.frozen
class EntropicThirds(Producer):
    """A value of an entropic line's cell whose third its neighbours on the line rule out goes."""

    CODE = "entropic"

    def find(self, state: State) -> Iterator[Step]:
        for index, c in enumerate(state.puzzle.constraints):
            if isinstance(c, EntropicLine):
                step = relation_step(self.technique, state, index, c)
                if step is not None:
                    yield step


ROWS: tuple[Technique, ...] = (
    row(98, "entropic", "Entropic line", VARIANTS, 1.7, 25, EASY, "",
        "Any three cells in a row on an entropic line hold one low, one middle and one high value: cells one or "
        "two apart are in different thirds, three apart in the same one.",
        rating_note="Pairs of cells compared by thirds rather than values: a little more than a kropki dot "
                    "(1.6)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Entropic line": ("entropic",)}


class EntropicDetails(TypedDict):
    #: the index of the line in the puzzle's constraints
    constraint: int
    #: per removed candidate: (cell, symbol, the other cell, the other's symbols that would fit (a mask), the
    #: other's candidates)
    reasons: tuple[tuple[int, int, int, int, int], ...]


DETAILS: dict[str, type] = {"entropic": EntropicDetails}

TEMPLATES = {
    "entropic": (
        "Look along the {entropic}.",
        "Any three cells in a row on the {entropic} hold one low ({low}), one middle ({mid}) and one high "
        "({high}) value. Which thirds are left for each cell?",
        "Any three cells in a row on the {entropic} hold one low ({low}), one middle ({mid}) and one high "
        "({high}) value, so cells one or two apart are in different thirds and cells three apart in the same "
        "one. {entropic_text} So {removed}.",
    ),
}


def _line(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _third(r: TextRenderer, k: int) -> str:
    t = r.puzzle.size // 3
    return f"{r.sym(k * t)}-{r.sym(k * t + t - 1)}"


FIELDS: dict[str, Field] = {
    "entropic": lambda r, s: _line(r, s).label(r.puzzle),
    "low": lambda r, s: _third(r, 0),
    "mid": lambda r, s: _third(r, 1),
    "high": lambda r, s: _third(r, 2),
    "entropic_text": lambda r, s: partner_text(r, s.detail("reasons", ()), "near it on the line"),
}


MARKERS: dict[str, Marker] = {"entropic": constraint_picture}
