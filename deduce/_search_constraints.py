"""The search's narrowing by variant constraints (:mod:`deduce.backtrack`).

Each node of the search narrows its candidates by the constraints: every
relation between two cells to a fixed point (arc consistency), then every
constraint that narrows its own way (:meth:`deduce.constraint.Constraint.narrow`).
Done from scratch at every node, that is most of the time of a variant
search, so it is done incrementally:

* a board where the narrowing changed nothing is kept (a *fixed point*,
  with its candidate masks), on a stack that follows the search path;
* a later board inside a kept one (every candidate of it a candidate there,
  as a node below it is) starts from that board's masks: only the cells
  whose candidates changed since are read again, only the relations from
  those cells are revised (the others still hold: a cell keeps its support
  when its neighbour's candidates did not change), and only the constraints
  watching one of those cells (:meth:`~deduce.constraint.Constraint.covered`;
  a global one, covering no cells, always) are asked to narrow.

The result is the same narrowing, and so the same search: a constraint's
narrowing reads and writes only its own cells (``tests/test_search_constraints.py``
checks it for every narrowing family).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .puzzle import Puzzle

#: Grids up to this size revise a relation by one look-up in a table of every mask's support (2**N entries,
#: one table per distinct relation: a non-consecutive grid's hundreds of relations share two).
TABLE_SIZE = 10

#: Fixed points kept per search at most (the stack is the search path, so it stays shallow; this caps a
#: path of many narrowing passes).
MAX_KEPT = 128


class ConstraintTables:
    """What the narrowing needs of one puzzle's constraints, precomputed."""

    __slots__ = ("by_mask", "narrowers", "rel_cells", "rel_of", "unary", "watch")

    def __init__(self, puzzle: Puzzle):
        # Per cell: (other cell, what each of its symbols allows there, or the support of each of its masks
        # there on grids up to TABLE_SIZE), both ways round.
        rel_of: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
        tables: dict[tuple[int, ...], tuple[int, ...]] = {}
        for rel in puzzle.relations:
            for a, b, allowed in ((rel.a, rel.b, rel.allowed), (rel.b, rel.a, rel.reverse().allowed)):
                if puzzle.size <= TABLE_SIZE:
                    allowed = tables.get(allowed) or tables.setdefault(allowed, _supports(allowed))
                rel_of.setdefault(a, []).append((b, allowed))
        for cell in puzzle.unary:
            rel_of.setdefault(cell, [])
        self.rel_of = {c: tuple(v) for c, v in rel_of.items()}
        self.rel_cells = tuple(sorted(rel_of))
        #: whether rel_of holds each mask's support (else each symbol's)
        self.by_mask = puzzle.size <= TABLE_SIZE
        self.unary = puzzle.unary
        #: the constraints that narrow their own way (one that only makes cells differ is in the peers)
        self.narrowers = tuple(c for c in puzzle.constraints if c.NARROWS)
        #: each narrower's cells (None for a global one: asked every time)
        self.watch: tuple[tuple[int, ...] | None, ...] = tuple(
            tuple(dict.fromkeys(c.covered())) or None for c in self.narrowers)

    def __bool__(self) -> bool:
        return bool(self.rel_of or self.narrowers)


def _supports(allowed: tuple[int, ...]) -> tuple[int, ...]:
    """The support of every mask: the union of ``allowed`` over its symbols."""
    out = [0] * (1 << len(allowed))
    for m in range(1, len(out)):
        low = m & -m
        out[m] = out[m ^ low] | allowed[low.bit_length() - 1]
    return tuple(out)


def _remove(search: Any, masks: list[int], diff: int) -> list[int]:
    """Remove from ``masks`` the candidates of ``diff`` (a layout-0 board); the cells changed, in order."""
    cell_at, BM0 = search.cell_at, search.BM0
    changed: dict[int, None] = {}
    for d, sh in enumerate(search.shifts):
        part = (diff >> sh) & BM0
        if not part:
            continue
        off = ~(1 << d)
        while part:
            low = part & -part
            c = cell_at[low.bit_length() - 1]
            masks[c] &= off
            changed[c] = None
            part ^= low
    return list(changed)


def _start(search: Any, X0: int) -> tuple[list[int], list[int], set[int] | None] | None:
    """(masks, cells to revise, cells changed since the kept board or None for all); None when ``X0``
    is a kept fixed point itself."""
    candidates = search.candidates
    kept = search.kept
    tables: ConstraintTables = search.ctables
    for i in range(len(kept) - 1, -1, -1):
        R, masks_R = kept[i]
        if not X0 & ~R:
            del kept[i + 1:]  # the boards kept after it are off this search path
            diff = R & ~X0
            if not diff:
                return None
            masks = masks_R.copy()
            changed = _remove(search, masks, diff)
            rel_of = tables.rel_of
            return masks, [c for c in changed if c in rel_of], set(changed)
    kept.clear()
    return [candidates(X0, c) for c in range(search.n * search.n)], list(tables.rel_cells), None


def _arcs(rel_of: dict[int, tuple[tuple[int, tuple[int, ...]], ...]], masks: list[int], queue: list[int],
          touched: set[int] | None, by_mask: bool) -> bool:
    """Each relation revised from the cells of ``queue`` to a fixed point; False on a contradiction."""
    waiting = set(queue)
    while queue:
        c = queue.pop()
        waiting.discard(c)
        mc = masks[c]
        for other, allowed in rel_of[c]:
            if by_mask:
                support = allowed[mc]
            else:
                support = 0
                m = mc
                while m:
                    low = m & -m
                    support |= allowed[low.bit_length() - 1]
                    m ^= low
            mo = masks[other]
            new = mo & support
            if new != mo:
                if not new:
                    return False
                masks[other] = new
                if touched is not None:
                    touched.add(other)
                if other not in waiting:
                    waiting.add(other)
                    queue.append(other)
    return True


def _narrowers(search: Any, masks: list[int], touched: set[int] | None) -> bool:
    """Each constraint that narrows its own way, where one of its cells changed; False on a contradiction."""
    tables: ConstraintTables = search.ctables
    puzzle = search.puzzle
    for constraint, watch in zip(tables.narrowers, tables.watch):
        if watch is None:
            before_all = masks.copy()
            if not constraint.narrow(puzzle, masks) or not all(masks):
                return False
            if touched is not None:
                touched.update(c for c, (m, b) in enumerate(zip(masks, before_all)) if m != b)
            continue
        if touched is not None and touched.isdisjoint(watch):
            continue
        before = [masks[c] for c in watch]
        if not constraint.narrow(puzzle, masks):
            return False
        for c, b in zip(watch, before):
            m = masks[c]
            if m != b:
                if not m:
                    return False
                if touched is not None:
                    touched.add(c)
    return True


def constraint_bounds(search: Any, X0: int, X1: int, X2: int) -> tuple[int, int, int] | None:
    """The board ``X0, X1, X2`` of ``search`` (a :class:`deduce.backtrack.Search`) narrowed by its
    constraints: the relations to a fixed point, then each narrowing constraint once; None on a
    contradiction."""
    tables: ConstraintTables = search.ctables
    start = _start(search, X0)
    if start is None:
        return X0, X1, X2
    masks, queue, touched = start
    old = masks.copy()
    if touched is None:
        for cell, fits in tables.unary.items():  # (a board inside a kept one keeps to them already)
            masks[cell] &= fits
            if not masks[cell]:
                return None
    if not _arcs(tables.rel_of, masks, queue, touched, tables.by_mask):
        return None
    if tables.narrowers and not _narrowers(search, masks, touched):
        return None
    pos0, pos1, pos2 = search.pos
    shifts = search.shifts
    dropped = False
    for c in range(len(masks)) if touched is None else touched:
        drop = old[c] & ~masks[c]
        if drop:
            dropped = True
        while drop:
            low = drop & -drop
            sh = shifts[low.bit_length() - 1]
            X0 &= ~(1 << (sh + pos0[c]))
            X1 &= ~(1 << (sh + pos1[c]))
            X2 &= ~(1 << (sh + pos2[c]))
            drop ^= low
    if not dropped:
        kept = search.kept
        if len(kept) >= MAX_KEPT:
            del kept[: MAX_KEPT // 2]
        kept.append((X0, masks))
    return X0, X1, X2
