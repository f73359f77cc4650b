"""Wings: XY-wing, XYZ-wing, W-wing and WXYZ-wing.

* **XY-wing**: a pivot {x,y} sees two pincers {x,z} and {y,z}.  Whatever
  the pivot holds, one pincer is z, so a cell seeing both pincers loses z.
* **XYZ-wing**: a pivot {x,y,z} sees pincers {x,z} and {y,z}; one of the
  three is z, so a cell seeing all three loses z.
* **W-wing**: two cells {x,y} that do not see each other, and a house where
  x has only two places, one seen by each cell.  One of the two cells is y
  (if both were x, the house would have no x), so a cell seeing both loses y.
* **WXYZ-wing** (a bent set of four): four cells holding four symbols
  between them, where every symbol but one, z, is *restricted*: its cells
  in the set all see each other, so it fills at most one of them.  Three
  symbols cannot fill four cells, so one of the cells is z, and a cell
  seeing every z of the set loses z.  (With three cells this is the XY-
  and XYZ-wing; the pivot-and-three-pincers form is the best known.)
"""

from __future__ import annotations

from itertools import combinations
from typing import ClassVar, Iterator, Sequence

import attrs

from deduce.geometry import bits_of
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

from ._houses import common_targets
from ._memo import memo_for, symbol_masks
from .single_digit import strong_links


@attrs.frozen
class XYWing(Producer):
    CODE = "xy-wing"

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        peers = state.puzzle.peers
        bivalue = state.bivalue_cells()
        for pivot in bivalue:
            pm = cand[pivot]
            wings = [c for c in peers[pivot] if value[c] < 0 and cand[c].bit_count() == 2
                     and (cand[c] & pm).bit_count() == 1]
            for a, b in combinations(wings, 2):
                za, zb = cand[a] & ~pm, cand[b] & ~pm
                if za != zb or (cand[a] & pm) == (cand[b] & pm):
                    continue
                z = za.bit_length() - 1
                targets = common_targets(state, (a, b), z)
                if targets:
                    yield Step(self.technique, eliminations=[(c, z) for c in targets], cells=(pivot, a, b),
                               symbols=(z,), details=_wing_details(state, pivot, (a, b)) + (
                                   ("shared", ((a, (cand[a] & pm).bit_length() - 1),
                                               (b, (cand[b] & pm).bit_length() - 1))),))


def _wing_details(state: State, pivot: int, pincers: tuple[int, int]) -> tuple:
    cand = state.cand
    return (("pivot", pivot), ("pincers", pincers), ("pivot_cands", tuple(bits_of(cand[pivot]))),
            ("pincer_cands", tuple((c, tuple(bits_of(cand[c]))) for c in pincers)))


@attrs.frozen
class XYZWing(Producer):
    CODE = "xyz-wing"

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        peers = state.puzzle.peers
        for pivot in range(len(cand)):
            pm = cand[pivot]
            if value[pivot] >= 0 or pm.bit_count() != 3:
                continue
            wings = [c for c in peers[pivot] if value[c] < 0 and cand[c].bit_count() == 2 and cand[c] & ~pm == 0]
            for a, b in combinations(wings, 2):
                if cand[a] == cand[b]:
                    continue
                common = cand[a] & cand[b]
                if common.bit_count() != 1:
                    continue
                z = common.bit_length() - 1
                targets = common_targets(state, (pivot, a, b), z)
                if targets:
                    yield Step(self.technique, eliminations=[(c, z) for c in targets], cells=(pivot, a, b),
                               symbols=(z,), details=_wing_details(state, pivot, (a, b)))


@attrs.frozen
class WWing(Producer):
    CODE = "w-wing"

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        pm = state.puzzle.peer_masks
        bivalue = state.bivalue_cells()
        for a, b in combinations(bivalue, 2):
            if cand[a] != cand[b] or pm[a] >> b & 1:
                continue
            for x in bits_of(cand[a]):
                y = bits_of(cand[a] & ~(1 << x))[0]
                targets = common_targets(state, (a, b), y)
                if not targets:
                    continue
                for h, p, q in strong_links(state, x, symbol_masks(state)[x]):
                    if p in (a, b) or q in (a, b):
                        continue
                    if (pm[a] >> p & 1 and pm[b] >> q & 1) or (pm[a] >> q & 1 and pm[b] >> p & 1):
                        ends = (p, q) if pm[a] >> p & 1 else (q, p)
                        yield Step(self.technique, eliminations=[(c, y) for c in targets], cells=(a, b) + ends,
                                   houses=(h,), symbols=(y, x),
                                   details=(("link", ends), ("link_symbol", x)))
                        break


@attrs.frozen
class WXYZWing(Producer):
    """Bent sets of four cells holding four symbols with exactly one
    unrestricted symbol."""

    CODE = "wxyz-wing"
    #: cells (and symbols) of the bent set
    SIZE: ClassVar[int] = 4

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        pm = state.puzzle.peer_masks
        k = self.SIZE
        n = state.puzzle.size
        # each set of k symbols, with the cells holding only symbols of it
        within: dict[int, list[int]] = {}
        for c in range(len(cand)):
            m = cand[c]
            if value[c] >= 0 or not 2 <= m.bit_count() <= k:
                continue
            others = [x for x in range(n) if not m >> x & 1]
            for extra in combinations(others, k - m.bit_count()):
                within.setdefault(m | sum(1 << x for x in extra), []).append(c)
        seen: set[tuple[int, ...]] = set()
        memo = memo_for(state)
        for d, inside in sorted(within.items()):
            if len(inside) < k:
                continue
            # The sets depend only on these cells' candidates (and the peers): between two steps
            # most symbol sets keep them, so their sets are reused.
            key = ("bent sets", k, tuple(inside), tuple(cand[c] for c in inside))
            sets = memo.get(key)
            if sets is None:
                sets = memo[key] = list(self._sets(inside, k, cand, pm))
            for cells, loose in sets:
                union = 0
                for c in cells:
                    union |= cand[c]
                if union != d or loose.bit_count() != 1 or cells in seen:
                    continue
                z = loose.bit_length() - 1
                zcells = tuple(c for c in cells if cand[c] >> z & 1)
                targets = [t for t in common_targets(state, zcells, z) if t not in cells]
                if targets:
                    seen.add(cells)
                    yield Step(self.technique, eliminations=[(t, z) for t in targets], cells=cells, symbols=(z,),
                               details=(("cands", tuple((c, tuple(bits_of(cand[c]))) for c in cells)),
                                        ("z_cells", zcells)))

    @staticmethod
    def _sets(inside: list[int], k: int, cand: list[int],
              pm: Sequence[int]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Sets of k cells of ``inside`` with at most one *loose* symbol (one
        held by two cells that do not see each other), with that symbol's bit."""
        chosen: list[int] = []

        def rec(start: int, loose: int) -> Iterator[tuple[tuple[int, ...], int]]:
            if len(chosen) == k:
                yield tuple(chosen), loose
                return
            for i in range(start, len(inside) - (k - len(chosen)) + 1):
                c = inside[i]
                more = loose
                for p in chosen:
                    if not pm[c] >> p & 1:
                        more |= cand[c] & cand[p]
                if more & (more - 1):
                    continue  # two loose symbols already
                chosen.append(c)
                yield from rec(i + 1, more)
                chosen.pop()

        try:
            yield from rec(0, 0)
        finally:
            del rec  # (a function calling itself through its closure is a cycle: see deduce.collector)
