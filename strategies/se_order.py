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

from deduce.geometry import cells_of
from deduce.literal import lit, lit_cell
from deduce.literal import lit_symbol as lit_sym

from ._reasons import ASSUMED, HIDDEN, NAKED, PEER, SAME_CELL

if TYPE_CHECKING:
    from .implications import Implications, Propagation

__all__ = ["propagate_in_se_order"]


def _house_orders(cell_houses: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Per cell, its houses in SE's order: box (region), row, column."""
    return tuple(hs[2:] + hs[:2] for hs in cell_houses)


def propagate_in_se_order(imp: Implications, prop: Propagation, max_rules: int) -> Propagation:
    """``prop``, a new propagation of its start in ``imp``'s position, made in SE's order (above), with at
    most ``max_rules`` inner steps."""
    start = prop.start
    nodes = prop.nodes
    nodes[start] = ((ASSUMED,), ())
    real = imp.cand
    cand = list(real)
    houses = imp.state.puzzle.geometry.houses
    orders = _house_orders(imp.cell_houses)
    on_queue: deque[int] = deque()
    off_queue: deque[int] = deque()
    (on_queue if start & 1 else off_queue).append(start)
    while True:
        while on_queue or off_queue:
            if on_queue:
                x = on_queue.popleft()
                c, s = lit_cell(x), lit_sym(x)
                parents: tuple[int, ...] = (x,)
                same = ((SAME_CELL, c), parents)
                peer = ((PEER, c), parents)
                made = [(lit(c, t, False), same) for t in cells_of(cand[c] & ~(1 << s))]
                for h in orders[c]:
                    made += [(lit(q, s, False), peer) for q in houses[h] if q != c and cand[q] >> s & 1]
                for y, rp in made:
                    if y in nodes:
                        continue
                    if y ^ 1 in nodes:
                        prop.contradiction = (y, rp[0], rp[1])
                        return prop
                    nodes[y] = rp
                    off_queue.append(y)
                continue
            x = off_queue.popleft()
            c, s = lit_cell(x), lit_sym(x)
            bit = 1 << s
            found: list[tuple[int, tuple, tuple[int, ...]]] = []
            left = cand[c]
            if left >> s & 1:
                if left.bit_count() == 2:
                    t = (left & ~bit).bit_length() - 1
                    gone = (real[c] & ~left) | bit
                    found.append((lit(c, t, True), (NAKED, c), tuple(lit(c, u, False) for u in cells_of(gone))))
                for h in orders[c]:
                    places = [q for q in houses[h] if cand[q] & bit]
                    if len(places) == 2:
                        q = places[0] if places[1] == c else places[1]
                        gone_here = tuple(lit(r, s, False) for r in houses[h]
                                          if real[r] & bit and (not cand[r] & bit or r == c))
                        found.append((lit(q, s, True), (HIDDEN, h), gone_here))
            for y, reason, parents in found:
                if y in nodes:
                    continue
                if y ^ 1 in nodes:
                    prop.contradiction = (y, reason, parents)
                    return prop
                nodes[y] = (reason, parents)
                on_queue.append(y)
            cand[c] &= ~bit
        if prop.rules >= max_rules:
            return prop
        placed = 0
        for y in nodes:
            if y & 1:
                placed |= 1 << lit_cell(y)
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
