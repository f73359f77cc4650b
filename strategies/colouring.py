"""Colouring: simple colours and multi-colours, one symbol at a time.

Join the cells where a symbol has exactly two places in a house (a strong
link: one of the two holds it) into clusters, and colour each cluster in
two colours so that linked cells differ.  In each cluster one colour holds
the symbol everywhere and the other nowhere.

* **Simple colours, trap**: a cell outside the cluster that sees both
  colours loses the symbol.
* **Simple colours, wrap**: two cells of one colour see each other, so
  that colour is false: all its cells lose the symbol.
* **Multi-colours 1**: a cell of colour a1 sees a cell of colour b1 of
  another cluster, so a2 or b2 is true: cells seeing both a2 and b2 lose it.
* **Multi-colours 2**: a colour a1 sees both colours of another cluster, so
  a1 is false.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator

import attrs

from deduce.geometry import bits_of
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

from ._memo import memo_for, per_symbol
from .single_digit import strong_links


def clusters(state: State, sym: int, where: int) -> list[tuple[int, int]]:
    """Two-colourings ``(mask of colour 1, mask of colour 2)`` of the strong
    links of ``sym``, whose places are ``where``, largest first; clusters of
    one link included.  Made once per set of places (the list is shared:
    not to be changed)."""
    memo = memo_for(state)
    key = ("clusters", sym, where)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _clusters(strong_links(state, sym, where))
    return out


def _clusters(strong: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    links: dict[int, list[int]] = {}
    for _, a, b in strong:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen: set[int] = set()
    out = []
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        stack = [start]
        while stack:
            c = stack.pop()
            for d in links[c]:
                if d not in colour:
                    colour[d] = 1 - colour[c]
                    stack.append(d)
        seen |= colour.keys()
        one = sum(1 << c for c, k in colour.items() if k == 0)
        two = sum(1 << c for c, k in colour.items() if k == 1)
        out.append((one, two))
    out.sort(key=lambda p: -(p[0] | p[1]).bit_count())
    return out


def _sees_any(peer_masks: tuple[int, ...], cells: int, target: int) -> bool:
    return any(peer_masks[c] & target for c in bits_of(cells))


def _seeing_some(peer_masks: tuple[int, ...], cells: int) -> int:
    out = 0
    for c in bits_of(cells):
        out |= peer_masks[c]
    return out


@attrs.frozen
class SimpleColours(Producer):
    """``SimpleColours("trap")`` or ``SimpleColours("wrap")``."""

    kind: str = "trap"
    CODES = {"trap": "simple-colours", "wrap": "simple-colours"}

    def find(self, state: State) -> Iterator[Step]:
        return per_symbol(self, state, lambda sym, where: list(self._for_symbol(state, sym, where)))

    def _for_symbol(self, state: State, sym: int, where: int) -> Iterator[Step]:
        pm = state.puzzle.peer_masks
        for one, two in clusters(state, sym, where):
            if (one | two).bit_count() < 3:
                continue  # a single strong link is no colouring (pointing or a fish finds it)
            details = (("colours", (tuple(bits_of(one)), tuple(bits_of(two)))),)
            if self.kind == "trap":
                targets = where & ~(one | two) & _seeing_some(pm, one) & _seeing_some(pm, two)
                if targets:
                    yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(targets)],
                               cells=bits_of(one | two), symbols=(sym,), variant="trap", details=details)
                continue
            for false, _true in ((one, two), (two, one)):
                if any(pm[c] & false for c in bits_of(false)):
                    yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(false)],
                               cells=bits_of(one | two), symbols=(sym,), variant="wrap",
                               details=details + (("false", tuple(bits_of(false))),))


@attrs.frozen
class MultiColours(Producer):
    """``MultiColours(1)`` or ``MultiColours(2)``: two clusters of one symbol."""

    kind: int = 1
    CODES = {1: "multi-colours", 2: "multi-colours"}

    def find(self, state: State) -> Iterator[Step]:
        return per_symbol(self, state, lambda sym, where: list(self._for_symbol(state, sym, where)))

    def _for_symbol(self, state: State, sym: int, where: int) -> Iterator[Step]:
        pm = state.puzzle.peer_masks
        found = clusters(state, sym, where)
        for (a1, a2), (b1, b2) in combinations(found, 2):
            cluster_cells = bits_of(a1 | a2 | b1 | b2)
            details = (("colours", (tuple(bits_of(a1)), tuple(bits_of(a2)),
                                    tuple(bits_of(b1)), tuple(bits_of(b2)))),)
            for x1, x2, y1, y2 in ((a1, a2, b1, b2), (a1, a2, b2, b1), (a2, a1, b1, b2), (a2, a1, b2, b1),
                                   (b1, b2, a1, a2), (b1, b2, a2, a1), (b2, b1, a1, a2), (b2, b1, a2, a1)):
                if not _sees_any(pm, x1, y1):
                    continue
                if self.kind == 1:
                    # x1 and y1 cannot both be true: x2 or y2 is
                    targets = where & ~(a1 | a2 | b1 | b2) & _seeing_some(pm, x2) & _seeing_some(pm, y2)
                    if targets:
                        yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(targets)],
                                   cells=cluster_cells, symbols=(sym,), variant="1",
                                   details=details + (("linked", (tuple(bits_of(x1)), tuple(bits_of(y1)))),
                                                      ("either", (tuple(bits_of(x2)), tuple(bits_of(y2))))))
                elif _sees_any(pm, x1, y2):
                    yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(x1)],
                               cells=cluster_cells, symbols=(sym,), variant="2",
                               details=details + (("false", tuple(bits_of(x1))),))
