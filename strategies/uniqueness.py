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

from itertools import combinations
from typing import TYPE_CHECKING, Any, Iterator, Sequence, TypedDict

import attrs

from deduce.geometry import Geometry, bits_of
from deduce.render.marks import Builder, Marks, default_marks
from deduce.render.words.prose import Field, capitalize, prose, verb, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import HARD, UNIQUENESS, Technique, row

from ._hodoku_tabling import hodoku_classic
from ._hodoku_uniqueness import hodoku_avoidable, hodoku_rectangles
from ._houses import common_targets, per_position

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


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


def _deadly_shapes(g: Geometry) -> tuple[tuple[int, int, int, int], ...]:
    """The corners (r1c1, r1c2, r2c1, r2c2) of every rectangle of ``g`` in (a table of :mod:`deduce.tables`)."""
    return table(("strategies.uniqueness._deadly_shapes", g), lambda: _make_deadly_shapes(g))


def _make_deadly_shapes(g: Geometry) -> tuple[tuple[int, int, int, int], ...]:
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


def _avoidable_shapes(state: State) -> tuple[tuple[int, int, int, int], ...]:
    """The corners of every rectangle of the puzzle's geometry without a
    given, in two regions that each hold a side of it: the deadly shapes
    without givens (kept in the solve's memo: a fact of the puzzle)."""
    givens = state.puzzle.givens
    memo = state.cache.memo(state)
    key = ("avoidable shapes", givens)
    got = memo.get(key)
    if got is None:
        got = memo[key] = tuple(corners for corners in _deadly_shapes(state.puzzle.geometry)
                                if all(givens[c] < 0 for c in corners))
    return got


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
    #: HoDoKu's reading (its default, for the ``hodoku`` profile): corners
    #: may have lost a rectangle digit to logic, and the rectangles come in
    #: HoDoKu's order (:mod:`strategies._hodoku_uniqueness`; 9x9 grids with
    #: boxes, the plain reading elsewhere).
    missing: bool = False
    CODES = {k: f"ur{k}" for k in (1, 2, 3, 4, 5, 6)}

    def parameters(self) -> tuple[Any, ...]:
        return (self.kind,)  # (``missing`` is a setting, not a variant)

    def find(self, state: State) -> Iterator[Step]:
        if self.missing and hodoku_classic(state):
            yield from self._hodoku(state)
            return
        cand = state.cand
        kind = self.kind
        # the corners holding only the pair (the floor) each type needs: type 1 three, type 5 one or
        # two (two or three roofs), the others two (read before anything is built)
        wanted = (3,) if kind == 1 else (1, 2) if kind == 5 else (2,)
        for corners, pair in rectangles(state):
            a, b, c, d = corners
            if (cand[a] == pair) + (cand[b] == pair) + (cand[c] == pair) + (cand[d] == pair) not in wanted:
                continue
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

    def _hodoku(self, state: State) -> Iterator[Step]:
        for (kind, elims, details), corners, pair in hodoku_rectangles(state):
            if kind != self.kind:
                continue
            d = dict(details)
            houses: tuple[int, ...] = d.get("lines", (d["house"],) if "house" in d else ())  # type: ignore[assignment]
            symbols = bits_of(pair) + ([d["extra"]] if "extra" in d else [])
            if "subset_symbols" in d:
                symbols = list(d["subset_symbols"])  # type: ignore[call-overload]
            keep = tuple((k, v) for k, v in details if k not in ("house", "lines"))
            yield Step(self.technique, eliminations=elims, cells=corners + d.get("subset", ()),  # type: ignore[operator]
                       houses=houses, symbols=symbols, details=keep)

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
        if self.missing and hodoku_classic(state):
            for (kind, elims, details), corners, _ in hodoku_rectangles(state):
                if kind == "hr":
                    d = dict(details)
                    yield Step(self.technique, eliminations=elims, cells=corners, houses=d["houses"],
                               symbols=(d["locked"], elims[0][1]),
                               details=tuple((k, v) for k, v in details if k != "houses"))
            return
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
    #: HoDoKu's reading (for the ``hodoku`` profile): the rectangles in
    #: HoDoKu's order, an empty corner read only when it holds two
    #: candidates (:func:`strategies._hodoku_uniqueness.hodoku_avoidable`;
    #: 9x9 grids, the plain reading elsewhere).
    bivalue: bool = False
    CODES = {1: "avoidable-rectangle", 2: "avoidable-rectangle"}

    def parameters(self) -> tuple[Any, ...]:
        return (self.kind,)  # (``bivalue`` is a setting, not a variant)

    def find(self, state: State) -> Iterator[Step]:
        if self.bivalue and hodoku_classic(state):
            for kind, elims, details in hodoku_avoidable(state):
                if kind == self.kind:
                    d = dict(details)
                    solved: Any = d["placed"]
                    syms = tuple(state.value[c] for c in solved[:2]) + ((d["extra"],) if kind == 2 else ())
                    yield Step(self.technique, eliminations=elims, cells=d["corners"], symbols=syms,
                               variant=str(kind), details=details)
            return
        g = state.puzzle.geometry
        n = g.size
        cand, value = state.cand, state.value
        for corners in _avoidable_shapes(state):
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


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(470, "ur1", "Unique rectangle type 1", UNIQUENESS, 4.5, 100, HARD, "0600",
        "Three corners of a would-be deadly rectangle hold only {a,b}; the fourth cannot.",
        se_order=180, hodoku_order=260),
    row(480, "ur2", "Unique rectangle type 2", UNIQUENESS, 4.5, 100, HARD, "0601",
        "Two corners hold {a,b}, the other two {a,b,x}: one of those is x.", se_order=190, hodoku_order=270),
    row(490, "ur3", "Unique rectangle type 3", UNIQUENESS, 4.5, 100, HARD, "0602",
        "The extra symbols of two corners form a naked subset with other cells of their house.",
        rating_note="SE: 4.5 plus 0.1 per extra symbol of the subset; the step adds it.",
        se_order=210, hodoku_order=280),
    row(500, "ur4", "Unique rectangle type 4", UNIQUENESS, 4.5, 100, HARD, "0603",
        "Two corners share a house where a lives only in them; neither can be b.", se_order=200, hodoku_order=290),
    row(510, "ur5", "Unique rectangle type 5", UNIQUENESS, 4.6, 100, HARD, "0604",
        "Two diagonal corners, or three corners, of a unique rectangle hold one same extra symbol: one of them "
        "holds it, so cells seeing all of them lose it.",
        rating_note="Not in Sudoku Explainer 1.2.1; type 2 (4.5) with the extra cells apart: 4.6. HoDoKu's 100.",
        hodoku_order=300),
    row(520, "ur6", "Unique rectangle type 6", UNIQUENESS, 4.6, 100, HARD, "0605",
        "Two diagonal corners hold only the pair, and one of the pair lies only in the rectangle in both its "
        "rows (or columns): it fills those two corners, and the other two lose it.",
        rating_note="Not in Sudoku Explainer 1.2.1; type 4 (4.5) with an X-wing instead of one house: 4.6. "
                    "HoDoKu's 100.", hodoku_order=310),
    row(530, "hidden-rectangle", "Hidden rectangle", UNIQUENESS, 4.6, 100, HARD, "0606",
        "A would-be deadly rectangle with one corner holding only {a,b}: if a lives only in the rectangle along "
        "the opposite corner's row and column, that corner is not b.",
        rating_note="Not in Sudoku Explainer 1.2.1; deduce's own 4.6, a unique rectangle (4.5) read through "
                    "two strong links. HoDoKu's uniqueness score (100).", hodoku_order=320),
    row(540, "avoidable-rectangle", "Avoidable rectangle", UNIQUENESS, 4.5, 100, HARD, "0607",
        "A would-be deadly rectangle whose solved corners were placed, not given: placed symbols could be "
        "swapped too, so the last corner (type 1) or one of the last two (type 2) avoids the pattern.",
        se_variants=(("1", 4.5), ("2", 4.5)),
        rating_note="Not in Sudoku Explainer 1.2.1; deduce's own 4.5, a unique rectangle read on placed cells. "
                    "HoDoKu's uniqueness score (100).", hodoku_order=330),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Unique rectangle 1": ("ur1",),
    "Unique rectangle type 1": ("ur1",),
    "Uniqueness test 1": ("ur1",),
    "UR type 1": ("ur1",),
    "UR1": ("ur1",),
    "Unique rectangle": ("ur1", "ur2", "ur3", "ur4", "ur5", "ur6"),
    "Unique rectangles": ("ur1", "ur2", "ur3", "ur4", "ur5", "ur6"),
    "Uniqueness test": ("ur1", "ur2", "ur3", "ur4", "ur5", "ur6"),
    "Unique rectangle 2": ("ur2",),
    "Unique rectangle type 2": ("ur2",),
    "Uniqueness test 2": ("ur2",),
    "UR type 2": ("ur2",),
    "Unique rectangle 3": ("ur3",),
    "Unique rectangle type 3": ("ur3",),
    "Uniqueness test 3": ("ur3",),
    "UR type 3": ("ur3",),
    "Unique rectangle 4": ("ur4",),
    "Unique rectangle type 4": ("ur4",),
    "Uniqueness test 4": ("ur4",),
    "UR type 4": ("ur4",),
    "Unique rectangle 5": ("ur5",),
    "Unique rectangle type 5": ("ur5",),
    "Uniqueness test 5": ("ur5",),
    "UR type 5": ("ur5",),
    "Unique rectangle 6": ("ur6",),
    "Unique rectangle type 6": ("ur6",),
    "Uniqueness test 6": ("ur6",),
    "UR type 6": ("ur6",),
    "Hidden unique rectangle": ("hidden-rectangle",),
    "Avoidable rectangle type 1": ("avoidable-rectangle",),
    "Avoidable rectangle type 2": ("avoidable-rectangle",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class RectangleDetails(TypedDict, total=False):
    #: the rectangle's (or loop's) cells
    corners: tuple[int, ...]
    #: the two symbols of the deadly pattern
    pair: tuple[int, int]
    #: the corners holding more than the pair
    roof: tuple[int, ...]
    #: types 2 and 5: the one extra symbol of the roof
    extra: int
    #: types 3: the cells that make a naked set with the roof's extras...
    subset: tuple[int, ...]
    #: ...and that set's symbols
    subset_symbols: tuple[int, ...]
    #: types 4 and 6: the pair's symbol locked in the rectangle's corners of a house
    locked: int


class HiddenRectangleDetails(TypedDict):
    corners: tuple[int, ...]
    pair: tuple[int, int]
    #: the corner holding only the pair
    floor: int
    #: the corner diagonal to it, which loses a symbol
    far: int
    #: the pair's symbol that the rectangle's row and column hold only in its corners
    locked: int


class AvoidableRectangleDetails(TypedDict, total=False):
    corners: tuple[int, ...]
    #: corners the solver placed (none was given)
    placed: tuple[int, ...]
    #: corners still empty
    free: tuple[int, ...]
    #: type 2: the free corners' one other candidate
    extra: int


UR_CODES = tuple(f"ur{k}" for k in (1, 2, 3, 4, 5, 6))

DETAILS: dict[str, type] = {
    **{code: RectangleDetails for code in UR_CODES},
    "hidden-rectangle": HiddenRectangleDetails, "avoidable-rectangle": AvoidableRectangleDetails,
}

TEMPLATES = {
    **{code: (
        "Look for a unique rectangle on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}.",
        "This puzzle has a unique solution, so {ur_corners} cannot be left holding only {ur_pair}: "
        "the two {word}s could be swapped. {ur_reason}",
    ) for code in UR_CODES},
    "hidden-rectangle": (
        "Look for a hidden rectangle on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}; {floor_cell} holds nothing else.",
        "This puzzle has a unique solution, so {ur_corners} cannot be left holding only {ur_pair}. {floor_cell} "
        "holds only {ur_pair}, and in {houses_all}, {locked_sym} can only go in the rectangle. If {far_cell} were "
        "{other_sym}, {locked_sym} would fill the two corners beside it, {floor_cell} would be {other_sym}, and "
        "the four corners would hold only {ur_pair}. So {far_cell} is not {other_sym}: {removed}.",
    ),
    "avoidable-rectangle": (
        "Look for an avoidable rectangle: solved cells that were not given.",
        "{ur_corners}: which of them were given?",
        "{ar_text}",
    ),
}


def _floor(step: Step) -> list[int]:
    roof = step.detail("roof")
    return [c for c in step.detail("corners") if c not in roof]


def _ur_reason(r: TextRenderer, step: Step) -> str:
    roof = step.detail("roof")
    a, b = (r.sym(x) for x in step.detail("pair"))
    pair = r.symset(step.detail("pair"))
    removed = r.removed(step.eliminations)
    floor = _floor(step)
    premise = (f"{capitalize(r.cells(floor))} {verb(len(floor), 'holds', 'hold')} only {pair}. "
               if floor and step.code != "unique-loop" else "")
    kind = step.code[-1] if step.code.startswith("ur") else step.variant
    if kind == "1":
        return f"{premise}So {r.cell(roof[0])} must hold something else: {removed}."
    if kind in ("2", "5"):
        x = r.sym(step.detail("extra"))
        both = "both" if len(roof) == 2 else "all of them"
        return f"{premise}So one of {r.cells(roof)} is {x}, and the cells that see {both} lose {x}: {removed}."
    if kind == "6":
        locked = r.sym(step.detail("locked"))
        other = b if locked == a else a
        lines = prose([r.house(h) for h in step.houses])
        return (f"{premise}In {lines}, {locked} can only go in the rectangle's corners: either in {r.cells(floor)} "
                f"or in {r.cells(roof)}. In {r.cells(roof)}, it would leave {r.cells(floor)} both {other}, and the "
                f"four corners holding only {a} and {b}. So {locked} fills {r.cells(floor)}: {removed}.")
    if kind == "3":
        group = step.detail("subset")
        syms = r.symset(step.detail("subset_symbols"))
        return (f"{premise}So {r.cells(roof)} hold one of their extra {word(r.puzzle)}s; together with "
                f"{r.cells(group)} they take {syms} in {r.house(step.houses[0])}, so the rest of it loses them: "
                f"{removed}.")
    locked = r.sym(step.detail("locked"))
    other = b if locked == a else a
    return (f"{premise}In {r.house(step.houses[0])}, {locked} can only go in {r.cells(roof)}, so one of them is "
            f"{locked}. If either were {other}, the other would be {locked} and the four corners would hold only "
            f"{a} and {b}; so neither can be {other}: {removed}.")


def _ar_text(r: TextRenderer, step: Step) -> str:
    corners, placed, free = step.detail("corners"), step.detail("placed"), step.detail("free")
    head = (f"This puzzle has a unique solution, and none of {r.cells(corners)} was given: if they ended holding "
            f"two {word(r.puzzle)}s crosswise, those could be swapped, giving a second solution. "
            f"{capitalize(r.cells(placed))} {verb(len(placed), 'was', 'were')} placed by the solver.")
    removed = r.removed(step.eliminations)
    if step.variant == "1":
        return f"{head} So {r.cell(free[0])} cannot complete the pattern: {removed}."
    x = r.sym(step.detail("extra"))
    return (f"{head} {capitalize(r.cells(free))} would complete it with their other candidates, so one of them is "
            f"{x}, and the cells that see both lose {x}: {removed}.")


def _other(step: Step) -> int:
    locked = step.detail("locked")
    return next(x for x in step.detail("pair") if x != locked)


FIELDS: dict[str, Field] = {
    "ur_pair": lambda r, s: r.symset(s.detail("pair")),
    "ur_corners": lambda r, s: r.cells(s.detail("corners")),
    "ur_reason": _ur_reason,
    "ar_text": _ar_text,
    "floor_cell": lambda r, s: r.cell(s.detail("floor")),
    "far_cell": lambda r, s: r.cell(s.detail("far")),
    "locked_sym": lambda r, s: r.sym(s.detail("locked")),
    "other_sym": lambda r, s: r.sym(_other(s)),
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _uniqueness(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    pair = step.detail("pair", ())
    corners = step.detail("corners")
    extras = step.detail("extras")
    if extras is not None:  # BUG: the extra candidates
        for c, xs in extras:
            b.cands((c,), xs, "z")
        b.cell_roles([c for c, _ in extras], "pattern")
        b.house_roles(step.houses, "house")
        return b.done()
    if corners is None:
        return default_marks(step, puzzle, state)
    placed, free = step.detail("placed"), step.detail("free")
    if placed is not None:  # avoidable rectangle
        b.cell_roles(placed, "floor")
        b.cell_roles(free, "roof")
    else:
        roof = step.detail("roof", ())
        far = step.detail("far")
        if far is not None:  # hidden rectangle
            roof = tuple(c for c in corners if c != step.detail("floor"))
        b.cell_roles([c for c in corners if c not in roof], "floor")
        b.cell_roles(roof, "roof")
    extra = step.detail("extra")
    if extra is not None:
        b.cands(free if placed is not None else step.detail("roof", ()), (extra,), "z")
    locked = step.detail("locked")
    if locked is not None:
        b.cands(corners, (locked,), "on")
    subset = step.detail("subset")
    if subset:
        b.cell_roles(subset, "set-1")
        b.cands(subset, step.detail("subset_symbols", ()), "set-1")
    b.cands(corners, pair, "pattern")
    b.house_roles(step.houses, "house")
    return b.done()


MARKERS: dict[str, Marker] = {"uniqueness": _uniqueness}
