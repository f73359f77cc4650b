"""Locked candidates: pointing and claiming.

Works on any geometry: a box or jigsaw region meets rows and columns, and
the same argument holds for every such intersection.
"""

from __future__ import annotations

from typing import Iterator

import attrs

from deduce.geometry import bits_of
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

from ._houses import line_block_pairs
from ._memo import symbol_masks


@attrs.frozen
class LockedCandidates(Producer):
    """``LockedCandidates("pointing")``: within a box, a symbol's candidates
    lie in one line, so the line's other cells lose it.
    ``LockedCandidates("claiming")``: within a line, a symbol's candidates lie
    in one box, so the box's other cells lose it."""

    kind: str = "pointing"
    CODES = {"pointing": "lc1", "claiming": "lc2"}

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        masks = g.house_masks
        pairs = line_block_pairs(g)
        if self.kind == "pointing":
            pairs = tuple(sorted(pairs, key=lambda t: (t[1], t[0])))
        for sym, where in enumerate(symbol_masks(state)):
            if not where:
                continue
            for line, block, inter in pairs:
                if self.kind == "pointing":
                    source, target = block, line
                else:
                    source, target = line, block
                inside = where & masks[source]
                if not inside or inside & ~inter:
                    continue
                removed = where & masks[target] & ~masks[source]
                if not removed:
                    continue
                yield Step(self.technique,
                           eliminations=[(c, sym) for c in bits_of(removed)],
                           cells=bits_of(inside), houses=[source, target], symbols=[sym])
