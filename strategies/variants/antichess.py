"""Anti-knight and anti-king: two cells a chess knight's (king's) move
apart never hold the same symbol.

f-puzzles keys ``antiknight`` and ``antiking`` (``true``).  The rule is only
"these cells differ": each pair of cells a move apart joins
:attr:`deduce.puzzle.Puzzle.peer_masks`, so naked singles, hidden singles'
blockers, every technique reading peers, the chains (a weak link between
the same symbol in two such cells) and the C search see it, with no
technique of its own.  SudokuPad draws nothing for either (the rules say
it); neither does deduce.

>>> from deduce.puzzle import Puzzle
>>> p = Puzzle.empty(9, constraints=(AntiKnight(),))
>>> sorted(c for c in range(81) if p.peer_masks[40] >> c & 1 and not Puzzle.empty(9).peer_masks[40] >> c & 1)
[21, 23, 29, 33, 47, 51, 57, 59]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterable

import attrs

from deduce.constraint import Constraint

from ._common import fp_flag, king_pairs, knight_pairs

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle


@attrs.frozen
class AntiKnight(Constraint):
    """Cells a knight's move apart differ."""

    KIND: ClassVar[str] = "anti-knight"
    KEYS: ClassVar[tuple[str, ...]] = ("antiknight",)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        return [cls()] if fp_flag(key, value) else []

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"antiknight": True}

    def distinct(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        return knight_pairs(puzzle.size)


@attrs.frozen
class AntiKing(Constraint):
    """Cells a king's move apart (touching, even by a corner) differ."""

    KIND: ClassVar[str] = "anti-king"
    KEYS: ClassVar[tuple[str, ...]] = ("antiking",)

    @classmethod
    def from_fpuzzles(cls, key: str, value: Any, size: int) -> Iterable[Constraint]:
        return [cls()] if fp_flag(key, value) else []

    def to_fpuzzles(self, size: int) -> dict[str, Any]:
        return {"antiking": True}

    def distinct(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        return king_pairs(puzzle.size)
