"""BUG (bivalue universal grave): BUG+1 and Sudoku Explainer's BUG types 2-4.

A grid whose unsolved cells all hold exactly two candidates, each symbol
twice in every house it lives in, has two solutions (or none): the
candidates could be taken either way round.  On a puzzle proven to have one
solution, the cells holding more than two candidates cannot all drop back
to two of them.

* **BUG+1**: every unsolved cell holds two candidates but one, which holds
  three; the symbol appearing three times in its houses must go there.
* **Types 2-4**: several cells hold extras (see :class:`BugType`).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of, mask_of
from deduce.render.words.prose import Field, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import HARD, UNIQUENESS, Technique, row

from ._houses import common_targets, per_position
from ._memo import symbol_masks
from .uniqueness import virtual_subsets

if TYPE_CHECKING:
    from deduce.render.words import TextRenderer


@attrs.frozen
class BugPlusOne(Producer):
    CODE = "bug+1"
    requires_unique = True
    allows_cages = False

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        g = state.puzzle.geometry
        odd = None
        for c in range(len(cand)):
            if value[c] >= 0:
                continue
            k = cand[c].bit_count()
            if k == 2:
                continue
            if k != 3 or odd is not None:
                return
            odd = c
        if odd is None:
            return
        for s in bits_of(cand[odd]):
            counts = [len(state.places(h, s)) for h in g.cell_houses[odd]]
            if all(x == 3 for x in counts) and self._is_bug_without(state, odd, s):
                yield Step(self.technique, placements=[(odd, s)], cells=(odd,), houses=g.cell_houses[odd],
                           symbols=(s,))
                return

    @staticmethod
    def _is_bug_without(state: State, odd: int, s: int) -> bool:
        """True if, with ``s`` taken out of ``odd``, every symbol not yet placed
        in a house has exactly two places there (a bivalue universal grave:
        such a position has no solution or at least two)."""
        g = state.puzzle.geometry
        for h in range(3 * g.size):
            placed = state.placed_in(h)
            for x in range(g.size):
                if placed >> x & 1:
                    continue
                count = len(state.places(h, x)) - (1 if x == s and odd in g.houses[h] else 0)
                if count != 2:
                    return False
        return True


#: Most cells with extra candidates a BUG pattern may have, and most ways to
#: choose their two BUG candidates (deterministic bounds).
MAX_BUG_CELLS = 6
MAX_BUG_CHOICES = 1000


def bug_extras(state: State) -> dict[int, int] | None:
    """The extra candidates that stand between this position and a BUG.

    Returns ``{cell: extra mask}`` for the cells with more than two
    candidates, such that without those extras every unsolved cell would
    hold two candidates and every symbol not yet placed in a house would
    have exactly two places there (a *bivalue universal grave*, which has
    no solution or several); None when no such choice exists.
    """
    g = state.puzzle.geometry
    cand, value = state.cand, state.value
    bug = []
    for c in range(len(cand)):
        if value[c] < 0:
            k = cand[c].bit_count()
            if k < 2:
                return None
            if k > 2:
                bug.append(c)
    if not bug or len(bug) > MAX_BUG_CELLS:
        return None
    choices = [[(1 << a) | (1 << b) for a, b in combinations(bits_of(cand[c]), 2)] for c in bug]
    total = 1
    for ch in choices:
        total *= len(ch)
    if total > MAX_BUG_CHOICES:
        return None
    n = g.size
    need = []  # (symbol, count among bivalue cells, extras' cells in the house) that must reach 2
    bug_mask = mask_of(bug)
    # per symbol, the unsolved bivalue cells that have it
    bivalue = [m & ~bug_mask for m in symbol_masks(state)]
    house_masks = g.house_masks
    for h in range(len(g.houses)):
        placed = state.placed_in(h)
        inside = house_masks[h]
        among = [i for i, c in enumerate(bug) if inside >> c & 1]
        for s in range(n):
            if placed >> s & 1:
                continue
            count = (bivalue[s] & inside).bit_count()
            if count > 2:
                return None
            if among:
                need.append((s, count, among))
            elif count != 2:
                return None  # no choice of the extras' cells changes this house
    for keep in _product(choices):
        ok = True
        for s, count, among in need:
            extra = sum(1 for i in among if keep[i] >> s & 1)
            if count + extra != 2:
                ok = False
                break
        if ok:
            return {c: cand[c] & ~keep[i] for i, c in enumerate(bug)}
    return None


def _product(choices: list[list[int]]) -> Iterator[tuple[int, ...]]:
    if not choices:
        yield ()
        return
    for first in choices[0]:
        for rest in _product(choices[1:]):
            yield (first,) + rest


@attrs.frozen
class BugType(Producer):
    """``BugType(2)``, ``BugType(3)``, ``BugType(4)``: BUG patterns with
    several cells holding extra candidates (Sudoku Explainer's types).

    At least one of those cells must take one of its extras, else the grid
    would be a BUG.  Type 2: every such cell has the same single extra x,
    so cells seeing all of them lose x.  Type 3: the cells lie in one house
    and their extras, as one virtual cell, form a naked subset with other
    cells of the house.  Type 4: two such cells in one house, each with one
    extra, share a symbol that lives only in them there: each is that
    symbol or its extra.
    """

    requires_unique = True
    allows_cages = False

    kind: int
    CODES = {k: f"bug{k}" for k in (2, 3, 4)}

    def find(self, state: State) -> Iterator[Step]:
        extras = per_position(state, "bug extras", lambda: bug_extras(state))
        if extras is None or len(extras) < 2:
            return
        cand = state.cand
        g = state.puzzle.geometry
        cells = sorted(extras)
        details = (("extras", tuple((c, tuple(bits_of(extras[c]))) for c in cells)),)
        if self.kind == 2:
            masks = set(extras.values())
            if len(masks) != 1:
                return
            x_mask = masks.pop()
            if x_mask.bit_count() != 1:
                return
            x = x_mask.bit_length() - 1
            targets = common_targets(state, cells, x)
            if targets:
                yield Step(self.technique, eliminations=[(t, x) for t in targets], cells=cells, symbols=(x,),
                           details=details)
            return
        shared = list(g.common_houses(*cells))
        if self.kind == 3:
            union = 0
            for m in extras.values():
                union |= m
            for h, group, subset, elims in virtual_subsets(state, shared, cells, union):
                yield Step(self.technique, eliminations=elims, cells=cells + list(group), houses=(h,),
                           symbols=bits_of(subset), se_bonus=round(0.1 * len(group), 1),
                           details=details + (("subset", group), ("subset_symbols", tuple(bits_of(subset)))))
            return
        if len(cells) != 2 or any(m.bit_count() != 1 for m in extras.values()):
            return
        a, b = cells
        for h in shared:
            for v in bits_of(cand[a] & cand[b] & ~extras[a] & ~extras[b]):
                if sorted(state.places(h, v)) != [a, b]:
                    continue
                elims = [(c, s) for c in cells for s in bits_of(cand[c] & ~extras[c] & ~(1 << v))]
                if elims:
                    yield Step(self.technique, eliminations=elims, cells=cells, houses=(h,), symbols=(v,),
                               details=details + (("locked", v),))


#: Longest unique loop searched, in cells (a deterministic bound).


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(560, "bug+1", "BUG+1", UNIQUENESS, 5.6, 100, HARD, "0610",
        "Every unsolved cell holds two candidates but one; its symbol that appears three times goes there.",
        se_order=260, hodoku_order=180),
    row(570, "bug2", "BUG type 2", UNIQUENESS, 5.7, 100, HARD, "",
        "Several cells hold one extra candidate beyond a BUG, all the same x: cells seeing them all lose x.",
        rating_note="Sudoku Explainer's BUG type 2: 5.7. HoDoKu has only BUG+1; scored like it.", se_order=270),
    row(580, "bug3", "BUG type 3", UNIQUENESS, 5.7, 100, HARD, "",
        "The extra candidates of the cells beyond a BUG, in one house, form a naked subset with other cells.",
        rating_note="Sudoku Explainer's BUG type 3: 5.7 plus 0.1 per other cell of the subset (the step adds it).",
        se_order=280),
    row(590, "bug4", "BUG type 4", UNIQUENESS, 5.7, 100, HARD, "",
        "Two cells beyond a BUG share a house where a symbol lives only in them: each is that symbol or its extra.",
        rating_note="Sudoku Explainer's BUG type 4: 5.7.", se_order=290),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Bivalue universal grave": ("bug+1",),
    "Bivalue universal grave + 1": ("bug+1",),
    "BUG": ("bug+1",),
    "BUG type 1": ("bug+1",),
    "BUGs": ("bug+1", "bug2", "bug3", "bug4"),
    "BUG type 2": ("bug2",),
    "BUG type 3": ("bug3",),
    "BUG type 4": ("bug4",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class BugDetails(TypedDict, total=False):
    #: (cell, its extra candidates) for each cell holding more than two
    extras: tuple[tuple[int, tuple[int, ...]], ...]
    #: type 3: the cells making a naked set with the extras, and its symbols
    subset: tuple[int, ...]
    subset_symbols: tuple[int, ...]
    #: type 4: the symbol the two cells share, locked in them
    locked: int


class BugPlusOneDetails(TypedDict):
    """The cell, its houses and the symbol say everything."""


DETAILS: dict[str, type] = {"bug+1": BugPlusOneDetails, "bug2": BugDetails, "bug3": BugDetails, "bug4": BugDetails}

TEMPLATES = {
    "bug+1": (
        "Look for a BUG+1.",
        "Every unsolved cell holds two candidates but {cell}.",
        "This puzzle has a unique solution. Every unsolved cell holds two candidates but {cell}; if {cell} were "
        "not {sym}, every {word} would have exactly two places in each house, and such a grid has no solution "
        "or several. {sym} appears three times in {houses_all}, so {cell} = {sym}.",
    ),
    "bug2": (
        "Look for a BUG with several extra candidates.",
        "Which cells hold more than two candidates?",
        "{bug_premise} Each of them has the same extra, {sym}, so one of them is {sym}: {elim_cells}, which "
        "{see_all} them all, cannot be {sym}: {removed}.",
    ),
    "bug3": (
        "Look for a BUG with several extra candidates in one house.",
        "Which cells hold more than two candidates?",
        "{bug_premise} They lie in {house}, so one cell of {house} holds {bug_union}; with "
        "{subset_cells} that makes a naked set on {symset}, so the rest of {house} loses them: {removed}.",
    ),
    "bug4": (
        "Look for a BUG with two extra candidates in one house.",
        "Which cells hold more than two candidates?",
        "{bug_premise} In {house}, {sym} lives only in {cells}, so one of them is {sym} and the other "
        "its extra: each is {sym} or its extra. {removed}.",
    ),
}


def _one_of(r: TextRenderer, syms: list[int]) -> str:
    return r.syms_prose(syms) if len(syms) == 1 else f"one of {r.syms_prose(syms)}"


def _bug_premise(r: TextRenderer, step: Step) -> str:
    extras = step.detail("extras")
    listed = "; ".join(f"{r.cell(c)}: {r.syms_prose(xs)}" for c, xs in extras)
    return (f"This puzzle has a unique solution. Without their extra candidates ({listed}), every unsolved cell "
            f"would hold two candidates and every {word(r.puzzle)} two places in each house: a BUG, which has "
            f"no solution or several. So at least one of {r.cells([c for c, _ in extras])} holds its extra.")


FIELDS: dict[str, Field] = {
    "bug_premise": _bug_premise,
    # "8", or "one of 7 and 8": the extras one of the cells holds
    "bug_union": lambda r, s: _one_of(r, sorted({x for _, xs in s.detail("extras") for x in xs})),
    "subset_cells": lambda r, s: r.cells(s.detail("subset")),
}
