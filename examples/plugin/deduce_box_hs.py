"""An example deduce plugin: a hidden single looked for in boxes only.

A technique is one record plus one class.  The record (:data:`ROW`) is the
plugin's row of deduce's technique table: its code, name, family,
difficulty on both rating scales, its place in deduce's order of trial
(``order``: the built-in full house is 10 and the hidden single 20, so 15
tries box-only singles between them), the profiles it joins (the default
``deduce`` and ``full``; add ``"se"`` or ``"hodoku"`` to take part in those
programs' ratings) and its words (nudge, clue and full templates over the
text renderer's fields).  The class finds the steps.

Installed (``pip install examples/plugin``), it registers itself under the
``deduce.strategies`` entry-point group, and then::

    deduce techniques            # lists box-hs
    deduce explain --only box-hs,fh puzzle.txt

>>> from deduce import Puzzle, State
>>> state = State.from_puzzle(Puzzle.from_string("1..." "3..2" "...3" "..2."))
>>> step = next(BoxHiddenSingle().find(state))
>>> step.code, step.variant
('box-hs', 'box')
"""

from __future__ import annotations

from typing import Iterator

from deduce.state import State
from deduce.step import Step
from deduce.technique import EASY, SINGLES, Technique

ROW = Technique(
    "box-hs", "Box hidden single", SINGLES, 1.2, 14, EASY,
    description="A symbol has only one place left in a box.",
    rating_note="A hidden single in a box: Sudoku Explainer's 1.2, HoDoKu's 14.",
    order=15,
    aliases=("Hidden single (box only)", "Box single"),
    words=(
        "Look for a hidden single in {house}.",
        "In {house}, where can {sym} go?",
        "In {house}, {sym} fits only in {cell}. So {cell} = {sym}.",
    ),
)


class BoxHiddenSingle:
    """A symbol with one place left in a box (or jigsaw region)."""

    technique = ROW

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        value, cand = state.value, state.cand
        for h in range(2 * g.size, 3 * g.size):  # the boxes (or regions) come after rows and columns
            empty = [c for c in g.houses[h] if value[c] < 0]
            if len(empty) < 2:
                continue  # a full house, not a hidden single
            missing = ((1 << g.size) - 1) & ~state.placed_in(h)
            for sym in range(g.size):
                if not missing >> sym & 1:
                    continue
                places = [c for c in empty if cand[c] >> sym & 1]
                if len(places) == 1:
                    yield Step(self.technique, placements=[(places[0], sym)], cells=places, houses=[h],
                               symbols=[sym], variant="box")

    def __repr__(self) -> str:
        return "BoxHiddenSingle()"
