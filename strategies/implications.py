"""The implication engine behind every chain: follow the consequences of an assumption.

The chain engine is six modules: this one (propagations: what follows from
an assumption; their records are :mod:`strategies._trace`'s, the
techniques applied inside an assumption :mod:`strategies._inner_rules`'s),
:mod:`strategies.static_screen` (the bitset screen of static
links), :mod:`strategies.conclusions` (what two or more propagations prove),
:mod:`strategies.chain_producer` (the strategy that finds, orders and
records the conclusions; static chains best-first, by
:mod:`strategies.best_first`) and :mod:`strategies.symbol_store` (what
follows one symbol, kept across positions).

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
* ``plus`` (nesting level 1): dynamic, and locked candidates, hidden and
  naked pairs and X-wings applied inside the assumption where its links
  run out (as Sudoku Explainer: the first of them that applies, with every
  step it finds at once, each step's parents the candidates it owes to the
  assumption, :func:`_basic_parents`);
* ``nested``, ``nested-3``, ``nested-4``, ``nested-5`` (nesting levels 2
  to 5, Sudoku Explainer's nested levels): dynamic+ that also applies
  forcing chains inside the assumption, each explained link by link in
  turn (:data:`INNER_CHAINS_BY_LEVEL`): level 2 static forcing chains
  (AICs), level 3 also cell/region forcing chains, level 4 dynamic forcing
  chains, level 5 also nested forcing chains of level 2; every chain the
  inner producer finds at once, those that owe something to the
  assumption (:func:`_chain_parents`).

  These modes propagate in Sudoku Explainer's order
  (:mod:`strategies.se_order`), so that their chains, complexities and
  ratings are SE's own.

How it is made fast, in pure Python (measurements in ``bench/PROFILE.md``):

* candidates are int bitmasks per cell, places of a symbol an int bitmask
  over cells, houses and peers precomputed masks: a link is an ``&``;
* a propagation copies two small lists once and then changes them in place;
  the literals reached are one dict, whose values (reason, parents) are
  shared by every literal one node implies for the same reason: no
  per-node allocation besides the dict entry, no helper call per link;
  the reasons of group links and what the almost locked sets imply when
  they fire are built once per position and shared by its propagations;
  literals, their cells and symbols, and the reasons of singles are looked
  up in tables made once per grid size rather than computed (a literal
  computed by shifts was a new int object, made and freed per link);
* each assumption is propagated once per position and mode
  (:func:`implications` is cached per position), and every chain
  technique that asks in that mode shares the result: AICs and static
  cell/region chains share the static propagations, dynamic chains and
  their conclusions share the dynamic ones;
* what follows one symbol only (X-chains, Nishio, the X screens of AICs)
  reads nothing but that symbol's places, so it is kept from one position
  to the next, and from the SE solve to the HoDoKu one, while they stay
  the same (:func:`~strategies.symbol_store.per_symbol`);
* :func:`deduce.deadline.check` runs every :data:`CHECK_EVERY`
  propagations, so a time limit ends a long search promptly;
* with the C accelerator (built by the package's install,
  :mod:`strategies._accel`), static, grouped and dynamic propagations are
  made in C, node for node the same; :meth:`Implications._propagate_python`
  stays the reference; dynamic+ and nested ones are made in Python, in
  Sudoku Explainer's order (:mod:`strategies.se_order`).  The C one gives
  plain data: the literals reached, numbered, and per literal a record of
  codes, numbers and literals (:class:`Trace`); the ``(reason, parents)``
  pairs are made here, and only for the nodes a step shows or a question
  needs, so the shape of a record is Python's alone.

Every chain is bounded by :data:`MAX_DEPTH` generations of consequences and
:data:`MAX_RULES` inner steps (of which at most :data:`MAX_NESTED_RULES`
inner forcing chains), deterministic limits rather than a clock.

What a chain step records is described in :mod:`strategies.chain_producer`.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from deduce import deadline
from deduce.geometry import cells_of
from deduce.literal import lit, lit_cell, literal_parts, literal_table
from deduce.literal import lit_symbol as lit_sym
from deduce.state import State
from deduce.tables import table

from ._accel import context
from ._houses import per_position
from ._inner_rules import (  # noqa: F401 (importable from here, as before the split)
    INNER_CHAIN_CODES,
    INNER_CHAIN_LEVEL,
    INNER_CHAINS_BY_LEVEL,
    JOINED_WITH_NEXT,
    MAX_NESTED_RULES,
    NESTED_INNER_CHAINS,
    _basic_parents,
    _chain_parents,
    _first_inner,
    _inner_strategies,
    _se_complexity,
)
from ._reasons import ALS_NODE, GROUP, HIDDEN, NAKED, PEER, RULE, SAME_CELL  # noqa: F401 (RULE: importable from here)
from ._trace import (  # noqa: F401 (importable from here, as before the split)
    MAX_DEPTH,
    RECORD_CODES,
    Propagation,
    Trace,
    _add,
    _record_codes,
    static_records,
)
from .se_order import propagate_in_se_order
from .symbol_store import per_symbol, symbol_masks_solved

#: Inner technique steps applied inside one dynamic+ (or nested) assumption.
MAX_RULES = 12
#: Propagations between two deadline checks.
CHECK_EVERY = 64


#: An almost locked set as a node, indexed under one of its places: (its places of the symbol,
#: (reason, parents) of what it implies when it loses them, per other symbol (symbol, cells it leaves)).
AlsEntry = tuple[int, tuple[tuple, tuple[int, ...]], tuple[tuple[int, int], ...]]

#: Per "off" literal, its almost locked sets: (the union of their places of its symbol, the sets in
#: order, per places left of that union, what fires: (other symbol, the cells it leaves, (reason, parents)))
AlsIndexEntry = tuple[int, list[AlsEntry], dict[int, tuple[tuple[int, int, tuple[tuple, tuple[int, ...]]], ...]]]

#: Largest almost locked set used as a node of grouped chains, in cells.
MAX_ALS_NODE_CELLS = 4

#: The modes with inner techniques, and their nesting levels.
NESTING = {"plus": 1, "nested": 2, "nested-3": 3, "nested-4": 4, "nested-5": 5}
#: The propagation modes.
MODES = ("static", "grouped", "groups", "dynamic", *NESTING)
#: The modes of grouped chains: through groups and almost locked sets, or (``groups``: HoDoKu's nice loops,
#: whose "ALS in tabling chains" option is off by default) through groups only.
GROUPED_MODES = ("grouped", "groups")


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
        self.smask = symbol_masks_solved(state)   # (shared by the position: each propagation narrows a copy)
        self.static = mode in ("static", *GROUPED_MODES)
        self.inner_steps = mode in NESTING
        self._inner: list[Any] | None = None
        self._memo: dict[int, Propagation] = {}
        #: what a chain producer keeps of these propagations, by its kind (Nishio's contradictions)
        self.kept: dict[str, list[Any]] = {}
        self._count = 0
        self._live: dict[int, tuple[int, ...]] | None = None
        self._hot: tuple = ()
        #: the C accelerator's context of this position (False: not installed, or not this mode)
        self._fast: Any = None
        #: the links of the puzzle's variant constraints (strategies/variants/_links.py), None without any:
        #: with them every propagation is made in Python (the C kernel knows houses and peers only)
        self.links = _variant_links(state) if state.puzzle.constraints else None
        # What grouped propagations of this position build once and share, since the same links recur
        # from one assumption to the next: the parents of a hidden single whose house lost a group,
        # (places gone, symbol) -> their "off" literals; the (reason, parents) of a group link, (group
        # left, places gone, symbol, house losing it) -> the pair; what a literal's almost locked sets
        # imply when they fire (in als_index, below).
        self._gone_lits: dict[tuple[int, int], tuple[int, ...]] = {}
        self._group_links: dict[tuple[int, int, int, int], tuple[tuple, tuple[int, ...]]] = {}
        self.group_of = _groups(g) if mode in GROUPED_MODES else {}
        # grouped chains also pass through almost locked sets: off literal -> for each set holding it
        # there, (its places of the symbol, the (reason, parents) of what it implies when it loses the
        # symbol, and per other symbol y, (y, the cells outside the set that see all its places of y
        # and hold y)): all fixed in the position, so built once (als_index) rather than once per link.
        # A set fires when all its places of the symbol are gone, so which of a literal's sets fire
        # depends only on what is left of the union of their places: per literal (the union, its sets
        # in order, and what fires per places left of the union, kept as propagations meet it: per set
        # fired and other symbol, (the symbol, the cells it leaves, the set's reason and parents)).
        self._als_index: dict[int, AlsIndexEntry] | None = None if mode == "grouped" else {}

    @property
    def solved(self) -> int:
        """The solved cells, as a cell mask (read by the Python propagation alone: computed when asked,
        not each time :func:`implications` hands the instance to a position)."""
        return _solved(self.state)

    @property
    def als_index(self) -> dict[int, AlsIndexEntry]:
        """The almost locked sets a grouped propagation passes through, per
        "off" literal: (the union of their places of its symbol, the sets in
        order, what fires per places left); empty in the other modes.  Built
        when first asked for (the C accelerator builds its own from the same
        sets)."""
        if self._als_index is None:
            self._als_index = self._index_sets()
        return self._als_index

    def _index_sets(self) -> dict[int, AlsIndexEntry]:
        from .als import node_sets

        sets_of: dict[int, list[AlsEntry]] = {}
        smask = self.smask
        for a in node_sets(self.state, MAX_ALS_NODE_CELLS):
            cells = tuple(cells_of(a.cells))
            symbols = cells_of(a.symbols)
            # (a propagation only narrows the symbols' places: what no cell outside the set holds
            # now, none will hold there, so a set whose other symbols reach nobody is left out)
            outside = [(y, m) for y in symbols if (m := a.seen[y] & ~a.cells & smask[y])]
            for x in symbols:
                others = tuple(o for o in outside if o[0] != x)
                if not others:
                    continue
                where = a.where[x]
                places = cells_of(where)
                entry = (where, ((ALS_NODE, cells, a.house, x), tuple(lit(q, x, False) for q in places)), others)
                for q in places:
                    sets_of.setdefault(lit(q, x, False), []).append(entry)
        index: dict[int, AlsIndexEntry] = {}
        for key, entries in sets_of.items():
            union = 0
            for e in entries:
                union |= e[0]
            index[key] = (union, entries, {})
        return index

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

    def fast_context(self) -> Any:
        """The C accelerator's ``Context`` of this position and mode (:func:`strategies._accel.context`),
        made when first asked for; False when there is none (not installed, or a mode it does not
        propagate)."""
        if self._fast is None:
            self._fast = (self.links is None and context(self, MAX_ALS_NODE_CELLS if self.mode == "grouped" else 0,
                                                         MAX_DEPTH, RECORD_CODES)) or False
        return self._fast

    def _live_houses(self) -> dict[int, tuple[int, ...]]:
        """Each "off" literal that can lead anywhere, mapped to the houses of
        its cell where the symbol's places can still make a link.

        A propagation only narrows the position, so what cannot fire now never
        will: in static and grouped chains a cell makes a link only when it
        has two candidates, and a house only when the symbol has two places
        there, or (grouped) when removing the literal, alone or with a group
        around it, leaves one place or a group; an almost locked set only when
        the literal is one of its places.  An "off" literal with none of those
        is still a node (a conclusion can name it) but is not followed.
        Dynamic propagations follow every house: their links are judged
        against the changed position.
        """
        cand, smask, n = self.cand, self.smask, self.n
        cell_houses, house_masks = self.cell_houses, self.house_masks
        only = self.symbol
        live: dict[int, tuple[int, ...]] = {}
        if not self.static:
            for c, hs in enumerate(cell_houses):
                for s in range(n):
                    if smask[s] >> c & 1 and (only is None or s == only):
                        live[lit(c, s, False)] = hs
            return live
        group_of = self.group_of
        for s in range(n):
            if only is not None and s != only:
                continue
            places = smask[s]
            m = places
            while m:
                low = m & -m
                m ^= low
                c = low.bit_length() - 1
                if self.value[c] >= 0:
                    continue
                crossings = _crossings(self, c)
                linked = tuple(h for h in cell_houses[c]
                               if _house_links(places & house_masks[h], low, group_of, crossings))
                x = lit(c, s, False)
                if linked or (only is None and cand[c].bit_count() == 2) or x in self.als_index:
                    live[x] = linked
        return live

    def _propagate(self, start: int) -> Propagation:
        if self.inner_steps:
            # dynamic+ and nested chains: in Sudoku Explainer's order, so that their lengths are its own
            return propagate_in_se_order(self, Propagation(start), MAX_RULES)
        if self.links is not None:
            return _variant_propagate(self, start, self.links)
        fast = self._fast
        if fast is None:
            fast = self.fast_context()
        if fast:
            # the C accelerator (strategies/_accel.py): the same propagation, node for node, as plain data
            index, raw, contradiction, grouped = fast.propagate(start)
            trace = Trace(index, raw)
            prop = Propagation(start, trace)
            if grouped:
                prop.grouped = True
            if contradiction is not None:
                y, r = contradiction
                prop.contradiction = (y, *trace.record(r))
            return prop
        return self._propagate_python(start)

    def _propagate_python(self, start: int) -> Propagation:
        """The reference propagation (the C accelerator's is node for node
        the same): generation by generation, each literal reached follows
        its links (:meth:`_follow`), until nothing new follows, a
        contradiction, or :data:`MAX_DEPTH` generations.  (The modes with
        inner techniques propagate in :mod:`strategies.se_order`.)"""
        prop = Propagation(start)
        cand, smask, placed, generation, frontier = self._begin(start)
        self._follow(prop, frontier, cand, smask, placed, generation)
        return prop

    def _begin(self, start: int) -> tuple[list[int], list[int], int, int, list[int]]:
        """Where :meth:`_propagate_python` starts: (candidates, places,
        placed cells, generations done, frontier), the assumption made."""
        if self._live is None:
            self._live = self._live_houses()
        cand, smask = self.cand.copy(), self.smask.copy()
        if not start & 1:
            c, s = lit_cell(start), lit_sym(start)
            cand[c] &= ~(1 << s)
            smask[s] &= ~(1 << c)
        return cand, smask, 0, 0, [start]

    def _follow(self, prop: Propagation, frontier: list[int], cand: list[int], smask: list[int], placed: int,
                generation: int) -> tuple[int, int, bool]:
        """Generation after generation from ``frontier``, the links of every
        literal reached, their consequences recorded in ``prop.nodes``,
        until a generation finds nothing new (stopped) or :data:`MAX_DEPTH`
        generations: returns (the cells placed by the assumption, or -1 on a
        contradiction, ``prop.contradiction`` set; the generations; stopped).

        The hot loop (:meth:`_generation`, with :func:`_place` for a literal
        that places a symbol): its links are followed inline, no call per
        link, and the (reason, parents) pair of a node is shared by every
        literal it implies for that reason.  Groups and almost locked sets,
        rarer, have their own methods."""
        hot = self._hot or self._hot_tables()
        where = [placed, self.solved | placed]   # (the cells placed by the assumption; those that hold a symbol)
        while generation < MAX_DEPTH:
            generation += 1
            nxt = self._generation(prop, frontier, cand, smask, where, hot)
            if nxt is None:
                return -1, generation, False
            if not nxt:
                return where[0], generation, True
            frontier = nxt
        return where[0], generation, False

    def _generation(self, prop: Propagation, frontier: list[int], cand: list[int], smask: list[int],
                    where: list[int], hot: tuple) -> list[int] | None:
        """One generation of :meth:`_follow`: what ``frontier``'s links make, in order (None on a
        contradiction); ``where`` (cells placed by the assumption, cells holding a symbol) kept up to date."""
        nodes, (placed, fixed) = prop.nodes, where
        nxt: list[int] = []
        (value, live, static, grouped, only, house_masks, _, orig_cand, orig_smask, gone_lits, group_of,
         als_index, off_lits, on_lits, cell_of, symbol_of, one, _, _, naked_reason, hidden_reason) = hot
        push = nxt.append
        for x in frontier:
            c, s = cell_of[x], symbol_of[x]
            if x & 1:
                # c = s: the cell's other candidates and the symbol's other places in its peers go
                if value[c] >= 0:
                    continue
                placed |= 1 << c
                fixed |= 1 << c
                if not _place(prop, x, c, s, cand, smask, nxt, hot):
                    return None
                continue
            # c <> s: look for a cell or a house left with one choice
            if only is None:
                rest = cand[c]
                if not rest:
                    if static and orig_cand[c].bit_count() != 2:
                        continue  # static chains only use a cell's strong link: two candidates
                    prop.contradiction = (-1, ("empty", c), tuple(lit(c, t, False) for t in cells_of(orig_cand[c])))
                    return None
                if not rest & (rest - 1) and not placed >> c & 1:
                    gone = orig_cand[c] & ~rest
                    if not static or not gone & (gone - 1):
                        r = rest.bit_length() - 1
                        y = on_lits[r][c]
                        if y not in nodes:
                            if gone & (gone - 1):
                                parents = tuple([off_lits[u][c] for u in cells_of(gone)])
                            else:
                                parents = one[off_lits[gone.bit_length() - 1][c]]
                            if off_lits[r][c] in nodes:
                                prop.contradiction = (y, naked_reason[c], parents)
                                return None
                            nodes[y] = (naked_reason[c], parents)
                            push(y)
            sm, here = orig_smask[s], smask[s]
            for h in live.get(x, ()):
                hm = house_masks[h]
                left = here & hm
                if not left:
                    if static and (sm & hm).bit_count() != 2:
                        continue  # static chains only use a house's strong link: two places
                    prop.contradiction = (-1, ("no-place", h, s), tuple(lit(q, s, False) for q in cells_of(sm & hm)))
                    return None
                if not left & (left - 1):
                    if left & fixed:
                        continue  # (its one place is solved, or given the symbol by the assumption)
                    q = left.bit_length() - 1
                    gone = sm & hm & ~left
                    if not static or not gone & (gone - 1) or (grouped and gone in group_of):
                        y = on_lits[s][q]
                        if y not in nodes:
                            if gone & (gone - 1):
                                known = gone_lits.get((gone, s))
                                if known is None:
                                    known = gone_lits[gone, s] = tuple(lit(r, s, False) for r in cells_of(gone))
                                parents = known
                            else:
                                parents = one[off_lits[s][gone.bit_length() - 1]]
                            if off_lits[s][q] in nodes:
                                prop.contradiction = (y, hidden_reason[h], parents)
                                return None
                            nodes[y] = (hidden_reason[h], parents)
                            push(y)
                elif grouped and left in group_of:
                    if not self._group_link(prop, cand, smask, nxt, h, s, left, sm & hm & ~left):
                        return None
                    here = smask[s]
            if grouped and x in als_index and not self._sets_fire(prop, cand, smask, nxt, x, s):
                return None
        where[0], where[1] = placed, fixed
        return nxt

    def _hot_tables(self) -> tuple:
        """What :meth:`_follow` reads, gathered once per position and mode
        (one tuple unpacked per generation rather than a score of lookups)."""
        if self._live is None:
            self._live = self._live_houses()
        ncells = len(self.cand)
        self._hot = (self.value, self._live, self.static, self.mode in GROUPED_MODES, self.symbol, self.house_masks,
                     self.peer_masks, self.cand, self.smask, self._gone_lits, self.group_of, self.als_index,
                     *literal_table(ncells, self.n), *literal_parts(ncells),
                     *_link_table(ncells, len(self.house_masks)))
        return self._hot

    def _group_link(self, prop: Propagation, cand: list[int], smask: list[int], nxt: list[int], h: int, s: int,
                    left: int, gone: int) -> bool:
        """The places of ``s`` left in house ``h`` form a group inside a line
        and a box: the other of those two houses loses ``s`` outside the
        group.  False on a contradiction (``prop.contradiction`` set)."""
        group_of, house_masks = self.group_of, self.house_masks
        if gone.bit_count() != 1 and gone not in group_of:
            return True
        for o in group_of[left]:
            if o == h:
                continue
            m = smask[s] & house_masks[o] & ~left
            if not m:
                continue
            prop.grouped = True
            rp = self._group_links.get((left, gone, s, o))
            if rp is None:
                rp = self._group_links[left, gone, s, o] = (
                    (GROUP, h, tuple(cells_of(left)), o), tuple(lit(r, s, False) for r in cells_of(gone)))
            if not _remove(prop, cand, smask, nxt, m, s, rp, self._hot):
                return False
        return True

    def _sets_fire(self, prop: Propagation, cand: list[int], smask: list[int], nxt: list[int], x: int,
                   s: int) -> bool:
        """An almost locked set without ``s`` (``x`` took its last place of
        it) is locked on its other symbols: each leaves the cells that see
        all its places in the set.  False on a contradiction."""
        entries = self.als_index[x]
        key = smask[s] & entries[0]
        fired = entries[2].get(key)
        if fired is None:
            # (the sets with none of their places left, in order; per other symbol of each,
            # (the symbol, the cells it leaves, the set's reason and parents))
            here = smask[s]
            fired = entries[2][key] = tuple([(u, outside, rp) for where, rp, others in entries[1]
                                           if not here & where for u, outside in others])
        for u, outside, rp in fired:
            m = outside & smask[u]
            if m:
                prop.grouped = True
                if not _remove(prop, cand, smask, nxt, m, u, rp, self._hot):
                    return False
        return True

    def _inner_step(self, prop: Propagation, cand: list[int], placed: int) -> list[tuple[int, tuple, tuple[int, ...]]]:
        """What the first inner technique that applies in the assumed position
        finds there: every step of a basic technique at once, one step of an
        inner forcing chain (each chain explained in turn)."""
        if self._inner is None:
            self._inner = _inner_strategies(NESTING[self.mode])
        inner = self._inner
        value = self.value.copy()
        for c in cells_of(placed):
            value[c] = cand[c].bit_length() - 1
        # (a new State no solver solves: its strategies read the thread's scratch cache, so what they compute
        # per position never pushes out what the real position has computed; see deduce.solve_cache)
        hypo = State(self.state.puzzle, cand.copy(), value)
        return _first_inner(inner, prop, hypo, self.cand)



def _place(prop: Propagation, x: int, c: int, s: int, cand: list[int], smask: list[int],
           nxt: list[int], hot: tuple) -> bool:
    """The weak links of the literal ``x`` (c = s) in :meth:`Implications._generation`:
    the cell's other candidates and the symbol's places in the cell's peers
    go (False on a contradiction, ``prop.contradiction`` set)."""
    nodes = prop.nodes
    live, only, peer_masks, off_lits, on_lits, same_cell_link, peer_link = (
        hot[1], hot[4], hot[6], hot[12], hot[13], hot[17], hot[18])
    cbit = 1 << c
    # (an "off" literal is a node exactly when its candidate is gone from cand and
    # smask, so the candidates left are never nodes: only their negations are checked)
    if only is None:
        m = cand[c] & ~(1 << s)
        if m:
            rp: tuple[tuple, tuple[int, ...]] = same_cell_link[x]
            while m:
                low = m & -m
                m ^= low
                t = low.bit_length() - 1
                y = off_lits[t][c]
                if on_lits[t][c] in nodes:
                    prop.contradiction = (y, rp[0], rp[1])
                    return False
                nodes[y] = rp
                smask[t] &= ~cbit
                if y in live:
                    nxt.append(y)
            cand[c] &= 1 << s
    m = peer_masks[c] & smask[s]
    return not m or _remove(prop, cand, smask, nxt, m, s, peer_link[x], hot)


def _remove(prop: Propagation, cand: list[int], smask: list[int], nxt: list[int], m: int, u: int,
            rp: tuple[tuple, tuple[int, ...]], hot: tuple) -> bool:
    """Symbol ``u`` leaves the cells of mask ``m`` (which still hold it, so
    none of their "off" literals is a node yet), for ``rp`` (reason,
    parents); ``hot`` is :meth:`Implications._hot_tables`.  False on a
    contradiction (``prop.contradiction`` set)."""
    nodes, live = prop.nodes, hot[1]
    ubit = 1 << u
    offs_u, ons_u = hot[12][u], hot[13][u]
    while m:
        low = m & -m
        m ^= low
        t = low.bit_length() - 1
        y = offs_u[t]
        if ons_u[t] in nodes:
            prop.contradiction = (y, rp[0], rp[1])
            return False
        nodes[y] = rp
        cand[t] &= ~ubit
        smask[u] &= ~low
        if y in live:
            nxt.append(y)
    return True


def _link_table(ncells: int, nhouses: int) -> tuple[tuple[tuple[int], ...], tuple[Any, ...], tuple[Any, ...],
                                                     tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """What the propagations of a grid size share rather than make per node: (a table of :mod:`deduce.tables`)."""
    return table(("strategies.implications._link_table", ncells, nhouses), lambda: _make_link_table(ncells, nhouses))


def _make_link_table(ncells: int, nhouses: int) -> tuple[tuple[tuple[int], ...], tuple[Any, ...], tuple[Any, ...],
                                                     tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]:
    """What the propagations of a grid size share rather than make per node:
    per literal x, ``(x,)``; per "on" literal, the (reason, parents) of the
    candidates it removes from its cell and from its peers; per cell, the
    reason of a naked single there; per house, of a hidden single."""
    size = lit(ncells, 0, False)
    one = tuple((x,) for x in range(size))
    same_cell = tuple(((SAME_CELL, lit_cell(x)), one[x]) if x & 1 else None for x in range(size))
    peer = tuple(((PEER, lit_cell(x)), one[x]) if x & 1 else None for x in range(size))
    return (one, same_cell, peer, tuple((NAKED, c) for c in range(ncells)),
            tuple((HIDDEN, h) for h in range(nhouses)))


def _variant_links(state: State) -> Any:
    from .variants._links import links_for

    return links_for(state)


def _variant_propagate(imp: Implications, start: int, links: Any) -> Propagation:
    from .variants._links import propagate

    return propagate(imp, start, links)


def _solved(state: State) -> int:
    """The solved cells, as a cell mask (from :meth:`State.unsolved_mask`,
    in C with the accelerator)."""
    return ((1 << len(state.value)) - 1) & ~state.unsolved_mask()


def _groups(g: Any) -> dict[int, tuple[int, ...]]:
    """Every set of two or more cells inside one line-box intersection,
    mapped to the two houses (line, box) holding it (a table of :mod:`deduce.tables`)."""
    return table(("implications.groups", g), lambda: _make_groups(g))


def _make_groups(g: Any) -> dict[int, tuple[int, ...]]:
    out: dict[int, tuple[int, ...]] = {}
    n = g.size
    for line in range(2 * n):
        for block in range(2 * n, 3 * n):
            cells = cells_of(g.house_masks[line] & g.house_masks[block])
            if len(cells) < 2:
                continue
            for k in range(2, len(cells) + 1):
                for sub in combinations(cells, k):
                    out[sum(1 << c for c in sub)] = (line, block)
    return out


def implications(state: State, mode: str, symbol: int | None) -> Implications:
    """The propagations of one position, shared by every strategy that asks
    in the same mode (AICs and cell/region chains follow the same links).

    Those that follow one symbol (X-chains, Nishio) are also kept from one
    position to the next while that symbol's places stay the same
    (:func:`~strategies.symbol_store.per_symbol`)."""
    if symbol is not None and mode in ("static", "dynamic"):
        imp: Implications = per_symbol(state, ("implications", mode), symbol,
                                       lambda: Implications(state, mode, symbol))
        # what it reads of the position is the same here (see per_symbol): read this one from now on
        imp.state, imp.cand, imp.value = state, state.cand, state.value
        return imp

    return per_position(state, ("implications", mode, symbol), lambda: Implications(state, mode, symbol))



def _crossings(imp: Implications, c: int) -> tuple[int, ...]:
    """The line-box intersections through cell ``c`` (grouped chains only)."""
    if not imp.group_of:
        return ()
    hm = imp.house_masks
    row, col, block = imp.cell_houses[c]
    return (hm[row] & hm[block], hm[col] & hm[block])


def _house_links(places: int, cbit: int, group_of: dict[int, tuple[int, ...]], crossings: tuple[int, ...]) -> bool:
    """Whether a house whose places of a symbol are ``places`` can make a
    static or grouped link once the place ``cbit`` is gone: two places (a
    strong link), or, when ``group_of`` is given, the places gone (``cbit``
    alone or with others of a group around it) and those left each one
    place or a group."""
    if places.bit_count() == 2:
        return True
    if not group_of:
        return False
    left = places & ~cbit
    if left and (not left & (left - 1) or left in group_of):
        return True
    for inter in crossings:
        others = places & inter & ~cbit
        sub = others
        while sub:
            left = places & ~(cbit | sub)
            if left and (not left & (left - 1) or left in group_of):
                return True
            sub = (sub - 1) & others
    return False
