"""Fish: X-wing, swordfish, jellyfish; finned, sashimi and franken variants.

One finder, parameterised.  For a symbol, pick ``size`` *base* houses that
share no candidate cell, and ``size`` *cover* houses (not among the base)
holding all of the base's candidates.  Each base house needs its symbol
somewhere in the cover, and the cover houses get all ``size`` of theirs
from the base, so the symbol leaves every other cell of the cover.

With *fins* (base candidates outside the cover), either a fin holds the
symbol or the fish stands; only cover cells that see every fin lose it.
A finned fish is *sashimi* when, fins aside, some base house keeps at most
one candidate.  *Standard* fish use rows against columns (or columns
against rows); *franken* fish add boxes (or regions) to base or cover;
*mutant* fish mix rows and columns in the base or in the cover (any house
may be base or cover).  The shape is a setting of the one finder.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterable, Iterator

import attrs

from deduce.geometry import Geometry, bits_of
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

_SIZE_NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
MAX_FINS = 5
#: Franken fish search many more cover sets; fewer fins keep them affordable.
MAX_FRANKEN_FINS = 2


def _covers(B: int, touched: list[int], masks: tuple[int, ...], size: int, fins: int,
            where: int = -1, peers: tuple[int, ...] = ()) -> Iterator[tuple[int, ...]]:
    """Every set of ``size`` houses from ``touched`` that covers all of the
    base candidates ``B`` but at most ``fins`` of them.

    Branches on the lowest base candidate not yet covered: one of the few
    houses holding it joins the cover, or it becomes a fin.  With ``peers``
    given, a fin is only tried while some candidate of ``where`` outside the
    base still sees every fin (else nothing could be eliminated).
    """
    found: set[tuple[int, ...]] = set()

    def rec(chosen: tuple[int, ...], covered: int, budget: int, seeall: int) -> Iterator[tuple[int, ...]]:
        rest = B & ~covered
        if len(chosen) == size:
            if rest.bit_count() <= budget:
                key = tuple(sorted(chosen))
                if key not in found:
                    found.add(key)
                    yield key
            return
        if not rest or rest.bit_count() > budget + (size - len(chosen)) * size + budget:
            return  # covered with fewer houses: a degenerate fish (or a contradiction)
        cell = (rest & -rest).bit_length() - 1
        for h in touched:
            if h not in chosen and masks[h] >> cell & 1:
                yield from rec(chosen + (h,), covered | masks[h], budget, seeall)
        if budget:
            see = seeall & peers[cell] if peers else seeall
            if see:
                yield from rec(chosen, covered | (1 << cell), budget - 1, see)

    yield from rec((), 0, fins, where & ~B)


def fish_code(size: int, kind: str, shape: str) -> str:
    prefix = {"basic": "", "finned": "finned-", "sashimi": "sashimi-"}[kind]
    if shape != "standard":
        prefix = ("finned-" if kind != "basic" else "") + shape + "-"
    return prefix + _SIZE_NAMES[size]


def fish_shape(base: tuple[int, ...], cover: tuple[int, ...], n: int) -> str:
    """``standard``, ``franken`` or ``mutant``: the simplest shape the houses
    fit (rows, columns and boxes numbered 0..n-1, n..2n-1, 2n..3n-1)."""
    def kinds(houses: tuple[int, ...]) -> set[str]:
        return {("row", "column", "box")[h // n] for h in houses}
    b, c = kinds(base), kinds(cover)
    for line, other in (("row", "column"), ("column", "row")):
        if b <= {line} and c <= {other}:
            return "standard"
        if b <= {line, "box"} and c <= {other, "box"}:
            return "franken"
    return "mutant"


@attrs.frozen
class Fish(Producer):
    """``Fish(size, kind="basic"|"finned"|"sashimi", shape="standard"|"franken"|"mutant")``."""

    size: int
    kind: str = "basic"
    shape: str = "standard"
    CODES = {(n, k, sh): fish_code(n, k, sh) for sh in ("standard", "franken", "mutant") for n in (2, 3, 4)
             for k in ("basic", "finned", "sashimi") if sh == "standard" or k != "sashimi"}
    _cache: dict[tuple, list[Step]] = attrs.field(factory=dict, init=False, repr=False, eq=False)

    def _orientations(self, g: Geometry) -> list[tuple[list[int], list[int]]]:
        n = g.size
        rows, cols, blocks = list(range(n)), list(range(n, 2 * n)), list(range(2 * n, 3 * n))
        if self.shape == "standard":
            return [(rows, cols), (cols, rows)]
        if self.shape == "franken":
            return [(rows + blocks, cols + blocks), (cols + blocks, rows + blocks)]
        every = rows + cols + blocks
        return [(every, every)]

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        peers = state.puzzle.peer_masks
        n = g.size
        # A standard fish's targets see its fins only through a box, so all
        # fins lie in one box, within at most box-width extra cover lines.
        if self.kind == "basic":
            fins_allowed = 0
        elif self.shape == "standard":
            fins_allowed = MAX_FINS
        else:
            fins_allowed = MAX_FRANKEN_FINS
        seen: set[tuple[int, tuple[int, ...], tuple[tuple[int, int], ...]]] = set()
        if len(self._cache) > 4096:
            self._cache.clear()
        for sym in range(n):
            where = state.symbol_mask(sym)
            if not where:
                continue
            # A fish depends only on where the symbol can go: between two
            # steps most symbols keep their places, so their fish are reused.
            key = (g, peers, sym, where)
            cached = self._cache.get(key)
            if cached is None:
                cached = self._cache[key] = list(self._for_symbol(state, sym, where, fins_allowed))
            for step in cached:
                elims = step.eliminations
                if (sym, step.cells, elims) not in seen:
                    seen.add((sym, step.cells, elims))
                    yield step

    def _for_symbol(self, state: State, sym: int, where: int, fins_allowed: int) -> Iterator[Step]:
        g = state.puzzle.geometry
        masks = g.house_masks
        peers = state.puzzle.peer_masks
        size = self.size
        n = g.size
        standard = self.shape == "standard"
        seen: set[tuple[int, int, frozenset[tuple[int, int]]]] = set()
        for base_types, cover_types in self._orientations(g):
            base_pool = [h for h in base_types if 0 < (where & masks[h]).bit_count() <= size + fins_allowed]
            for base in combinations(base_pool, size):
                parts = [where & masks[h] for h in base]
                B = 0
                total = 0
                for p in parts:
                    B |= p
                    total += p.bit_count()
                if B.bit_count() != total:
                    continue  # base houses share a candidate
                touched = [h for h in cover_types if h not in base and where & masks[h] & B]
                if len(touched) < size:
                    continue
                covers: Iterable[tuple[int, ...]]
                if not standard:
                    covers = _covers(B, touched, masks, size, fins_allowed, where, peers)
                elif self.kind == "basic":
                    covers = [tuple(touched)] if len(touched) == size else []
                elif len(touched) > size + max(g.box_shape or (n,)):
                    continue  # fins would spread over more lines than a box spans
                else:
                    covers = combinations(touched, size)
                for cover in covers:
                    if not standard and fish_shape(base, cover, n) != self.shape:
                        continue  # a simpler shape: found (and named) by that fish
                    yield from self._step(state, sym, where, base, cover, parts, B, masks, peers, seen,
                                          fins_allowed)

    def _step(self, state: State, sym: int, where: int, base: tuple[int, ...], cover: tuple[int, ...],
              parts: list[int], B: int, masks: tuple[int, ...], peers: tuple[int, ...], seen: set,
              fins_allowed: int) -> Iterator[Step]:
        C = 0
        for h in cover:
            C |= masks[h]
        fins = B & ~C
        nfins = fins.bit_count()
        if nfins > fins_allowed or (self.kind != "basic" and nfins == 0):
            return
        targets = where & C & ~B
        f = fins
        while f and targets:
            low = f & -f
            targets &= peers[low.bit_length() - 1]
            f ^= low
        if not targets:
            return
        if self.kind != "basic" and self.shape == "standard":
            sashimi = any((p & ~fins).bit_count() <= 1 for p in parts)
            if sashimi != (self.kind == "sashimi"):
                return
        elims = frozenset((c, sym) for c in bits_of(targets))
        key = (sym, B, elims)
        if key in seen:
            return
        seen.add(key)
        yield Step(self.technique, eliminations=elims, cells=bits_of(B), houses=base + cover,
                   symbols=[sym], details=(("base", base), ("cover", cover), ("fins", tuple(bits_of(fins)))))
