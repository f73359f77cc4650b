"""German whispers: neighbours along the line differ by at least 5 (or the
line's own difference; on grids other than 9x9, by default, at least half
the size rounded up).  On a 9x9 grid no cell of a whisper can be 5.

f-puzzles key ``whispers``: ``{"lines": [[cells...]], "value": 5}``
(``value`` optional).

Each pair of neighbours is a relation; the deduction (:class:`WhisperPairs`)
removes a value no candidate of a neighbour is far enough from: "r1c2 is not
5: no value 1-9 could be next to it on the whisper".

>>> from deduce.puzzle import Puzzle
>>> w = GermanWhisper((0, 1, 2))
>>> w, w.label(Puzzle.empty(9, constraints=[w])), w.gap(9), w.gap(6)
(GermanWhisper(cells=(0, 1, 2), difference=0), 'German whisper r1c1-r1c3', 5, 3)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable, Iterator, TypedDict

import attrs

from deduce.constraint import Constraint, ConstraintError, Relation
from deduce.render.words.prose import Field
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import constraint_picture, fp_list, fp_name, fp_value
from ._lines import VARIANTS, Line, partner_text, read_lines, relation_step

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


@attrs.frozen
class GermanWhisper(Line):
    """Neighbours along ``cells`` differ by at least ``difference`` (0: the
    grid's default, 5 on a 9x9 grid)."""

    difference: int = 0

    KIND: ClassVar[str] = "German whisper"
    KEYS: ClassVar[tuple[str, ...]] = ("whispers",)
    COLOUR: ClassVar[str] = "#67f067"
    WIDTH: ClassVar[float] = 0.2

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        out: list[Constraint] = []
        for k, item in enumerate(fp_list(value, key), 1):
            difference = fp_value(item, 0, f"{cls.KIND} {k}") if isinstance(item, dict) else 0
            out.extend(cls(line, difference) for line in read_lines(key, [item], size, cls.KIND))
        return out

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        item: dict[str, Any] = {"lines": [[fp_name(c, size) for c in self.cells]]}
        if self.difference:
            item["value"] = self.difference
        return {"whispers": [item]}

    def gap(self, size: int) -> int:
        """The least difference between neighbours."""
        return self.difference or (size + 1) // 2

    def validate(self, puzzle: Puzzle) -> None:
        super().validate(puzzle)
        n = puzzle.size
        if not 1 <= self.gap(n) < n:
            raise ConstraintError(f"{self.label(puzzle)}: no two values 1-{n} differ by {self.gap(n)} or more")

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        gap = self.gap(puzzle.size)
        return tuple(Relation.of(a, b, puzzle.size, lambda x, y: abs(x - y) >= gap)
                     for a, b in zip(self.cells, self.cells[1:]))


@attrs.frozen
class WhisperPairs(Producer):
    """A value of a whisper's cell that no candidate of a neighbour on the line is far enough from goes."""

    CODE = "whispers"

    def find(self, state: State) -> Iterator[Step]:
        for index, c in enumerate(state.puzzle.constraints):
            if isinstance(c, GermanWhisper):
                step = relation_step(self.technique, state, index, c)
                if step is not None:
                    yield step


ROWS: tuple[Technique, ...] = (
    row(96.5, "whispers", "German whispers", VARIANTS, 1.6, 20, EASY, "",
        "Neighbours along a German whisper differ by at least 5 (on 9x9): a value that no candidate of a "
        "neighbour is far enough from is removed (5 itself, at once).",
        rating_note="Two cells and a difference, as a kropki dot (1.6)."),
)

NAMES: dict[str, tuple[str, ...]] = {"German whisper": ("whispers",), "Whispers": ("whispers",)}


class WhisperDetails(TypedDict):
    #: the index of the whisper in the puzzle's constraints
    constraint: int
    #: per removed candidate: (cell, symbol, the neighbour, the neighbour's symbols far enough from it (a mask),
    #: the neighbour's candidates)
    reasons: tuple[tuple[int, int, int, int, int], ...]


DETAILS: dict[str, type] = {"whispers": WhisperDetails}

TEMPLATES = {
    "whispers": (
        "Look along the {whisper}.",
        "Neighbours along the {whisper} differ by at least {gap}. Which values have no neighbour far enough "
        "away?",
        "Neighbours along the {whisper} differ by at least {gap}. {whisper_text} So {removed}.",
    ),
}


def _whisper(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _whisper_text(r: TextRenderer, step: Step) -> str:
    return partner_text(r, step.detail("reasons", ()), "next to it on the whisper")


FIELDS: dict[str, Field] = {
    "whisper": lambda r, s: _whisper(r, s).label(r.puzzle),
    "gap": lambda r, s: str(_whisper(r, s).gap(r.puzzle.size)),
    "whisper_text": _whisper_text,
}


MARKERS: dict[str, Marker] = {"whispers": constraint_picture}
