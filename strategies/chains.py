"""Chains: XY-chains, remote pairs, X-chains and alternating inference chains.

An **XY-chain** runs through bivalue cells.  Suppose its first cell is not
x: then it holds its other symbol, which the next cell (a peer holding
that symbol) cannot, so that cell holds its own other symbol, and so on.
If the last cell then holds x, either the first or the last cell is x, and
any cell seeing both loses x.  The step records every link with its reason,
so the explanation reads link by link.

**Remote pairs** are XY-chains whose cells all hold the same two symbols
{a,b}: along the chain the cells alternate between a and b, so two cells an
odd number of links apart (at least three) hold different ones of the two.
A cell seeing both loses a and b.

**X-chains**, **alternating inference chains** (AICs) and **grouped AICs**
(:class:`Chains`) follow the static links of the implication engine
(:mod:`strategies.implications`, found by
:mod:`strategies.chain_producer`): a candidate such that both its truth and
its falsehood imply the same conclusion, or whose truth contradicts
itself.  Forcing chains (cell/region, Nishio, dynamic) are in
:mod:`strategies.forcing`.
"""

from __future__ import annotations

from typing import ClassVar, Iterator

import attrs

from deduce.geometry import cells_of
from deduce.state import State
from deduce.step import Step
from deduce.techniques import TECHNIQUES, se_length_bonus

from .chain_producer import ChainProducer

#: Longest chain tried, in cells (a deterministic bound, not a time limit).
MAX_CELLS = 10


class XYChain:
    technique = TECHNIQUES["xy-chain"]

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        pm = state.puzzle.peer_masks
        bivalue = state.bivalue_cells()
        if len(bivalue) < 3:
            return
        bset = set(bivalue)
        neighbours = {c: [p for p in state.puzzle.peers[c] if p in bset] for c in bivalue}
        found = []
        for start in bivalue:
            for x in cells_of(cand[start]):
                other = (cand[start] & ~(1 << x)).bit_length() - 1
                for path in self._chains(start, other, x, neighbours, cand):
                    end = path[-1]
                    targets = [t for t in cells_of(pm[start] & pm[end]) if value[t] < 0
                               and cand[t] >> x & 1 and t not in path]
                    if targets:
                        found.append((len(path), path, x, other, targets))
        seen: set[tuple[int, frozenset[int]]] = set()
        for _, path, x, other, targets in sorted(found, key=lambda f: (f[0], f[1])):
            key = (x, frozenset(targets))
            if key in seen:
                continue
            seen.add(key)
            yield Step(self.technique, eliminations=[(t, x) for t in targets], cells=path, symbols=(x,),
                       details=(("path", path), ("values", self._values(path, other, cand))),
                       se_bonus=se_length_bonus(2 * len(path)))

    @staticmethod
    def _chains(start: int, on: int, x: int, neighbours: dict[int, list[int]],
                cand: list[int]) -> Iterator[tuple[int, ...]]:
        """Shortest chains from ``start`` (holding ``on`` if it is not x) to
        each cell that then holds x: breadth-first over (cell, symbol held)."""
        parent: dict[tuple[int, int], tuple[int, int] | None] = {(start, on): None}
        frontier = [(start, on)]
        for _ in range(MAX_CELLS - 1):
            nxt_frontier = []
            for cell, held in frontier:
                for nxt in neighbours[cell]:
                    if not cand[nxt] >> held & 1:
                        continue
                    nxt_held = (cand[nxt] & ~(1 << held)).bit_length() - 1
                    state = (nxt, nxt_held)
                    if state in parent:
                        continue
                    parent[state] = (cell, held)
                    nxt_frontier.append(state)
                    if nxt_held == x and nxt != start:
                        path = [nxt]
                        link = parent[state]
                        while link is not None:
                            path.append(link[0])
                            link = parent[link]
                        path.reverse()
                        if len(path) >= 3 and len(set(path)) == len(path):
                            yield tuple(path)
            frontier = nxt_frontier

    @staticmethod
    def _values(path: tuple[int, ...], first_on: int, cand: list[int]) -> tuple[int, ...]:
        """The symbol each cell of the chain holds, given the first is not x."""
        out = [first_on]
        for c in path[1:]:
            out.append((cand[c] & ~(1 << out[-1])).bit_length() - 1)
        return tuple(out)


class RemotePair:
    """Remote pairs: chains of four or more bivalue cells holding the same
    pair, each seeing the next (shortest chains first)."""

    technique = TECHNIQUES["remote-pair"]

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        pm = state.puzzle.peer_masks
        by_pair: dict[int, list[int]] = {}
        for c in state.bivalue_cells():
            by_pair.setdefault(cand[c], []).append(c)
        found = []
        for pair, cells in by_pair.items():
            if len(cells) < 4:
                continue
            members = sum(1 << c for c in cells)
            for start in cells:
                # breadth-first from start over cells holding exactly the pair
                parent = {start: -1}
                frontier = [start]
                depth = 0
                while frontier and depth < MAX_CELLS - 1:
                    depth += 1
                    nxt = []
                    for c in frontier:
                        for p in cells_of(pm[c] & members):
                            if p in parent:
                                continue
                            parent[p] = c
                            nxt.append(p)
                            if depth % 2 and depth >= 3 and p > start:
                                both = pm[start] & pm[p]
                                targets = [t for t in cells_of(both) if value[t] < 0 and cand[t] & pair
                                           and not members >> t & 1]
                                if targets:
                                    back = [p]
                                    while parent[back[-1]] >= 0:
                                        back.append(parent[back[-1]])
                                    found.append((len(back), tuple(reversed(back)), pair, targets))
                    frontier = nxt
        seen: set[frozenset] = set()
        for _, path, pair, targets in sorted(found, key=lambda f: (f[0], f[1])):
            elims = [(t, s) for t in targets for s in cells_of(cand[t] & pair)]
            key = frozenset(elims)
            if key in seen:
                continue
            seen.add(key)
            yield Step(self.technique, eliminations=elims, cells=path, symbols=tuple(cells_of(pair)),
                       details=(("path", path),), se_bonus=se_length_bonus(2 * len(path)))


#: kind -> (technique code, propagation mode)
CHAIN_KINDS = {
    "x-chain": ("x-chain", "static"),
    "aic": ("aic", "static"),
    "grouped-aic": ("grouped-aic", "grouped"),
}


@attrs.define(repr=False, unsafe_hash=True, on_setattr=attrs.setters.frozen)
class Chains(ChainProducer):
    """Static chains over the implication engine, as a strategy.

    ``kind`` is one of

    * ``"x-chain"``: one symbol at a time, contradiction and double
      implication;
    * ``"aic"``: every link, contradiction and double implication;
    * ``"grouped-aic"``: the same with grouped nodes (a symbol's places in a
      house lying in one line and box act as one node) and almost locked
      sets of 2 to :data:`~strategies.implications.MAX_ALS_NODE_CELLS` cells
      as nodes (a set that loses a symbol is locked on the rest).

    >>> Chains("aic")
    Chains('aic')
    >>> Chains("grouped-aic").technique.code
    'grouped-aic'
    """

    #: The kinds the built-in list makes.
    CODES: ClassVar[dict[str, tuple[str, str]]] = CHAIN_KINDS

    KINDS: ClassVar[dict[str, tuple[str, str]]] = CHAIN_KINDS
