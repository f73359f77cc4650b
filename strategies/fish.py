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
from typing import TYPE_CHECKING, Any, Iterator, TypedDict

import attrs

from deduce.geometry import Geometry, bits_of
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, capitalize, elim_cells, houses_prose
from deduce.solve_cache import peer_tables
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import EXTREME, FISH, HARD, UNFAIR, Technique, row

from . import _accel
from ._memo import memo_for, sub_memo, symbol_masks

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

_SIZE_NAMES = {2: "x-wing", 3: "swordfish", 4: "jellyfish"}
MAX_FINS = 5
#: Franken fish search many more cover sets; fewer fins keep them affordable.
MAX_FRANKEN_FINS = 2
#: Franken screens remembered per puzzle shape and fish before they start afresh.
SCREENS_LIMIT = 100_000
_KINDS = ("basic", "finned", "sashimi")


def _covers(B: int, touched: int, cell_houses: list[tuple[int, ...]], masks: tuple[int, ...],
            size: int, fins: int, where: int, peers: tuple[int, ...], need: int = -1
            ) -> list[tuple[tuple[int, ...], int]]:
    """Sets of ``size`` houses from ``touched`` that cover all of the base
    candidates ``B`` but at most ``fins`` of them, each with the cells it
    covers, in the order found (a set may come more than once).

    Branches on the lowest base candidate not yet covered: one of the few
    houses holding it joins the cover, or it becomes a fin.  A fin is only
    tried while some candidate of ``where`` outside the base still sees
    every fin (else nothing could be eliminated).  With ``need`` (a house
    number), only sets with a house numbered ``need`` or more are returned:
    the last house is then only taken from those.
    """
    out: list[tuple[tuple[int, ...], int]] = []

    def rec(chosen: tuple[int, ...], C: int, covered: int, budget: int, seeall: int) -> None:
        rest = B & ~covered
        left = size - len(chosen)
        if not left:
            if rest.bit_count() <= budget:
                out.append((chosen, C))
            return
        if not rest or rest.bit_count() > 2 * budget + left * size:
            return  # covered with fewer houses: a degenerate fish (or a contradiction)
        cell = (rest & -rest).bit_length() - 1
        low = need if left == 1 and need > max(chosen, default=-1) else -1
        for h in cell_houses[cell]:
            if h >= low and touched >> h & 1 and h not in chosen:
                rec(chosen + (h,), C | masks[h], covered | masks[h], budget, seeall)
        if budget:
            see = seeall & peers[cell]
            if see:
                rec(chosen, C, covered | (1 << cell), budget - 1, see)

    try:
        rec((), 0, 0, fins, where & ~B)
    finally:
        del rec  # (a function calling itself through its closure is a cycle: see deduce.collector)
    return out


def _any_fish(B: int, touched: int, cell_houses: list[tuple[int, ...]], house_bits: list[int],
              masks: tuple[int, ...], size: int, fins: int, where: int, peers: tuple[int, ...], need: int) -> bool:
    """Whether some cover set could make a fish of base ``B``: a quick,
    exact screen before :func:`_covers` (which lists them in its order).

    Each set of ``size`` houses from ``touched`` covering all of ``B`` but
    at most ``fins`` cells (at least one when ``fins``) is visited once: a
    candidate left out becomes a fin for good (its houses, ``house_bits``,
    are not taken afterwards), so the common peers of the fins bound the
    targets on the way down.  True as soon as one leaves a target; True
    also when ``B`` is covered by fewer houses (a case :func:`_covers`
    settles itself).  The houses still allowed are the bits of ``avail``;
    ``top`` is the highest chosen.
    """
    def rec(left: int, C: int, rest: int, budget: int, see: int, avail: int, top: int) -> bool:
        # (rest is not empty and left is 2 or more; the last house is chosen by last())
        cell = (rest & -rest).bit_length() - 1
        for h in cell_houses[cell]:
            if avail >> h & 1:
                m = masks[h]
                r = rest & ~m
                if not r:
                    return True
                if left == 2:
                    if last(C | m, r, budget, see, avail & ~(1 << h), h if h > top else top):
                        return True
                elif rec(left - 1, C | m, r, budget, see, avail & ~(1 << h), h if h > top else top):
                    return True
        if budget:
            s = see & peers[cell]
            if s:
                r = rest & ~(1 << cell)
                if not r:
                    return True
                if rec(left, C, r, budget - 1, s, avail & ~house_bits[cell], top):
                    return True
        return False

    def last(C: int, rest: int, budget: int, see: int, avail: int, top: int) -> bool:
        """The last house: it holds the lowest candidate of ``rest`` not made a fin."""
        if need > top:
            avail &= ~((1 << need) - 1)
        declared = fins - budget
        while rest:
            cell = (rest & -rest).bit_length() - 1
            for h in cell_houses[cell]:
                if avail >> h & 1:
                    m = masks[h]
                    leftover = rest & ~m
                    k = leftover.bit_count()
                    if k <= budget and (declared or k or not fins) and _targets(see & (C | m), leftover, peers):
                        return True
            if not budget:
                return False
            see &= peers[cell]
            if not see:
                return False
            rest ^= 1 << cell
            budget -= 1
            declared += 1
            avail &= ~house_bits[cell]
        # Every candidate left is a fin: the last house adds no base candidate.
        return any(see & (C | masks[h]) for h in bits_of(avail))

    try:
        if not B:
            return True
        if size == 1:
            return last(0, B, fins, where & ~B, touched, -1)
        return rec(size, 0, B, fins, where & ~B, touched, -1)
    finally:
        del rec, last  # (see deduce.collector)


def _bases(pool: list[int], parts: dict[int, int], size: int, limit: int, lines: dict[int, int] | None
           ) -> list[tuple[tuple[int, ...], int]]:
    """The ``size``-house combinations of ``pool`` (in ``combinations``
    order) whose candidates ``parts`` are disjoint, with their union.

    With ``lines`` (each base house's cover lines, as a bitmask), also
    skips combinations touching more than ``limit`` cover lines.
    """
    out: list[tuple[tuple[int, ...], int]] = []
    n = len(pool)
    ps = [parts[h] for h in pool]
    ls = [lines[h] for h in pool] if lines is not None else None

    def rec(start: int, chosen: tuple[int, ...], B: int, touched: int) -> None:
        k = len(chosen) + 1  # (houses chosen once one more is)
        for i in range(start, n - (size - k)):
            p = ps[i]
            if B & p:
                continue
            t = 0
            if ls is not None:
                t = touched | ls[i]
                if t.bit_count() > limit:
                    continue
            more, Bp = chosen + (pool[i],), B | p
            if k + 1 == size:
                # the last house, in a loop rather than a call
                for j in range(i + 1, n):
                    q = ps[j]
                    if Bp & q or (ls is not None and (t | ls[j]).bit_count() > limit):
                        continue
                    out.append((more + (pool[j],), Bp | q))
            elif k == size:
                out.append((more, Bp))
            else:
                rec(i + 1, more, Bp, t)

    try:
        rec(0, (), 0, 0)
    finally:
        del rec  # (see deduce.collector)
    return out


def _cell_houses(g: Geometry, kinds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Per cell, its houses among ``kinds`` (lowest first) (a table of :mod:`deduce.tables`)."""
    return table(("strategies.fish._cell_houses", g, kinds), lambda: _make_cell_houses(g, kinds))


def _make_cell_houses(g: Geometry, kinds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Per cell, its houses among ``kinds`` (lowest first)."""
    allowed = set(kinds)
    return [tuple(h for h in hs if h in allowed) for hs in g.cell_houses]


def _cover_line_bits(g: Geometry, cover_types: tuple[int, ...]) -> list[int]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.fish._cover_line_bits", g, cover_types), lambda: _make_cover_line_bits(g, cover_types))


def _make_cover_line_bits(g: Geometry, cover_types: tuple[int, ...]) -> list[int]:
    """Per cell, the bit of its line's index in ``cover_types`` (lines of one
    kind, disjoint: each cell is on at most one of them)."""
    out = [0] * (g.size * g.size)
    for i, h in enumerate(cover_types):
        for c in g.houses[h]:
            out[c] |= 1 << i
    return out


def _cell_house_bits(g: Geometry, kinds: tuple[int, ...]) -> list[int]:
    """Per cell, its houses among ``kinds`` as the bits of one int (a table of :mod:`deduce.tables`)."""
    return table(("strategies.fish._cell_house_bits", g, kinds), lambda: _make_cell_house_bits(g, kinds))


def _make_cell_house_bits(g: Geometry, kinds: tuple[int, ...]) -> list[int]:
    """Per cell, its houses among ``kinds`` as the bits of one int."""
    return [sum(1 << h for h in hs) for hs in _cell_houses(g, kinds)]


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
        puzzle = state.puzzle
        peers = puzzle.peer_masks
        steps = memo_for(state)
        standard = self.shape == "standard"
        # Standard fish of all three kinds are found in one pass (the basic
        # ones are those without fins); franken and mutant kinds apart.
        group = "all" if standard else self.kind
        index = _KINDS.index(self.kind) if standard else 0
        # A fish depends only on where the symbol can go: between two steps most symbols keep
        # their places, so their fish are reused (one memo entry per search, keyed within by
        # symbol and places: a short key to hash, asked once per symbol at every position).
        mine = sub_memo(steps, ("fish", self.shape, self.size, group))
        basic = sub_memo(steps, ("fish", self.shape, self.size, "basic")) if standard and not index else None
        for sym, where in enumerate(symbol_masks(state)):
            if not where:
                continue
            key = (sym, where)
            found = mine.get(key)
            if found is None and basic is not None:
                # basic fish alone (Sudoku Explainer's solve asks for no other kind) are much cheaper
                # to find than the finned ones: the finned search is made once some producer asks
                found = basic.get(key)
                if found is None:
                    found = basic[key] = self._standard(puzzle.geometry, peers, sym, where, steps, basic=True)
            if found is None:
                g = puzzle.geometry
                found = mine[key] = (self._standard(g, peers, sym, where, steps) if standard
                                     else (self._general(g, peers, sym, where, steps),))
            yield from found[index]

    def _standard(self, g: Geometry, peers: tuple[int, ...], sym: int, where: int, memo: dict,
                  basic: bool = False) -> tuple[list[Step], ...]:
        """Basic, finned and sashimi fish of rows against columns (and back);
        with ``basic``, the basic ones only (the other two lists empty).

        A basic fish's base lines touch exactly ``size`` cover lines, which
        cover them without fins; any other cover set of a base leaves fins.
        So the basic fish are those of the full search found with no fins,
        in the same order.  Each orientation's fish come from
        :meth:`_standard_found` (or from the C accelerator's same search).
        """
        size = self.size
        n = g.size
        # fins spread over at most a box's width of extra lines
        limit = size if basic else size + max(g.box_shape or (n,))
        most = size if basic else size + MAX_FINS
        out: tuple[list[Step], ...] = ([], [], [])
        seen: tuple[set, ...] = (set(), set(), set())
        techniques = _standard_techniques(size)
        for base_types, cover_types in self._orientations(g):
            fast = _fish_tables(memo, g, peers, cover_types)
            found = (fast.standard(base_types, cover_types, where, size, limit, most, MAX_FINS) if fast is not None
                     else self._standard_found(g, peers, where, base_types, cover_types, limit, most))
            for k, base, cover, B, targets, fins in found:
                _add(out[k], seen[k], techniques[k], sym, base, cover, B, targets, fins)
        return out

    def _standard_found(self, g: Geometry, peers: tuple[int, ...], where: int, base_types: list[int],
                        cover_types: list[int], limit: int, most: int
                        ) -> Iterator[tuple[int, tuple[int, ...], tuple[int, ...], int, int, int]]:
        """The fish of one orientation, in order: (kind index, base, cover,
        base candidates, targets, fins), for bases whose lines hold at most
        ``most`` candidates each and together touch at most ``limit`` cover
        lines.  The fish of a base are its cover sets in the order of
        ``combinations`` of the touched cover lines; each is found from the
        lines it leaves out (whose base candidates are its fins), so only the
        lines some target could survive leaving out are combined.  The C
        accelerator's ``FishTables.standard`` gives the same fish by trying
        every cover set."""
        masks = g.house_masks
        size = self.size
        parts = {h: where & masks[h] for h in base_types}
        pool = [h for h in base_types if 0 < parts[h].bit_count() <= most]
        # per base line, the cover lines its candidates touch (as bits of their index in cover_types)
        line_bit = _cover_line_bits(g, tuple(cover_types))
        lines: dict[int, int] = {}
        for h in pool:
            t = 0
            for c in bits_of(parts[h]):
                t |= line_bit[c]
            lines[h] = t
        for base, B in _bases(pool, parts, size, limit, lines):
            touched = 0
            for h in base:
                touched |= lines[h]
            nt = touched.bit_count()
            if nt < size:
                continue
            cover_lines = [cover_types[i] for i in bits_of(touched)]
            U = 0
            for h in cover_lines:
                U |= masks[h]
            outside = where & U & ~B  # the cover cells outside the base that hold the symbol
            if not outside:
                continue  # no cover set leaves anything to eliminate
            if nt == size:
                yield 0, base, tuple(cover_lines), B, outside, 0  # the one cover set: no fins
                continue
            # Each cover set leaves out nt - size of the touched lines, whose base candidates are
            # the fins (the cover lines are disjoint), and keeps only the targets that see every
            # fin: so a line can be left out only when it holds at most MAX_FINS base candidates and
            # some cell outside the base sees them all.
            droppable = []
            for j, h in enumerate(cover_lines):
                f = B & masks[h]
                if f.bit_count() <= MAX_FINS:
                    see = _targets(outside, f, peers)
                    if see:
                        droppable.append((j, f, see, masks[h]))
            drop = nt - size
            if len(droppable) < drop:
                continue
            found = []
            for left_out in combinations(droppable, drop):
                fins = gone = 0
                see = outside
                for _, f, s, m in left_out:
                    fins |= f
                    see &= s
                    gone |= m
                targets = see & ~gone
                if not targets or fins.bit_count() > MAX_FINS:
                    continue
                out = {j for j, _, _, _ in left_out}
                chosen = tuple(j for j in range(nt) if j not in out)
                k = 2 if any((parts[h] & ~fins).bit_count() <= 1 for h in base) else 1
                found.append((chosen, k, fins, targets))
            # (in the order of the cover sets, as combinations of the touched lines)
            for chosen, k, fins, targets in sorted(found):
                yield k, base, tuple(cover_lines[j] for j in chosen), B, targets, fins

    def _screen(self, B: int, touched: int, cell_houses: list[tuple[int, ...]], house_bits: list[int],
                masks: tuple[int, ...], where: int, peers: tuple[int, ...], fins_allowed: int, need: int) -> bool:
        """Whether base ``B`` may make a fish (some cover cell outside it
        holding the symbol): the ``size`` best cover houses hold all but the
        fins, and :func:`_any_fish` finds a cover set with a target."""
        size = self.size
        counts = []
        t = touched
        while t:
            low = t & -t
            counts.append((B & masks[low.bit_length() - 1]).bit_count())
            t ^= low
        counts.sort(reverse=True)
        if sum(counts[:size]) < B.bit_count() - fins_allowed:
            return False
        return _any_fish(B, touched, cell_houses, house_bits, masks, size, fins_allowed, where, peers, need)

    def _general(self, g: Geometry, peers: tuple[int, ...], sym: int, where: int, memo: dict) -> list[Step]:
        """Franken or mutant fish of this producer's kind: the bases that pass
        the screen and their cover sets come from :meth:`_searched` (or from
        the C accelerator's same search, when installed)."""
        masks = g.house_masks
        n = g.size
        fins_allowed = 0 if self.kind == "basic" else MAX_FRANKEN_FINS
        franken = self.shape == "franken"
        out: list[Step] = []
        seen: set = set()
        for oi, (base_types, cover_types) in enumerate(self._orientations(g)):
            pool = [h for h in base_types if 0 < (where & masks[h]).bit_count() <= self.size + fins_allowed]
            # A franken fish needs a box: in the base, or else in the cover.
            need_box = 2 * n if franken else -1
            fast = _fish_tables(memo, g, peers, cover_types)
            found = (fast.search(pool, where, self.size, fins_allowed, need_box) if fast is not None
                     else self._searched(g, peers, where, memo, oi, cover_types, pool, fins_allowed, need_box))
            for base, B, covers in found:
                for chosen, C in covers:
                    fins = B & ~C
                    nfins = fins.bit_count()
                    if nfins > fins_allowed or (fins_allowed and not nfins):
                        continue
                    targets = _targets(where & C & ~B, fins, peers)
                    if not targets:
                        continue
                    cover = tuple(sorted(chosen))
                    if not franken and fish_shape(base, cover, n) != self.shape:
                        continue  # a simpler shape: found (and named) by that fish
                    _add(out, seen, self.technique, sym, base, cover, B, targets, fins)
        return out

    def _searched(self, g: Geometry, peers: tuple[int, ...], where: int, memo: dict, oi: int, cover_types: list[int],
                  pool: list[int], fins_allowed: int, need_box: int
                  ) -> Iterator[tuple[tuple[int, ...], int, list[tuple[tuple[int, ...], int]]]]:
        """Each base of ``pool`` (in :func:`_bases` order) that passes the
        screen, with its candidates and the cover sets :func:`_covers` lists
        (``need_box``: the first box's house number when the fish needs one,
        else -1).  The C accelerator's ``FishTables.search`` is this search."""
        masks = g.house_masks
        size = self.size
        cell_houses = _cell_houses(g, tuple(cover_types))
        house_bits = _cell_house_bits(g, tuple(cover_types))
        # (true of the peers alone, whatever the position or the puzzle: kept beyond the solve)
        screens = peer_tables(peers).setdefault(("fish screens", self.shape, self.size, self.kind), {})
        if len(screens) > SCREENS_LIMIT:
            screens.clear()
        parts = {h: where & masks[h] for h in pool}
        # Per base house, the cover houses (as bits) holding its candidates, and their cells.
        reach, hull = {}, {}
        for h in pool:
            r = u = 0
            for cell in bits_of(parts[h]):
                for x in cell_houses[cell]:
                    if not r >> x & 1:
                        r |= 1 << x
                        u |= masks[x]
            reach[h], hull[h] = r, u
        for base, B in _bases(pool, parts, size, 0, None):
            touched = U = 0
            for h in base:
                touched |= reach[h]
                U |= hull[h]
            for h in base:
                touched &= ~(1 << h)
            if touched.bit_count() < size:
                continue
            need = need_box if base[-1] < need_box else -1
            # The screen is a function of B and of the candidates outside it that could be targets, T
            # (and of the peer table, which the memo is kept per); with fewer of those it can only fail
            # more.  So a base that failed with targets T fails again with any part of T, in any
            # position of any puzzle with these peers; within a solve candidates only go, which is why
            # it is remembered per base and base candidates.  (U also holds the cells of a base house
            # that is a cover house of another: the symbol's candidates there are in B, so T is the same.)
            T = where & U & ~B
            key = (oi, base, B)
            known = screens.get(key)
            if known is not None and (known[0] == T or (not known[1] and not T & ~known[0])):
                if not known[1]:
                    continue
            else:
                ok = bool(T) and self._screen(B, touched, cell_houses, house_bits, masks, where, peers,
                                              fins_allowed, need)
                screens[key] = (T, ok)
                if not ok:
                    continue
            covers = _covers(B, touched, cell_houses, masks, size, fins_allowed, where, peers, need)
            if covers:
                yield base, B, covers


def _standard_techniques(size: int) -> tuple[Technique, ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.fish._standard_techniques", size), lambda: _make_standard_techniques(size))


def _make_standard_techniques(size: int) -> tuple[Technique, ...]:
    """The basic, finned and sashimi standard fish of ``size``, in that order."""
    return tuple(Fish(size, k).technique for k in _KINDS)


def _fish_tables(memo: dict, g: Geometry, peers: tuple[int, ...], cover_types: list[int]) -> Any:
    """The C accelerator's tables of ``g``'s houses, ``peers`` and the cells'
    houses among ``cover_types``, kept in ``memo`` (the peer table's); None
    without the accelerator."""
    key = ("fish tables", tuple(cover_types))
    if key not in memo:
        memo[key] = _accel.fish_tables(g, peers, _cell_houses(g, tuple(cover_types)), max(_SIZE_NAMES),
                                         max(MAX_FINS, MAX_FRANKEN_FINS))
    return memo[key]


def _targets(targets: int, fins: int, peers: tuple[int, ...]) -> int:
    """The cells of ``targets`` that see every fin."""
    while fins and targets:
        low = fins & -fins
        targets &= peers[low.bit_length() - 1]
        fins ^= low
    return targets


def _add(out: list[Step], seen: set, technique: object, sym: int, base: tuple[int, ...], cover: tuple[int, ...],
         B: int, targets: int, fins: int) -> None:
    """Append the fish's step unless the same eliminations came from the same base cells."""
    elims = frozenset((c, sym) for c in bits_of(targets))
    key = (B, elims)
    if key in seen:
        return
    seen.add(key)
    out.append(Step(technique, eliminations=elims, cells=bits_of(B), houses=base + cover,  # type: ignore[arg-type]
                    symbols=[sym], details=(("base", base), ("cover", cover), ("fins", tuple(bits_of(fins))))))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(240, "x-wing", "X-wing", FISH, 3.2, 140, HARD, "0300",
        "Two lines hold a symbol only in the same two cross lines; those cross lines lose it elsewhere.",
        se_order=110, hodoku_order=140),
    row(250, "finned-x-wing", "Finned X-wing", FISH, 3.4, 130, HARD, "0310",
        "An X-wing with extra candidates (fins); only cells that see every fin lose the symbol.",
        rating_note="Not in Sudoku Explainer 1.2.1; 0.2 above the X-wing, as Sukaku Explainer rates fins.",
        hodoku_order=340),
    row(260, "sashimi-x-wing", "Sashimi X-wing", FISH, 3.5, 150, HARD, "0320",
        "A finned X-wing one of whose corners is missing without the fin.",
        rating_note="A finned X-wing whose fish exists only with the fin: 0.1 above the finned one.", hodoku_order=350),
    row(270, "swordfish", "Swordfish", FISH, 3.8, 150, HARD, "0301",
        "Three lines hold a symbol only in the same three cross lines.", se_order=140, hodoku_order=150),
    row(280, "finned-swordfish", "Finned swordfish", FISH, 4.0, 200, UNFAIR, "0311",
        "A swordfish with fins.", rating_note="Swordfish plus 0.2 for the fins.", hodoku_order=360),
    row(290, "sashimi-swordfish", "Sashimi swordfish", FISH, 4.1, 240, UNFAIR, "0321",
        "A finned swordfish that is a fish only with its fin.", rating_note="Finned swordfish plus 0.1.",
        hodoku_order=370),
    row(300, "franken-x-wing", "Franken X-wing", FISH, 4.2, 300, UNFAIR, "0330",
        "An X-wing whose base or cover includes a box.",
        rating_note="deduce's own: a box in the fish is harder to see than two lines; between XY-wing and XYZ-wing.",
        hodoku_order=500),
    row(310, "finned-franken-x-wing", "Finned franken X-wing", FISH, 4.4, 390, UNFAIR, "0340",
        "A franken X-wing with fins.", rating_note="Franken X-wing plus 0.2 for the fins.", hodoku_order=520),
    row(320, "jellyfish", "Jellyfish", FISH, 5.2, 160, HARD, "0302",
        "Four lines hold a symbol only in the same four cross lines.", se_order=240, hodoku_order=160),
    row(330, "finned-jellyfish", "Finned jellyfish", FISH, 5.4, 250, UNFAIR, "0312",
        "A jellyfish with fins.", rating_note="Jellyfish plus 0.2 for the fins.", hodoku_order=380),
    row(340, "sashimi-jellyfish", "Sashimi jellyfish", FISH, 5.5, 260, UNFAIR, "0322",
        "A finned jellyfish that is a fish only with its fin.", rating_note="Finned jellyfish plus 0.1.",
        hodoku_order=390),
    row(350, "franken-swordfish", "Franken swordfish", FISH, 5.0, 350, UNFAIR, "0331",
        "A swordfish whose base or cover includes boxes.",
        rating_note="deduce's own: swordfish (3.8) plus the franken step from X-wing to franken X-wing (1.0), "
                    "rounded to the naked quad's 5.0.", hodoku_order=510),
    row(360, "finned-franken-swordfish", "Finned franken swordfish", FISH, 5.2, 410, UNFAIR, "0341",
        "A franken swordfish with fins.", rating_note="Franken swordfish plus 0.2 for the fins.", hodoku_order=530),
    row(700, "franken-jellyfish", "Franken jellyfish", FISH, 6.0, 370, UNFAIR, "0332",
        "A jellyfish whose base or cover includes boxes.",
        rating_note="deduce's own: jellyfish (5.2) plus the franken step (0.8), kept below the chains (6.6); "
                    "HoDoKu's score (its default set leaves it out).",
        profiles=("full",)),
    row(710, "finned-franken-jellyfish", "Finned franken jellyfish", FISH, 6.2, 430, UNFAIR, "0342",
        "A franken jellyfish with fins.", rating_note="Franken jellyfish plus 0.2 for the fins.",
        profiles=("full",)),
    row(720, "mutant-x-wing", "Mutant X-wing", FISH, 4.6, 450, EXTREME, "0350",
        "An X-wing whose base or cover mixes a row and a column.",
        rating_note="deduce's own: franken X-wing (4.2) plus 0.4, as rows and columns on one side are harder "
                    "still to see; HoDoKu's score and level (its default set leaves mutant fish out).",
        profiles=("full",)),
    row(730, "finned-mutant-x-wing", "Finned mutant X-wing", FISH, 4.8, 470, EXTREME, "0360",
        "A mutant X-wing with fins.", rating_note="Mutant X-wing plus 0.2 for the fins.",
        profiles=("full",)),
    row(740, "mutant-swordfish", "Mutant swordfish", FISH, 5.4, 450, EXTREME, "0351",
        "A swordfish whose base or cover mixes rows and columns.",
        rating_note="Franken swordfish (5.0) plus 0.4, as for the X-wing.",
        profiles=("full",)),
    row(750, "finned-mutant-swordfish", "Finned mutant swordfish", FISH, 5.6, 470, EXTREME, "0361",
        "A mutant swordfish with fins.", rating_note="Mutant swordfish plus 0.2 for the fins.",
        profiles=("full",)),
    row(760, "mutant-jellyfish", "Mutant jellyfish", FISH, 6.4, 450, EXTREME, "0352",
        "A jellyfish whose base or cover mixes rows and columns.",
        rating_note="Franken jellyfish (6.0) plus 0.4, as for the X-wing; still below the chains (6.6).",
        profiles=("full",)),
    row(770, "finned-mutant-jellyfish", "Finned mutant jellyfish", FISH, 6.5, 470, EXTREME, "0362",
        "A mutant jellyfish with fins.", rating_note="Mutant jellyfish plus 0.1 for the fins, below the chains.",
        profiles=("full",)),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Basic fish": ("x-wing", "swordfish", "jellyfish"),
    "Finned fish": ("finned-x-wing", "finned-swordfish", "finned-jellyfish"),
    "Sashimi fish": ("sashimi-x-wing", "sashimi-swordfish", "sashimi-jellyfish"),
    "Franken fish": ("franken-x-wing", "finned-franken-x-wing", "franken-swordfish", "finned-franken-swordfish",
                     "franken-jellyfish", "finned-franken-jellyfish"),
    "Mutant fish": ("mutant-x-wing", "finned-mutant-x-wing", "mutant-swordfish", "finned-mutant-swordfish",
                    "mutant-jellyfish", "finned-mutant-jellyfish"),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


FISH_CODES = ("x-wing", "finned-x-wing", "sashimi-x-wing", "swordfish", "finned-swordfish", "sashimi-swordfish",
              "franken-x-wing", "finned-franken-x-wing", "jellyfish", "finned-jellyfish", "sashimi-jellyfish",
              "franken-swordfish", "finned-franken-swordfish", "franken-jellyfish", "finned-franken-jellyfish",
              "mutant-x-wing", "finned-mutant-x-wing", "mutant-swordfish", "finned-mutant-swordfish",
              "mutant-jellyfish", "finned-mutant-jellyfish")


class FishDetails(TypedDict):
    #: the base houses (where the symbol's places are counted)
    base: tuple[int, ...]
    #: the cover houses (which hold all those places but the fins)
    cover: tuple[int, ...]
    #: cells of the base outside the cover (empty for a plain fish)
    fins: tuple[int, ...]


TEMPLATES = {
    code: (
        "Look for {a_name} on {sym}.",
        "{Base} hold {sym} only in {cover}{fin_clue}.",
        "In {base}, {sym} can only be in {cover}{fin_clue}. {fish_reason}",
    ) for code in FISH_CODES
}

DETAILS: dict[str, type] = {code: FishDetails for code in FISH_CODES}


def _fin_clue(r: TextRenderer, step: Step) -> str:
    fins = step.detail("fins", ())
    if not fins:
        return ""
    return f", apart from the fin{'s' if len(fins) > 1 else ''} {r.cells(fins)}"


def _fish_reason(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    base = houses_prose(r, step.detail("base"))
    cover = houses_prose(r, step.detail("cover"))
    cells = r.cells(elim_cells(step))
    fins = step.detail("fins", ())
    if not fins:
        return (f"Whichever way it falls, {cover} each get their {sym} from {base}, so {sym} is removed from "
                f"the rest of {cover}: {cells}.")
    one = len(fins) == 1
    return (f"Either {'the fin holds' if one else 'a fin holds'} {sym}, or {cover} each get their "
            f"{sym} from {base}; so the cells of {cover} that see {'the fin' if one else 'every fin'} "
            f"lose {sym}: {cells}.")


FIELDS: dict[str, Field] = {
    "base": lambda r, s: houses_prose(r, s.detail("base")),
    "Base": lambda r, s: capitalize(houses_prose(r, s.detail("base"))),
    "cover": lambda r, s: houses_prose(r, s.detail("cover")),
    "fin_clue": _fin_clue,
    "fish_reason": _fish_reason,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _fish(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    base, cover, fins = step.detail("base", ()), step.detail("cover", ()), step.detail("fins", ())
    b = Builder(step, state)
    sym = step.symbols[:1]
    b.cands(fins, sym, "fin")
    b.cell_roles(fins, "fin")
    body = [c for c in step.cells if c not in fins]
    b.cands(body, sym, "pattern")
    b.house_roles(base, "base")
    b.house_roles(cover, "cover")
    return b.done()


MARKERS: dict[str, Marker] = {"fish": _fish}
