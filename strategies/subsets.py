"""Naked and hidden subsets (pairs, triples, quads), parameterised by size."""

from __future__ import annotations

from typing import Iterable, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.words.prose import Field
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import HARD, MEDIUM, SUBSETS, Technique, row

from . import _accel
from ._houses import house_order, line_block_pairs, per_position
from ._memo import symbol_masks


def naked_sets(cells: list[int], k: int, cand: list[int]) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every ``k`` of ``cells`` holding only ``k`` symbols between them, with
    those symbols' mask, in ``combinations`` order."""
    small = [c for c in cells if cand[c].bit_count() <= k]
    return locked_groups(small, [cand[c] for c in small], k)


def locked_groups(items: list[int], masks: list[int], k: int) -> Iterator[tuple[tuple[int, ...], int]]:
    """Every ``k`` of ``items`` whose ``masks`` (one per item) make a union
    of ``k`` bits, with that union, in ``combinations`` order: the cells of
    a naked subset (masks: their candidates) or the symbols of a hidden one
    (masks: their places).  A group is only grown while its union has ``k``
    bits or fewer (no larger group of them could have fewer)."""
    m = len(items)
    if m < k:
        return
    if k == 2:
        for i in range(m - 1):
            a = masks[i]
            for j in range(i + 1, m):
                if (a | masks[j]).bit_count() == 2:
                    yield (items[i], items[j]), a | masks[j]
        return
    if k == 3:
        for i in range(m - 2):
            a = masks[i]
            for j in range(i + 1, m - 1):
                ab = a | masks[j]
                if ab.bit_count() > 3:
                    continue
                for l in range(j + 1, m):
                    if (ab | masks[l]).bit_count() == 3:
                        yield (items[i], items[j], items[l]), ab | masks[l]
        return
    yield from _grown(items, masks, k, 0, (), 0)


def _grown(items: list[int], masks: list[int], k: int, start: int, chosen: tuple[int, ...], union: int
           ) -> Iterator[tuple[tuple[int, ...], int]]:
    """:func:`locked_groups` of any size: ``chosen`` (their union ``union``)
    grown by items from ``start`` on."""
    left = k - len(chosen)
    for i in range(start, len(items) - left + 1):
        u = union | masks[i]
        if u.bit_count() > k:
            continue
        if left == 1:
            if u.bit_count() == k:
                yield chosen + (items[i],), u
        else:
            yield from _grown(items, masks, k, i + 1, chosen + (items[i],), u)


@attrs.frozen
class NakedSubset(Producer):
    """``NakedSubset(k)``: k cells of a house hold only k symbols between
    them, so those symbols leave the house's other cells."""

    size: int
    CODES = {2: "np", 3: "nt", 4: "nq"}

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        cand, value = state.cand, state.value
        for h, cells, union in self._sets(state):
            elims = [(c, s) for c in g.houses[h] if value[c] < 0 and c not in cells for s in bits_of(cand[c] & union)]
            if elims:
                yield Step(self.technique, eliminations=elims, cells=cells, houses=[h], symbols=bits_of(union))

    def _sets(self, state: State) -> Iterable[tuple[int, tuple[int, ...], int]]:
        """``(house, cells, their symbols' mask)`` of every naked set of the
        size, in the order a step is looked for (the accelerator's are only
        those that eliminate something)."""
        found = _accel.house_search(state, "naked", self.size)
        return self._python_sets(state) if found is None else found

    def _python_sets(self, state: State) -> Iterator[tuple[int, tuple[int, ...], int]]:
        g = state.puzzle.geometry
        k = self.size
        cand, value = state.cand, state.value
        for h in house_order(g):
            empty = [c for c in g.houses[h] if value[c] < 0]
            if len(empty) > k:
                for cells, union in naked_sets(empty, k, cand):
                    yield h, cells, union


@attrs.frozen
class HiddenSubset(Producer):
    """``HiddenSubset(k)``: k symbols have only the same k places in a
    house, so those cells hold nothing else."""

    size: int
    CODES = {2: "hp", 3: "ht", 4: "hq"}

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        for h, syms, cells in self._sets(state):
            keep = 0
            for s in syms:
                keep |= 1 << s
            elims = [(c, s) for c in cells for s in bits_of(cand[c] & ~keep)]
            if elims:
                yield Step(self.technique, eliminations=elims, cells=cells, houses=[h], symbols=syms)

    def _sets(self, state: State) -> Iterable[tuple[int, tuple[int, ...], list[int] | tuple[int, ...]]]:
        """``(house, symbols, their places)`` of every hidden set of the
        size, in the order a step is looked for (the accelerator's are only
        those that eliminate something)."""
        found = _accel.house_search(state, "hidden", self.size)
        return self._python_sets(state) if found is None else found

    def _python_sets(self, state: State) -> Iterator[tuple[int, tuple[int, ...], list[int]]]:
        k = self.size
        for h, empty, places in per_position(state, "hidden places", lambda: hidden_places(state)):
            if empty <= k:
                continue
            few = [(s, m) for s, m, count in places if count <= k]
            for syms, union in locked_groups([s for s, _ in few], [m for _, m in few], k):
                yield h, syms, bits_of(union)


def hidden_places(state: State) -> list[tuple[int, int, list[tuple[int, int, int]]]]:
    """Per house, in the order a person scans them: ``(house, its unsolved
    cells' count, [(symbol, its places as a cell mask, how many)])`` for
    each symbol not yet placed there that still has a place, in symbol
    order (what every size of hidden subset reads, once per position)."""
    g = state.puzzle.geometry
    where = symbol_masks(state)
    value, house_masks = state.value, g.house_masks
    full = (1 << g.size) - 1
    out = []
    for h in house_order(g):
        empty = sum(1 for c in g.houses[h] if value[c] < 0)
        hm = house_masks[h]
        places = []
        for s in bits_of(full & ~state.placed_in(h)):
            m = where[s] & hm
            if m:
                places.append((s, m, m.bit_count()))
        out.append((h, empty, places))
    return out


@attrs.frozen
class LockedSubset(Producer):
    """``LockedSubset(2)`` (locked pair), ``LockedSubset(3)`` (locked triple):
    a naked pair or triple whose cells lie in both a line and a box, so its
    symbols leave the other cells of both houses at once."""

    size: int
    CODES = {2: "locked-pair", 3: "locked-triple"}

    def find(self, state: State) -> Iterator[Step]:
        g = state.puzzle.geometry
        cand, value = state.cand, state.value
        for line, block, cells, union in self._sets(state):
            elims = [(c, s) for h in (line, block) for c in g.houses[h]
                     if value[c] < 0 and c not in cells for s in bits_of(cand[c] & union)]
            if elims:
                yield Step(self.technique, eliminations=elims, cells=cells, houses=[line, block],
                           symbols=bits_of(union))

    def _sets(self, state: State) -> Iterable[tuple[int, int, tuple[int, ...], int]]:
        """``(line, box, cells, their symbols' mask)`` of every naked set of
        the size inside a line-box intersection, in the order a step is
        looked for (the accelerator's are only those that eliminate
        something)."""
        g = state.puzzle.geometry
        tables = _accel.house_tables(state)
        if tables is not None:
            pairs = line_block_pairs(g)
            return ((*pairs[i][:2], cells, union) for i, cells, union in tables[1].naked(state.cand, state.value,
                                                                                        self.size))
        return self._python_sets(state)

    def _python_sets(self, state: State) -> Iterator[tuple[int, int, tuple[int, ...], int]]:
        value = state.value
        for line, block, inter in line_block_pairs(state.puzzle.geometry):
            inside = [c for c in bits_of(inter) if value[c] < 0]
            for cells, union in naked_sets(inside, self.size, state.cand):
                yield line, block, cells, union


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(160, "locked-pair", "Locked pair", SUBSETS, 3.0, 40, MEDIUM, "0110",
        "A naked pair in the cells a line shares with a box: both houses lose its two symbols.",
        rating_note="Sudoku Explainer sees a naked pair (3.0); HoDoKu scores it apart (40).", hodoku_order=40),
    row(170, "locked-triple", "Locked triple", SUBSETS, 3.6, 60, MEDIUM, "0111",
        "A naked triple in the cells a line shares with a box: both houses lose its three symbols.",
        rating_note="Sudoku Explainer sees a naked triple (3.6); HoDoKu scores it apart (60).", hodoku_order=50),
    row(180, "np", "Naked pair", SUBSETS, 3.0, 60, MEDIUM, "0200",
        "Two cells of a house hold only the same two symbols; those symbols go nowhere else in the house.",
        se_order=100, hodoku_order=80),
    row(190, "hp", "Hidden pair", SUBSETS, 3.4, 70, MEDIUM, "0210",
        "Two symbols have only the same two places in a house; those cells hold nothing else.",
        se_order=120, hodoku_order=100),
    row(200, "nt", "Naked triple", SUBSETS, 3.6, 80, MEDIUM, "0201",
        "Three cells of a house hold only three symbols between them.", se_order=130, hodoku_order=90),
    row(210, "ht", "Hidden triple", SUBSETS, 4.0, 100, MEDIUM, "0211",
        "Three symbols have only the same three places in a house.", se_order=150, hodoku_order=110),
    row(220, "nq", "Naked quad", SUBSETS, 5.0, 120, HARD, "0202",
        "Four cells of a house hold only four symbols between them.", se_order=230, hodoku_order=120),
    row(230, "hq", "Hidden quad", SUBSETS, 5.4, 150, HARD, "0212",
        "Four symbols have only the same four places in a house.", se_order=250, hodoku_order=130),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "LP": ("locked-pair",),
    "Locked subset": ("locked-pair", "locked-triple"),
    "Locked subsets": ("locked-pair", "locked-triple"),
    "LT": ("locked-triple",),
    "Naked subset": ("np", "nt", "nq"),
    "Naked subsets": ("np", "nt", "nq"),
    "Hidden subset": ("hp", "ht", "hq"),
    "Hidden subsets": ("hp", "ht", "hq"),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class NoDetails(TypedDict):
    """Cells, the house (a locked subset's box or line first, then the other) and the symbols say everything."""


_NAKED = (
    "{cells} hold only {symset}: these {k} cells take {syms} between them, "
    "so {syms} are removed from the other cells of {house}: {removed}."
)
_HIDDEN = (
    "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
    "so they hold nothing else: {removed}."
)

TEMPLATES = {
    **{code: (f"Look for a naked {kind} in {{house}}.", "In {house}, look at {cells}.", _NAKED)
       for code, kind in (("np", "pair"), ("nt", "triple"), ("nq", "quad"))},
    **{code: (f"Look for a hidden {kind} in {{house}}.", "In {house}, where can {syms} go?", _HIDDEN)
       for code, kind in (("hp", "pair"), ("ht", "triple"), ("hq", "quad"))},
    **{code: (
        "Look for {a_lname} where {house} meets {house2}.",
        "Which cells of {house} and {house2} hold only {symset}?",
        "{cells} lie in both {house} and {house2} and hold only {symset}: they take {syms} between them, so "
        "{syms} are removed from the other cells of both houses: {removed}.",
    ) for code in ("locked-pair", "locked-triple")},
}

DETAILS: dict[str, type] = {code: NoDetails for code in TEMPLATES}

FIELDS: dict[str, Field] = {}
