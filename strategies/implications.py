"""The implication engine behind every chain: follow the consequences of an assumption.

Assume a candidate is true (or false) and follow what must then happen:

* a symbol placed in a cell removes the cell's other candidates and the
  symbol from the cell's peers (*weak* links);
* a cell left with one candidate holds it, and a symbol left with one place
  in a house goes there (*strong* links).

Each consequence remembers what it follows from, so a conclusion can be
explained link by link.  What a chain proves:

* **contradiction**: assuming r1c2 = 5 makes some candidate both true and
  false (or empties a cell, or leaves a symbol no place in a house), so
  r1c2 is not 5; assuming r1c2 is *not* 5 leads to a contradiction, so
  r1c2 = 5;
* **double implication**: r1c2 = 5 and r1c2 <> 5 both lead to the same
  consequence, which therefore holds;
* **cell forcing**: every candidate of a cell leads to the same consequence;
* **region forcing**: every place of a symbol in a house leads to it.

The engine propagates in one of five modes:

* ``static``: only links that hold in the current position (a bivalue cell,
  a symbol with two places in a house): X-chains (one symbol), alternating
  inference chains and static cell/region forcing chains
  (:mod:`strategies.chains`, :mod:`strategies.forcing`);
* ``grouped``: static, plus grouped nodes and almost locked sets as nodes;
* ``dynamic``: each link judged against the position as changed by
  everything the assumption implied so far (Nishio when one symbol is
  followed; dynamic forcing chains otherwise);
* ``plus`` (nesting level 1): dynamic, and locked candidates, naked and
  hidden pairs and triples and X-wings applied inside the assumption;
* ``nested`` (nesting level 2, Sudoku Explainer's first nested level):
  also static forcing chains (AICs and cell/region chains, themselves
  explained link by link) inside the assumption.

How it is made fast, in pure Python (measurements in ``bench/PROFILE.md``):

* candidates are int bitmasks per cell, places of a symbol an int bitmask
  over cells, houses and peers precomputed masks: a link is an ``&``;
* a propagation copies two small lists once and then changes them in place;
  the literals reached are one dict, whose values (reason, parents) are
  shared by every literal one node implies for the same reason: no
  per-node allocation besides the dict entry, no helper call per link;
* each assumption is propagated once per position and mode
  (:func:`implications` is cached per position), and every chain
  technique that asks in that mode shares the result: AICs and static
  cell/region chains share the static propagations, dynamic chains and
  their conclusions share the dynamic ones; a ``plus`` propagation starts
  from where the ``dynamic`` one of the same assumption stopped instead of
  redoing it;
* :func:`deduce.deadline.check` runs every :data:`CHECK_EVERY`
  propagations, so a time limit ends a long search promptly.

Every chain is bounded by :data:`MAX_DEPTH` generations of consequences and
:data:`MAX_RULES` inner steps (of which at most :data:`MAX_NESTED_RULES`
inner forcing chains), deterministic limits rather than a clock.

A chain step's record (``Step.details``): ``kind`` (contradiction, double,
cell, region), ``source``, ``branches`` (per branch: the assumption, its
``(literal, reason, parents)`` records in derivation order, the
contradiction if any), ``nesting``, ``static`` and ``complexity``;
literals are packed as :mod:`deduce.literal` describes.
"""

from __future__ import annotations

import heapq
from functools import partial
from itertools import combinations
from typing import Any, Callable, ClassVar, Iterator, Sequence

import attrs

from deduce import deadline
from deduce.geometry import cells_of
from deduce.literal import lit, lit_cell
from deduce.literal import lit_symbol as lit_sym
from deduce.state import State
from deduce.step import Step
from deduce.techniques import TECHNIQUES, Technique, se_length_bonus

from ._houses import cached, per_position

#: Generations of consequences followed from an assumption.
MAX_DEPTH = 40
#: Inner technique steps applied inside one dynamic+ (or nested) assumption.
MAX_RULES = 12
#: Inner forcing chains applied inside one nested assumption.
MAX_NESTED_RULES = 4
#: Propagations between two deadline checks.
CHECK_EVERY = 64

# Reasons for a consequence (first item of a node's reason tuple).
ASSUMED = "assumed"
SAME_CELL = "cell"        # cell = s, so cell <> t
PEER = "peer"             # cell = s, so its peer <> s
NAKED = "naked"           # every other candidate of the cell is gone
HIDDEN = "hidden"         # every other place in the house is gone
RULE = "rule"             # an inner technique (dynamic+)
GROUP = "group"           # the symbol's places left in a house lie in one line and box
ALS_NODE = "als"          # an almost locked set lost a symbol: it is locked on the rest

#: Largest almost locked set used as a node of grouped chains, in cells.
MAX_ALS_NODE_CELLS = 4

CONTRADICTION, DOUBLE, CELL, REGION = "contradiction", "double", "cell", "region"

#: The propagation modes.
MODES = ("static", "grouped", "dynamic", "plus", "nested")


class Propagation:
    """Everything that follows from one assumption.

    ``nodes`` maps each literal reached to ``(reason, parents)``, in the
    order found (parents always come first).  ``contradiction`` is None or
    ``(literal, reason, parents)``: a derivation of ``literal`` whose
    negation is already in ``nodes``, or ``(-1, ("empty", cell) / ("no-place",
    house), parents)`` when a cell or a house runs out.
    """

    __slots__ = ("contradiction", "end", "grouped", "nested_rules", "nodes", "rules", "start")

    def __init__(self, start: int):
        self.start = start
        self.nodes: dict[int, tuple[tuple, tuple[int, ...]]] = {start: ((ASSUMED,), ())}
        self.contradiction: tuple[int, tuple, tuple[int, ...]] | None = None
        #: whether a group or an almost locked set served as a node
        self.grouped = False
        self.rules = 0
        self.nested_rules = 0
        #: where a dynamic propagation stopped (candidates, places, placed cells, generations), so
        #: that a dynamic+ one of the same assumption can go on from there
        self.end: tuple[list[int], list[int], int, int] | None = None

    def ancestors(self, targets: Sequence[int]) -> list[int]:
        """The literals ``targets`` follow from, themselves included, in
        derivation order."""
        nodes = self.nodes
        seen: set[int] = set()
        stack = [t for t in targets if t in nodes]
        while stack:
            x = stack.pop()
            if x in seen:
                continue
            seen.add(x)
            stack.extend(nodes[x][1])
        return [x for x in nodes if x in seen]

    def records(self, lits: Sequence[int]) -> tuple[tuple[int, tuple, tuple[int, ...]], ...]:
        """``(literal, reason, parents)`` for each of ``lits`` (ancestors, in
        order): the record a renderer explains."""
        return tuple((x, self.nodes[x][0], self.nodes[x][1]) for x in lits)

    def is_static(self, lits: Sequence[int]) -> bool:
        """True if every strong link among ``lits`` held before the assumption."""
        return all((len(self.nodes[x][1]) <= 1 or self.nodes[x][0][0] not in (NAKED, HIDDEN))
                   and self.nodes[x][0][0] != RULE for x in lits)


class Implications:
    """Propagates assumptions in one position.

    ``mode`` is one of :data:`MODES`; ``symbol``, when set, follows that
    symbol only (X-chains, Nishio).  :meth:`propagate` is memoized: ask
    :func:`implications` for the instance shared by every strategy.
    """

    def __init__(self, state: State, mode: str = "dynamic", symbol: int | None = None):
        if mode not in MODES:
            raise ValueError(f"unknown propagation mode {mode!r}; known: {', '.join(MODES)}")
        self.state = state
        self.mode = mode
        self.symbol = symbol
        p = state.puzzle
        g = p.geometry
        self.n = g.size
        self.peer_masks = p.peer_masks
        self.house_masks = g.house_masks
        self.cell_houses = g.cell_houses
        self.cand = state.cand
        self.value = state.value
        smask = [0] * self.n
        for c, m in enumerate(state.cand):
            bit = 1 << c
            while m:
                low = m & -m
                smask[low.bit_length() - 1] |= bit
                m ^= low
        self.smask = smask
        self.static = mode in ("static", "grouped")
        self.inner_steps = mode in ("plus", "nested")
        self._inner: list[Any] | None = None
        self._memo: dict[int, Propagation] = {}
        self._count = 0
        #: the dynamic propagations of the same position, when already made (a plus one goes on from them)
        self.base: Implications | None = None
        self.group_of = _groups(g) if mode == "grouped" else {}
        # grouped chains also pass through almost locked sets: off literal -> for each set holding it
        # there, (its places of the symbol, the parents and reason of what it implies when it loses the
        # symbol, and per other symbol y, (y, the cells outside the set that see all its places of y)):
        # all fixed in the position, so built once here rather than once per link
        self.als_index: dict[int, list[tuple[int, tuple, tuple, tuple[tuple[int, int], ...]]]] = {}
        if mode == "grouped":
            from .als import position_sets

            for a in position_sets(state):
                if not 2 <= a.cells.bit_count() <= MAX_ALS_NODE_CELLS:
                    continue
                cells = tuple(cells_of(a.cells))
                for x in cells_of(a.symbols):
                    entry = (a.where[x], tuple(lit(q, x, False) for q in cells_of(a.where[x])),
                             (ALS_NODE, cells, a.house, x),
                             tuple((y, a.seen[y] & ~a.cells) for y in cells_of(a.symbols & ~(1 << x))))
                    for c in cells_of(a.where[x]):
                        self.als_index.setdefault(lit(c, x, False), []).append(entry)

    # -- propagation --------------------------------------------------------

    def propagate(self, start: int) -> Propagation:
        """Follow ``start`` (a literal) as far as the links reach (memoized)."""
        prop = self._memo.get(start)
        if prop is None:
            self._count += 1
            if not self._count % CHECK_EVERY:
                deadline.check()
            prop = self._memo[start] = self._propagate(start)
        return prop

    def _propagate(self, start: int) -> Propagation:
        prop = Propagation(start)
        nodes = prop.nodes
        value = self.value
        static, grouped, only = self.static, self.mode == "grouped", self.symbol
        group_of, als_index = self.group_of, self.als_index
        house_masks, cell_houses, peer_masks = self.house_masks, self.cell_houses, self.peer_masks
        orig_cand, orig_smask = self.cand, self.smask
        done = 0
        base = self.base._memo.get(start) if self.base is not None else None
        if base is not None and base.contradiction is not None:
            # dynamic+ follows the same links as dynamic up to the first inner step: the same contradiction
            prop.nodes, prop.contradiction = base.nodes, base.contradiction
            return prop
        if base is not None and base.end is not None:
            # dynamic+ goes on where the dynamic propagation of the same assumption stopped
            cand, smask, placed, done = base.end[0].copy(), base.end[1].copy(), base.end[2], base.end[3] - 1
            nodes.update(base.nodes)
            frontier: list[int] = []
        else:
            cand = orig_cand.copy()
            smask = orig_smask.copy()
            placed = 0  # mask of cells given a symbol by the assumption
            frontier = [start]
            if not start & 1:
                c, s = start >> 6, (start >> 1) & 31
                cand[c] &= ~(1 << s)
                smask[s] &= ~(1 << c)
        # The hot loop: links are followed inline (no helper call per link), and the
        # (reason, parents) pair of a node is shared by every literal it implies for that reason.
        generation = done
        while generation < MAX_DEPTH:
            generation += 1
            nxt: list[int] = []
            push = nxt.append
            for x in frontier:
                c = x >> 6
                s = (x >> 1) & 31
                if x & 1:
                    # c = s: the cell's other candidates and the symbol's other places in its peers go
                    if value[c] >= 0:
                        continue
                    cbit = 1 << c
                    placed |= cbit
                    par = (x,)
                    if only is None:
                        m = cand[c] & ~(1 << s)
                        if m:
                            rp = ((SAME_CELL, c), par)
                            cl = c << 6
                            while m:
                                low = m & -m
                                m ^= low
                                t = low.bit_length() - 1
                                y = cl | t << 1
                                if y in nodes:
                                    continue
                                if y | 1 in nodes:
                                    prop.contradiction = (y, rp[0], par)
                                    return prop
                                nodes[y] = rp
                                cand[c] &= ~low
                                smask[t] &= ~cbit
                                push(y)
                    m = peer_masks[c] & smask[s]
                    if m:
                        rp = ((PEER, c), par)
                        sbit, sl = 1 << s, s << 1
                        while m:
                            low = m & -m
                            m ^= low
                            p = low.bit_length() - 1
                            y = p << 6 | sl
                            if y in nodes:
                                continue
                            if y | 1 in nodes:
                                prop.contradiction = (y, rp[0], par)
                                return prop
                            nodes[y] = rp
                            cand[p] &= ~sbit
                            smask[s] &= ~low
                            push(y)
                    continue
                # c <> s: look for a cell or a house left with one choice
                if only is None:
                    rest = cand[c]
                    if not rest:
                        if static and orig_cand[c].bit_count() != 2:
                            continue  # static chains only use a cell's strong link: two candidates
                        prop.contradiction = (-1, ("empty", c), tuple(lit(c, t, False) for t in cells_of(orig_cand[c])))
                        return prop
                    if not rest & (rest - 1) and not placed >> c & 1:
                        gone = orig_cand[c] & ~rest
                        if not static or not gone & (gone - 1):
                            y = c << 6 | (rest.bit_length() - 1) << 1 | 1
                            if y not in nodes:
                                parents = tuple(lit(c, u, False) for u in cells_of(gone))
                                if y ^ 1 in nodes:
                                    prop.contradiction = (y, (NAKED, c), parents)
                                    return prop
                                nodes[y] = ((NAKED, c), parents)
                                push(y)
                sm = orig_smask[s]
                for h in cell_houses[c]:
                    hm = house_masks[h]
                    left = smask[s] & hm
                    if not left:
                        if static and (sm & hm).bit_count() != 2:
                            continue  # static chains only use a house's strong link: two places
                        prop.contradiction = (-1, ("no-place", h, s), tuple(
                            lit(q, s, False) for q in cells_of(sm & hm)))
                        return prop
                    if not left & (left - 1):
                        q = left.bit_length() - 1
                        if value[q] >= 0 or placed >> q & 1:
                            continue
                        gone = sm & hm & ~left
                        if not static or not gone & (gone - 1) or (grouped and gone in group_of):
                            y = q << 6 | s << 1 | 1
                            if y not in nodes:
                                parents = tuple(lit(r, s, False) for r in cells_of(gone))
                                if y ^ 1 in nodes:
                                    prop.contradiction = (y, (HIDDEN, h), parents)
                                    return prop
                                nodes[y] = ((HIDDEN, h), parents)
                                push(y)
                    elif grouped and left in group_of:
                        # the symbol's places left in h form a group inside a line and a box:
                        # the other of those two houses loses it outside the group
                        gone = sm & hm & ~left
                        if gone.bit_count() != 1 and gone not in group_of:
                            continue
                        for o in group_of[left]:
                            if o == h:
                                continue
                            m = smask[s] & house_masks[o] & ~left
                            if m:
                                prop.grouped = True
                                parents = tuple(lit(r, s, False) for r in cells_of(gone))
                                reason = (GROUP, h, tuple(cells_of(left)), o)
                                for t in cells_of(m):
                                    if not _add(prop, cand, smask, nxt, lit(t, s, False), reason, parents):
                                        return prop
                # an almost locked set without s is locked on its other symbols: each of them
                # leaves the cells that see all its places in the set
                if grouped:
                    for where, parents, reason, others in als_index.get(x, ()):
                        if smask[s] & where:
                            continue
                        for y, outside in others:
                            m = outside & smask[y]
                            if m:
                                prop.grouped = True
                                for t in cells_of(m):
                                    if not _add(prop, cand, smask, nxt, lit(t, y, False), reason, parents):
                                        return prop
            if not nxt:
                if self.mode == "dynamic" and only is None:
                    prop.end = (cand, smask, placed, generation)
                if self.inner_steps and prop.rules < MAX_RULES:
                    nxt_lits = self._inner_step(prop, cand, placed)
                    for x, reason, parents in nxt_lits:
                        if not _add(prop, cand, smask, nxt, x, reason, parents):
                            return prop
                    prop.rules += 1 if nxt_lits else 0
            if not nxt:
                break
            frontier = nxt
        return prop

    def _inner_step(self, prop: Propagation, cand: list[int], placed: int) -> list[tuple[int, tuple, tuple[int, ...]]]:
        """One step of an inner technique in the assumed position (dynamic+)."""
        if self._inner is None:
            self._inner = _inner_strategies(self.mode)
        value = self.value.copy()
        for c in cells_of(placed):
            value[c] = cand[c].bit_length() - 1
        hypo = State(self.state.puzzle, cand.copy(), value)
        nodes = prop.nodes
        for strategy in self._inner:
            chain = isinstance(strategy, ChainProducer)
            if chain and prop.nested_rules >= MAX_NESTED_RULES:
                continue
            for step in strategy.find(hypo):
                new = [lit(c, s, False) for c, s in step.eliminations if lit(c, s, False) not in nodes]
                new += [lit(c, s, True) for c, s in step.placements if lit(c, s, True) not in nodes]
                if not new:
                    continue
                targets = {lit_cell(x) for x in new}
                pattern = set(step.cells) | {c for h in step.houses for c in hypo.puzzle.geometry.houses[h]}
                sset = set(step.symbols) or {lit_sym(x) for x in new}
                parents = tuple(x for x in nodes if not x & 1 and x >> 6 in pattern and (x >> 1) & 31 in sset
                                and x >> 6 not in targets)
                reason: tuple = (RULE, step.code, tuple(step.houses), tuple(step.cells))
                if chain:
                    # the inner chain itself, so that it too is explained link by link
                    reason += ((step.detail("kind"), step.detail("source"), step.detail("branches")),)
                    prop.nested_rules += 1
                return [(x, reason, parents) for x in new]
        return []


def _add(prop: Propagation, cand: list[int], smask: list[int], nxt: list[int], x: int, reason: tuple,
         parents: tuple[int, ...]) -> bool:
    """Record ``x`` (the engine's rare links: groups, sets, inner steps);
    False when it contradicts what is known."""
    nodes = prop.nodes
    if x in nodes:
        return True
    if x ^ 1 in nodes:
        prop.contradiction = (x, reason, parents)
        return False
    nodes[x] = (reason, parents)
    if not x & 1:
        c, s = x >> 6, (x >> 1) & 31
        cand[c] &= ~(1 << s)
        smask[s] &= ~(1 << c)
    nxt.append(x)
    return True


_group_tables: dict[Any, dict[int, tuple[int, ...]]] = {}


def _groups(g: Any) -> dict[int, tuple[int, ...]]:
    """Every set of two or more cells inside one line-box intersection,
    mapped to the two houses (line, box) holding it."""
    table = _group_tables.get(g)
    if table is None:
        table = {}
        n = g.size
        for line in range(2 * n):
            for block in range(2 * n, 3 * n):
                inter = g.house_masks[line] & g.house_masks[block]
                cells = cells_of(inter)
                if len(cells) < 2:
                    continue
                for k in range(2, len(cells) + 1):
                    for sub in combinations(cells, k):
                        table[sum(1 << c for c in sub)] = (line, block)
        _group_tables[g] = table
    return table


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
    ``|`` with a precomputed mask.  ``symbol`` restricts the links to one
    symbol, as X-chains do; ``houses=False`` keeps only the strong links of
    bivalue cells (what a chain rated as a Y-chain may use).
    """

    __slots__ = ("_count", "_memo", "has_strong", "ncells", "strong", "useful_off", "useful_on", "weak")

    def __init__(self, state: State, symbol: int | None = None, houses: bool = True):
        p = state.puzzle
        g = p.geometry
        n, ncells = g.size, len(state.cand)
        self.ncells = ncells
        cand, value = state.cand, state.value
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
            useful_on |= unsolved << base
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
        self.weak, self.strong, self.has_strong = weak, strong, has_strong
        self.useful_on, self.useful_off = useful_on, useful_off
        self._memo: dict[int, tuple[int | None, int, int, list[tuple[int, int]]]] = {}
        self._count = 0

    def index(self, x: int) -> int:
        """The bit of literal ``x``."""
        return ((x >> 1) & 31) * self.ncells + (x >> 6)

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
        weak, strong, has_strong = self.weak, self.strong, self.has_strong
        bit = 1 << self.index(x)
        if x & 1:
            on = f_on = bit
            off = f_off = 0
        else:
            on = f_on = 0
            off = f_off = bit
        contradiction = None
        layers = [(on, off)]
        for _ in range(MAX_DEPTH):
            new_off = 0
            m = f_on
            while m:
                low = m & -m
                m ^= low
                new_off |= weak[low.bit_length() - 1]
            new_on = 0
            m = f_off & has_strong
            while m:
                low = m & -m
                m ^= low
                new_on |= strong[low.bit_length() - 1]
            f_on, f_off = new_on & ~on, new_off & ~off
            if not f_on and not f_off:
                break
            on |= f_on
            off |= f_off
            layers.append((f_on, f_off))
            if contradiction is None and on & off:
                contradiction = len(layers) - 1
        got = self._memo[x] = (contradiction, on, off, layers)
        return got

    @staticmethod
    def pair_distance(first: list[tuple[int, int]], second: list[tuple[int, int]], on: int, off: int) -> int:
        """The least ``i + j`` such that ``first`` at distance i and ``second``
        at distance j reach the same bit of ``on`` or ``off``."""
        a = [(lo & on, lf & off) for lo, lf in first]
        b = [(lo & on, lf & off) for lo, lf in second]
        for t in range(len(a) + len(b) - 1):
            for i in range(max(0, t - len(b) + 1), min(t, len(a) - 1) + 1):
                j = t - i
                if a[i][0] & b[j][0] or a[i][1] & b[j][1]:
                    return t
        return len(a) + len(b)

    @staticmethod
    def distance(layers: list[tuple[int, int]], on: int, off: int) -> int:
        """The least distance at which ``layers`` reach a bit of ``on`` or ``off``
        (a lower bound on where the link-by-link propagation reaches it)."""
        for d, (lo, lf) in enumerate(layers):
            if lo & on or lf & off:
                return d
        return len(layers)


def static_screen(state: State, symbol: int | None, houses: bool = True) -> StaticScreen:
    """The position's :class:`StaticScreen`, shared by every static chain."""
    return per_position(state, ("screen", symbol, houses), lambda: StaticScreen(state, symbol, houses))


def implications(state: State, mode: str, symbol: int | None) -> Implications:
    """The propagations of one position, shared by every strategy that asks
    in the same mode (AICs and cell/region chains follow the same links)."""
    def make() -> Implications:
        imp = Implications(state, mode, symbol)
        if mode == "plus" and symbol is None:
            imp.base = cached(state, ("implications", "dynamic", None))
        return imp

    return per_position(state, ("implications", mode, symbol), make)


#: Makes the static forcing chains a nested (level 2) assumption applies;
#: :mod:`strategies.forcing` installs it (the chain producers are built on
#: this engine, so the engine does not import them).
NESTED_INNER_CHAINS: list[Callable[[], list[Any]]] = []


def _inner_strategies(mode: str = "plus") -> list[Any]:
    """The techniques applied inside an assumption: nesting level 1 (``plus``)
    or 2 (``nested``: level 1's, then static forcing chains)."""
    from .fish import Fish
    from .intersections import LockedCandidates
    from .subsets import HiddenSubset, NakedSubset

    inner: list[Any] = [LockedCandidates("pointing"), LockedCandidates("claiming"), NakedSubset(2), HiddenSubset(2),
                        Fish(2, "basic"), NakedSubset(3), HiddenSubset(3)]
    if mode == "nested":
        for make in NESTED_INNER_CHAINS:
            inner += make()
    return inner


#: Codes of the chains a nested chain may apply inside an assumption.
INNER_CHAIN_CODES = frozenset({"aic", "x-chain", "cell-region-forcing"})


# -- conclusions ------------------------------------------------------------------


class _Conclusion:
    __slots__ = ("chains", "complexity", "kind", "props", "result", "source", "targets")

    def __init__(self, kind: str, source: tuple, props: list[Propagation], targets: list[list[int]],
                 result: int):
        self.kind = kind
        self.source = source          # (cell, sym) or (cell,) or (house, sym)
        self.props = props            # one propagation per branch
        self.targets = targets        # per branch, the literals that show the conclusion
        self.result = result          # the literal proven true
        self.chains = [p.ancestors(t) for p, t in zip(props, targets)]
        self.complexity = sum(len(c) for c in self.chains)


def _nesting(con: _Conclusion) -> int:
    """0 without inner techniques, 1 with, 2 when one of them is a chain."""
    level = 0
    for p, chain in zip(con.props, con.chains):
        nodes = p.nodes
        for x in chain:
            reason = nodes[x][0]
            if reason[0] == RULE:
                level = max(level, 2 if reason[1] in INNER_CHAIN_CODES else 1)
    return level


def _contradiction_targets(prop: Propagation) -> list[int]:
    x, _, parents = prop.contradiction  # type: ignore[misc]
    if x < 0:
        return list(parents)
    return [x ^ 1, *parents]


class ChainKindError(ValueError):
    """An unknown kind of chain was asked for."""


@attrs.define(repr=False, unsafe_hash=True, on_setattr=attrs.setters.frozen)
class ChainProducer:
    """What every chain strategy shares: find the conclusions of one kind in
    the position's propagations, easiest first, and turn each into a step.

    Subclasses list their kinds in ``KINDS``: kind -> (technique code,
    propagation mode).  The repr rebuilds the producer:

    >>> from strategies.forcing import ForcingChains
    >>> ForcingChains("dynamic")
    ForcingChains('dynamic')
    >>> ForcingChains("dynamic").technique.code, ForcingChains("dynamic").mode
    ('dynamic-forcing', 'dynamic')
    """

    KINDS: ClassVar[dict[str, tuple[str, str]]] = {}

    kind: str
    technique: Technique = attrs.field(init=False, eq=False)
    mode: str = attrs.field(init=False, eq=False)

    def __attrs_post_init__(self) -> None:
        if self.kind not in self.KINDS:
            raise ChainKindError(f"unknown {type(self).__name__} kind {self.kind!r}; known: {', '.join(self.KINDS)}")
        code, mode = self.KINDS[self.kind]
        object.__setattr__(self, "technique", TECHNIQUES[code])
        object.__setattr__(self, "mode", mode)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.kind!r})"

    def find(self, state: State) -> Iterator[Step]:
        if self.mode == "static":
            return self._best_first(state)
        return self._find_sorted(state)

    def _find_sorted(self, state: State) -> Iterator[Step]:
        """Every conclusion, sorted: the easiest rating first, then the
        shortest chain, then the result, then the order found."""
        conclusions = [con for con in self._conclusions(state) if self._admits(con)]
        # as Sudoku Explainer: the easiest rating first, then the shortest chain
        variants = {id(con): self._variant(con) for con in conclusions}
        base = self.technique.se_for
        conclusions.sort(key=lambda c: ((base(variants[id(c)]) or 0) + se_length_bonus(c.complexity),
                                        c.complexity, c.result))
        seen: set[int] = set()
        for con in conclusions:
            if con.result in seen:
                continue
            seen.add(con.result)
            yield self._step(state, con, variants[id(con)])

    def _admits(self, con: _Conclusion) -> bool:
        """Whether ``con`` is of this producer's strength, not an easier one's."""
        if self.mode == "plus":
            return _nesting(con) >= 1  # else no inner technique used: a plain dynamic forcing chain
        if self.mode == "nested":
            return _nesting(con) >= 2  # else no inner chain used: a dynamic forcing chain (+)
        if self.mode == "grouped":  # else no group used: a plain AIC
            return any(p.nodes[x][0][0] in (GROUP, ALS_NODE) for p, chain in zip(con.props, con.chains)
                       for x in chain)
        return True

    def _best_first(self, state: State) -> Iterator[Step]:
        """The steps of :meth:`find`, in the same order, for static chains:
        the screen gives each unit of work (an assumption's contradiction,
        its double implications, a cell or region) a lower bound on the
        rating and complexity of what it can conclude, and units are
        propagated link by link in that order only until the best conclusion
        found is strictly easier than every bound left.  The order is the
        full sort's: rating, complexity, result, then order of generation."""
        base = self.technique.se_for
        units: list[tuple[float, int, int, Any]] = []
        for order, (rating, bound, work) in enumerate(self._static_units(state)):
            units.append((rating, bound, order, work))
        heapq.heapify(units)
        pool: list[tuple[float, int, int, int, int, _Conclusion, str]] = []
        seen: set[int] = set()
        while units or pool:
            if pool and (not units or pool[0][:2] < units[0][:2]):
                *_, con, variant = heapq.heappop(pool)
                if con.result in seen:
                    continue
                seen.add(con.result)
                yield self._step(state, con, variant)
                continue
            _, _, order, work = heapq.heappop(units)
            for j, con in enumerate(work()):
                variant = self._variant(con)
                rating = (base(variant) or 0) + se_length_bonus(con.complexity)
                heapq.heappush(pool, (rating, con.complexity, con.result, order, j, con, variant))

    def _static_units(self, state: State) -> Iterator[tuple[float, int, Any]]:
        """(lower bounds on rating and on complexity, work) per unit, in the
        order :meth:`_conclusions` generates their conclusions; ``work()``
        returns the unit's conclusions.  Units the screen shows empty are
        left out.  (Whatever a unit concludes rates at least the first bound,
        and when it rates exactly that, has at least the second.)"""
        kind = self.kind
        se_for = self.technique.se_for
        least = min([self.technique.se or 0.0] + [v for _, v in self.technique.se_variants])
        bonus = se_length_bonus
        # AICs rate lower when the chain keeps to one symbol (X) or to bivalue cells (Y): bound those
        # variants with the screens of their own links, and the rest at the mixed (XY) rating
        refine = kind == "aic"
        base_x, base_y, base_xy = (se_for(v) or 0.0 for v in ("x", "y", "xy"))
        unsolved = [c for c in range(len(state.value)) if state.value[c] < 0]
        if kind == "x-chain":
            symbols: Sequence[int | None] = [s for s in range(state.puzzle.size)
                                             if any(state.cand[c] >> s & 1 for c in unsolved)]
        else:
            symbols = [None]
        for symbol in symbols:
            imp = implications(state, self.mode, symbol)
            screen = static_screen(state, symbol)
            on_lits = [lit(c, s, True) for c in unsolved for s in cells_of(state.cand[c])
                       if symbol is None or s == symbol]
            if kind == "cell-region":
                for group, source, starts in self._groups(state):
                    bound = self._common_bound(screen, starts)
                    if bound is not None:
                        yield least + bonus(bound), bound, partial(self._cell_or_region, state, imp, group, source,
                                                                   starts)
                continue
            for x in on_lits:
                dead = screen.reach(x)[0]
                if dead is not None:
                    bound = max(1, dead)
                    yield least + bonus(bound), bound, partial(self._contradiction, imp, x)
            for x in on_lits:
                common, dead = self._double_bound(screen, x)
                if common is None and dead is None:
                    continue
                work = partial(lambda x, imp: list(self._doubles(state, imp, [x])), x, imp)
                bounds = [b for b in (common, dead) if b is not None]
                if not refine or common is None:
                    yield least + bonus(min(bounds)), min(bounds), work
                    continue
                ratings = [base_xy + bonus(common)]
                if dead is not None:
                    ratings.append(least + bonus(dead))
                x_common, _ = self._double_bound(static_screen(state, lit_sym(x)), x)
                if x_common is not None:
                    ratings.append(base_x + bonus(x_common))
                y_common, _ = self._double_bound(static_screen(state, None, houses=False), x)
                if y_common is not None:
                    ratings.append(base_y + bonus(y_common))
                yield min(ratings), min(bounds), work

    @staticmethod
    def _double_bound(screen: StaticScreen, x_on: int) -> tuple[int | None, int | None]:
        """Lower bounds on the complexity of what assuming ``x_on`` true and
        false concludes: (a consequence common to both, a contradiction of
        the false one); None where the screen shows there is none."""
        x_off = x_on ^ 1
        dead, on_off, off_off, layers_off = screen.reach(x_off)
        _, on_on, off_on, layers_on = screen.reach(x_on)
        bit = 1 << screen.index(x_on)
        both_on = on_on & on_off & screen.useful_on & ~bit
        both_off = off_on & off_off & screen.useful_off & ~bit
        common = None
        if both_on or both_off:
            common = screen.pair_distance(layers_on, layers_off, both_on, both_off) + 2
        return common, None if dead is None else max(1, dead)

    @staticmethod
    def _common_bound(screen: StaticScreen, starts: list[int]) -> int | None:
        """A lower bound on the complexity of what every branch of ``starts``
        concludes (None: the screen shows nothing common to them)."""
        on = off = -1
        starts_bits = 0
        reached = []
        for x in starts:
            _, x_on, x_off, layers = screen.reach(x)
            on &= x_on
            off &= x_off
            starts_bits |= 1 << screen.index(x)
            reached.append(layers)
        on &= screen.useful_on & ~starts_bits
        off &= screen.useful_off
        if not on and not off:
            return None
        return sum(screen.distance(layers, on, off) + 1 for layers in reached)

    @staticmethod
    def _contradiction(imp: Implications, x: int) -> list[_Conclusion]:
        prop = imp.propagate(x)
        if prop.contradiction is None:
            return []
        return [_Conclusion(CONTRADICTION, (lit_cell(x), lit_sym(x)), [prop], [_contradiction_targets(prop)], x ^ 1)]

    # -- finding ------------------------------------------------------------

    def _conclusions(self, state: State) -> Iterator[_Conclusion]:
        kind = self.kind
        grouped = self.mode == "grouped"  # only chains through a group or a set count: skip the rest early
        unsolved = [c for c in range(len(state.value)) if state.value[c] < 0]
        if kind in ("x-chain", "nishio"):
            symbols: Sequence[int | None] = [s for s in range(state.puzzle.size)
                                             if any(state.cand[c] >> s & 1 for c in unsolved)]
        else:
            symbols = [None]
        for symbol in symbols:
            imp = implications(state, self.mode, symbol)
            on_lits: list[int] = []
            for c in unsolved:
                for s in cells_of(state.cand[c]):
                    if symbol is not None and s != symbol:
                        continue
                    x = lit(c, s, True)
                    on_lits.append(x)
                    if kind == "cell-region":
                        continue
                    prop = imp.propagate(x)
                    if prop.contradiction is not None and (not grouped or prop.grouped):
                        yield _Conclusion(CONTRADICTION, (c, s), [prop], [_contradiction_targets(prop)],
                                          lit(c, s, False))
            if kind == "nishio":
                continue
            if kind in ("x-chain", "aic", "grouped-aic", "dynamic", "dynamic+"):
                yield from self._doubles(state, imp, on_lits)
            if kind in ("cell-region", "dynamic", "dynamic+"):
                yield from self._cells_and_regions(state, imp)

    def _doubles(self, state: State, imp: Implications, on_lits: list[int]) -> Iterator[_Conclusion]:
        cand, value = state.cand, state.value
        grouped = imp.mode == "grouped"  # only chains through a group or a set count
        for x_on in on_lits:
            # (an assumption that also runs into a contradiction still implies what it reached before)
            c, s = lit_cell(x_on), lit_sym(x_on)
            x_off = x_on ^ 1
            prop_off = imp.propagate(x_off)
            if grouped and not prop_off.grouped and not imp.propagate(x_on).grouped:
                continue
            if prop_off.contradiction is not None:
                yield _Conclusion(CONTRADICTION, (c, s), [prop_off], [_contradiction_targets(prop_off)], x_on)
                continue
            off_nodes = prop_off.nodes
            if len(off_nodes) == 1:
                continue  # the assumption implies nothing: nothing in common
            prop_on = imp.propagate(x_on)
            for y in prop_on.nodes.keys() & off_nodes.keys():
                if y == x_on or y == x_off:
                    continue
                if (value[y >> 6] >= 0) if y & 1 else not cand[y >> 6] >> ((y >> 1) & 31) & 1:
                    continue  # not useful: already known
                yield _Conclusion(DOUBLE, (c, s), [prop_on, prop_off], [[y], [y]], y)

    def _cells_and_regions(self, state: State, imp: Implications) -> Iterator[_Conclusion]:
        for group, source, starts in self._groups(state):
            yield from self._cell_or_region(state, imp, group, source, starts)

    @staticmethod
    def _groups(state: State) -> list[tuple[str, tuple, list[int]]]:
        """Every cell with two or more candidates, then every house and symbol
        with two or more places: (kind, source, the assumptions of its branches)."""
        g = state.puzzle.geometry
        groups: list[tuple[str, tuple, list[int]]] = []
        for c in range(len(state.value)):
            if state.value[c] < 0 and state.cand[c].bit_count() >= 2:
                groups.append((CELL, (c,), [lit(c, s, True) for s in cells_of(state.cand[c])]))
        for h in range(len(g.houses)):
            placed = state.placed_in(h)
            for s in range(g.size):
                places = state.places(h, s)
                if len(places) >= 2 and not placed >> s & 1:
                    groups.append((REGION, (h, s), [lit(q, s, True) for q in places]))
        return groups

    def _cell_or_region(self, state: State, imp: Implications, kind: str, source: tuple,
                        starts: list[int]) -> list[_Conclusion]:
        props = [imp.propagate(x) for x in starts]
        if any(p.contradiction is not None for p in props):
            return []
        common = set(props[0].nodes)
        for p in props[1:]:
            common &= p.nodes.keys()
        return [_Conclusion(kind, source, props, [[y]] * len(props), y) for y in common
                if y not in starts and self._useful(state, y)]

    @staticmethod
    def _useful(state: State, y: int) -> bool:
        c, s = lit_cell(y), lit_sym(y)
        if y & 1:
            return state.value[c] < 0
        return bool(state.cand[c] >> s & 1)

    # -- the step -----------------------------------------------------------

    def _step(self, state: State, con: _Conclusion, variant: str) -> Step:
        y = con.result
        c, s = lit_cell(y), lit_sym(y)
        placements = [(c, s)] if y & 1 else []
        eliminations = [] if y & 1 else [(c, s)]
        branches = tuple((p.start, p.records(chain), p.contradiction if con.kind == CONTRADICTION else None)
                         for p, chain in zip(con.props, con.chains))
        cells = sorted({lit_cell(x) for _, chain, _ in branches for x, _, _ in chain})
        symbols = sorted({lit_sym(x) for _, chain, _ in branches for x, _, _ in chain})
        houses: tuple[int, ...] = (con.source[0],) if con.kind == REGION else ()
        static = all(p.is_static(chain) for p, chain in zip(con.props, con.chains))
        nesting = _nesting(con)
        return Step(self.technique, placements=placements, eliminations=eliminations, cells=cells,
                    houses=houses, symbols=symbols, variant=variant,
                    details=(("kind", con.kind), ("source", con.source), ("branches", branches),
                             ("nesting", nesting), ("static", static), ("complexity", con.complexity)),
                    se_bonus=se_length_bonus(con.complexity))

    def _variant(self, con: _Conclusion) -> str:
        """SE's sub-kinds: one-symbol (X) and cell-only (Y) chains rate lower than mixed (XY)."""
        if self.kind not in ("aic", "x-chain"):
            return con.kind
        lits = [x for chain in con.chains for x in chain]
        if len({lit_sym(x) for x in lits}) == 1:
            return "x"
        reasons = {p.nodes[x][0][0] for p, chain in zip(con.props, con.chains) for x in chain}
        return "y" if HIDDEN not in reasons else "xy"
