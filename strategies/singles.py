"""Singles: full house, hidden single, naked single."""

from __future__ import annotations

from typing import Iterable, Iterator

import attrs

from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

from ._houses import house_order
from ._memo import symbol_masks, unsolved_mask


@attrs.frozen
class FullHouse(Producer):
    """The last empty cell of a house takes the one missing symbol."""

    CODE = "fh"

    def find(self, state: State) -> Iterator[Step]:
        for h, cell, sym in self._singles(state):
            yield Step(self.technique, placements=[(cell, sym)], cells=[cell], houses=[h], symbols=[sym])

    def _singles(self, state: State) -> Iterable[tuple[int, int, int]]:
        """``(house, its one empty cell, the missing symbol)``, houses in the
        order a person scans them."""
        return self._python_singles(state)

    def _python_singles(self, state: State) -> Iterator[tuple[int, int, int]]:
        g = state.puzzle.geometry
        full = (1 << g.size) - 1
        unsolved = unsolved_mask(state)
        masks = g.house_masks
        for h in house_order(g):
            empty = unsolved & masks[h]
            if not empty or empty & (empty - 1):
                continue
            missing = full & ~state.placed_in(h)
            if missing.bit_count() != 1:
                continue
            sym = missing.bit_length() - 1
            cell = empty.bit_length() - 1
            if state.cand[cell] >> sym & 1:  # (if not, a contradiction; the engine reports it)
                yield h, cell, sym


@attrs.frozen
class HiddenSingle(Producer):
    """A symbol has one place left in a house (boxes first, then rows and
    columns, as a person scans)."""

    CODE = "hs"

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        value = state.value
        for h, cell, sym in self._singles(state):
            blockers = tuple((c, _blocker(state, c, sym)) for c in g.houses[h] if value[c] < 0 and c != cell)
            kind = g.house_kind(h)
            yield Step(self.technique, placements=[(cell, sym)], cells=[cell], houses=[h], symbols=[sym],
                       variant="box" if kind in ("box", "region") else kind, details=(("blockers", blockers),))

    def _singles(self, state: State) -> Iterable[tuple[int, int, int]]:
        """``(house, cell, symbol)`` per house with two empty cells or more,
        houses in the order a person scans them, symbols in order."""
        return self._python_singles(state)

    def _python_singles(self, state: State) -> Iterator[tuple[int, int, int]]:
        g = state.puzzle.geometry
        where = symbol_masks(state)
        unsolved = unsolved_mask(state)
        masks = g.house_masks
        for h in house_order(g):
            hm = masks[h]
            empty = unsolved & hm
            if not empty & (empty - 1):
                continue  # one empty cell or none: a full house, not a hidden single
            placed = -1
            for sym, places in enumerate(where):
                m = places & hm
                if not m or m & (m - 1):
                    continue
                if placed < 0:
                    placed = state.placed_in(h)
                if not placed >> sym & 1:
                    yield h, m.bit_length() - 1, sym


def _blocker(state: State, cell: int, sym: int) -> int:
    """A solved peer of ``cell`` holding ``sym`` (what keeps ``sym`` out of
    ``cell``), or -1 when the candidate went by an earlier deduction."""
    for p in state.puzzle.peers[cell]:
        if state.value[p] == sym:
            return p
    return -1


@attrs.frozen
class NakedSingle(Producer):
    """A cell with one candidate left."""

    CODE = "ns"

    def find(self, state: State) -> Iterator[Step]:
        for cell, (m, v) in enumerate(zip(state.cand, state.value)):
            if v < 0 and m and not m & (m - 1):
                sym = m.bit_length() - 1
                seen = 0
                for q in state.puzzle.peers[cell]:
                    if state.value[q] >= 0:
                        seen |= 1 << state.value[q]
                all_seen = (seen | m) == (1 << state.puzzle.size) - 1
                yield Step(self.technique, placements=[(cell, sym)], cells=[cell], symbols=[sym],
                           details=(("all_seen", all_seen),))
