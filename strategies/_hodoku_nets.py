"""Forcing nets as HoDoKu 2.2.0's tabling finds them, for the ``hodoku`` profile's path.

HoDoKu (read in its source, nothing copied) looks for forcing nets after its forcing chains, with
the same checks (:class:`strategies._hodoku_forcing._ForcingSearch`: contradictions, both ways of
a candidate, every candidate of a cell, every place in a house) over other tables.  A candidate's
table for nets is not its direct links but what follows on a copy of the grid: the candidate is
placed (its peers that held the symbol and its cell's other candidates go) or removed (a cell
left with one candidate is placed), then four rounds of every naked and hidden single of the copy
are placed the same way.  Those tables (with the group nodes' links, as for forcing chains) are
widened breadth first like the others; the first result in HoDoKu's order is applied.

The ``hodoku`` profile takes that result and shows it with deduce's own dynamic forcing chain to
the same result (its explanation); where deduce's search does not reach it, deduce's step that
comes first in HoDoKu's order; none where HoDoKu finds no net.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Iterator

import attrs

from deduce.literal import lit
from deduce.state import State
from deduce.step import Step

from . import _accel, _hodoku_forcing, _hodoku_tabling
from ._hodoku_forcing import CELL_FORM, DOUBLE_FORM, REGION_FORM, Forcing, _ForcingSearch
from ._hodoku_tabling import BUDDIES, HOUSE_MASKS, N, _bits, _Grid, _Tables
from .conclusions import Conclusion, contradiction_targets
from .implications import implications

if TYPE_CHECKING:
    from .chain_producer import ChainProducer

#: HoDoKu's rounds of singles after an assumption (its option "table look ahead").
LOOK_AHEAD = 4


def _fill(cand0: list[int], places0: list[int], cell0: int, d0: int, on: bool) -> list[int]:
    """The literals (node * 2 + on) a candidate's net table starts with, in HoDoKu's order."""
    cand = cand0[:]
    places = places0[:]
    out: dict[int, None] = {}

    def place(cell: int, d: int) -> None:
        now = cand[cell]
        out[(cell * N + d) * 2 + 1] = None
        for c in _bits(places0[d] & BUDDIES[cell]):
            out[(c * N + d) * 2] = None
        for e in _bits(now & ~(1 << d)):
            out[(cell * N + e) * 2] = None
        for e in _bits(now):
            places[e] &= ~(1 << cell)
        cand[cell] = 0
        bit = 1 << d
        for c in _bits(places[d] & BUDDIES[cell]):
            cand[c] &= ~bit
        places[d] &= ~BUDDIES[cell]

    if on:
        place(cell0, d0)
    else:
        out[(cell0 * N + d0) * 2] = None
        cand[cell0] &= ~(1 << d0)
        places[d0] &= ~(1 << cell0)
        if cand[cell0] and not cand[cell0] & (cand[cell0] - 1):
            place(cell0, cand[cell0].bit_length() - 1)
    for _ in range(LOOK_AHEAD):
        singles = [(c, m.bit_length() - 1) for c, m in enumerate(cand) if m and not m & (m - 1)]
        for d in range(N):
            for h in HOUSE_MASKS:
                m = places[d] & h
                if m and not m & (m - 1):
                    singles.append((m.bit_length() - 1, d))
        if not singles:
            break
        for cell, d in sorted(set(singles)):
            place(cell, d)
    return list(out)


class NetGrid(_Grid):
    """The grouped grid with each candidate's direct consequences replaced by its net table's start
    (:func:`_fill`); group nodes keep their links."""

    def __init__(self, state: State):
        super().__init__(state, True)
        plain = 2 * N * N * N
        made = _accel.hodoku_net_starts(self.cand)  # the same starts made in C (None for a non-candidate), or None
        direct_lits = self.direct_lits  # (its bit sets, direct_masks, made from these when asked)
        if made is None:
            made = [None] * plain  # the starts made here (their bit sets not made)
            for cell in range(N * N):
                for d in _bits(self.cand[cell]):
                    for on in (True, False):
                        x = (cell * N + d) * 2 + on
                        made[x] = (tuple(y for y in _fill(self.cand, self.places, cell, d, on) if y != x), 0)
        for x, start in enumerate(made):  # each candidate's literals, both ways
            if start is None:
                continue
            lits = start[0]
            links = direct_lits[x]  # its links to groups kept
            direct_lits[x] = lits + tuple(y for y in links if y >= plain) if links and max(links) >= plain else lits


class _NetTables(_Tables):
    def __init__(self, state: State):  # (not _Tables': the net grid's tables)
        self._made(NetGrid(state))


def net_results(state: State) -> list[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]]:
    """HoDoKu's forcing net results at ``state`` in the order it takes them: (placements,
    eliminations)."""
    return [_result(f) for f in _nets(state)]


def _nets(state: State) -> list[Forcing]:
    if _hodoku_tabling._accelerated():  # the tables read in C over the net grid
        return _hodoku_forcing.forcing_read(state, NetGrid(state))
    return _ForcingSearch(state, _NetTables(state)).run()


def _result(f: Forcing) -> tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]:
    return (f.placement,) if f.placement else (), tuple(sorted(f.eliminations))


def hodoku_net_steps(producer: ChainProducer, state: State, steps: Iterable[Step]) -> Iterator[Step]:
    """deduce's forcing chain ``steps`` in HoDoKu's order: HoDoKu's first net result first (deduce's
    step to it, or one made by ``producer`` from HoDoKu's branches: :func:`_verity`), then the rest
    placements first, by cell.  deduce's steps are made only as far as needed: up to the one to
    HoDoKu's first result, all of them when it has none or when more than the first is asked for
    (each result comes once in ``steps``, a step per result literal)."""
    nets = _nets(state)
    if not nets:
        return  # HoDoKu finds no forcing net here
    pending = iter(steps)
    mine: list[Step] = []
    by_result: dict[tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]], Step] = {}

    def made(result: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]) -> Step | None:
        """deduce's step to ``result``, its steps made until it comes."""
        if result in by_result:
            return by_result[result]
        for s in pending:
            mine.append(s)
            key = (tuple(s.placements), tuple(sorted(s.eliminations)))
            by_result[key] = s
            if key == result:
                return s
        return None

    first = made(_result(nets[0])) or _verity(producer, state, nets[0])
    if first is None:  # (every step made by now)
        first = next((by_result[r] for r in map(_result, nets[1:]) if r in by_result), None)
    if first is not None:
        yield first
    mine.extend(pending)
    for s in sorted(mine, key=lambda s: (not s.placements, sorted(s.placements), -len(s.eliminations),
                                         sorted(s.eliminations))):
        if s is not first:
            yield s


def _verity(producer: ChainProducer, state: State, net: Forcing) -> Step | None:
    """HoDoKu's verity ``net`` as deduce's dynamic forcing chain: each branch (every candidate of the
    cell, every place in the house, or both ways of the candidate) propagated by deduce, reaching the
    result or running into a contradiction (a false branch proves anything: HoDoKu's tables go on
    past it, deduce's propagation stops there); None where a branch does neither."""
    if net.form == CELL_FORM:
        cell = net.source[0]
        starts = [lit(cell, d, True) for d in _bits(state.cand[cell])]
    elif net.form == REGION_FORM:
        house, d = net.source
        starts = [lit(c, d, True) for c in _bits(HOUSE_MASKS[house]) if state.value[c] < 0
                  and state.cand[c] >> d & 1]
    elif net.form == DOUBLE_FORM:
        cell, d = net.source
        starts = [lit(cell, d, True), lit(cell, d, False)]
    else:
        return None
    y = lit(*net.placement, True) if net.placement else lit(*next(iter(net.eliminations)), False)
    imp = implications(state, producer.mode, None)
    props = [imp.propagate(x) for x in starts]
    targets = []
    for p in props:
        if y in p.nodes:
            targets.append([y])
        elif p.contradiction is not None:
            targets.append(contradiction_targets(p))
        else:
            return None
    con = Conclusion(net.form, net.source, props, targets, y)
    step = producer.make_step(state, con, producer.variant_of(con))
    branches = tuple((start, chain, p.contradiction if y not in p.nodes else None)
                     for (start, chain, _), p in zip(step.detail("branches"), props))
    details = tuple((k, branches if k == "branches" else v) for k, v in step.details)
    return attrs.evolve(step, details=details)
