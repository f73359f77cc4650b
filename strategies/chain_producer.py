"""The strategy every chain technique is: find the conclusions of one kind
in the position's propagations (:mod:`strategies.implications`), easiest
first, and turn each into a step.

A chain step's record (``Step.details``): ``kind`` (contradiction, double,
cell, region), ``source``, ``branches`` (per branch: the assumption, its
``(literal, reason, parents)`` records in derivation order, the
contradiction if any), ``nesting``, ``static`` and ``complexity``;
literals are packed as :mod:`deduce.literal` describes.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, ClassVar, Iterator, Sequence

import attrs

from deduce import deadline
from deduce.geometry import cells_of
from deduce.literal import known, lit_cell, negate
from deduce.literal import lit_symbol as lit_sym
from deduce.state import State
from deduce.step import Step
from deduce.techniques import TECHNIQUES, Technique, se_length_bonus

from . import _accel
from ._houses import per_position
from ._memo import symbol_masks
from .best_first import best_first, new_step
from .conclusions import (
    CELL,
    CONTRADICTION,
    DOUBLE,
    NOTED,
    REGION,
    Conclusion,
    contradiction_halves,
    contradiction_targets,
    nesting,
)
from .implications import (
    GROUPED_MODES,
    NESTING,
    Implications,
    Propagation,
    Trace,
    _record_codes,
    implications,
    static_records,
)


class ChainKindError(ValueError):
    """An unknown kind of chain was asked for."""


#: Sudoku Explainer's order among chains of equal rating and complexity ("sort key"): a double
#: implication, a cell forcing chain, a region forcing chain, a contradiction.
SE_SORT_KEY = {DOUBLE: 1, CELL: 5, REGION: 6, CONTRADICTION: 7}
#: The C accelerator's numbers of the kinds of conclusion (``se_dynamic``: deduce/_accel/se_dynamic.c).
_FAST_CONCLUSIONS = (DOUBLE, CELL, REGION, CONTRADICTION)


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
        if self.mode == "static" and not _constraint_links(state):
            return best_first(self, state)
        # (with the variant constraints' links, every conclusion sorted: the static screen knows houses only)
        return self._find_sorted(state)

    def _find_sorted(self, state: State) -> Iterator[Step]:
        """Every conclusion, sorted: the easiest rating first, then the
        shortest chain, then the kind (:data:`SE_SORT_KEY`), then the
        result, then the order found."""
        # (in C up to 16x16 grids: one call propagates every candidate both ways before a deadline check,
        # some tens of milliseconds there; larger grids check the deadline every CHECK_EVERY propagations)
        if self.kind == "dynamic" and state.puzzle.size <= 16 and _accel._deduce_accel is not None:
            imp = implications(state, self.mode, None)
            fast = imp.fast_context()
            if fast:
                yield from self._fast_steps(state, imp, fast)
                return
        conclusions = [con for con in self._conclusions(state) if self._admits(con)]
        # as Sudoku Explainer: the easiest rating first, then the shortest chain
        variants = {id(con): self.variant_of(con) for con in conclusions}
        base = self.technique.se_for
        conclusions.sort(key=lambda c: ((base(variants[id(c)]) or 0) + se_length_bonus(c.complexity),
                                        c.complexity, SE_SORT_KEY[c.kind], c.result))
        seen: set[int] = set()
        made: set[tuple[tuple[int, int], ...]] = set()
        for con in conclusions:
            if con.result in seen:
                continue
            seen.add(con.result)
            step = self.make_step(state, con, variants[id(con)])
            if new_step(step, made):
                yield step

    def _fast_steps(self, state: State, imp: Implications, fast: Any) -> Iterator[Step]:
        """:meth:`_find_sorted`'s steps from the C accelerator's conclusions (the dynamic kind): the
        easiest of each kind and result (``se_dynamic``, deduce/_accel/se_dynamic.c; the sort puts
        no other first), sorted alike; the propagations and a conclusion made only for the results
        that become steps."""
        cand, value = state.cand, state.value
        on_lits = [c << 6 | s << 1 | 1 for c in range(len(value)) if value[c] < 0 for s in cells_of(cand[c])]
        groups = self.branch_groups(state)
        deadline.check()
        found = _accel._deduce_accel.se_dynamic(  # type: ignore[union-attr]
            fast, on_lits, [(1 if kind == CELL else 2, tuple(starts)) for kind, _, starts in groups], cand, value,
            state.puzzle.size)
        base = {k: self.technique.se_for(k) or 0 for k in SE_SORT_KEY}
        keyed: list[tuple[tuple[float, int, int, int], int, int]] = []
        for i in range(0, len(found), 4):
            k, y, cx, job = found[i:i + 4]
            kind = _FAST_CONCLUSIONS[k]
            keyed.append(((base[kind] + se_length_bonus(cx), cx, SE_SORT_KEY[kind], y), k, job))
        keyed.sort(key=itemgetter(0))
        seen: set[int] = set()
        made: set[tuple[tuple[int, int], ...]] = set()
        for key, k, job in keyed:
            y = key[3]
            if y in seen:
                continue
            seen.add(y)
            if k == 3:   # a contradiction of the assumption job
                prop = imp.propagate(job)
                con = Conclusion(CONTRADICTION, (job >> 6, job >> 1 & 31), [prop], [contradiction_targets(prop)], y,
                                 self._halves(prop))
            elif k == 0:   # a double implication of the assumption job, on and off
                con = Conclusion(DOUBLE, (job >> 6, job >> 1 & 31), [imp.propagate(job), imp.propagate(job ^ 1)],
                                 [[y], [y]], y)
            else:   # the cell or region forcing of group job
                kind, source, starts = groups[job]
                props = [imp.propagate(x) for x in starts]
                con = Conclusion(kind, source, props, [[y]] * len(props), y)
            step = self.make_step(state, con, con.kind)
            if new_step(step, made):
                yield step

    def _admits(self, con: Conclusion) -> bool:
        """Whether ``con`` is of this producer's strength, not an easier one's."""
        level = NESTING.get(self.mode)
        if level is not None:
            # else no inner technique (or no chain of this level) used: an easier producer's
            return nesting(con) >= level
        if self.mode in GROUPED_MODES:  # else no group used: a plain AIC
            return con.through_group()
        return True

    # -- finding ------------------------------------------------------------

    def _conclusions(self, state: State) -> Iterator[Conclusion]:
        kind = self.kind
        cand = state.cand
        unsolved = [c for c in range(len(state.value)) if state.value[c] < 0]
        for symbol in self.symbols(state, unsolved):
            imp = implications(state, self.mode, symbol)
            on_lits: list[int] = []
            if kind == "nishio":
                # (one symbol's contradictions depend on its places alone: kept with its propagations,
                # which implications keeps from one position to the next while those stay the same)
                kept = imp.kept.get(kind)
                if kept is None:
                    kept = imp.kept[kind] = list(self._contradictions(imp, unsolved, cand, symbol, on_lits))
                yield from kept
                continue
            yield from self._contradictions(imp, unsolved, cand, symbol, on_lits)
            # (the nested levels too: Sudoku Explainer's nested chains are dynamic ones of every kind)
            if kind in ("x-chain", "aic", "grouped-aic", "dynamic") or self.mode in NESTING:
                yield from self.doubles(state, imp, on_lits)
            if kind in ("cell-region", "dynamic") or self.mode in NESTING:
                yield from self._cells_and_regions(state, imp)

    def _contradictions(self, imp: Implications, unsolved: list[int], cand: list[int], symbol: int | None,
                        on_lits: list[int]) -> Iterator[Conclusion]:
        """The contradictions of the unsolved cells' candidates (of ``symbol`` when set), each made
        true, in order; their literals appended to ``on_lits`` (static cell/region chains: only that)."""
        skip = self.kind == "cell-region"
        grouped = self.mode in GROUPED_MODES  # only chains through a group or a set count
        if self.kind == "nishio" and not grouped and imp.fast_context():
            # (Nishio reads the contradictions alone: the C accelerator propagates every place of the symbol
            # in one call and names those, and only they are propagated again as records)
            xs = [c << 6 | s << 1 | 1 for c in unsolved for s in cells_of(cand[c] if symbol is None
                                                                         else cand[c] & 1 << symbol)]
            on_lits += xs
            deadline.check()
            for x in imp.fast_context().contradicting(xs):
                yield self._contradiction(imp.propagate(x))
            return
        for c in unsolved:
            m = cand[c] if symbol is None else cand[c] & 1 << symbol
            if not m:
                continue
            for s in cells_of(m):
                x = c << 6 | s << 1 | 1  # (lit(c, s, True), inline)
                on_lits.append(x)
                if skip:
                    continue
                prop = imp.propagate(x)
                if prop.contradiction is not None and (not grouped or prop.grouped):
                    yield self._contradiction(prop)

    def _contradiction(self, prop: Propagation) -> Conclusion:
        """The contradiction ``prop`` runs into, as a conclusion: its assumption is false."""
        x = prop.start
        return Conclusion(CONTRADICTION, (x >> 6, x >> 1 & 31), [prop], [contradiction_targets(prop)], x ^ 1,
                          self._halves(prop))

    def _halves(self, prop: Propagation) -> tuple[list[int], list[int]] | None:
        """How a contradiction's complexity is counted: in the dynamic modes,
        Sudoku Explainer's way (:func:`~strategies.conclusions.contradiction_halves`);
        a static chain's contradiction is one chain (None)."""
        return None if self.mode in ("static", "grouped") else contradiction_halves(prop)

    def symbols(self, state: State, unsolved: list[int]) -> Sequence[int | None]:
        """What one search follows: each symbol with a candidate left (X-chains
        and Nishio keep to one symbol), or ``None`` for every symbol at once."""
        if self.kind in ("x-chain", "nishio"):
            # (an unsolved cell holding the symbol: State.symbol_masks, once per position)
            return [s for s, places in enumerate(symbol_masks(state)) if places]
        return [None]

    def doubles(self, state: State, imp: Implications, on_lits: list[int]) -> Iterator[Conclusion]:
        cand, value = state.cand, state.value
        grouped = imp.mode in GROUPED_MODES  # only chains through a group or a set count
        fast = _accel._deduce_accel if type(cand) is list and type(value) is list else None
        codes = _record_codes(NOTED)
        for x_on in on_lits:
            # (an assumption that also runs into a contradiction still implies what it reached before)
            c, s = lit_cell(x_on), lit_sym(x_on)
            x_off = negate(x_on)
            prop_off = imp.propagate(x_off)
            if grouped and not prop_off.grouped and not imp.propagate(x_on).grouped:
                continue
            if prop_off.contradiction is not None:
                yield Conclusion(CONTRADICTION, (c, s), [prop_off], [contradiction_targets(prop_off)], x_on,
                                 self._halves(prop_off))
                continue
            off_nodes = prop_off.nodes
            if len(off_nodes) == 1:
                continue  # the assumption implies nothing: nothing in common
            prop_on = imp.propagate(x_on)
            on_nodes = prop_on.nodes
            if fast is not None and type(on_nodes) is Trace and type(off_nodes) is Trace:
                # (counted in C, in the order the "on" propagation found them: ties of the sort
                # are within one result, never two of one assumption)
                found = fast.trace_doubles(on_nodes._index, on_nodes._raw, off_nodes._index, off_nodes._raw,
                                           x_on, cand, value, codes)
                props = [prop_on, prop_off]
                for i in range(0, len(found), 4):
                    y = found[i]
                    yield Conclusion.counted(DOUBLE, (c, s), props, [[y], [y]], y, *found[i + 1:i + 4])
                continue
            for y in prop_on.nodes.keys() & off_nodes.keys():
                if y in (x_on, x_off):
                    continue
                if known(y, cand, value):
                    continue  # not useful: already known
                yield Conclusion(DOUBLE, (c, s), [prop_on, prop_off], [[y], [y]], y)

    def _cells_and_regions(self, state: State, imp: Implications) -> Iterator[Conclusion]:
        for group, source, starts in self.branch_groups(state):
            yield from self.cell_or_region(state, imp, group, source, starts)

    @staticmethod
    def branch_groups(state: State) -> list[tuple[str, tuple, list[int]]]:
        """Every cell with two or more candidates, then every house and symbol
        with two or more places: (kind, source, the assumptions of its branches),
        once per position for every chain strategy that asks (never changed by them)."""
        return per_position(state, "branch groups", lambda: _branch_groups(state))

    def cell_or_region(self, state: State, imp: Implications, kind: str, source: tuple,
                        starts: list[int]) -> list[Conclusion]:
        props = [imp.propagate(x) for x in starts]
        if self.mode in ("static", "grouped") and any(p.contradiction is not None for p in props):
            return []
        # (dynamic chains, as Sudoku Explainer's: a branch that ran into a contradiction still implies
        # what it reached before it; a false assumption implies anything, so the conclusion stands)
        common = set(props[0].nodes)
        for p in props[1:]:
            common &= p.nodes.keys()
        if not common:
            return []
        # (whether y is news: an unsolved cell's placement, or a candidate still there)
        cand, value = state.cand, state.value
        return [Conclusion(kind, source, props, [[y]] * len(props), y) for y in common
                if y not in starts and (value[y >> 6] < 0 if y & 1 else cand[y >> 6] >> (y >> 1 & 31) & 1)]

    # -- the step -----------------------------------------------------------

    def make_step(self, state: State, con: Conclusion, variant: str) -> Step:
        y = con.result
        c, s = lit_cell(y), lit_sym(y)
        placements = [(c, s)] if y & 1 else []
        eliminations = [] if y & 1 else [(c, s)]
        branches = tuple((p.start, p.records(chain), p.contradiction if con.kind == CONTRADICTION else None)
                         for p, chain in zip(con.props, con.chains))
        cells = sorted({x >> 6 for _, chain, _ in branches for x, _, _ in chain})   # (lit_cell, inline)
        symbols = sorted({x >> 1 & 31 for _, chain, _ in branches for x, _, _ in chain})   # (lit_symbol, inline)
        houses: tuple[int, ...] = (con.source[0],) if con.kind == REGION else ()
        static = all(static_records(records) for _, records, _ in branches)
        if static and state.puzzle.constraints:
            from .variants._links import static_links

            static = all(static_links(records) for _, records, _ in branches)
        level = nesting(con)
        return Step(self.technique, placements=placements, eliminations=eliminations, cells=cells,
                    houses=houses, symbols=symbols, variant=variant,
                    details=(("kind", con.kind), ("source", con.source), ("branches", branches),
                             ("nesting", level), ("static", static), ("complexity", con.complexity)),
                    se_bonus=se_length_bonus(con.complexity))

    def variant_of(self, con: Conclusion) -> str:
        """SE's sub-kinds: one-symbol (X) and cell-only (Y) chains rate lower than mixed (XY)."""
        if self.kind not in ("aic", "x-chain"):
            return con.kind
        symbols = con.symbols()
        if not symbols & (symbols - 1):
            return "x"
        return "xy" if con.through_hidden() else "y"


def _constraint_links(state: State) -> bool:
    """Whether the puzzle's variant constraints give the chains links of their own
    (:mod:`strategies.variants._links`)."""
    if not state.puzzle.constraints:
        return False
    from .variants._links import links_for

    return links_for(state) is not None


def _branch_groups(state: State) -> list[tuple[str, tuple, list[int]]]:
    """:meth:`ChainProducer.branch_groups`, computed (a house's placed symbols
    read only for a house with a symbol of two places or more)."""
    size = state.puzzle.size
    fast = _accel._deduce_accel
    if fast is not None and size <= 31:
        return fast.branch_groups(state.cand, state.value, state.puzzle.geometry.houses, size, CELL, REGION)
    g = state.puzzle.geometry
    cand, value = state.cand, state.value
    groups: list[tuple[str, tuple, list[int]]] = []
    for c in range(len(value)):
        m = cand[c]
        if value[c] < 0 and m & (m - 1):
            on = c << 6 | 1  # (lit(c, s, True) = on | s << 1, inline)
            groups.append((CELL, (c,), [on | s << 1 for s in cells_of(m)]))
    smask = symbol_masks(state)
    for h, hm in enumerate(g.house_masks):
        placed = -1
        for s in range(g.size):
            places = smask[s] & hm
            if places & (places - 1):
                if placed < 0:
                    placed = state.placed_in(h)
                if not placed >> s & 1:
                    on = s << 1 | 1
                    groups.append((REGION, (h, s), [q << 6 | on for q in cells_of(places)]))
    return groups
