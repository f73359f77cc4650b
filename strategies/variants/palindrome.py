"""Palindromes: the line reads the same from either end, so cells at the
same distance from its two ends hold the same value.

f-puzzles key ``palindrome``: ``{"lines": [[cells...]]}``.

Each pair of mirror cells is a relation (equal values); the deduction
(:class:`PalindromeMirrors`) removes a value that the mirror cell cannot
hold: "r1c1 is not 3: r1c5, its mirror on the palindrome, is 7".

>>> from deduce.puzzle import Puzzle
>>> p = Palindrome((0, 10, 20, 30, 40, 50))   # r1c1 to r6c6
>>> p, p.label(Puzzle.empty(9, constraints=[p])), p.mirrors()
(Palindrome(cells=(0, 10, 20, 30, 40, 50)), 'palindrome r1c1-r6c6', ((0, 50), (10, 40), (20, 30)))
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
class Palindrome(Line):
    """``cells`` read the same both ways."""

    KIND: ClassVar[str] = "palindrome"
    KEYS: ClassVar[tuple[str, ...]] = ("palindrome",)
    COLOUR: ClassVar[str] = "#c0c0c0"
    WIDTH: ClassVar[float] = 0.2

    def mirrors(self) -> tuple[tuple[int, int], ...]:
        """The pairs of cells at the same distance from the two ends."""
        k = len(self.cells)
        return tuple((self.cells[i], self.cells[k - 1 - i]) for i in range(k // 2))

    def validate(self, puzzle: Puzzle) -> None:
        super().validate(puzzle)
        for a, b in self.mirrors():
            if puzzle.peer_masks[a] >> b & 1:
                name = puzzle.geometry.cell_name
                raise ConstraintError(f"{self.label(puzzle)}: mirror cells {name(a)} and {name(b)} see each other, "
                                      "so they cannot hold the same value")

    def relations(self, puzzle: Puzzle) -> tuple[Relation, ...]:
        return tuple(Relation.of(a, b, puzzle.size, lambda x, y: x == y) for a, b in self.mirrors())


@attrs.frozen
class PalindromeMirrors(Producer):
    """Mirror cells of a palindrome hold the same value: a value one of them cannot hold goes from the other."""

    CODE = "palindrome"

    def find(self, state: State) -> Iterator[Step]:
        for index, c in enumerate(state.puzzle.constraints):
            if isinstance(c, Palindrome):
                step = relation_step(self.technique, state, index, c)
                if step is not None:
                    yield step


ROWS: tuple[Technique, ...] = (
    row(86, "palindrome", "Palindrome", VARIANTS, 1.4, 10, EASY, "",
        "A palindrome reads the same from both ends: cells at the same distance from its ends hold the same "
        "value, so a value one of them cannot hold goes from the other.",
        rating_note="Copying candidates between two known cells: as easy as a thermometer's bounds (1.4)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Palindrome": ("palindrome",)}


class PalindromeDetails(TypedDict):
    #: the index of the palindrome in the puzzle's constraints
    constraint: int
    #: per removed candidate: (cell, symbol, its mirror cell, the symbol as a mask, the mirror's candidates)
    reasons: tuple[tuple[int, int, int, int, int], ...]


DETAILS: dict[str, type] = {"palindrome": PalindromeDetails}

TEMPLATES = {
    "palindrome": (
        "Look at the {palindrome}.",
        "The {palindrome} reads the same from both ends. What can its mirror cells share?",
        "The {palindrome} reads the same from both ends, so cells at the same distance from its ends are "
        "equal. {palindrome_text} So {removed}.",
    ),
}


def _palindrome(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


FIELDS: dict[str, Field] = {
    "palindrome": lambda r, s: _palindrome(r, s).label(r.puzzle),
    "palindrome_text": lambda r, s: partner_text(r, s.detail("reasons", ()), "its mirror on the palindrome"),
}


MARKERS: dict[str, Marker] = {"palindrome": constraint_picture}
