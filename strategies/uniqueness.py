"""Uniqueness: unique rectangles (types 1-6), hidden and avoidable rectangles.

These rest on one assumption, stated in every explanation: the puzzle has
exactly one solution.  Four cells in two rows, two columns and two boxes
(or regions, each holding a pair of the four that share a row or column)
cannot all end up holding only the same two symbols {a,b}: the two
symbols could then be swapped, giving a second solution.  The engine uses
these strategies only after it has proven the solution unique, never on
puzzles with cages (a swap can change a cage's sum), and never with
``--no-uniqueness``.  Unique loops (the same argument on 6 to 10 cells) are
in :mod:`strategies.unique_loops`, BUG+1 and BUG types 2-4 (the argument on
the whole grid) in :mod:`strategies.bug`.

* **Type 1**: three corners hold only {a,b}; the fourth loses a and b.
* **Type 2**: two corners hold only {a,b}, the other two {a,b,x}: one of
  those two is x, so cells seeing both lose x.
* **Type 3**: the extra symbols of the two roof corners act as one cell; with
  other cells of a house they share, they form a naked subset.
* **Type 4**: the roof corners share a house where a lives only in them:
  one is a, so neither can be b.
* **Type 5**: two diagonal corners, or three, hold the pair and one same
  extra x; cells seeing all of them lose x.
* **Type 6**: two diagonal corners hold only the pair and a lies only in
  the rectangle along both its rows (or columns): the other two lose a.
* **Hidden rectangle**: a corner holds only {a,b} and a lives only in the
  rectangle along the opposite corner's row and column: that corner is not b.
* **Avoidable rectangle**: the same on corners the solver placed (placed
  symbols could be swapped too).
"""

from __future__ import annotations

import functools
from itertools import combinations
from typing import Iterator, Sequence

import attrs

from deduce.geometry import Geometry, bits_of
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

from ._houses import common_targets, per_position


def rectangles(state: State) -> list[tuple[tuple[int, int, int, int], int]]:
    """(corners, {a,b} mask) of every possible deadly rectangle: four
    unsolved cells, two rows, two columns, two regions, sharing two candidates
    (computed once per position for all the rectangle techniques)."""
    return per_position(state, "rectangles", lambda: list(_rectangles(state)))


def _rectangles(state: State) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    cand, value = state.cand, state.value
    for corners in _deadly_shapes(state.puzzle.geometry):
        a, b, c, d = corners
        if value[a] >= 0 or value[b] >= 0 or value[c] >= 0 or value[d] >= 0:
            continue
        common = cand[a] & cand[b] & cand[c] & cand[d]
        if common & (common - 1):  # two symbols or more
            for pair in combinations(bits_of(common), 2):
                yield corners, (1 << pair[0]) | (1 << pair[1])


@functools.lru_cache(maxsize=64)
def _deadly_shapes(g: Geometry) -> tuple[tuple[int, int, int, int], ...]:
    """The corners (r1c1, r1c2, r2c1, r2c2) of every rectangle of ``g`` in
    two regions, each holding the two corners of one row or one column."""
    n = g.size
    reg = g.region_of
    out = []
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            a, b, c, d = corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            if len({reg[a], reg[b], reg[c], reg[d]}) != 2:
                continue
            if (reg[a] == reg[b] and reg[c] == reg[d]) or (reg[a] == reg[c] and reg[b] == reg[d]):
                out.append(corners)
    return tuple(out)


@functools.lru_cache(maxsize=64)
def _avoidable_shapes(g: Geometry, givens: tuple[int, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """The corners of every rectangle of ``g`` without a given, in two
    regions that each hold a side of it: the deadly shapes without givens."""
    return tuple(corners for corners in _deadly_shapes(g) if all(givens[c] < 0 for c in corners))


def virtual_subsets(state: State, shared: list[int], pattern: set[int] | list[int] | tuple[int, ...], extra: int,
                    forbidden: int = 0, max_size: int = 4) -> Iterator[tuple[int, tuple[int, ...], int,
                                                                              list[tuple[int, int]]]]:
    """Naked subsets made with a *virtual cell*: the extra candidates
    ``extra`` of a pattern, one of which some pattern cell in a house of
    ``shared`` must hold.  Yields ``(house, other cells, symbols,
    eliminations)``, smallest subsets first; symbols in ``forbidden`` may not
    take part."""
    if not extra:
        return
    cand, value = state.cand, state.value
    g = state.puzzle.geometry
    houses = [(h, [c for c in g.houses[h] if value[c] < 0 and c not in pattern]) for h in shared]
    for k in range(1, max_size + 1):
        for h, others in houses:
            for group in combinations(others, k):
                union = extra
                for c in group:
                    union |= cand[c]
                if union.bit_count() != k + 1 or union & forbidden:
                    continue
                elims = [(c, s) for c in others if c not in group for s in bits_of(cand[c] & union)]
                if elims:
                    yield h, group, union, elims


@attrs.frozen
class UniqueRectangle(Producer):
    """``UniqueRectangle(type)`` for types 1 to 6.

    Type 5: two diagonal corners, or three corners, hold the pair and one
    same extra symbol x: one of them is x, so cells seeing all of them lose
    x.  Type 6: the two other corners (diagonal) hold only the pair, and in
    both rows (or both columns) of the rectangle one of the pair, a, lies
    only in its corners: a fills either the two pair-only corners or the two
    others; the latter would leave the pair-only corners both b, the deadly
    pattern, so the two others lose a.
    """

    requires_unique = True
    allows_cages = False

    kind: int = 1
    CODES = {k: f"ur{k}" for k in (1, 2, 3, 4, 5, 6)}

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        for corners, pair in rectangles(state):
            floor = [c for c in corners if cand[c] == pair]
            roof = [c for c in corners if cand[c] != pair]
            details = (("corners", corners), ("pair", tuple(bits_of(pair))), ("roof", tuple(roof)))
            if self.kind == 1 and len(floor) == 3:
                elims = [(roof[0], s) for s in bits_of(pair)]
                yield Step(self.technique, eliminations=elims, cells=corners, symbols=bits_of(pair),
                           details=details)
                continue
            if self.kind == 5:
                yield from self._type5(state, corners, pair, roof, details)
                continue
            if self.kind == 1 or len(floor) != 2 or len(roof) != 2:
                continue
            shared = list(state.puzzle.geometry.common_houses(roof[0], roof[1]))
            if self.kind == 6:
                if not shared:
                    yield from self._type6(state, corners, pair, roof, details)
                continue
            if not shared:
                continue  # roofs on a diagonal: types 1-4 do not apply
            extra = (cand[roof[0]] | cand[roof[1]]) & ~pair
            if self.kind == 2:
                if cand[roof[0]] == cand[roof[1]] and extra.bit_count() == 1:
                    x = extra.bit_length() - 1
                    pm = state.puzzle.peer_masks
                    targets = [c for c in bits_of(pm[roof[0]] & pm[roof[1]])
                               if state.value[c] < 0 and cand[c] >> x & 1]
                    if targets:
                        yield Step(self.technique, eliminations=[(c, x) for c in targets], cells=corners,
                                   symbols=bits_of(pair) + [x], details=details + (("extra", x),))
            elif self.kind == 3:
                yield from self._type3(state, corners, pair, roof, extra, shared, details)
            elif self.kind == 4:
                for h in shared:
                    for a in bits_of(pair):
                        places = state.places(h, a)
                        if sorted(places) == sorted(roof):
                            b = bits_of(pair & ~(1 << a))[0]
                            elims = [(c, b) for c in roof if cand[c] >> b & 1]
                            if elims:
                                yield Step(self.technique, eliminations=elims, cells=corners, houses=(h,),
                                           symbols=(a, b), details=details + (("locked", a),))

    def _type5(self, state: State, corners: Sequence[int], pair: int, roof: list[int],
               details: tuple) -> Iterator[Step]:
        cand = state.cand
        if len(roof) not in (2, 3) or len({cand[c] for c in roof}) != 1:
            return
        extra = cand[roof[0]] & ~pair
        if extra.bit_count() != 1 or (len(roof) == 2 and state.puzzle.geometry.common_houses(roof[0], roof[1])):
            return  # two roofs in one house with one extra: type 2
        x = extra.bit_length() - 1
        targets = common_targets(state, roof, x)
        if targets:
            yield Step(self.technique, eliminations=[(c, x) for c in targets], cells=corners,
                       symbols=bits_of(pair) + [x], details=details + (("extra", x),))

    def _type6(self, state: State, corners: Sequence[int], pair: int, roof: list[int],
               details: tuple) -> Iterator[Step]:
        g = state.puzzle.geometry
        cand = state.cand
        cset = set(corners)
        for a in bits_of(pair):
            for kind in (0, 1):  # the rectangle's two rows, then its two columns
                lines = sorted({g.cell_houses[c][kind] for c in corners})
                if all(set(state.places(h, a)) <= cset for h in lines):
                    elims = [(c, a) for c in roof if cand[c] >> a & 1]
                    if elims:
                        yield Step(self.technique, eliminations=elims, cells=corners, houses=tuple(lines),
                                   symbols=bits_of(pair), details=details + (("locked", a),))
                        return

    def _type3(self, state: State, corners: Sequence[int], pair: int, roof: list[int], extra: int, shared: list[int],
               details: tuple) -> Iterator[Step]:
        for h, group, union, elims in virtual_subsets(state, shared, roof, extra, forbidden=pair):
            yield Step(self.technique, eliminations=elims, cells=tuple(corners) + group, houses=(h,),
                       symbols=bits_of(union), se_bonus=round(0.1 * len(group), 1),
                       details=details + (("subset", group), ("subset_symbols", tuple(bits_of(union)))))


@attrs.frozen
class HiddenRectangle(Producer):
    """A would-be deadly rectangle on {a,b} with a corner A holding only
    {a,b}.  If, in the row and the column of the opposite corner D, a can
    only go in the rectangle, then D is not b: with D = b, a would fill the
    two corners beside D, A would be b, and the four corners would hold
    only a and b."""

    CODE = "hidden-rectangle"
    requires_unique = True
    allows_cages = False

    #: HoDoKu's reading (its default, for the ``hodoku`` profile): a corner
    #: may have lost a or b to logic, as long as no placed digit keeps it
    #: out (the swap needs only that the four cells could hold both), and
    #: one corner, or two diagonal ones, hold nothing but {a,b}.
    missing: bool = False

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        g = state.puzzle.geometry
        n = g.size
        for corners, pair in (_loose_rectangles(state) if self.missing else rectangles(state)):
            for corner in corners:
                if cand[corner] != pair:
                    continue
                far = next(c for c in corners if c // n != corner // n and c % n != corner % n)
                row_mate = next(c for c in corners if c != far and c // n == far // n)
                col_mate = next(c for c in corners if c != far and c % n == far % n)
                row, col = far // n, n + far % n
                for a in bits_of(pair):
                    b = (pair & ~(1 << a)).bit_length() - 1
                    if not cand[far] >> b & 1:
                        continue
                    if not _only_in(state.places(row, a), far, row_mate, self.missing):
                        continue
                    if not _only_in(state.places(col, a), far, col_mate, self.missing):
                        continue
                    yield Step(self.technique, eliminations=[(far, b)], cells=corners, houses=(row, col),
                               symbols=(a, b),
                               details=(("corners", corners), ("pair", tuple(bits_of(pair))),
                                        ("floor", corner), ("far", far), ("locked", a)))


def _only_in(places: list[int], far: int, mate: int, missing: bool) -> bool:
    """A digit's places in a line are the two corners (or, with ``missing``,
    among them: a corner that lost the digit only narrows it further)."""
    return set(places) <= {far, mate} if missing else sorted(places) == sorted((far, mate))


def _loose_rectangles(state: State) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """:func:`rectangles` as HoDoKu reads them: four unsolved corners where
    no placed digit rules out a or b, one or two (diagonal) of them holding
    only {a,b}."""
    cand, value = state.cand, state.value
    n = state.puzzle.geometry.size
    peers = state.puzzle.peers
    for corners in _deadly_shapes(state.puzzle.geometry):
        if any(value[c] >= 0 for c in corners):
            continue
        seen = 0
        for c in corners:
            for p in peers[c]:
                if value[p] >= 0:
                    seen |= 1 << value[p]
        pairs = {cand[c] for c in corners if cand[c].bit_count() == 2 and not cand[c] & seen}
        for pair in pairs:
            tight = [c for c in corners if not cand[c] & ~pair]
            if len(tight) == 2 and (tight[0] // n == tight[1] // n or tight[0] % n == tight[1] % n):
                continue
            if len(tight) in (1, 2):
                yield corners, pair


@attrs.frozen
class AvoidableRectangle(Producer):
    """``AvoidableRectangle(1)`` or ``(2)``: a would-be deadly rectangle
    whose solved corners were placed by the solver, not given.

    Placed symbols could be swapped like candidates: if the four corners
    ended as a, b / b, a with no given among them, swapping them would give
    a second solution.  Type 1: three corners are placed a, b, b (the two b
    beside the a); the fourth cannot be a.  Type 2: two corners in one
    line are placed a and b; the other two hold {b,x} and {a,x} (b below a,
    a below b): one of them is x, so cells seeing both lose x.
    """

    requires_unique = True
    allows_cages = False

    kind: int = 1
    CODES = {1: "avoidable-rectangle", 2: "avoidable-rectangle"}

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        n = g.size
        cand, value = state.cand, state.value
        for corners in _avoidable_shapes(g, state.puzzle.givens):
            placed = [x for x in corners if value[x] >= 0]
            if self.kind == 1 and len(placed) == 3:
                (free,) = [x for x in corners if value[x] < 0]
                opposite = next(x for x in corners if x // n != free // n and x % n != free % n)
                beside = [x for x in corners if x not in (free, opposite)]
                if value[beside[0]] == value[beside[1]] != value[opposite]:
                    sym = value[opposite]
                    if cand[free] >> sym & 1:
                        yield Step(self.technique, eliminations=[(free, sym)], cells=corners,
                                   symbols=(sym, value[beside[0]]), variant="1",
                                   details=(("corners", corners), ("placed", tuple(placed)), ("free", (free,))))
            elif self.kind == 2 and len(placed) == 2:
                pair = [x for x in corners if value[x] < 0]
                if pair[0] // n != pair[1] // n and pair[0] % n != pair[1] % n:
                    continue  # the placed corners must share a line
                yield from self._type2(state, corners, placed, pair)

    def _type2(self, state: State, corners: tuple[int, ...], placed: list[int], free: list[int]) -> Iterator[Step]:
        cand, value = state.cand, state.value
        n = state.puzzle.geometry.size
        if value[placed[0]] == value[placed[1]]:
            return
        extras = 0
        for f in free:
            # the placed corner in line with f (not in f's line) gives f its "other" symbol
            across = next(p for p in placed if p // n == f // n or p % n == f % n)
            partner = next(p for p in placed if p != across)
            need = value[partner]
            if cand[f].bit_count() != 2 or not cand[f] >> need & 1:
                return
            extras |= cand[f] & ~(1 << need)
        if extras.bit_count() != 1:
            return
        x = extras.bit_length() - 1
        pm = state.puzzle.peer_masks
        targets = [t for t in bits_of(pm[free[0]] & pm[free[1]]) if value[t] < 0 and cand[t] >> x & 1]
        if targets:
            yield Step(self.technique, eliminations=[(t, x) for t in targets], cells=corners,
                       symbols=(value[placed[0]], value[placed[1]], x), variant="2",
                       details=(("corners", corners), ("placed", tuple(placed)), ("free", tuple(free)),
                                ("extra", x)))

