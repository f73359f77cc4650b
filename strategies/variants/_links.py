"""The links variant constraints give the chains: weak links (two candidates a
constraint does not allow together), strong links (a constraint that leaves
a cell one candidate once another candidate goes) and the extra houses'
strong links (a symbol's last place on a diagonal or in an extra region).

The chain engine (:mod:`strategies.implications`) asks :func:`links_for`
for the table of a puzzle; it is None for a puzzle whose constraints give
no such link (a classic, killer or jigsaw grid, an anti-knight: its peers
are the puzzle's peers already), and the engine then propagates exactly as
before, the C kernel included.  Otherwise every propagation of the position
is made in Python by :func:`propagate`: the engine's own links to a fixed
point (:meth:`~strategies.implications.Implications._follow`), then the
constraints' links from every literal reached, and again, until nothing new
follows or a contradiction.

Where the links come from (one interface: the constraints' own
:meth:`~deduce.constraint.Constraint.relations` and
:meth:`~deduce.constraint.Constraint.houses`, and a few relations implied by
a family's rule, :func:`implied_relations`):

* ``cell = x`` removes from a related cell every symbol the relation does
  not allow with x (reason :data:`WEAK`; every mode);
* in the static modes, ``cell <> x`` makes a related cell y when every
  other candidate of it needs x in the cell (:data:`STRONG`);
* in the dynamic mode, ``cell <> x`` removes from a related cell every
  symbol left with no support in the cell (:data:`SUPPORT`);
* ``cell <> x`` leaves x one place in an extra house: it goes there
  (:data:`EXTRA_HIDDEN`), or none: a contradiction (:data:`EXTRA_NO_PLACE`).

A link of an AIC's strand (:mod:`strategies._aic_shape`) carries the
constraint in its house number: :func:`relation_code` (-2, -4, ...) for a
relation, :func:`house_code` (-3, -5, ...) for an extra house; the words
(:func:`link_words`, :func:`record_words`) and :func:`link_cells` (the
cells the picture marks) read it back.

>>> from deduce.puzzle import Puzzle
>>> from strategies.variants.kropki import KropkiDot
>>> p = Puzzle.empty(4, constraints=[KropkiDot("difference", (0, 1))])
>>> t = links_for_puzzle(p)
>>> [bin(m) for m in t.at[0][0][2]], t.at[0][0][4]
(['0b10', '0b101', '0b1010', '0b100'], 3)
>>> links_for_puzzle(Puzzle.empty(4)) is None
True
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Callable, Sequence

from deduce.constraint import Constraint, Relation
from deduce.geometry import cells_of
from deduce.literal import lit
from deduce.solve_cache import per_position
from deduce.tables import table as shape_table

from .._trace import MAX_DEPTH, Propagation, _add

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.words import TextRenderer
    from deduce.state import State

    from ..implications import Implications

#: ``(WEAK, k)``: cell = x, so its partner on relation ``k`` loses what the relation does not allow with x.
WEAK = "constraint"
#: ``(STRONG, k)``: the partner's other candidates all need the parent's candidate: the partner holds this one.
STRONG = "constraint-strong"
#: ``(SUPPORT, k)``: no candidate left in the partner allows this one.
SUPPORT = "constraint-support"
#: ``(EXTRA_HIDDEN, i)``: the symbol's last place in extra house ``i`` (:attr:`Puzzle.extra_houses`).
EXTRA_HIDDEN = "extra-hidden"
#: ``(EXTRA_NO_PLACE, i, s)``: symbol s has no place left in extra house i (a contradiction).
EXTRA_NO_PLACE = "extra-no-place"
#: Every reason of this module.
REASONS = (WEAK, STRONG, SUPPORT, EXTRA_HIDDEN)


class Links:
    """The links of one puzzle's constraints.

    ``pairs[k]`` is ``(a, b, forward, backward, owners)``: cells a < b, per
    symbol of a the symbols b may hold with it, per symbol of b those of a,
    and ``owners`` the ``(constraint index, forward)`` of each constraint
    relating them.  ``at[c]`` lists the pairs of cell c, oriented from it:
    ``(k, other cell, forward, backward, most)``, ``most`` the most symbols
    of c that one symbol of the other cell forbids (c keeping more, every
    symbol of the other cell has support in c).  ``houses[i]`` is the mask of
    extra house i, ``house_at[c]`` the extra houses of cell c.
    """

    __slots__ = ("at", "house_at", "houses", "pairs", "puzzle")

    def __init__(self, puzzle: Puzzle, pairs: list[tuple[int, int, tuple[int, ...], tuple[int, ...], tuple]],
                 houses: Sequence[int]):
        self.puzzle = puzzle
        self.pairs = pairs
        at: list[list[tuple[int, int, tuple[int, ...], tuple[int, ...], int]]] = [[] for _ in range(puzzle.ncells)]
        full = (1 << puzzle.size) - 1
        for k, (a, b, fwd, back, _) in enumerate(pairs):
            at[a].append((k, b, fwd, back, max((full & ~m).bit_count() for m in back)))
            at[b].append((k, a, back, fwd, max((full & ~m).bit_count() for m in fwd)))
        self.at = tuple(tuple(x) for x in at)
        self.houses = tuple(houses)
        self.house_at = tuple(tuple(i for i, m in enumerate(self.houses) if m >> c & 1)
                              for c in range(puzzle.ncells))


def links_for_puzzle(puzzle: Puzzle) -> Links | None:
    """The links of ``puzzle``'s constraints, or None when they give none
    (a table of :mod:`deduce.tables`, by the puzzle's layout)."""
    if not puzzle.constraints:
        return None
    return shape_table(("strategies.variants._links", puzzle), lambda: _build(puzzle), big=True)


def links_for(state: State) -> Links | None:
    """:func:`links_for_puzzle` of the state's puzzle."""
    return links_for_puzzle(state.puzzle)


def _build(puzzle: Puzzle) -> Links | None:
    n = puzzle.size
    full = (1 << n) - 1
    peers = puzzle.peer_masks
    found: dict[tuple[int, int], list[tuple[int, tuple[int, ...]]]] = {}
    for i, constraint in enumerate(puzzle.constraints):
        for rel in (*constraint.relations(puzzle), *implied_relations(constraint, puzzle)):
            if rel.a == rel.b:
                continue
            if rel.a > rel.b:
                rel = rel.reverse()
            distinct = peers[rel.a] >> rel.b & 1
            # (a relation allowing every pair, or every pair of different symbols between peers, adds no link)
            if all((m | (1 << x if distinct else 0)) == full for x, m in enumerate(rel.allowed)):
                continue
            found.setdefault((rel.a, rel.b), []).append((i, rel.allowed))
    pairs = []
    for (a, b), owners in sorted(found.items()):
        fwd = tuple(_and(m for _, allowed in owners for m in [allowed[x]]) for x in range(n))
        back = Relation(a, b, fwd).reverse().allowed
        pairs.append((a, b, fwd, back, tuple(owners)))
    houses = [sum(1 << c for c in h) for h in puzzle.extra_houses]
    if not pairs and not houses:
        return None
    return Links(puzzle, pairs, houses)


def _and(masks: Any) -> int:
    out = -1
    for m in masks:
        out &= m
    return out


def implied_relations(constraint: Constraint, puzzle: Puzzle) -> tuple[Relation, ...]:
    """Relations between two cells that a family's rule implies beyond its
    own :meth:`~deduce.constraint.Constraint.relations`: along a
    thermometer, cells further apart differ by at least the steps between
    them; an arrow's one-cell circle exceeds each cell of an arrow by at
    least the arrow's other cells (each at least 1); two cells of a renban
    differ, by at most its length less one; a between line's ends differ by
    more than its middle's values can span, and from each middle cell; a
    zipper line's middle cell exceeds each other cell; two cells of a little
    killer add up to its total less what the others can; a region-sum line's
    one-cell piece equals or exceeds each cell of another piece."""
    n = puzzle.size
    kind = type(constraint).__name__
    out: list[Relation] = []
    if kind == "Thermometer":
        cells = constraint.cells  # type: ignore[attr-defined]
        gaps = constraint.gaps(puzzle)  # type: ignore[attr-defined]
        for i, j in itertools.combinations(range(len(cells)), 2):
            if j > i + 1:
                least = sum(gaps[i:j])
                out.append(Relation.of(cells[i], cells[j], n, _at_least(least)))
    elif kind == "Arrow" and len(constraint.circle) == 1:  # type: ignore[attr-defined]
        circle = constraint.circle[0]  # type: ignore[attr-defined]
        for shaft in constraint.shafts:  # type: ignore[attr-defined]
            arrow = constraint.arrow_cells(shaft)  # type: ignore[attr-defined]
            rest = len(arrow) - 1
            for c in arrow:
                out.append(Relation.of(c, circle, n, _at_least(rest)) if rest else
                           Relation.of(circle, c, n, _equal))
    elif kind == "BetweenLine":
        cells = constraint.cells  # type: ignore[attr-defined]
        ends, middle = (cells[0], cells[-1]), cells[1:-1]
        peers = puzzle.peer_masks
        # (the middle's values lie strictly between the ends': as many values as cells when they all see each other)
        apart = len(middle) if all(peers[a] >> b & 1 for a, b in itertools.combinations(middle, 2)) else 1
        if middle:
            out.append(Relation.of(ends[0], ends[1], n, _apart(apart + 1)))
        out.extend(Relation.of(e, c, n, _unequal) for e in ends for c in middle)
    elif kind == "ZipperLine" and constraint.middle is not None:  # type: ignore[attr-defined]
        middle = constraint.middle  # type: ignore[attr-defined]
        for pair in constraint.pairs():  # type: ignore[attr-defined]
            out.extend(Relation.of(c, middle, n, _at_least(1)) for c in pair)
    elif kind == "LittleKiller":
        cells, total = constraint.cells(), constraint.value  # type: ignore[attr-defined]
        rest = len(cells) - 2
        if rest >= 0:  # (the other cells add up to rest..rest * n: digits may repeat on a diagonal)
            for a, b in itertools.combinations(cells, 2):
                out.append(Relation.of(a, b, n, _sum_within(total - rest * n, total - rest)))
    elif kind == "RegionSumLine":
        pieces = constraint.pieces(puzzle)  # type: ignore[attr-defined]
        for one in (p[0] for p in pieces if len(p) == 1):
            for piece in pieces:
                if piece != (one,):
                    out.extend(Relation.of(c, one, n, _at_least(len(piece) - 1)) if len(piece) > 1 else
                               Relation.of(c, one, n, _equal) for c in piece)
    elif kind == "Renban":
        cells = constraint.cells  # type: ignore[attr-defined]
        span = len(cells) - 1
        for a, b in itertools.combinations(cells, 2):
            out.append(Relation.of(a, b, n, _within(span)))
    return tuple(out)


def _at_least(d: int) -> Callable[[int, int], bool]:
    """The second value exceeds the first by at least d."""
    return lambda x, y: y - x >= d


def _within(d: int) -> Callable[[int, int], bool]:
    """Different values at most d apart."""
    return lambda x, y: x != y and abs(x - y) <= d


def _equal(x: int, y: int) -> bool:
    return x == y


def _sum_within(low: int, high: int) -> Callable[[int, int], bool]:
    """Two values adding up to low..high."""
    return lambda x, y: low <= x + y <= high


def _apart(d: int) -> Callable[[int, int], bool]:
    """Values at least d apart."""
    return lambda x, y: abs(x - y) >= d


def _unequal(x: int, y: int) -> bool:
    return x != y


# -- propagation ------------------------------------------------------------------------------------


def propagate(imp: Implications, start: int, table: Links) -> Propagation:
    """:meth:`Implications._propagate_python` with the constraints' links:
    the engine's links to a fixed point, then the links of :data:`REASONS`
    from every literal reached since, and so on."""
    prop = Propagation(start)
    cand, smask, placed, generation, frontier = imp._begin(start)
    # (what the links read of the position, once per propagation: the strong links found so far, the solved cells)
    strong: dict[int, list[tuple[int, int, int]]] | None = (
        per_position(imp.state, "variant strong links", dict) if imp.static and imp.symbol is None else None)
    solved = imp.solved if table.houses else 0  # (read by the extra houses alone)
    done = 0
    while frontier:
        placed, generation, _ = imp._follow(prop, frontier, cand, smask, placed, generation)
        if placed < 0 or generation >= MAX_DEPTH:
            break
        new = list(itertools.islice(prop.nodes, done, None))
        done += len(new)
        frontier = _constraint_links(imp, table, prop, new, cand, smask, solved | placed, strong)
    return prop


def _constraint_links(imp: Implications, table: Links, prop: Propagation, new: list[int], cand: list[int],
                      smask: list[int], fixed: int, strong: dict[int, list[tuple[int, int, int]]] | None) -> list[int]:
    """The literals the constraints' links add from ``new`` (recorded, the
    candidates narrowed); empty on a contradiction (``prop.contradiction``
    set).  ``fixed``: the cells holding a symbol; ``strong``: the static
    strong links found so far (None in the dynamic mode, and for one symbol)."""
    only, static, value, orig, at, house_at = imp.symbol, imp.static, imp.value, imp.cand, table.at, table.house_at
    out: list[int] = []
    for x in new:
        c, s = x >> 6, x >> 1 & 31
        if x & 1:
            for k, b, fwd, _, _ in at[c]:
                if value[b] >= 0:
                    continue
                m = cand[b] & ~fwd[s]
                if only is not None:
                    m &= 1 << only
                if m and not _remove(prop, cand, smask, out, b, m, (WEAK, k), (x,)):
                    return []
            continue
        if strong is not None:
            key = x >> 1
            found = strong.get(key)
            if found is None:
                found = strong[key] = _strong_links(imp, table, c, s)
            for k, b, t in found:
                if not _add(prop, cand, smask, out, lit(b, t, True), (STRONG, k), (x,)):
                    return []
        elif only is None and not static:
            left = cand[c].bit_count()
            for k, b, fwd, back, most in at[c]:
                if left > most:
                    continue  # (every symbol of b has support left in c)
                m = cand[b] & fwd[s]
                while m:
                    low = m & -m
                    m ^= low
                    t = low.bit_length() - 1
                    if not back[t] & cand[c]:
                        parents = tuple([c << 6 | u << 1 for u in cells_of(orig[c] & back[t])])  # (off literals)
                        if not _remove(prop, cand, smask, out, b, low, (SUPPORT, k), parents):
                            return []
        if house_at[c] and not _extra_houses(imp, table, prop, out, c, s, cand, smask, fixed):
            return []
    return out


def _extra_houses(imp: Implications, table: Links, prop: Propagation, out: list[int], c: int, s: int,
                  cand: list[int], smask: list[int], fixed: int) -> bool:
    """``c <> s``: the extra houses of c left with one place of s (it goes
    there) or none (a contradiction: False)."""
    nodes = prop.nodes
    for i in table.house_at[c]:
        hm = table.houses[i]
        had = imp.smask[s] & hm
        if imp.static and had.bit_count() != 2:
            continue  # (static chains use a house's strong link only: two places)
        left = smask[s] & hm
        gone = tuple(lit(q, s, False) for q in cells_of(had & ~left))
        if not left:
            prop.contradiction = (-1, (EXTRA_NO_PLACE, i, s), gone)
            return False
        if left & (left - 1) or left & fixed:
            continue
        q = left.bit_length() - 1
        if lit(q, s, True) not in nodes and not _add(prop, cand, smask, out, lit(q, s, True), (EXTRA_HIDDEN, i), gone):
            return False
    return True


def _strong_links(imp: Implications, table: Links, c: int, s: int) -> list[tuple[int, int, int]]:
    """``(pair, cell, symbol)``: what ``c <> s`` makes true in the position
    over the constraints' relations: a related cell each of whose other
    candidates needs s in c."""
    cand, value = imp.cand, imp.value
    found = []
    if value[c] < 0 and cand[c] >> s & 1:
        left = cand[c].bit_count() - 1
        for k, b, _, back, most in table.at[c]:
            mb = cand[b]
            if left > most or value[b] >= 0 or not mb & (mb - 1):
                continue
            lost, m, cc, sbit = 0, mb, cand[c], 1 << s
            while m:
                low = m & -m
                m ^= low
                if back[low.bit_length() - 1] & cc == sbit:
                    lost |= low
            left = mb & ~lost
            if lost and left and not left & (left - 1):
                found.append((k, b, left.bit_length() - 1))
    return found


def _remove(prop: Propagation, cand: list[int], smask: list[int], out: list[int], b: int, m: int, reason: tuple,
            parents: tuple[int, ...]) -> bool:
    """Cell b loses the symbols of mask m; False on a contradiction."""
    nodes = prop.nodes
    rp = (reason, parents)
    bbit = 1 << b
    while m:
        low = m & -m
        m ^= low
        t = low.bit_length() - 1
        y = lit(b, t, False)
        if y in nodes:
            continue
        if y ^ 1 in nodes:
            prop.contradiction = (y, reason, parents)
            return False
        nodes[y] = rp
        cand[b] &= ~low
        smask[t] &= ~bbit
        out.append(y)
    return True


def static_links(records: Sequence[tuple[int, tuple, tuple[int, ...]]]) -> bool:
    """Whether the constraints' links among a chain's records hold without its assumption (as
    :func:`strategies.implications.static_records` asks of the engine's own): a support lost, or an
    extra house's last place, after more than one candidate went, needed it."""
    return not any(reason[0] in (SUPPORT, EXTRA_HIDDEN) and len(parents) > 1 for _, reason, parents in records)


def relation_forbids(puzzle: Puzzle, a: int, x: int, b: int, y: int) -> bool:
    """Whether the constraints' relations forbid a = x with b = y (an AIC's
    ends that cannot both be true)."""
    table = links_for_puzzle(puzzle)
    if table is None:
        return False
    return any(other == b and not fwd[x] >> y & 1 for _, other, fwd, _, _ in table.at[a])


def partners(puzzle: Puzzle) -> tuple[tuple[int, ...], ...] | None:
    """Per cell, the cells a relation joins it to (None without any link)."""
    table = links_for_puzzle(puzzle)
    return None if table is None else tuple(tuple(entry[1] for entry in at) for at in table.at)


# -- what an AIC's link carries, and the words ------------------------------------------------------


def relation_code(k: int) -> int:
    """The house number of a link carried by relation pair ``k``."""
    return -2 - 2 * k


def house_code(i: int) -> int:
    """The house number of a strong link in extra house ``i``."""
    return -3 - 2 * i


def link_code(reason: tuple) -> int | None:
    """The house number of a link of one of :data:`REASONS` (None for another reason)."""
    if reason[0] in (WEAK, STRONG):
        return relation_code(reason[1])
    if reason[0] == EXTRA_HIDDEN:
        return house_code(reason[1])
    return None


def _owners(puzzle: Puzzle, k: int, a: int, x: int, b: int, y: int) -> str:
    """The constraints that forbid a = x with b = y, in words."""
    table = links_for_puzzle(puzzle)
    assert table is not None
    pa, pb, _, _, owners = table.pairs[k]
    if (a, b) != (pa, pb):
        x, y = y, x
    words = []
    for i, allowed in owners:
        if allowed[x] >> y & 1:
            continue
        constraint = puzzle.constraints[i]
        label = constraint.label(puzzle)
        if constraint.covered():
            words.append(f"they are on the {label}")
        elif type(constraint).NEGATES:
            words.append(f"{label}, and none joins them")
        else:
            words.append(f"the {label} forbids it")
    return "; ".join(words) or "a constraint forbids it"


def _weak_words(r: TextRenderer, k: int, a: int, x: int, b: int, y: int) -> str:
    return (f"{r.cell(a)}={r.sym(x)} and {r.cell(b)}={r.sym(y)} cannot both be true: "
            f"{_owners(r.puzzle, k, a, x, b, y)}")


def _strong_words(r: TextRenderer, k: int, a: int, x: int, b: int, y: int) -> str:
    """Why a <> x makes b = y (relation pair k)."""
    table = links_for_puzzle(r.puzzle)
    assert table is not None
    owners = {i for i, _ in table.pairs[k][4]}
    labels = [r.puzzle.constraints[i].label(r.puzzle) for i in sorted(owners)]
    return (f"without {r.sym(x)} in {r.cell(a)}, no other candidate of {r.cell(b)} fits the "
            f"{' and the '.join(labels)}")


def _house_name(r: TextRenderer, i: int) -> str:
    return r.puzzle.extra_house_name(i)


def link_words(r: TextRenderer, code: int, a: tuple[int, tuple[int, ...]], b: tuple[int, tuple[int, ...]],
               strong: bool) -> str:
    """Why side ``a`` (symbol, cells) of an AIC's link decides side ``b``, the link carrying ``code``."""
    if code % 2:  # an extra house's strong link
        i = (-3 - code) // 2
        return f"the only other place for {r.sym(b[0])} in {_house_name(r, i)}"
    k = (-2 - code) // 2
    if strong:
        return _strong_words(r, k, a[1][0], a[0], b[1][0], b[0])
    return _weak_words(r, k, a[1][0], a[0], b[1][0], b[0])


def record_words(r: TextRenderer, x: int, reason: tuple, parents: tuple[int, ...]) -> str | None:
    """Why literal ``x`` follows from its ``parents`` for one of :data:`REASONS` (None for another reason)."""
    kind = reason[0]
    cell, sym = x >> 6, x >> 1 & 31
    if kind == WEAK:
        p = parents[0]
        return _weak_words(r, reason[1], p >> 6, p >> 1 & 31, cell, sym)
    if kind == STRONG:
        p = parents[0]
        return _strong_words(r, reason[1], p >> 6, p >> 1 & 31, cell, sym)
    if kind == SUPPORT:
        table = links_for_puzzle(r.puzzle)
        assert table is not None
        pa, pb, _, _, owners = table.pairs[reason[1]]
        other = pa if pb == cell else pb
        labels = [r.puzzle.constraints[i].label(r.puzzle) for i, _ in owners]
        gone = [r.sym(p >> 1 & 31) for p in parents]
        return (f"the {' and the '.join(labels)} allows {r.sym(sym)} in {r.cell(cell)} only with "
                f"{', '.join(gone[:-1]) + ' or ' + gone[-1] if len(gone) > 1 else gone[0]} in {r.cell(other)}, "
                f"{'all' if len(gone) > 2 else 'both' if len(gone) == 2 else 'which is'} gone")
    if kind == EXTRA_HIDDEN:
        return f"the only place left for {r.sym(sym)} in {_house_name(r, reason[1])}"
    return None


def no_place_words(r: TextRenderer, reason: tuple) -> str:
    """A contradiction of :data:`EXTRA_NO_PLACE`: ``5 has no place left in diagonal r1c1-r9c9``."""
    return f"{r.sym(reason[2])} has no place left in {_house_name(r, reason[1])}"


def link_cells(puzzle: Puzzle, reason: tuple) -> tuple[int, ...]:
    """The cells of the constraints carrying a link of one of :data:`REASONS` (for the picture)."""
    table = links_for_puzzle(puzzle)
    if table is None:
        return ()
    if reason[0] in (EXTRA_HIDDEN, EXTRA_NO_PLACE):
        return tuple(cells_of(table.houses[reason[1]]))
    if reason[0] in (WEAK, STRONG, SUPPORT):
        pair = table.pairs[reason[1]]
        cells: dict[int, None] = {}
        for i, _ in pair[4]:
            covered = puzzle.constraints[i].covered()
            for c in covered if covered else pair[:2]:
                cells[c] = None
        return tuple(cells)
    return ()


def code_cells(puzzle: Puzzle, code: int) -> tuple[int, ...]:
    """:func:`link_cells` of an AIC link's house number (:func:`relation_code`, :func:`house_code`)."""
    reason = (EXTRA_HIDDEN, (-3 - code) // 2) if code % 2 else (WEAK, (-2 - code) // 2)
    return link_cells(puzzle, reason)


def peer_words(r: TextRenderer, a: int, b: int) -> str | None:
    """Why peers a and b differ when no row, column, box or region holds both:
    ``same diagonal r1c1-r9c9 as r5c5``, ``anti-knight with r3c4`` (None when one does)."""
    puzzle = r.puzzle
    g = puzzle.geometry
    if set(g.cell_houses[a]) & set(g.cell_houses[b]):
        return None
    for i, h in enumerate(puzzle.extra_houses):
        if a in h and b in h:
            return f"same {_house_name(r, i)} as {r.cell(b)}"
    for constraint in puzzle.constraints:
        for group in constraint.distinct(puzzle):
            if a in group and b in group:
                return f"{constraint.label(puzzle)} with {r.cell(b)}"
    return None
