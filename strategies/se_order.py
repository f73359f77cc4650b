"""The propagations of dynamic+ and nested forcing chains in Sudoku
Explainer's order, so that their chains, and so their complexity and
rating, are the ones SE counts.

:mod:`strategies.implications` propagates generation by generation (every
literal of one generation, then the next) and judges a cell's or a house's
last candidate against everything recorded so far.  Sudoku Explainer
(1.2.1, ``Chaining.doChaining``) keeps two queues and always takes a true
literal first, a false one only when no true one waits; and a false
literal counts as gone from the position only once it has been taken from
its queue.  So a literal is often reached by another path, with other
parents, than the generation order gives, and the chain's length (the
ancestors of the contradiction's two sides, of each branch's target) is
another.  At the top of SE's scale, where the length bonus decides between
10.6 and 10.7, that difference matters; so the modes with inner
techniques (SE's dynamic+ and nested levels, all made in Python) follow
SE's order here:

* a true literal ``c = s`` makes false, in this order, the cell's other
  candidates (ascending), then the symbol's other places in the cell's
  box, row and column (each house's cells in order), each with that one
  parent;
* a false literal ``c <> s``, taken while it is still a candidate, makes
  true the cell's other candidate when the cell has two, and the symbol's
  other place in each of its box, row and column that has two places, the
  parents being the literal and the candidates (places) the assumption
  already took from that cell (house); then it leaves the position;
* a literal found both true and false is the contradiction: the new one
  with its parents, the other as recorded;
* when both queues are empty, the first inner technique that applies adds
  its conclusions (:meth:`Implications._inner_step`: candidates gone, a
  placement as its cell's other candidates gone), and the queues go on; a
  candidate gone that the assumption made true is left aside, as SE finds
  no contradiction there (it looks for one only when a link derives a
  literal).

The records are :mod:`strategies.implications`' own (the same reasons:
``cell``, ``peer``, ``naked``, ``hidden``, ``rule``), so conclusions,
words and pictures read them unchanged.  Bounded as the engine is: at most
:data:`~strategies.implications.MAX_RULES` inner steps.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from deduce.geometry import Geometry, cells_of
from deduce.tables import table

from ._reasons import ASSUMED, HIDDEN, NAKED, PEER, SAME_CELL

if TYPE_CHECKING:
    from .implications import Implications, Propagation

__all__ = ["propagate_in_se_order"]


def _house_orders(g: Geometry) -> tuple[tuple[int, ...], ...]:
    """A table of :mod:`deduce.tables` (see the function that makes it)."""
    return table(("strategies.se_order._house_orders", g), lambda: _make_house_orders(g))


def _make_house_orders(g: Geometry) -> tuple[tuple[int, ...], ...]:
    """Per cell, its houses in SE's order: box (region), row, column.  (A house lists its cells in
    ascending order, as Geometry builds them, so a mask's cells, lowest first, come in the house's
    order: the propagation reads places off masks.)"""
    return tuple(hs[2:] + hs[:2] for hs in g.cell_houses)


def _places(cand: list[int], n: int) -> list[int]:
    """Per symbol, the cells whose candidates ``cand`` hold it (a cell mask)."""
    return [sum(1 << c for c, m in enumerate(cand) if m >> s & 1) for s in range(n)]


def _follow(prop: Propagation, cand: list[int], places: list[int], real: list[int], real_places: list[int],
            orders: tuple[tuple[int, ...], ...], house_masks: tuple[int, ...], on_queue: deque[int],
            off_queue: deque[int]) -> bool:
    """:func:`propagate_in_se_order`'s links, in SE's order, until both queues are empty (False) or a
    contradiction (True, ``prop.contradiction`` set): ``cand`` and ``places`` (per symbol, a cell mask)
    are the assumed position's, ``real`` and ``real_places`` the position's."""
    nodes = prop.nodes
    while on_queue or off_queue:
        if on_queue:
            x = on_queue.popleft()
            c, s = x >> 6, x >> 1 & 31   # (lit_cell, lit_symbol, inline)
            parents: tuple[int, ...] = (x,)
            same = ((SAME_CELL, c), parents)
            peer = ((PEER, c), parents)
            made = [(c << 6 | t << 1, same) for t in cells_of(cand[c] & ~(1 << s))]
            rest = places[s] & ~(1 << c)
            sym = s << 1
            for h in orders[c]:
                m = rest & house_masks[h]
                rest ^= m   # (a cell of two of its houses: the first makes it, as the lists did)
                while m:   # (its cells, lowest first: a house's order)
                    low = m & -m
                    made.append(((low.bit_length() - 1) << 6 | sym, peer))
                    m ^= low
            for y, rp in made:
                if y in nodes:
                    continue
                if y ^ 1 in nodes:
                    prop.contradiction = (y, rp[0], rp[1])
                    return True
                nodes[y] = rp
                off_queue.append(y)
            continue
        x = off_queue.popleft()
        c, s = x >> 6, x >> 1 & 31
        bit = 1 << s
        found: list[tuple[int, tuple, tuple[int, ...]]] = []
        left = cand[c]
        if left >> s & 1:
            cbit = 1 << c
            sym = s << 1
            if left.bit_count() == 2:
                t = (left & ~bit).bit_length() - 1
                gone = (real[c] & ~left) | bit
                found.append((c << 6 | t << 1 | 1, (NAKED, c), tuple([c << 6 | u << 1 for u in cells_of(gone)])))
            here = places[s]
            for h in orders[c]:
                hm = house_masks[h]
                pm = here & hm
                rest = pm & (pm - 1)
                if rest and not rest & (rest - 1):   # (two places)
                    q = (pm ^ cbit).bit_length() - 1
                    # (the places the assumption took from the house, and c)
                    gone_here = tuple([r << 6 | sym for r in cells_of((real_places[s] & hm & ~here) | cbit)])
                    found.append((q << 6 | sym | 1, (HIDDEN, h), gone_here))
            places[s] = here & ~cbit
        for y, reason, parents in found:
            if y in nodes:
                continue
            if y ^ 1 in nodes:
                prop.contradiction = (y, reason, parents)
                return True
            nodes[y] = (reason, parents)
            on_queue.append(y)
        cand[c] &= ~bit
    return False


def propagate_in_se_order(imp: Implications, prop: Propagation, max_rules: int) -> Propagation:
    """``prop``, a new propagation of its start in ``imp``'s position, made in SE's order (above), with at
    most ``max_rules`` inner steps."""
    g = imp.state.puzzle.geometry
    orders, house_masks = _house_orders(g), g.house_masks
    start = prop.start
    nodes = prop.nodes
    nodes[start] = ((ASSUMED,), ())
    real = imp.cand
    cand = list(real)
    # (per symbol, its places in the position: the one of the Implications, read by every propagation of it,
    # and this propagation's, narrowed with cand)
    kept = imp.kept.get("se-order places")
    if kept is None or kept[0] is not real:
        kept = imp.kept["se-order places"] = [real, _places(real, g.size)]
    real_places: list[int] = kept[1]
    places = list(real_places)
    on_queue: deque[int] = deque()
    off_queue: deque[int] = deque()
    (on_queue if start & 1 else off_queue).append(start)
    while True:
        if _follow(prop, cand, places, real, real_places, orders, house_masks, on_queue, off_queue):
            return prop   # (a contradiction)
        if prop.rules >= max_rules:
            return prop
        placed = 0
        for y in nodes:
            if y & 1:
                placed |= 1 << (y >> 6)
        lits = imp._inner_step(prop, cand, placed)
        added = False
        for y, reason, parents in lits:
            if y in nodes or y ^ 1 in nodes:
                # (SE adds a rule's candidate gone without looking whether the assumption made it
                # true: it conflicts with nothing until a link derives the other side)
                continue
            nodes[y] = (reason, parents)
            (on_queue if y & 1 else off_queue).append(y)
            added = True
        if not added:
            return prop
        prop.rules += 1

