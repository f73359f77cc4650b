"""Unique loops: the unique-rectangle argument on loops of 6, 8 or 10 cells.

A loop of unsolved cells all holding {a,b}, two in every house it
touches, could not be left holding only a and b: swapping them along the
loop would give a second solution.  So some loop cell holds another
symbol, with the same four types as unique rectangles.  Used only on
puzzles proven to have one solution, never with cages.
"""

from __future__ import annotations

from typing import Iterator

import attrs

from deduce.geometry import Geometry, bits_of, mask_of
from deduce.render.words.prose import Field
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import HARD, UNIQUENESS, Technique, row

from ._houses import common_targets, per_position
from ._memo import bivalue, memo_for, symbol_masks
from .uniqueness import FIELDS as _RECTANGLE_FIELDS
from .uniqueness import RectangleDetails, virtual_subsets

MAX_LOOP = 10


@attrs.frozen
class UniqueLoop(Producer):
    """``UniqueLoop(type)``: unique rectangles grown into loops of 6, 8 or 10 cells.

    A loop of unsolved cells that all hold {a,b}, where every row, column
    and box holds either none of its cells or exactly two, could not be
    left holding only a and b: swapping them along the loop would give a
    second solution.  So some loop cell holds a symbol other than a and b,
    with the same four types as unique rectangles.
    """

    requires_unique = True
    allows_cages = False

    kind: int = 1
    #: types 1, 2, 4 and 3: the order Sudoku Explainer tries them in
    CODES = {k: "unique-loop" for k in (1, 2, 4, 3)}

    def find(self, state: State) -> Iterator[Step]:
        for loop, pair in unique_loops(state):
            yield from self._steps(state, loop, pair)

    def _steps(self, state: State, loop: tuple[int, ...], pair: int) -> Iterator[Step]:
        cand = state.cand
        roof = [c for c in loop if cand[c] != pair]
        bonus = {6: 0.0, 8: 0.1}.get(len(loop), 0.4)
        variant = str(self.kind)
        details = (("corners", loop), ("pair", tuple(bits_of(pair))), ("roof", tuple(roof)))
        if self.kind == 1:
            if len(roof) == 1:
                yield Step(self.technique, eliminations=[(roof[0], s) for s in bits_of(pair)], cells=loop,
                           symbols=bits_of(pair), variant=variant, se_bonus=bonus, details=details)
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
                           symbols=bits_of(pair) + [x], variant=variant, se_bonus=bonus,
                           details=details + (("extra", x),))
            return
        if len(roof) != 2:
            return
        shared = list(state.puzzle.geometry.common_houses(roof[0], roof[1]))
        if self.kind == 3:
            if extra.bit_count() < 2:
                return
            for h, group, union, elims in virtual_subsets(state, shared, loop, extra, forbidden=pair, max_size=3):
                yield Step(self.technique, eliminations=elims, cells=loop + group, houses=(h,),
                           symbols=bits_of(union), variant=variant, se_bonus=round(bonus + 0.1 * len(group), 1),
                           details=details + (("subset", group), ("subset_symbols", tuple(bits_of(union)))))
            return
        for h in shared:
            for locked in bits_of(pair):
                if sorted(state.places(h, locked)) == sorted(roof):
                    other = (pair & ~(1 << locked)).bit_length() - 1
                    elims = [(c, other) for c in roof if cand[c] >> other & 1]
                    if elims:
                        yield Step(self.technique, eliminations=elims, cells=loop, houses=(h,),
                                   symbols=bits_of(pair), variant=variant, se_bonus=bonus,
                                   details=details + (("locked", locked),))


def unique_loops(state: State) -> list[tuple[tuple[int, ...], int]]:
    """(loop, pair mask) of every possible unique loop of the position,
    computed once per position for the four types."""
    return per_position(state, "unique loops", lambda: _all_loops(state))


def _all_loops(state: State) -> list[tuple[tuple[int, ...], int]]:
    cand = state.cand
    g = state.puzzle.geometry
    memo = memo_for(state)
    places = symbol_masks(state)  # (the unsolved cells holding each symbol)
    out: list[tuple[tuple[int, ...], int]] = []
    # a loop has 6 cells or more, at most MAX_LOOP_EXTRAS of them with candidates beyond the pair:
    # so 6 - MAX_LOOP_EXTRAS or more holding the pair alone (counted from the bivalue cells; the
    # pairs in the order of combinations of their two symbols)
    alone: dict[int, int] = {}
    for c in bivalue(state)[0]:
        alone[cand[c]] = alone.get(cand[c], 0) + 1
    for pair in sorted((m for m, k in alone.items() if k >= 6 - MAX_LOOP_EXTRAS), key=lambda m: (m & -m, m)):
        a, b = (pair & -pair).bit_length() - 1, pair.bit_length() - 1
        both = places[a] & places[b]
        if both.bit_count() < 6:
            continue
        cells = bits_of(both)
        extras = [c for c in cells if cand[c] != pair]
        # the loops depend only on these cells and on which of them hold more than the pair: kept
        # per (cells, extras), since between two steps most pairs keep theirs
        key = ("unique loops", both, mask_of(extras))
        loops = memo.get(key)
        if loops is None:
            kept = _loop_candidates(g, cells)
            loops = memo[key] = list(_loops(g, kept, set(extras) & set(kept))) if len(kept) >= 6 else []
        out.extend((loop, pair) for loop in loops)
    return out


def _loop_candidates(g: Geometry, cells: list[int]) -> list[int]:
    """``cells`` without those that cannot be in a loop: a loop cell has
    another loop cell in each of its row, column and region (every house
    holds none or two), so cells without such a partner go, repeatedly."""
    keep = set(cells)
    changed = len(keep) >= 6
    while changed:
        changed = False
        for c in [c for c in cells if c in keep]:
            for h in g.cell_houses[c]:
                if not any(d in keep for d in g.houses[h] if d != c):
                    keep.discard(c)
                    changed = True
                    break
    return [c for c in cells if c in keep]


#: Most loop cells with candidates beyond the pair (every type needs few).
MAX_LOOP_EXTRAS = 3


def _loops(g: Geometry, cells: list[int], extra: set[int]) -> Iterator[tuple[int, ...]]:
    """Loops of 6 to :data:`MAX_LOOP` cells from ``cells``, consecutive cells
    sharing a house and every house holding none of them or exactly two;
    at most :data:`MAX_LOOP_EXTRAS` of them from ``extra``."""
    cell_set = set(cells)
    neighbours = {c: [d for d in g.peers[c] if d in cell_set] for c in cells}
    found: set[frozenset[int]] = set()
    out: list[tuple[int, ...]] = []
    counts = [0] * len(g.houses)
    cell_houses = g.cell_houses
    # Kept up to date along the path: the number of houses holding one path cell (a loop
    # closes with none), path cells with extras, and the path as a bitmask (a plain
    # recursion collecting into ``out``, in the order a depth-first walk meets the loops).
    odd = extras = on = 0

    def extend(path: list[int]) -> None:
        nonlocal odd, extras, on
        first, length = path[0], len(path)
        for nxt in neighbours[path[-1]]:
            if nxt == first:
                if length >= 6 and not length & 1 and not odd:
                    key = frozenset(path)
                    if key not in found:
                        found.add(key)
                        out.append(tuple(path))
                continue
            if nxt < first or on >> nxt & 1 or length >= MAX_LOOP:
                continue
            h0, h1, h2 = cell_houses[nxt]
            if counts[h0] >= 2 or counts[h1] >= 2 or counts[h2] >= 2:
                continue
            is_extra = nxt in extra
            if is_extra and extras >= MAX_LOOP_EXTRAS:
                continue
            # (add the cell: each of its houses goes from 0 to 1 path cells, or from 1 to 2)
            counts[h0] += 1
            counts[h1] += 1
            counts[h2] += 1
            was = odd
            odd += (1 if counts[h0] == 1 else -1) + (1 if counts[h1] == 1 else -1) + (1 if counts[h2] == 1 else -1)
            extras += is_extra
            on ^= 1 << nxt
            path.append(nxt)
            extend(path)
            path.pop()
            on ^= 1 << nxt
            extras -= is_extra
            odd = was
            counts[h0] -= 1
            counts[h1] -= 1
            counts[h2] -= 1

    try:
        for start in cells:
            h0, h1, h2 = cell_houses[start]
            counts[h0] += 1
            counts[h1] += 1
            counts[h2] += 1
            odd, extras, on = 3, int(start in extra), 1 << start
            extend([start])
            counts[h0] -= 1
            counts[h1] -= 1
            counts[h2] -= 1
    finally:
        del extend  # (a nested function reading its own closure is a cycle: see deduce.collector)
    return iter(out)


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(550, "unique-loop", "Unique loop", UNIQUENESS, 4.6, 100, HARD, "",
        "A loop of 6, 8 or 10 cells holding {a,b}, two in every house it touches, cannot be left holding only "
        "{a,b}; the four types work as for unique rectangles.",
        se_variants=(("1", 4.6), ("2", 4.6), ("3", 4.6), ("4", 4.6)),
        rating_note="Sudoku Explainer's unique loop: 4.6 for 6 cells, 4.7 for 8, 5.0 for 10 or more; type 3 adds "
                    "0.1 per cell of the naked set beside the loop. Not in HoDoKu's default set; scored like a "
                    "unique rectangle there.", se_order=220),
)


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


DETAILS: dict[str, type] = {"unique-loop": RectangleDetails}

TEMPLATES = {
    "unique-loop": (
        "Look for a unique loop on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}, two in every house they touch.",
        "This puzzle has a unique solution, so {ur_corners}, which hold {ur_pair} and lie two to every house "
        "they touch, cannot be left holding only {ur_pair}: the two {word}s could be swapped along the loop. "
        "{ur_reason}",
    ),
}

FIELDS: dict[str, Field] = {key: _RECTANGLE_FIELDS[key] for key in ("ur_pair", "ur_corners", "ur_reason")}
