"""Uniqueness: unique rectangles (types 1-4) and BUG+1.

These rest on one assumption, stated in every explanation: the puzzle has
exactly one solution.  Four cells in two rows, two columns and two boxes
(or regions, each holding a pair of the four that share a row or column)
cannot all end up holding only the same two symbols {a,b}: the two
symbols could then be swapped, giving a second solution.  The engine uses
these strategies only after it has proven the solution unique, never on
puzzles with cages (a swap can change a cage's sum), and never with
``--no-uniqueness``.

* **Type 1**: three corners hold only {a,b}; the fourth loses a and b.
* **Type 2**: two corners hold only {a,b}, the other two {a,b,x}: one of
  those two is x, so cells seeing both lose x.
* **Type 3**: the extra symbols of the two roof corners act as one cell; with
  other cells of a house they share, they form a naked subset.
* **Type 4**: the roof corners share a house where a lives only in them:
  one is a, so neither can be b.
* **BUG+1**: every unsolved cell holds two candidates but one, which holds
  three; the symbol appearing three times in its house must go there.
"""

from __future__ import annotations

from itertools import combinations
from typing import Iterator, Sequence

from deduce.geometry import Geometry, cells_of
from deduce.state import State
from deduce.step import Step
from deduce.techniques import TECHNIQUES

from ._houses import common_targets, per_position


def rectangles(state: State) -> Iterator[tuple[tuple[int, int, int, int], int]]:
    """(corners, {a,b} mask) of every possible deadly rectangle: four
    unsolved cells, two rows, two columns, two regions, sharing two candidates."""
    g = state.puzzle.geometry
    n = g.size
    cand, value = state.cand, state.value
    for r1, r2 in combinations(range(n), 2):
        for c1, c2 in combinations(range(n), 2):
            corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
            if any(value[c] >= 0 for c in corners):
                continue
            regions = {g.region_of[c] for c in corners}
            if len(regions) != 2:
                continue
            a, b, c, d = corners
            same_rows = g.region_of[a] == g.region_of[b] and g.region_of[c] == g.region_of[d]
            same_cols = g.region_of[a] == g.region_of[c] and g.region_of[b] == g.region_of[d]
            if not (same_rows or same_cols):
                continue
            common = cand[a] & cand[b] & cand[c] & cand[d]
            for pair in combinations(cells_of(common), 2):
                yield corners, (1 << pair[0]) | (1 << pair[1])


def _shared_houses(state: State, x: int, y: int) -> list[int]:
    g = state.puzzle.geometry
    return [h for h in g.cell_houses[x] if h in g.cell_houses[y]]


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
                elims = [(c, s) for c in others if c not in group for s in cells_of(cand[c] & union)]
                if elims:
                    yield h, group, union, elims


class UniqueRectangle:
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

    def __init__(self, kind: int = 1):
        if kind not in (1, 2, 3, 4, 5, 6):
            raise ValueError("unique rectangle types are 1 to 6")
        self.kind = kind
        self.technique = TECHNIQUES[f"ur{kind}"]

    def __repr__(self) -> str:
        return f"UniqueRectangle({self.kind})"

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        for corners, pair in rectangles(state):
            floor = [c for c in corners if cand[c] == pair]
            roof = [c for c in corners if cand[c] != pair]
            details = (("corners", corners), ("pair", tuple(cells_of(pair))), ("roof", tuple(roof)))
            if self.kind == 1 and len(floor) == 3:
                elims = [(roof[0], s) for s in cells_of(pair)]
                yield Step(self.technique, eliminations=elims, cells=corners, symbols=cells_of(pair),
                           details=details)
                continue
            if self.kind == 5:
                yield from self._type5(state, corners, pair, roof, details)
                continue
            if self.kind == 1 or len(floor) != 2 or len(roof) != 2:
                continue
            shared = _shared_houses(state, roof[0], roof[1])
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
                    targets = [c for c in cells_of(pm[roof[0]] & pm[roof[1]])
                               if state.value[c] < 0 and cand[c] >> x & 1]
                    if targets:
                        yield Step(self.technique, eliminations=[(c, x) for c in targets], cells=corners,
                                   symbols=cells_of(pair) + [x], details=details + (("extra", x),))
            elif self.kind == 3:
                yield from self._type3(state, corners, pair, roof, extra, shared, details)
            elif self.kind == 4:
                for h in shared:
                    for a in cells_of(pair):
                        places = state.places(h, a)
                        if sorted(places) == sorted(roof):
                            b = cells_of(pair & ~(1 << a))[0]
                            elims = [(c, b) for c in roof if cand[c] >> b & 1]
                            if elims:
                                yield Step(self.technique, eliminations=elims, cells=corners, houses=(h,),
                                           symbols=(a, b), details=details + (("locked", a),))

    def _type5(self, state: State, corners: Sequence[int], pair: int, roof: list[int], details: tuple) -> Iterator[Step]:
        cand = state.cand
        if len(roof) not in (2, 3) or len({cand[c] for c in roof}) != 1:
            return
        extra = cand[roof[0]] & ~pair
        if extra.bit_count() != 1 or (len(roof) == 2 and _shared_houses(state, roof[0], roof[1])):
            return  # two roofs in one house with one extra: type 2
        x = extra.bit_length() - 1
        targets = common_targets(state, roof, x)
        if targets:
            yield Step(self.technique, eliminations=[(c, x) for c in targets], cells=corners,
                       symbols=cells_of(pair) + [x], details=details + (("extra", x),))

    def _type6(self, state: State, corners: Sequence[int], pair: int, roof: list[int], details: tuple) -> Iterator[Step]:
        g = state.puzzle.geometry
        cand = state.cand
        cset = set(corners)
        for a in cells_of(pair):
            for kind in (0, 1):  # the rectangle's two rows, then its two columns
                lines = sorted({g.cell_houses[c][kind] for c in corners})
                if all(set(state.places(h, a)) <= cset for h in lines):
                    elims = [(c, a) for c in roof if cand[c] >> a & 1]
                    if elims:
                        yield Step(self.technique, eliminations=elims, cells=corners, houses=tuple(lines),
                                   symbols=cells_of(pair), details=details + (("locked", a),))
                        return

    def _type3(self, state: State, corners: Sequence[int], pair: int, roof: list[int], extra: int, shared: list[int],
               details: tuple) -> Iterator[Step]:
        for h, group, union, elims in virtual_subsets(state, shared, roof, extra, forbidden=pair):
            yield Step(self.technique, eliminations=elims, cells=tuple(corners) + group, houses=(h,),
                       symbols=cells_of(union), se_bonus=round(0.1 * len(group), 1),
                       details=details + (("subset", group), ("subset_symbols", tuple(cells_of(union)))))


class BugPlusOne:
    technique = TECHNIQUES["bug+1"]
    requires_unique = True
    allows_cages = False

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        g = state.puzzle.geometry
        odd = None
        for c in range(len(cand)):
            if value[c] >= 0:
                continue
            k = cand[c].bit_count()
            if k == 2:
                continue
            if k != 3 or odd is not None:
                return
            odd = c
        if odd is None:
            return
        for s in cells_of(cand[odd]):
            counts = [len(state.places(h, s)) for h in g.cell_houses[odd]]
            if all(x == 3 for x in counts) and self._is_bug_without(state, odd, s):
                yield Step(self.technique, placements=[(odd, s)], cells=(odd,), houses=g.cell_houses[odd],
                           symbols=(s,))
                return

    @staticmethod
    def _is_bug_without(state: State, odd: int, s: int) -> bool:
        """True if, with ``s`` taken out of ``odd``, every symbol not yet placed
        in a house has exactly two places there (a bivalue universal grave:
        such a position has no solution or at least two)."""
        g = state.puzzle.geometry
        for h in range(3 * g.size):
            placed = state.placed_in(h)
            for x in range(g.size):
                if placed >> x & 1:
                    continue
                count = len(state.places(h, x)) - (1 if x == s and odd in g.houses[h] else 0)
                if count != 2:
                    return False
        return True


#: Most cells with extra candidates a BUG pattern may have, and most ways to
#: choose their two BUG candidates (deterministic bounds).
MAX_BUG_CELLS = 6
MAX_BUG_CHOICES = 1000


def bug_extras(state: State) -> dict[int, int] | None:
    """The extra candidates that stand between this position and a BUG.

    Returns ``{cell: extra mask}`` for the cells with more than two
    candidates, such that without those extras every unsolved cell would
    hold two candidates and every symbol not yet placed in a house would
    have exactly two places there (a *bivalue universal grave*, which has
    no solution or several); None when no such choice exists.
    """
    g = state.puzzle.geometry
    cand, value = state.cand, state.value
    bug = []
    for c in range(len(cand)):
        if value[c] < 0:
            k = cand[c].bit_count()
            if k < 2:
                return None
            if k > 2:
                bug.append(c)
    if not bug or len(bug) > MAX_BUG_CELLS:
        return None
    choices = [[(1 << a) | (1 << b) for a, b in combinations(cells_of(cand[c]), 2)] for c in bug]
    total = 1
    for ch in choices:
        total *= len(ch)
    if total > MAX_BUG_CHOICES:
        return None
    n = g.size
    need = []  # (house, symbol, count among bivalue cells) that must reach 2
    bug_set = set(bug)
    for h, cells in enumerate(g.houses):
        placed = state.placed_in(h)
        for s in range(n):
            if placed >> s & 1:
                continue
            count = sum(1 for c in cells if c not in bug_set and value[c] < 0 and cand[c] >> s & 1)
            if count > 2:
                return None
            need.append((h, s, count))
    houses_of = [set(g.cell_houses[c]) for c in bug]
    for keep in _product(choices):
        ok = True
        for h, s, count in need:
            extra = sum(1 for i, c in enumerate(bug) if h in houses_of[i] and keep[i] >> s & 1)
            if count + extra != 2:
                ok = False
                break
        if ok:
            return {c: cand[c] & ~keep[i] for i, c in enumerate(bug)}
    return None


def _product(choices: list[list[int]]) -> Iterator[tuple[int, ...]]:
    if not choices:
        yield ()
        return
    for first in choices[0]:
        for rest in _product(choices[1:]):
            yield (first,) + rest


class BugType:
    """``BugType(2)``, ``BugType(3)``, ``BugType(4)``: BUG patterns with
    several cells holding extra candidates (Sudoku Explainer's types).

    At least one of those cells must take one of its extras, else the grid
    would be a BUG.  Type 2: every such cell has the same single extra x,
    so cells seeing all of them lose x.  Type 3: the cells lie in one house
    and their extras, as one virtual cell, form a naked subset with other
    cells of the house.  Type 4: two such cells in one house, each with one
    extra, share a symbol that lives only in them there: each is that
    symbol or its extra.
    """

    requires_unique = True
    allows_cages = False

    def __init__(self, kind: int):
        if kind not in (2, 3, 4):
            raise ValueError("BUG types are 2, 3 and 4 (type 1 is BUG+1)")
        self.kind = kind
        self.technique = TECHNIQUES[f"bug{kind}"]

    def __repr__(self) -> str:
        return f"BugType({self.kind})"

    def find(self, state: State) -> Iterator[Step]:
        extras = bug_extras(state)
        if extras is None or len(extras) < 2:
            return
        cand = state.cand
        g = state.puzzle.geometry
        cells = sorted(extras)
        details = (("extras", tuple((c, tuple(cells_of(extras[c]))) for c in cells)),)
        if self.kind == 2:
            masks = set(extras.values())
            if len(masks) != 1:
                return
            x_mask = masks.pop()
            if x_mask.bit_count() != 1:
                return
            x = x_mask.bit_length() - 1
            targets = common_targets(state, cells, x)
            if targets:
                yield Step(self.technique, eliminations=[(t, x) for t in targets], cells=cells, symbols=(x,),
                           details=details)
            return
        shared = [h for h in g.cell_houses[cells[0]] if all(h in g.cell_houses[c] for c in cells)]
        if self.kind == 3:
            union = 0
            for m in extras.values():
                union |= m
            for h, group, subset, elims in virtual_subsets(state, shared, cells, union):
                yield Step(self.technique, eliminations=elims, cells=cells + list(group), houses=(h,),
                           symbols=cells_of(subset), se_bonus=round(0.1 * len(group), 1),
                           details=details + (("subset", group), ("subset_symbols", tuple(cells_of(subset)))))
            return
        if len(cells) != 2 or any(m.bit_count() != 1 for m in extras.values()):
            return
        a, b = cells
        for h in shared:
            for v in cells_of(cand[a] & cand[b] & ~extras[a] & ~extras[b]):
                if sorted(state.places(h, v)) != [a, b]:
                    continue
                elims = [(c, s) for c in cells for s in cells_of(cand[c] & ~extras[c] & ~(1 << v))]
                if elims:
                    yield Step(self.technique, eliminations=elims, cells=cells, houses=(h,), symbols=(v,),
                               details=details + (("locked", v),))


#: Longest unique loop searched, in cells (a deterministic bound).
MAX_LOOP = 10


class UniqueLoop:
    """``UniqueLoop(type)``: unique rectangles grown into loops of 6, 8 or 10 cells.

    A loop of unsolved cells that all hold {a,b}, where every row, column
    and box holds either none of its cells or exactly two, could not be
    left holding only a and b: swapping them along the loop would give a
    second solution.  So some loop cell holds a symbol other than a and b,
    with the same four types as unique rectangles.
    """

    requires_unique = True
    allows_cages = False

    def __init__(self, kind: int = 1):
        if kind not in (1, 2, 3, 4):
            raise ValueError("unique loop types are 1 to 4")
        self.kind = kind
        self.technique = TECHNIQUES["unique-loop"]

    def __repr__(self) -> str:
        return f"UniqueLoop({self.kind})"

    def find(self, state: State) -> Iterator[Step]:
        for loop, pair in unique_loops(state):
            yield from self._steps(state, loop, pair)

    def _steps(self, state: State, loop: tuple[int, ...], pair: int) -> Iterator[Step]:
        cand, value = state.cand, state.value
        g = state.puzzle.geometry
        roof = [c for c in loop if cand[c] != pair]
        bonus = {6: 0.0, 8: 0.1}.get(len(loop), 0.4)
        variant = str(self.kind)
        details = (("corners", loop), ("pair", tuple(cells_of(pair))), ("roof", tuple(roof)))
        if self.kind == 1:
            if len(roof) == 1:
                yield Step(self.technique, eliminations=[(roof[0], s) for s in cells_of(pair)], cells=loop,
                           symbols=cells_of(pair), variant=variant, se_bonus=bonus, details=details)
            return
        if len(roof) < 2:
            return
        extra = 0
        for c in roof:
            extra |= cand[c] & ~pair
        if self.kind == 2:
            if extra.bit_count() != 1 or any(cand[c] != pair | extra for c in roof):
                return
            x = extra.bit_length() - 1
            targets = common_targets(state, roof, x)
            if targets:
                yield Step(self.technique, eliminations=[(t, x) for t in targets], cells=loop,
                           symbols=cells_of(pair) + [x], variant=variant, se_bonus=bonus,
                           details=details + (("extra", x),))
            return
        if len(roof) != 2:
            return
        shared = _shared_houses(state, roof[0], roof[1])
        if self.kind == 3:
            if extra.bit_count() < 2:
                return
            for h, group, union, elims in virtual_subsets(state, shared, loop, extra, forbidden=pair, max_size=3):
                yield Step(self.technique, eliminations=elims, cells=loop + group, houses=(h,),
                           symbols=cells_of(union), variant=variant, se_bonus=round(bonus + 0.1 * len(group), 1),
                           details=details + (("subset", group), ("subset_symbols", tuple(cells_of(union)))))
            return
            houses = [(h, [c for c in g.houses[h] if value[c] < 0 and c not in loop]) for h in shared]
            for k in range(1, 4):
                for h, others in houses:
                    for group in combinations(others, k):
                        union = extra
                        for c in group:
                            union |= cand[c]
                        if union.bit_count() != k + 1 or union & pair:
                            continue
                        elims = [(c, s) for c in others if c not in group for s in cells_of(cand[c] & union)]
                        if elims:
                            yield Step(self.technique, eliminations=elims, cells=loop + group, houses=(h,),
                                       symbols=cells_of(union), variant=variant,
                                       se_bonus=round(bonus + 0.1 * k, 1),
                                       details=details + (("subset", group),
                                                          ("subset_symbols", tuple(cells_of(union)))))
            return
        for h in shared:
            for locked in cells_of(pair):
                if sorted(state.places(h, locked)) == sorted(roof):
                    other = (pair & ~(1 << locked)).bit_length() - 1
                    elims = [(c, other) for c in roof if cand[c] >> other & 1]
                    if elims:
                        yield Step(self.technique, eliminations=elims, cells=loop, houses=(h,),
                                   symbols=cells_of(pair), variant=variant, se_bonus=bonus,
                                   details=details + (("locked", locked),))


def unique_loops(state: State) -> list[tuple[tuple[int, ...], int]]:
    """(loop, pair mask) of every possible unique loop of the position,
    computed once per position for the four types."""
    return per_position(state, "unique loops", lambda: _all_loops(state))


def _all_loops(state: State) -> list[tuple[tuple[int, ...], int]]:
    cand, value = state.cand, state.value
    g = state.puzzle.geometry
    unsolved = [c for c in range(len(cand)) if value[c] < 0 and cand[c].bit_count() >= 2]
    out: list[tuple[tuple[int, ...], int]] = []
    for a, b in combinations(range(g.size), 2):
        pair = (1 << a) | (1 << b)
        cells = [c for c in unsolved if cand[c] & pair == pair]
        if len(cells) < 6:
            continue
        out.extend((loop, pair) for loop in _loops(g, cells, {c for c in cells if cand[c] != pair}))
    return out


#: Most loop cells with candidates beyond the pair (every type needs few).
MAX_LOOP_EXTRAS = 3


def _loops(g: Geometry, cells: list[int], extra: set[int]) -> Iterator[tuple[int, ...]]:
    """Loops of 6 to :data:`MAX_LOOP` cells from ``cells``, consecutive cells
    sharing a house and every house holding none of them or exactly two;
    at most :data:`MAX_LOOP_EXTRAS` of them from ``extra``."""
    cell_set = set(cells)
    neighbours = {c: [d for d in g.peers[c] if d in cell_set] for c in cells}
    found: set[frozenset[int]] = set()
    counts = [0] * len(g.houses)

    def extend(path: list[int]) -> Iterator[tuple[int, ...]]:
        last = path[-1]
        for nxt in neighbours[last]:
            if nxt == path[0] and len(path) >= 6 and len(path) % 2 == 0:
                if all(k in (0, 2) for k in counts):
                    key = frozenset(path)
                    if key not in found:
                        found.add(key)
                        yield tuple(path)
                continue
            if nxt <= path[0] or nxt in path or len(path) >= MAX_LOOP:
                continue
            houses = g.cell_houses[nxt]
            if any(counts[h] >= 2 for h in houses):
                continue
            if nxt in extra and sum(1 for c in path if c in extra) >= MAX_LOOP_EXTRAS:
                continue
            for h in houses:
                counts[h] += 1
            path.append(nxt)
            yield from extend(path)
            path.pop()
            for h in houses:
                counts[h] -= 1

    for start in cells:
        for h in g.cell_houses[start]:
            counts[h] += 1
        yield from extend([start])
        for h in g.cell_houses[start]:
            counts[h] -= 1


class HiddenRectangle:
    """A would-be deadly rectangle on {a,b} with a corner A holding only
    {a,b}.  If, in the row and the column of the opposite corner D, a can
    only go in the rectangle, then D is not b: with D = b, a would fill the
    two corners beside D, A would be b, and the four corners would hold
    only a and b."""

    technique = TECHNIQUES["hidden-rectangle"]
    requires_unique = True
    allows_cages = False

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        g = state.puzzle.geometry
        n = g.size
        for corners, pair in rectangles(state):
            for corner in corners:
                if cand[corner] != pair:
                    continue
                far = next(c for c in corners if c // n != corner // n and c % n != corner % n)
                row_mate = next(c for c in corners if c != far and c // n == far // n)
                col_mate = next(c for c in corners if c != far and c % n == far % n)
                row, col = far // n, n + far % n
                for a in cells_of(pair):
                    b = (pair & ~(1 << a)).bit_length() - 1
                    if not cand[far] >> b & 1:
                        continue
                    if sorted(state.places(row, a)) != sorted((far, row_mate)):
                        continue
                    if sorted(state.places(col, a)) != sorted((far, col_mate)):
                        continue
                    yield Step(self.technique, eliminations=[(far, b)], cells=corners, houses=(row, col),
                               symbols=(a, b),
                               details=(("corners", corners), ("pair", tuple(cells_of(pair))),
                                        ("floor", corner), ("far", far), ("locked", a)))


class AvoidableRectangle:
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

    def __init__(self, kind: int = 1):
        if kind not in (1, 2):
            raise ValueError("avoidable rectangle types are 1 and 2")
        self.kind = kind
        self.technique = TECHNIQUES["avoidable-rectangle"]

    def __repr__(self) -> str:
        return f"AvoidableRectangle({self.kind})"

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        n = g.size
        cand, value = state.cand, state.value
        givens = state.puzzle.givens
        for r1, r2 in combinations(range(n), 2):
            for c1, c2 in combinations(range(n), 2):
                corners = (r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2)
                if any(givens[c] >= 0 for c in corners) or len({g.region_of[c] for c in corners}) != 2:
                    continue
                a, b, c, d = corners
                if g.region_of[a] == g.region_of[d] or g.region_of[b] == g.region_of[c]:
                    continue  # the two regions must each hold a side of the rectangle
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
        targets = [t for t in cells_of(pm[free[0]] & pm[free[1]]) if value[t] < 0 and cand[t] >> x & 1]
        if targets:
            yield Step(self.technique, eliminations=[(t, x) for t in targets], cells=corners,
                       symbols=(value[placed[0]], value[placed[1]], x), variant="2",
                       details=(("corners", corners), ("placed", tuple(placed)), ("free", tuple(free)),
                                ("extra", x)))
