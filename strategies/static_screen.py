"""The bitset screen of static chains: where every assumption can lead over
the links that hold in the position, computed for all assumptions at once
with one integer per polarity, so that only the assumptions that can take
part in a conclusion are propagated link by link
(:mod:`strategies.implications`)."""

from __future__ import annotations

from typing import Any

from deduce import deadline
from deduce.geometry import cells_of
from deduce.literal import literal_parts
from deduce.state import State
from deduce.tables import table

from ._accel import screen
from ._houses import per_position
from .implications import CHECK_EVERY, MAX_DEPTH
from .symbol_store import per_symbol


class StaticScreen:
    """Where every assumption leads over the static links, as bitsets: a
    fast first pass that tells which assumptions can take part in a
    conclusion, so that only those are propagated link by link.

    Static links do not depend on what an assumption implied so far, so
    what a static propagation reaches lies in the ball of radius
    :data:`MAX_DEPTH` around the assumption in one fixed graph (it can stop
    short of it: at a contradiction, or where a cell has lost every
    candidate), and it can run into a contradiction only when that ball
    holds a literal and its negation.  The screen is therefore safe to
    skip with: no contradiction in the ball, none in the propagation;
    nothing common to two balls, nothing common to the two propagations.
    Both are computed here with one integer per polarity: bit
    ``s * ncells + c`` stands for "cell c holds s" (in ``on``) or "does not"
    (in ``off``); following every weak link of a placed candidate is one
    ``|`` with a precomputed mask, and since the links alternate, so is
    reaching the "on" literals two links away (``two``).  ``symbol`` restricts the links to one
    symbol, as X-chains do; ``houses=False`` keeps only the strong links of
    bivalue cells (what a chain rated as a Y-chain may use).
    """

    __slots__ = ("_bit_of", "_bits", "_count", "_fast", "_memo", "_units", "has_strong", "ncells", "strong", "two",
                 "useful_off", "useful_on", "weak")

    def __init__(self, state: State, symbol: int | None = None, houses: bool = True):
        p = state.puzzle
        g = p.geometry
        n, ncells = g.size, len(state.cand)
        self.ncells = ncells
        self._bit_of = _bit_table(ncells)
        self._memo: dict[int, tuple[int | None, int, int, list[tuple[int, int]]]] = {}
        #: units() per tuple of literals: a symbol's screen serves every position where the symbol's places
        #: stay the same (strategies/symbol_store.py), and its X-chains ask for the same literals there
        self._units: dict[tuple[int, ...], Any] = {}
        self._count = 0
        #: the same links in C, when the optional accelerator is installed (strategies/_accel.py)
        self._fast = screen(state, symbol, houses, MAX_DEPTH)
        if self._fast is not None:
            self.weak = self.strong = []   # (held by the C screen)
            self.has_strong, self.useful_on, self.useful_off = self._fast.masks()
            return
        cand, value = state.cand, state.value
        self._bits = single_bits(n * ncells)
        smask = [0] * n
        for c, m in enumerate(cand):
            bit = 1 << c
            while m:
                low = m & -m
                smask[low.bit_length() - 1] |= bit
                m ^= low
        weak = [0] * (n * ncells)
        strong = [0] * (n * ncells)
        has_strong = useful_on = useful_off = 0
        peer_masks, house_masks, cell_houses = p.peer_masks, g.house_masks, g.cell_houses
        unsolved = 0
        for c in range(ncells):
            if value[c] < 0:
                unsolved |= 1 << c
        spread: dict[int, int] = {}
        for s in range(n) if symbol is None else (symbol,):
            base = s * ncells
            sm = smask[s]
            useful_off |= sm << base
            useful_on |= (sm & unsolved) << base  # (on literals are reached only there)
            for c in cells_of(sm & unsolved):
                i = base + c
                w = (peer_masks[c] & sm) << base
                st = 0
                if symbol is None:
                    others = cand[c] & ~(1 << s)
                    sp = spread.get(others)
                    if sp is None:
                        sp = spread[others] = sum(1 << (t * ncells) for t in cells_of(others))
                    w |= sp << c
                    if cand[c].bit_count() == 2:
                        st |= 1 << ((others.bit_length() - 1) * ncells + c)
                for h in cell_houses[c] if houses else ():
                    places = sm & house_masks[h]
                    if places.bit_count() == 2:
                        q = (places & ~(1 << c)).bit_length() - 1
                        if value[q] < 0:
                            st |= 1 << (base + q)
                weak[i] = w
                if st:
                    strong[i] = st
                    has_strong |= 1 << i
        # per "on" literal, the "on" literals two links away (through the "off" literals it implies
        # that have a strong link): the search goes from one "on" layer to the next with one | per
        # literal instead of one per "off" literal of the layer between
        bits = self._bits
        two = [0] * (n * ncells)
        m = useful_on
        while m:
            i = m.bit_length() - 1
            m ^= bits[i]
            acc = 0
            o = weak[i] & has_strong
            while o:
                j = o.bit_length() - 1
                o ^= bits[j]
                acc |= strong[j]
            two[i] = acc
        self.weak, self.strong, self.has_strong, self.two = weak, strong, has_strong, two
        self.useful_on, self.useful_off = useful_on, useful_off

    def index(self, x: int) -> int:
        """The bit of literal ``x``."""
        return self._bit_of[x]

    def reach(self, x: int) -> tuple[int | None, int, int, list[tuple[int, int]]]:
        """``(contradiction, on, off, layers)`` for the assumption ``x`` (a
        literal): the least distance at which the ball holds a literal and
        its negation (None if it never does), the ball's two bitsets (the
        whole ball: a propagation may go on where the screen sees a
        contradiction), and per distance from ``x`` the (on, off) bits first
        reached there."""
        got = self._memo.get(x)
        if got is not None:
            return got
        self._count += 1
        if not self._count % CHECK_EVERY:
            deadline.check()
        if self._fast is not None:
            got = self._memo[x] = self._fast.reach(self.index(x), x & 1)
            return got
        weak, strong, two, bits = self.weak, self.strong, self.two, self._bits
        # (the links alternate: an "on" literal implies "off" ones, an "off" one "on" ones, so the
        # layers do too; each "on" layer gives the next "off" layer and, through self.two, the "on"
        # layer after it: an "on" literal two links away through an "off" literal reached earlier
        # was reached earlier too, and is masked out)
        i = self.index(x)
        bit = bits[i]
        contradiction = None
        if x & 1:
            on = f_on = bit
            off = 0
            layers = [(bit, 0)]
        else:
            on = 0
            off = bit
            layers = [(0, bit)]
            f_on = strong[i] if self.has_strong & bit else 0
            if f_on:
                on = f_on
                layers.append((f_on, 0))
                if on & off:
                    contradiction = 1
        depth = len(layers) - 1
        while f_on and depth < MAX_DEPTH:
            new_off = new_on = 0
            m = f_on
            while m:
                j = m.bit_length() - 1
                m ^= bits[j]
                new_off |= weak[j]
                new_on |= two[j]
            f_off = new_off & ~off
            if not f_off:
                break
            off |= f_off
            layers.append((0, f_off))
            depth += 1
            if contradiction is None and on & off:
                contradiction = depth
            if depth >= MAX_DEPTH:
                break
            f_on = new_on & ~on
            if not f_on:
                break
            on |= f_on
            layers.append((f_on, 0))
            depth += 1
            if contradiction is None and on & off:
                contradiction = depth
        got = self._memo[x] = (contradiction, on, off, layers)
        return got

    def units(self, on_lits: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int | None, int | None]]]:
        """The bounds of the static chains' units of work over the "on"
        literals ``on_lits``: ``(k, bound)`` for each ``on_lits[k]`` whose ball
        holds a contradiction (the least complexity of that contradiction),
        then ``(k, common, dead)`` for each whose :meth:`double_bound` is not
        ``(None, None)``; both in the order of ``on_lits``."""
        key = tuple(on_lits)
        got = self._units.get(key)
        if got is None:
            got = self._units[key] = self._units_of(on_lits)
        return got

    def _units_of(self, on_lits: list[int]) -> tuple[list[tuple[int, int]], list[tuple[int, int | None, int | None]]]:
        if self._fast is not None:
            deadline.check()
            bit_of = self._bit_of
            return self._fast.units([bit_of[x] for x in on_lits])
        contradictions = []
        for k, x in enumerate(on_lits):
            dead = self.reach(x)[0]
            if dead is not None:
                contradictions.append((k, max(1, dead)))
        doubles = []
        for k, x in enumerate(on_lits):
            common, dead = self.double_bound(x)
            if common is not None or dead is not None:
                doubles.append((k, common, dead))
        return contradictions, doubles

    def double_bound(self, x_on: int) -> tuple[int | None, int | None]:
        """Lower bounds on the complexity of what assuming ``x_on`` true and
        false concludes: (a consequence common to both, a contradiction of
        the false one); None where the screen shows there is none."""
        if self._fast is not None:
            return self._fast.double_bound(self._bit_of[x_on])
        bit = 1 << self.index(x_on)
        if not self.has_strong & bit:
            # assuming x_on false leads nowhere (no strong link): nothing in common, no contradiction
            return None, None
        x_off = x_on ^ 1
        dead, on_off, off_off, layers_off = self.reach(x_off)
        _, on_on, off_on, layers_on = self.reach(x_on)
        both_on = on_on & on_off & self.useful_on & ~bit
        both_off = off_on & off_off & self.useful_off & ~bit
        common = None
        if both_on or both_off:
            common = self.pair_distance(layers_on, layers_off, both_on, both_off) + 2
        return common, None if dead is None else max(1, dead)

    def common_bound(self, starts: list[int]) -> int | None:
        """A lower bound on the complexity of what every branch of ``starts``
        ("on" literals) concludes (None: the screen shows nothing common to them)."""
        if self._fast is not None:
            bit_of = self._bit_of
            return self._fast.common_bound([bit_of[x] for x in starts])
        on = off = -1
        starts_bits = 0
        reached = []
        for x in starts:
            _, x_on, x_off, layers = self.reach(x)
            on &= x_on
            off &= x_off
            starts_bits |= 1 << self.index(x)
            reached.append(layers)
        on &= self.useful_on & ~starts_bits
        off &= self.useful_off
        if not on and not off:
            return None
        return sum(self.distance(layers, on, off) + 1 for layers in reached)

    def common_bounds(self, groups: list[tuple[str, tuple, list[int]]]) -> list[int | None]:
        """:meth:`common_bound` of the starts of each of ``groups``
        (``(kind, source, starts)``, as
        :meth:`~strategies.chain_producer.ChainProducer.branch_groups`
        lists them), in one call to the C screen when there is one."""
        if self._fast is None:
            return [self.common_bound(starts) for _, _, starts in groups]
        deadline.check()
        bit_of = self._bit_of
        return self._fast.common_bounds([bit_of[x] for _, _, starts in groups for x in starts],
                                        [len(starts) for _, _, starts in groups])

    @staticmethod
    def pair_distance(first: list[tuple[int, int]], second: list[tuple[int, int]], on: int, off: int) -> int:
        """The least ``i + j`` such that ``first`` at distance i and ``second``
        at distance j reach the same bit of ``on`` or ``off``."""
        # only the layers that reach one of those bits can meet
        b = [(j, lo & on, lf & off) for j, (lo, lf) in enumerate(second) if lo & on or lf & off]
        best = len(first) + len(second)
        for i, (lo, lf) in enumerate(first):
            if i >= best:
                break
            ao, af = lo & on, lf & off
            if not ao and not af:
                continue
            for j, bo, bf in b:
                if i + j >= best:
                    break
                if ao & bo or af & bf:
                    best = i + j
                    break
        return best

    @staticmethod
    def distance(layers: list[tuple[int, int]], on: int, off: int) -> int:
        """The least distance at which ``layers`` reach a bit of ``on`` or ``off``
        (a lower bound on where the link-by-link propagation reaches it)."""
        for d, (lo, lf) in enumerate(layers):
            if lo & on or lf & off:
                return d
        return len(layers)


#: Bits up to this many literals are kept as a table of ints (for 9x9, 729 of them); above it,
#: each is shifted when needed (a table for 25x25 would hold 15,625 ints of up to 2 kB).
SINGLE_BITS_TABLE = 4096


class _Shifted:
    """``1 << i`` on demand, where a table would be too large."""

    __slots__ = ()

    def __getitem__(self, i: int) -> int:
        return 1 << i


def _bit_table(ncells: int) -> tuple[int, ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.static_screen._bit_table", ncells), lambda: _make_bit_table(ncells))


def _make_bit_table(ncells: int) -> tuple[int, ...]:
    """Per literal, its bit in a screen's masks: symbol-major, ``symbol * ncells + cell``."""
    cell_of, symbol_of = literal_parts(ncells)
    return tuple(symbol_of[x] * ncells + cell_of[x] for x in range(len(cell_of)))


def _single_bits_table(size: int) -> tuple[int, ...]:
    return tuple(1 << i for i in range(size))


def single_bits(size: int) -> tuple[int, ...] | _Shifted:
    """``1 << i`` for every literal bit ``i`` below ``size``, looked up rather
    than shifted (a new int) in the screen's loop."""
    return _single_bits_table(size) if size <= SINGLE_BITS_TABLE else _Shifted()


def static_screen(state: State, symbol: int | None, houses: bool = True) -> StaticScreen:
    """The position's :class:`StaticScreen`, shared by every static chain
    (one symbol's, while its places stay the same: :func:`~strategies.symbol_store.per_symbol`)."""
    if symbol is not None:
        return per_symbol(state, ("screen", houses), symbol, lambda: StaticScreen(state, symbol, houses))
    return per_position(state, ("screen", symbol, houses), lambda: StaticScreen(state, symbol, houses))
