"""Direct techniques (Sudoku Explainer): an elimination that at once gives a hidden single.

Sudoku Explainer rates a locked-candidates or hidden-subset step that
immediately leaves a symbol one place in a house as a *direct* step, easier
than the technique on its own (direct pointing 1.7, direct claiming 1.9,
direct hidden pair 2.0, direct hidden triple 2.5), since the solver only
needs to see it for that one placement.  As in SE, the step is the
placement alone (the eliminations are its reason, kept in the step's
details as ``removed``), and the single lies where SE looks for it: for
pointing, in another box crossing the line; for claiming, in another line
of the same direction crossing the box; for a hidden subset, in the
subset's own house.
"""

from __future__ import annotations

from typing import Iterator

import attrs

from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

from ._memo import symbol_masks
from .intersections import LockedCandidates
from .subsets import HiddenSubset


@attrs.frozen
class Direct(Producer):
    """``Direct("pointing")``, ``Direct("claiming")``, ``Direct(2)`` (hidden
    pair), ``Direct(3)`` (hidden triple)."""

    kind: str | int
    CODES = {"pointing": "direct-pointing", "claiming": "direct-claiming", 2: "direct-hp", 3: "direct-ht"}

    @property
    def base(self) -> LockedCandidates | HiddenSubset:
        """The technique this one is the direct form of."""
        return LockedCandidates(self.kind) if isinstance(self.kind, str) else HiddenSubset(self.kind)

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        masks = g.house_masks
        n = g.size
        for step in self.base.find(state):
            if self.kind in ("pointing", "claiming"):
                source, target = step.houses[0], step.houses[1]
                kind = source // n
                # houses of the source's kind that cross the target
                places = [h for h in range(kind * n, kind * n + n) if h != source and masks[h] & masks[target]]
            else:
                places = [step.houses[0]]
            single = _hidden_single_after(state, step.eliminations, masks, places)
            if single is None:
                continue
            cell, sym, house = single
            yield Step(self.technique, placements=[(cell, sym)], cells=step.cells,
                       houses=step.houses + (house,), symbols=step.symbols,
                       details=step.details + (("removed", step.eliminations), ("single", (cell, sym, house))))


def _hidden_single_after(state: State, eliminations: tuple[tuple[int, int], ...], masks: tuple[int, ...],
                         houses: list[int]) -> tuple[int, int, int] | None:
    """The first hidden single (cell, symbol, house) the eliminations create in ``houses``."""
    removed: dict[int, int] = {}
    for cell, sym in eliminations:
        removed[sym] = removed.get(sym, 0) | 1 << cell
    for sym, gone in sorted(removed.items()):
        where = symbol_masks(state)[sym]
        for h in houses:
            before = where & masks[h]
            left = before & ~gone
            if left != before and left and not left & (left - 1):
                return left.bit_length() - 1, sym, h
    return None
