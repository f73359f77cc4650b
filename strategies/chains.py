"""Chains: XY-chains, remote pairs, X-chains and alternating inference chains.

An **XY-chain** runs through bivalue cells.  Suppose its first cell is not
x: then it holds its other symbol, which the next cell (a peer holding
that symbol) cannot, so that cell holds its own other symbol, and so on.
If the last cell then holds x, either the first or the last cell is x, and
any cell seeing both loses x.  The step records every link with its reason,
so the explanation reads link by link.

**Remote pairs** are XY-chains whose cells all hold the same two symbols
{a,b}: along the chain the cells alternate between a and b, so two cells an
odd number of links apart (at least three) hold different ones of the two.
A cell seeing both loses a and b.

**X-chains**, **alternating inference chains** (AICs) and **grouped AICs**
(:class:`Chains`) follow the static links of the implication engine
(:mod:`strategies.implications`, found by
:mod:`strategies.chain_producer`): a candidate such that both its truth and
its falsehood imply the same conclusion, or whose truth contradicts
itself.  Forcing chains (cell/region, Nishio, dynamic) are in
:mod:`strategies.forcing`.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, ClassVar, Iterator, Sequence, TypedDict

import attrs

from deduce.geometry import cells_of
from deduce.render.words.prose import Field, elim_cells, see
from deduce.state import State
from deduce.step import Step
from deduce.technique import CHAINS, HARD, UNFAIR, Technique, row
from deduce.techniques import se_length_bonus

from . import _accel
from ._aic_shape import aic_shape
from ._chain_records import CHAIN_FIELDS, TEMPLATE, ForcingDetails, aic_text, chain_marks, peer_reason
from ._hodoku_tabling import hodoku_classic, nice_loops, shape_of
from ._memo import bivalue as bivalue_of
from ._memo import memo_for, symbol_masks
from .chain_producer import ChainProducer
from .conclusions import CONTRADICTION, Conclusion
from .se_chains import se_steps

if TYPE_CHECKING:
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

#: Longest chain tried, in cells (a deterministic bound, not a time limit).
MAX_CELLS = 10


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(600, "remote-pair", "Remote pair", CHAINS, 6.6, 110, HARD, "0703",
        "A chain of four or more cells holding only the same two symbols, each seeing the next: cells an odd "
        "number of links apart hold different ones of the two, so a cell seeing both loses both symbols.",
        rating_note="Sudoku Explainer finds these as forcing Y-chains (bivalue cells only): 6.6 plus its length "
                    "bonus; HoDoKu's remote pair (110).", hodoku_order=170),
    row(610, "xy-chain", "XY-chain", CHAINS, 7.0, 260, UNFAIR, "0702",
        "A chain of bivalue cells: if its first cell is not x, its last cell is; cells seeing both lose x.",
        rating_note="Sudoku Explainer finds these as forcing XY-chains: 7.0 plus its length bonus, "
                    "counting two links per cell.", hodoku_order=440),
    row(620, "x-chain", "X-chain", CHAINS, 6.6, 260, UNFAIR, "0701",
        "Strong and weak links on one symbol: assuming a candidate leads back to its own removal, or both "
        "ways of a candidate lead to the same result.",
        se_variants=(("cycle", 6.5),),
        rating_note="Sudoku Explainer's forcing X-chain: 6.6 plus its length bonus; its X-cycle 6.5 (the `se` "
                    "profile's cycles, strategies.se_chains).", se_order=300, hodoku_order=430),
    row(630, "aic", "Alternating inference chain", CHAINS, 7.0, 280, UNFAIR, "0708",
        "A chain of strong links (bivalue cells, two-place houses) and weak links over several symbols; "
        "either a candidate leads to its own removal or both its ways lead to the same result.",
        se_variants=(("x", 6.6), ("y", 6.6), ("xy", 7.0), ("y-cycle", 6.5), ("xy-cycle", 7.0)),
        rating_note="Sudoku Explainer's (non-dynamic) forcing chains: 6.6 for one symbol or bivalue cells only, "
                    "7.0 when mixed, plus the length bonus. HoDoKu files the same logic as nice loops/AICs (280). "
                    "The `se` profile finds them as SE does (strategies.se_chains): its Y-cycles 6.5, XY-cycles "
                    "and every other forcing chain 7.0.",
        se_order=310, hodoku_order=450),
    row(650, "grouped-aic", "Grouped AIC", CHAINS, 7.2, 300, UNFAIR, "0711",
        "An alternating inference chain whose nodes may be groups (a symbol's places in a house that lie in "
        "one line and one box act as one node) or almost locked sets (one that loses a symbol is locked on the "
        "rest).",
        rating_note="Not in Sudoku Explainer 1.2.1 (it needs dynamic chains, 8.5, for these); deduce's own 7.2 "
                    "plus the length bonus: an AIC (7.0) with grouped nodes. HoDoKu's grouped nice loop (300).",
        hodoku_order=460),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Remote pairs": ("remote-pair",),
    "Forcing XY-chain": ("xy-chain",),
    "Forcing X-chain": ("x-chain",),
    "X-cycle": ("x-chain",),
    "X-cycles": ("x-chain",),
    "AIC": ("aic",),
    "Alternating inference chain": ("aic",),
    "Continuous nice loop": ("aic",),
    "Discontinuous nice loop": ("aic",),
    "Forcing chain (static)": ("aic",),
    "Nice loop": ("aic",),
    "Nice loop/AIC": ("aic",),
    "Grouped AIC": ("grouped-aic",),
    "Grouped continuous nice loop": ("grouped-aic",),
    "Grouped discontinuous nice loop": ("grouped-aic",),
    "Grouped nice loop": ("grouped-aic",),
}

#: The rows by code (the strategies below are plain classes that name their row).
_ROW = {t.code: t for t in ROWS}


@attrs.frozen
class XYChain:
    """XY-chains, the shortest from each cell and end symbol.  A cell of the
    chain itself that sees both ends loses the end symbol only with
    ``cannibal`` (HoDoKu's reading: either end is the symbol, whatever the
    chain's middle holds)."""

    technique: ClassVar[Technique] = _ROW["xy-chain"]
    cannibal: bool = False

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        pm = state.puzzle.peer_masks
        bivalue = bivalue_of(state)[0]
        if len(bivalue) < 3:
            return
        places = symbol_masks(state)
        cannibal = self.cannibal
        found = []
        for path, x, other in self._paths(state, bivalue):
            both = pm[path[0]] & pm[path[-1]] & places[x]  # the unsolved cells holding x seeing both ends
            if both and not cannibal:
                for c in path:
                    both &= ~(1 << c)
            if both:
                found.append((len(path), path, x, other, cells_of(both)))
        seen: set[tuple[int, frozenset[int]]] = set()
        for _, path, x, other, targets in sorted(found, key=lambda f: (f[0], f[1])):
            key = (x, frozenset(targets))
            if key in seen:
                continue
            seen.add(key)
            values = self._values(path, other, cand)
            yield Step(self.technique, eliminations=[(t, x) for t in targets], cells=path, symbols=(x,),
                       details=(("path", path), ("values", values), ("aic", self._aic(path, values, x))),
                       se_bonus=se_length_bonus(2 * len(path)))

    @staticmethod
    def _aic(path: tuple[int, ...], values: tuple[int, ...], x: int) -> tuple:
        """The chain in the form of an AIC (see :mod:`strategies._aic_shape`):
        ``(x)c1=(a)c1-(a)c2=(b)c2-...=(x)cn``."""
        nodes: list[tuple[int, tuple[int, ...], int]] = [(x, (path[0],), -1), (values[0], (path[0],), -1)]
        links: list[tuple[str, int]] = [("=", -1)]
        for cell, held_prev, held in zip(path[1:], values, values[1:]):
            nodes += [(held_prev, (cell,), -1), (held, (cell,), -1)]
            links += [("-", -1), ("=", -1)]
        return tuple(nodes), tuple(links), False

    @classmethod
    def _paths(cls, state: State, bivalue: list[int]) -> list[tuple[tuple[int, ...], int, int]]:
        """``(path, x, other)`` for the chains of :meth:`_chains` from each
        bivalue cell and end symbol x (the start's other symbol ``other``),
        in search order; they depend only on the bivalue cells, so they are
        found once per set of them and their candidates (the list is
        shared: not to be changed)."""
        cand = state.cand
        memo = memo_for(state)
        key = ("xy-chain paths", tuple(bivalue), tuple(cand[c] for c in bivalue))
        out = memo.get(key)
        if out is None:
            out = _accel.xy_chain_paths(state, bivalue, MAX_CELLS)  # the same walks in C, or None
            if out is None:
                out = cls._walks(state, bivalue)
            memo[key] = out
        return out

    @classmethod
    def _walks(cls, state: State, bivalue: list[int]) -> list[tuple[tuple[int, ...], int, int]]:
        """:meth:`_paths`' chains walked in Python (the pure engine)."""
        cand = state.cand
        out: list[tuple[tuple[int, ...], int, int]] = []
        bset = set(bivalue)
        neighbours = {c: [p for p in state.puzzle.peers[c] if p in bset] for c in bivalue}
        for start in bivalue:
            for x in cells_of(cand[start]):
                other = (cand[start] & ~(1 << x)).bit_length() - 1
                out.extend((path, x, other) for path in cls._chains(start, other, x, neighbours, cand))
        return out

    @staticmethod
    def _chains(start: int, on: int, x: int, neighbours: dict[int, list[int]],
                cand: list[int]) -> Iterator[tuple[int, ...]]:
        """Shortest chains from ``start`` (holding ``on`` if it is not x) to
        each cell that then holds x: breadth-first over (cell, symbol held)."""
        # a (cell, symbol held) state as one int: cell << 6 | symbol
        parent: dict[int, int] = {start << 6 | on: -1}
        frontier = [(start, on)]
        for _ in range(MAX_CELLS - 1):
            if not frontier:
                break
            nxt_frontier = []
            for cell, held in frontier:
                bit = 1 << held
                here = cell << 6 | held
                for nxt in neighbours[cell]:
                    m = cand[nxt]
                    if not m & bit:
                        continue
                    nxt_held = (m ^ bit).bit_length() - 1
                    state = nxt << 6 | nxt_held
                    if state in parent:
                        continue
                    parent[state] = here
                    nxt_frontier.append((nxt, nxt_held))
                    if nxt_held == x and nxt != start:
                        path = [nxt]
                        link = here
                        while link >= 0:
                            path.append(link >> 6)
                            link = parent[link]
                        path.reverse()
                        if len(path) >= 3 and len(set(path)) == len(path):
                            yield tuple(path)
            frontier = nxt_frontier

    @staticmethod
    def _values(path: tuple[int, ...], first_on: int, cand: list[int]) -> tuple[int, ...]:
        """The symbol each cell of the chain holds, given the first is not x."""
        out = [first_on]
        for c in path[1:]:
            out.append((cand[c] & ~(1 << out[-1])).bit_length() - 1)
        return tuple(out)


@attrs.frozen
class RemotePair:
    """Remote pairs: chains of four or more bivalue cells holding the same
    pair, each seeing the next (shortest chains first).  Its two ends hold
    the pair between them; ``whole`` (HoDoKu's reading) counts every two
    cells of the chain an odd number of links apart, three or more, as
    well."""

    technique: ClassVar[Technique] = _ROW["remote-pair"]
    whole: bool = False

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        pm = state.puzzle.peer_masks
        by_pair: dict[int, list[int]] = {}
        for c in bivalue_of(state)[0]:
            by_pair.setdefault(cand[c], []).append(c)
        found = []
        for pair, cells in by_pair.items():
            if len(cells) < 4:
                continue
            members = sum(1 << c for c in cells)
            if self.whole:  # every chain, each once (its first cell below its last)
                for path in _simple_paths(cells, members, pm):
                    targets = _remote_targets(state, path, members)
                    if targets:
                        found.append((len(path), path, pair, targets))
                continue
            for start in cells:
                # breadth-first from start over cells holding exactly the pair
                parent = {start: -1}
                frontier = [start]
                depth = 0
                while frontier and depth < MAX_CELLS - 1:
                    depth += 1
                    nxt = []
                    for c in frontier:
                        for p in cells_of(pm[c] & members):
                            if p in parent:
                                continue
                            parent[p] = c
                            nxt.append(p)
                            if depth % 2 and depth >= 3 and p > start:
                                both = pm[start] & pm[p]
                                targets = [t for t in cells_of(both) if value[t] < 0 and cand[t] & pair
                                           and not members >> t & 1]
                                if targets:
                                    back = [p]
                                    while parent[back[-1]] >= 0:
                                        back.append(parent[back[-1]])
                                    found.append((len(back), tuple(reversed(back)), pair, targets))
                    frontier = nxt
        seen: set[frozenset] = set()
        for _, path, pair, targets in sorted(found, key=lambda f: (f[0], f[1])):
            elims = [(t, s) for t in targets for s in cells_of(cand[t] & pair)]
            key = frozenset(elims)
            if key in seen:
                continue
            seen.add(key)
            yield Step(self.technique, eliminations=elims, cells=path, symbols=tuple(cells_of(pair)),
                       details=(("path", path),), se_bonus=se_length_bonus(2 * len(path)))


#: kind -> (technique code, propagation mode)
CHAIN_KINDS = {
    "x-chain": ("x-chain", "static"),
    "aic": ("aic", "static"),
    "grouped-aic": ("grouped-aic", "grouped"),
}


@attrs.define(repr=False, unsafe_hash=True, on_setattr=attrs.setters.frozen)
class Chains(ChainProducer):
    """Static chains over the implication engine, as a strategy.

    ``kind`` is one of

    * ``"x-chain"``: one symbol at a time, contradiction and double
      implication;
    * ``"aic"``: every link, contradiction and double implication;
    * ``"grouped-aic"``: the same with grouped nodes (a symbol's places in a
      house lying in one line and box act as one node) and almost locked
      sets of 2 to :data:`~strategies.implications.MAX_ALS_NODE_CELLS` cells
      as nodes (a set that loses a symbol is locked on the rest).

    >>> Chains("aic")
    Chains('aic')
    >>> Chains("grouped-aic").technique.code
    'grouped-aic'
    """

    #: The kinds the built-in list makes.
    CODES: ClassVar[dict[str, tuple[str, str]]] = CHAIN_KINDS

    KINDS: ClassVar[dict[str, tuple[str, str]]] = CHAIN_KINDS

    #: One step per chain with every elimination it justifies (an AIC's ends, a loop's weak links);
    #: False for a chain applied inside a nested assumption, which removes its one candidate (as
    #: Sudoku Explainer's inner chains do).
    whole: bool = True
    #: Grouped AICs through almost locked sets as nodes too; False: through groups only (HoDoKu's grouped
    #: nice loops, its option "ALS in tabling chains" being off by default).
    sets: bool = True
    #: False: a chain whose ends see each other is read as a chain, not a continuous loop (HoDoKu's
    #: X-chains, which remove only what sees both ends; it finds the loops as nice loops)
    loops: bool = True

    #: HoDoKu's tabling (:mod:`strategies._hodoku_tabling`): every nice loop and AIC of the
    #: position (grouped: through groups), in the order HoDoKu takes them; 9x9 classic grids only
    #: (others as without it).  The ``hodoku`` profile's choice.
    tabling: bool = False

    #: Sudoku Explainer's forcing chains and cycles (:mod:`strategies.se_chains`) of these passes
    #: (``x``, ``y``, ``xy``), sorted together as SE sorts them; 9x9 classic grids only (others as
    #: without it).  The ``se`` profile's choice (``deduce.rating.se_strategies``).
    se_passes: tuple[str, ...] = attrs.field(default=(), converter=tuple)

    def __attrs_post_init__(self) -> None:
        super().__attrs_post_init__()
        if not self.sets and self.mode == "grouped":
            object.__setattr__(self, "mode", "groups")

    def __repr__(self) -> str:
        options = "".join(f", {k}=False" for k in ("whole", "sets", "loops") if not getattr(self, k))
        passes = f", se_passes={self.se_passes!r}" if self.se_passes else ""
        return f"Chains({self.kind!r}{options}{', tabling=True' if self.tabling else ''}{passes})"

    def find(self, state: State) -> Iterator[Step]:
        if self.se_passes and hodoku_classic(state):
            return se_steps(state, self.se_passes)
        if self.tabling and self.kind in ("aic", "grouped-aic") and hodoku_classic(state):
            return self._tabled(state)
        return super().find(state)

    def _tabled(self, state: State) -> Iterator[Step]:
        """HoDoKu's nice loops and AICs, best first; a grouped search may find plain ones (filed as AICs)."""
        found, nodes = nice_loops(state, groups=self.kind == "grouped-aic")
        for f in found:
            grouped = f.kind.startswith("g")
            nodes_, links, loop = shape_of(nodes, f)
            symbols = sorted({n[0] for n in nodes_})
            cells = sorted({c for n in nodes_ for c in n[1]})
            variant = "contradiction" if grouped else ("x" if len(symbols) == 1 else "xy")
            start = nodes[f.chain[0][0]]
            yield Step(_ROW["grouped-aic" if grouped else "aic"], eliminations=sorted(f.eliminations), cells=cells,
                       symbols=symbols, variant=variant,
                       details=(("kind", CONTRADICTION), ("source", (start[0][0], start[1])), ("branches", ()),
                                ("nesting", 0), ("static", True), ("complexity", len(f.chain)),
                                ("aic", (nodes_, links, loop)), ("hodoku", f.kind)))

    def make_step(self, state: State, con: Conclusion, variant: str) -> Step:
        step = super().make_step(state, con, variant)
        if not self.whole:
            return step
        shape = aic_shape(state, con, loops=self.loops)
        if shape is None:
            return step
        (nodes, links, loop), eliminations = shape
        if step.placements and not eliminations:  # a chain from a candidate back to itself: it is placed
            return attrs.evolve(step, details=step.details + (("aic", (nodes, links, loop)),))
        if not step.eliminations or step.eliminations[0] not in eliminations:
            return step  # (never: the conclusion's own elimination sees both ends)
        cells = sorted(set(step.cells) | {c for node in nodes for c in node[1]})
        return attrs.evolve(step, eliminations=eliminations, cells=cells,
                            details=step.details + (("aic", (nodes, links, loop)),))


# -- words (see :mod:`deduce.render.words`; chains of literals: strategies._chain_records) ---------


class RemotePairDetails(TypedDict):
    #: the chain's cells, each seeing the next
    path: tuple[int, ...]


class _AicDetails(TypedDict, total=False):
    #: the chain as an AIC: (nodes, links, loop), see strategies._aic_shape
    aic: tuple[tuple[Any, ...], tuple[tuple[str, int], ...], bool]


class XYChainDetails(RemotePairDetails, _AicDetails):
    #: the value each cell of the path takes when the first is not the end symbol
    values: tuple[int, ...]


DETAILS: dict[str, type] = {"remote-pair": RemotePairDetails, "xy-chain": XYChainDetails,
                            **{code: ForcingDetails for code in ("x-chain", "aic", "grouped-aic")}}

TEMPLATES = {
    **{code: TEMPLATE for code in ("x-chain", "aic", "grouped-aic")},
    "remote-pair": (
        "Look for a remote pair: a chain of cells holding only {pair_set}.",
        "Follow the cells holding only {pair_set} from {chain_start}: each sees the next.",
        "{remote_pair_text}",
    ),
    "xy-chain": (
        "Look for an XY-chain ending on {sym}.",
        "Follow the bivalue cells from {chain_start}.",
        "{xy_chain_text}",
    ),
}


def _xy_chain_text(r: TextRenderer, step: Step) -> str:
    if step.detail("aic") is not None:
        return aic_text(r, step)
    path = step.detail("path")
    values = step.detail("values")
    x = r.sym(step.symbols[0])
    lines = [f"Suppose {r.cell(path[0])} is not {x}.",
             f" 1. then {r.cell(path[0])} is {r.sym(values[0])} (its only other candidate)"]
    for k, (prev, cell, held_prev, held) in enumerate(zip(path, path[1:], values, values[1:]), 2):
        lines.append(f" {k}. then {r.cell(cell)} is not {r.sym(held_prev)} ({peer_reason(r, cell, prev)}), "
                     f"so it is {r.sym(held)}")
    lines.append(f"Either {r.cell(path[0])} or {r.cell(path[-1])} is {x}, so {r.cells_see(step)}, which "
                 f"{see(step)} both, cannot be {x}.")
    return "\n".join(lines)


#: Most cells added to chains by one search of every remote pair (a deterministic bound: positions
#: with many bivalue cells holding one pair have very many chains; real solves meet a few thousand).
MAX_PAIR_STEPS = 20_000


def _simple_paths(cells: list[int], members: int, pm: Sequence[int]) -> Iterator[tuple[int, ...]]:
    """Every chain of an even number of ``cells`` (four to :data:`MAX_CELLS`),
    each seeing the next, whose first cell is below its last (up to
    :data:`MAX_PAIR_STEPS` cells added)."""
    path: list[int] = []
    budget = [MAX_PAIR_STEPS]

    def grow(c: int, used: int) -> Iterator[tuple[int, ...]]:
        budget[0] -= 1
        path.append(c)
        if len(path) >= 4 and len(path) % 2 == 0 and path[0] < c:
            yield tuple(path)
        if len(path) < MAX_CELLS:
            for p in cells_of(pm[c] & members & ~used):
                if budget[0] <= 0:
                    break
                yield from grow(p, used | 1 << p)
        path.pop()

    for start in cells:
        yield from grow(start, 1 << start)


def _remote_targets(state: State, path: tuple[int, ...], members: int) -> list[int]:
    """The cells (holding a symbol of the pair, not of the chain's kind)
    that see two cells of ``path`` an odd number of links apart, three or more."""
    pm = state.puzzle.peer_masks
    both = 0
    for i in range(len(path)):
        for j in range(i + 3, len(path), 2):
            both |= pm[path[i]] & pm[path[j]]
    pair = state.cand[path[0]]
    return [t for t in cells_of(both & ~members) if state.value[t] < 0 and state.cand[t] & pair]


def _remote_pair_text(r: TextRenderer, step: Step) -> str:
    path = step.detail("path")
    a, b = (r.sym(x) for x in step.symbols)
    lines = [f"{r.cells(path)} each hold only {{{a},{b}}}, and each sees the next. Suppose {r.cell(path[0])} is {a}."]
    held = [a, b]
    for k, (prev, cell) in enumerate(itertools.pairwise(path), 1):
        lines.append(f" {k}. then {r.cell(cell)} is not {held[(k - 1) % 2]} ({peer_reason(r, cell, prev)}), "
                     f"so it is {held[k % 2]}")
    pm = r.puzzle.peer_masks
    if all(pm[c] >> path[0] & 1 and pm[c] >> path[-1] & 1 for c in elim_cells(step)):
        lines.append(f"Starting from {b} instead swaps every value, so {r.cell(path[0])} and {r.cell(path[-1])} "
                     f"hold {a} and {b} in some order: {r.cells(elim_cells(step))}, which {see(step)} both, can "
                     f"hold neither: {r.removed(step.eliminations)}.")
    else:
        lines.append(f"Starting from {b} instead swaps every value, so any two cells of the chain an odd number "
                     f"of steps apart hold {a} and {b} in some order: {r.cells(elim_cells(step))}, which "
                     f"{see(step)} two such cells, can hold neither: {r.removed(step.eliminations)}.")
    return "\n".join(lines)


FIELDS: dict[str, Field] = {
    **CHAIN_FIELDS,
    "xy_chain_text": _xy_chain_text,
    "remote_pair_text": _remote_pair_text,
    "chain_start": lambda r, s: r.cell(s.detail("path")[0]),
    "pair_set": lambda r, s: r.symset(s.symbols),
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------

MARKERS: dict[str, Marker] = {"chains": chain_marks}
