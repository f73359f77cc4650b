"""Sue de Coq's search (:class:`strategies.als.SueDeCoq`): the line-box pairs it looks at, and
the parts of a line and a box that balance a core, in HoDoKu's reading and in deduce's."""

from __future__ import annotations

from itertools import combinations
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Callable, Iterator

from deduce.geometry import Geometry, bits_of
from deduce.tables import table

from ._houses import line_block_pairs

if TYPE_CHECKING:
    pass



#: Most cells taken from the rest of the line, or of the box, in a Sue de Coq.
MAX_SDC_PART = 3

def _sdc_pairs(g: Geometry) -> tuple[tuple[int, int, int, Callable[[list[int]], Any], Callable[[list[int]], Any]], ...]:
    """:func:`line_block_pairs` with, for the line and the box, what reads (a table of :mod:`deduce.tables`)."""
    return table(("strategies.als._sdc_pairs", g), lambda: _make_sdc_pairs(g))


def _make_sdc_pairs(g: Geometry) -> tuple[tuple[int, int, int, Callable[[list[int]], Any],
                                             Callable[[list[int]], Any]], ...]:
    """:func:`line_block_pairs` with, for the line and the box, what reads
    their cells' items of a list (the key of :meth:`SueDeCoq.find`'s memo)."""
    return tuple((line, block, inter, itemgetter(*g.houses[line]), itemgetter(*g.houses[block]))
                 for line, block, inter in line_block_pairs(g))


def _sdc_table(g: Geometry) -> tuple[tuple[int, int, int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
                                          int], ...]:
    """:func:`line_block_pairs` with what ``sdc_batch`` reads of each (a table of :mod:`deduce.tables`)."""
    return table(("strategies.als._sdc_table", g), lambda: _make_sdc_table(g))


def _make_sdc_table(g: Geometry) -> tuple[tuple[int, int, int, tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]],
                                          int], ...]:
    """:func:`line_block_pairs` with what ``sdc_batch`` reads of each
    (the intersection's, the line's and the box's cells) and the cells of
    the line and the box as a mask with cell c at bit 8c (a byte per cell:
    :meth:`SueDeCoq._shared_batch`)."""
    return tuple((line, block, inter, (tuple(bits_of(inter)), tuple(g.houses[line]), tuple(g.houses[block])),
                  sum(1 << 8 * c for c in bits_of(g.house_masks[line] | g.house_masks[block])))
                 for line, block, inter in line_block_pairs(g))


def _mask(cells: tuple[int, ...]) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


SdcFound = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int]


def _shared_search(cand: list[int], core_cells: list[int], line_all: list[int],
                   box_all: list[int]) -> Iterator[SdcFound]:
    """:meth:`SueDeCoq._shared_at`'s search (the C module's ``sdc_shared`` is the
    same): each core with a line part and a box part that balance, as (core,
    line part, box part, their symbols), in HoDoKu's order (whether they
    remove anything is left to the caller)."""
    for core in _cores(core_cells):
        v = 0
        for c in core:
            v |= cand[c]
        n = v.bit_count() - len(core)
        if n < 2:
            continue
        line_groups = _cell_sets([c for c in line_all if c not in core], cand, len(line_all))
        box_groups = _cell_sets([c for c in box_all if c not in core], cand, len(box_all))
        # the box's parts by how many symbols of V they must hold
        box_parts: dict[int, list[tuple[tuple[int, ...], int, int]]] = {}
        for d_cells, vd, k in sorted(box_groups):
            k_box = k - (vd & ~v).bit_count()
            if vd & v and 0 < k_box < n:
                box_parts.setdefault(k_box, []).append((d_cells, vd, _mask(d_cells)))
        for a_cells, va, k in sorted(line_groups):
            k_line = k - (va & ~v).bit_count()
            if not va & v or not 0 < k_line < n:
                continue
            banned, a_mask = va & v, _mask(a_cells)
            for d_cells, vd, d_mask in box_parts.get(n - k_line, ()):
                if not vd & banned and not a_mask & d_mask:
                    yield core, a_cells, d_cells, v, va, vd


def _shared_eliminations(cand: list[int], line_all: list[int], box_all: list[int], core: tuple[int, ...],
                         a_cells: tuple[int, ...], d_cells: tuple[int, ...], v: int, va: int,
                         vd: int) -> list[tuple[int, int]]:
    """What a Sue de Coq of :func:`_shared_search` removes, sorted."""
    a_mask, d_mask = _mask(a_cells), _mask(d_cells)
    both = va & vd
    line_out = ((v | va) & ~vd) | both
    box_out = ((v | vd) & ~va) | both
    elims = {(c, s) for c in line_all if c not in core and not a_mask >> c & 1
             for s in bits_of(cand[c] & line_out)}
    elims |= {(c, s) for c in box_all if c not in core and not d_mask >> c & 1
              for s in bits_of(cand[c] & box_out)}
    return sorted(elims)


def _cores(cells: list[int]) -> list[tuple[int, ...]]:
    """The intersection's pairs and triples, in HoDoKu's order (a pair, then the triples extending it)."""
    return sorted(c for k in (2, 3) for c in combinations(cells, k))


def _cell_sets(cells: list[int], cand: list[int], most: int = MAX_SDC_PART) -> list[tuple[tuple[int, ...], int, int]]:
    """Every set of 1 to ``most`` of ``cells`` (by size, then in
    ``combinations`` order), with its symbols and its size."""
    out = []
    for k in range(1, min(most, len(cells)) + 1):
        for group in combinations(cells, k):
            m = 0
            for c in group:
                m |= cand[c]
            out.append((group, m, k))
    return out


def _parts(groups: list[tuple[tuple[int, ...], int, int]], v: int) -> list[tuple[tuple[int, ...], int]]:
    """The sets of :func:`_cell_sets` whose symbols meet ``v`` and bring fewer
    new symbols than cells (else the count could never balance)."""
    return [(group, m) for group, m, k in groups if m & v and (m & ~v).bit_count() < k]


