"""Renban lines: the line's cells hold different values that make a run of
consecutive values, in any order (a line of four cells: 3, 6, 4, 5).

f-puzzles key ``renban``: ``{"lines": [[cells...]]}``.

The cells differ (they are peers); the deduction (:class:`RenbanRuns`)
keeps in each cell only the values of the runs that still fit the line:
"the renban r1c1-r1c4 holds four consecutive values; with r1c2 = 2 they can
only run 1-4 or 2-5, so r1c1 is not 6-9".

>>> from deduce.puzzle import Puzzle
>>> r = Renban((0, 1, 2))
>>> cand = [0b111111111] * 81
>>> cand[0] = 1 << 8                     # r1c1 = 9
>>> r.narrow(Puzzle.empty(9), cand), bin(cand[1]), r.runs([cand[c] for c in r.cells], 9)
(True, '0b11000000', [(7, 9)])
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Sequence, TypedDict

import attrs

from deduce.constraint import ConstraintError
from deduce.geometry import bits_of
from deduce.render.words.prose import COUNT_WORDS, Field, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EASY, Technique, row

from ._common import constraint_picture
from ._lines import VARIANTS, Line, narrowed_step

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def _matches(masks: list[int], run: int) -> list[int]:
    """The values each cell can take in an assignment of the run's values
    (``run``: a mask of k values) to the k cells, one each: per cell a mask,
    0 everywhere when there is none."""
    out = [0] * len(masks)
    _place(masks, 0, run, [], out)
    return out


def _place(masks: list[int], i: int, left: int, chosen: list[int], out: list[int]) -> bool:
    """Assign the values of ``left`` to cells ``i``... (one each, from their
    masks) in every way, marking each way's values in ``out``."""
    if i == len(masks):
        for j, s in enumerate(chosen):
            out[j] |= 1 << s
        return True
    found = False
    for s in bits_of(masks[i] & left):
        chosen.append(s)
        found |= _place(masks, i + 1, left & ~(1 << s), chosen, out)
        chosen.pop()
    return found


@attrs.frozen
class Renban(Line):
    """``cells`` hold different consecutive values, in any order."""

    KIND: ClassVar[str] = "renban"
    KEYS: ClassVar[tuple[str, ...]] = ("renban",)
    COLOUR: ClassVar[str] = "#f067f0"
    WIDTH: ClassVar[float] = 0.2
    NARROWS: ClassVar[bool] = True

    def validate(self, puzzle: Puzzle) -> None:
        super().validate(puzzle)
        if len(self.cells) > puzzle.size:
            raise ConstraintError(f"{self.label(puzzle)}: {len(self.cells)} cells cannot hold different values "
                                  f"1-{puzzle.size}")

    def distinct(self, puzzle: Puzzle) -> tuple[tuple[int, ...], ...]:
        return (self.cells,)

    def runs(self, masks: Sequence[int], size: int) -> list[tuple[int, int]]:
        """The runs (first and last value, 1-based) the cells can still hold."""
        k = len(masks)
        out = []
        for lo in range(size - k + 1):
            run = ((1 << k) - 1) << lo
            if all(m & run for m in masks) and any(_matches(list(masks), run)):
                out.append((lo + 1, lo + k))
        return out

    def narrow(self, puzzle: Puzzle, cand: list[int]) -> bool:
        masks = [cand[c] for c in self.cells]
        k = len(masks)
        keep = [0] * k
        for lo, _ in self.runs(masks, puzzle.size):
            for i, m in enumerate(_matches(masks, ((1 << k) - 1) << (lo - 1))):
                keep[i] |= m
        if not any(keep):
            return False
        for c, m in zip(self.cells, keep):
            cand[c] &= m
        return True

    def broken(self, puzzle: Puzzle, values: Any) -> str | None:
        got = sorted(values[c] for c in self.cells)
        if got != list(range(got[0], got[0] + len(got))):
            return "its values are not different and consecutive"
        return None


@attrs.frozen
class RenbanRuns(Producer):
    """Each cell of a renban line keeps the values of the runs of consecutive values that still fit it."""

    CODE = "renban"

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        for index, r in enumerate(puzzle.constraints):
            if isinstance(r, Renban):
                masks = [state.cand[c] if state.value[c] < 0 else 1 << state.value[c] for c in r.cells]
                step = narrowed_step(self.technique, state, index, r,
                                     (("runs", tuple(r.runs(masks, puzzle.size))),))
                if step is not None:
                    yield step


ROWS: tuple[Technique, ...] = (
    row(87, "renban", "Renban line", VARIANTS, 1.7, 25, EASY, "",
        "A renban line holds different consecutive values in any order: each cell keeps only values of the "
        "runs that still fit every cell of the line.",
        rating_note="Sliding a window of values along the digits, as a cage's combinations do: a little more "
                    "than a kropki dot (1.6)."),
)

NAMES: dict[str, tuple[str, ...]] = {"Renban": ("renban",)}


class RenbanDetails(TypedDict):
    #: the index of the line in the puzzle's constraints
    constraint: int
    #: the runs of consecutive values (first, last) the line could still hold
    runs: tuple[tuple[int, int], ...]


DETAILS: dict[str, type] = {"renban": RenbanDetails}

TEMPLATES = {
    "renban": (
        "Look at the {renban}.",
        "The {renban} holds {count} different consecutive values. Which runs of values still fit it?",
        "The {renban} holds {count} different consecutive values, in any order. {runs_text} So {removed}.",
    ),
}


def _renban(r: TextRenderer, step: Step) -> Any:
    return r.puzzle.constraints[step.detail("constraint")]


def _runs_text(r: TextRenderer, step: Step) -> str:
    runs = step.detail("runs", ())
    said = prose([f"{r.sym(lo - 1)}-{r.sym(hi - 1)}" for lo, hi in runs], "or")
    if len(runs) == 1:
        return f"Its cells leave room for one run only, {said}."
    return f"Its cells leave room only for the runs {said}, and each cell keeps the values it can take in one."


FIELDS: dict[str, Field] = {
    "renban": lambda r, s: _renban(r, s).label(r.puzzle),
    "count": lambda r, s: COUNT_WORDS.get(len(_renban(r, s).cells), str(len(_renban(r, s).cells))),
    "runs_text": _runs_text,
}


MARKERS: dict[str, Marker] = {"renban": constraint_picture}
