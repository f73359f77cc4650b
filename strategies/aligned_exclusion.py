"""Aligned exclusion: aligned pair exclusion (APE) and aligned triple exclusion (ATE).

Take two (or three) unsolved cells, the *base*, and the cells that see
every one of them and hold only two (or up to three) candidates, the
*excluders*.  Every way of filling the base with its candidates is a
*combination*; a combination is impossible when two base cells that see
each other would hold the same symbol, or when it would take every
candidate of an excluder (the excluder would be left with nothing).  A
candidate of a base cell that no possible combination uses is false.

This is Sudoku Explainer's version (ratings 6.2 and 7.5): the base cells
need not see each other, at least two excluders are needed, and a triple
is *aligned* when one of its cells with at most three candidates sees
another of them.  The search is pure bit arithmetic on candidate masks
and works on any grid where ``peer_masks`` says which cells must differ
(boxes, jigsaw regions, distinct killer cages).

"""

from __future__ import annotations

from itertools import combinations, product
from typing import TYPE_CHECKING, Iterator, Sequence, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, prose, same_house, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import ALS, UNFAIR, Technique, row

from ._accel import aligned_sets

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

#: A combination ruled out, and why: ``("same", i, j)`` (base cells i and j
#: see each other and would share a symbol) or ``("excluder", cell)`` (it
#: would empty that excluder).
Reason = tuple


@attrs.frozen
class Exclusion:
    """One aligned exclusion found: the base cells, the excluders, the
    eliminations as ``(cell, symbol)`` pairs, and each combination that
    uses an eliminated candidate with the reason it is impossible."""

    base: tuple[int, ...]
    excluders: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]
    ruled_out: tuple[tuple[tuple[int, ...], Reason], ...]


def aligned_exclusions(state: State, size: int, changed: int | None = None) -> Iterator[Exclusion]:
    """Every aligned exclusion of ``size`` base cells (2 or 3) that removes
    something, in cell order of the base.

    ``changed`` (a cell mask) limits the search to the sets with a base cell
    or an excluder among those cells: the sets that may remove something
    now when, at a position this one narrows (every cell's candidates a
    subset of what they were there), the whole search removed nothing.

    With the C accelerator the sets worth enumerating are found in C
    (:func:`strategies._accel.aligned_sets`, the same sets in the same
    order); their eliminations are made here, by the definition."""
    fast = aligned_sets(state, size, changed)
    if fast is not None:
        for *base, common in fast:
            found = _exclusion(state, tuple(base), common)
            if found is not None:
                yield found
        return
    cand, value = state.cand, state.value
    peer = state.puzzle.peer_masks
    small = 0               # unsolved cells with 2..size candidates: the possible excluders
    base_cells = []
    for c, (m, v) in enumerate(zip(cand, value)):
        if v >= 0:
            continue
        k = m.bit_count()
        if k >= 2:
            base_cells.append(c)
            if k <= size:
                small |= 1 << c
    reach = {c: peer[c] & small for c in base_cells}
    base_cells = [c for c in base_cells if reach[c]]
    anywhere = -1 if changed is None else changed
    if size == 2:
        for a, b in combinations(base_cells, 2):
            common = reach[a] & reach[b]
            if common.bit_count() >= 2 and (common | 1 << a | 1 << b) & anywhere \
                    and _pair_removes_something(cand, peer[a] >> b & 1, cand[a], cand[b], common):
                found = _exclusion(state, (a, b), common)
                if found is not None:
                    yield found
        return
    # partners[x]: the base cells sharing at least two excluders with x (a triple's cells are partners)
    partners = dict.fromkeys(base_cells, 0)
    for a, b in combinations(base_cells, 2):
        if (reach[a] & reach[b]).bit_count() >= 2:
            partners[a] |= 1 << b
            partners[b] |= 1 << a
    for a in base_cells:
        after_a = partners[a] >> (a + 1) << (a + 1)
        for b in bits_of(after_a):
            common2 = reach[a] & reach[b]
            later = (after_a & partners[b]) >> (b + 1) << (b + 1)
            # unless the pair or its excluders changed, only a changed third cell can make a difference
            if not (common2 | 1 << a | 1 << b) & anywhere:
                later &= anywhere
            if later:
                yield from _triples(state, a, b, bits_of(later), common2, reach, small)


def _pair_removes_something(cand: Sequence[int], a_sees_b: int, ca: int, cb: int, excluders: int) -> bool:
    """Whether some candidate of a base pair is in no possible combination
    (stops at the first proof that every one is used)."""
    masks = [cand[e] for e in bits_of(excluders)]
    ua = ub = 0
    for v in bits_of(ca):
        bv = 1 << v
        forbid = bv if a_sees_b else 0
        for m in masks:
            rest = m & ~bv
            if not rest & (rest - 1):
                forbid |= rest
        allowed = cb & ~forbid
        if allowed:
            ua |= bv
            ub |= allowed
            if ua == ca and ub == cb:
                return False
    return True


def _triples(state: State, a: int, b: int, thirds: list[int], common2: int, reach: dict[int, int],
             small: int) -> Iterator[Exclusion]:
    """The aligned triples of base cells ``a``, ``b`` and one of ``thirds``
    with at least two excluders, that remove something."""
    cand, peer = state.cand, state.puzzle.peer_masks
    small_a, small_b = small >> a & 1, small >> b & 1
    a_sees_b = peer[a] >> b & 1
    pair_aligned = a_sees_b and (small_a or small_b)
    heads = None
    for c in thirds:
        common = common2 & reach[c]
        if common.bit_count() < 2:
            continue
        c_sees_a, c_sees_b = peer[c] >> a & 1, peer[c] >> b & 1
        if not (pair_aligned or ((c_sees_a or c_sees_b) and small >> c & 1)
                or (c_sees_a and small_a) or (c_sees_b and small_b)):
            continue
        if heads is None:
            heads = _heads(cand, a, b, a_sees_b, common2)
        if _removes_something(heads, common, cand[a], cand[b], cand[c], c_sees_a, c_sees_b):
            found = _exclusion(state, (a, b, c), common)
            if found is not None:
                yield found


#: One way of filling the first two base cells of a triple: their symbols'
#: bits, the excluders it empties (a cell mask), and for each excluder it
#: leaves one candidate, (its cell's bit, that candidate's bit).
Head = tuple[int, int, int, tuple[tuple[int, int], ...]]


def _heads(cand: Sequence[int], a: int, b: int, a_sees_b: int, excluders: int) -> list[Head]:
    """Every way of filling base cells ``a`` and ``b`` (not one symbol twice
    when they see each other), with what it does to each excluder."""
    masks = [(1 << e, cand[e]) for e in bits_of(excluders)]
    out = []
    for v in bits_of(cand[a]):
        bv = 1 << v
        for x in bits_of(cand[b]):
            if a_sees_b and x == v:
                continue
            taken = bv | 1 << x
            emptied = 0
            singles = []
            for bit, m in masks:
                rest = m & ~taken
                if not rest:
                    emptied |= bit
                elif not rest & (rest - 1):
                    singles.append((bit, rest))
            out.append((bv, 1 << x, emptied, tuple(singles)))
    return out


def _removes_something(heads: list[Head], excluders: int, ca: int, cb: int, cc: int, c_sees_a: int,
                       c_sees_b: int) -> bool:
    """Whether some candidate of the three base cells is in no possible
    combination, with ``excluders`` (a cell mask) as the triple's excluders
    (stops at the first proof that every one is used)."""
    ua = ub = uc = 0
    for bv, bx, emptied, singles in heads:
        if emptied & excluders:
            continue
        forbid = (bv if c_sees_a else 0) | (bx if c_sees_b else 0)
        for bit, rest in singles:
            if bit & excluders:
                forbid |= rest
        allowed = cc & ~forbid
        if allowed:
            ua |= bv
            ub |= bx
            uc |= allowed
            if ua == ca and ub == cb and uc == cc:
                return False
    return True


def _exclusion(state: State, base: tuple[int, ...], common: int) -> Exclusion | None:
    """The set's eliminations, by the definition itself (every combination of
    the base's candidates), with each impossible combination that uses a
    removed candidate and why; only sets the quick tests above let through
    get here, so the plain enumeration costs little."""
    cand, peer = state.cand, state.puzzle.peer_masks
    excluders = bits_of(common)
    excluder_masks = [cand[e] for e in excluders]
    seeing = [(i, j) for i, j in combinations(range(len(base)), 2) if peer[base[i]] >> base[j] & 1]
    used = [0] * len(base)
    ruled: list[tuple[tuple[int, ...], Reason]] = []
    for combo in product(*(bits_of(cand[c]) for c in base)):
        reason = _impossible(combo, seeing, excluders, excluder_masks)
        if reason is None:
            for i, sym in enumerate(combo):
                used[i] |= 1 << sym
        else:
            ruled.append((combo, reason))
    eliminations = tuple((c, s) for i, c in enumerate(base) for s in bits_of(cand[c] & ~used[i]))
    if not eliminations:
        return None
    gone = set(eliminations)
    shown = tuple((combo, reason) for combo, reason in ruled
                  if any((base[i], sym) in gone for i, sym in enumerate(combo)))
    return Exclusion(base, tuple(excluders), eliminations, shown)


def _impossible(combo: tuple[int, ...], seeing: list[tuple[int, int]], excluders: list[int],
                excluder_masks: list[int]) -> Reason | None:
    for i, j in seeing:
        if combo[i] == combo[j]:
            return ("same", i, j)
    taken = 0
    for sym in combo:
        taken |= 1 << sym
    for e, m in zip(excluders, excluder_masks):
        if m & ~taken == 0:
            return ("excluder", e)
    return None


@attrs.frozen
class AlignedExclusion(Producer):
    """Aligned pair (``size=2``) or triple (``size=3``) exclusion.

    Along one solve the search is tried at position after position, and
    mostly finds nothing: the solve's memo keeps the last position where
    it found nothing, and at a position that narrows it only the sets
    touching a changed cell are searched (the others are as they were)."""

    CODES = {2: "ape", 3: "ate"}
    size: int = 2

    def find(self, state: State) -> Iterator[Step]:
        memo = state.cache.memo(state)
        key = ("aligned-exclusion", self.size)
        changed = _narrowed(state, memo.get(key))
        found = False
        for x in aligned_exclusions(state, self.size, changed):
            found = True
            cands = tuple((c, tuple(bits_of(state.cand[c]))) for c in x.base + x.excluders)
            yield Step(self.technique, eliminations=x.eliminations, cells=x.base + x.excluders,
                       symbols=sorted({s for _, s in x.eliminations}),
                       details=(("base", x.base), ("excluders", x.excluders), ("ruled_out", x.ruled_out),
                                ("cands", cands)))
        if not found:
            memo[key] = (state.puzzle, state.cand.copy(), state.value.copy())


def _narrowed(state: State, before: tuple | None) -> int | None:
    """The cells that changed since ``before`` (a position where the search
    found nothing) as a mask, or None when this position does not narrow it."""
    if before is None or before[0] is not state.puzzle:
        return None
    _, old_cand, old_value = before
    changed = 0
    for c, (m, v, om, ov) in enumerate(zip(state.cand, state.value, old_cand, old_value)):
        if m != om or v != ov:
            if m & ~om or ov >= 0:
                return None
            changed |= 1 << c
    return changed


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`): Sudoku Explainer tries
#: the pair after the BUGs and before its chains, the triple after its static forcing chains and before
#: Nishio.
ROWS: tuple[Technique, ...] = (
    row(665, "ape", "Aligned pair exclusion", ALS, 6.2, None, UNFAIR, "",
        "Two cells and the cells of two candidates that see both: a way of filling the two that would take "
        "every candidate of one of those cells, or put one symbol twice in a house, is impossible; a "
        "candidate left with no possible way is false.",
        rating_note="Sudoku Explainer's aligned pair exclusion: 6.2, tried where Sudoku Explainer tries it. "
                    "HoDoKu has no such technique.",
        se_order=295),
    row(695, "ate", "Aligned triple exclusion", ALS, 7.5, None, UNFAIR, "",
        "Three cells and the cells of two or three candidates that see all of them: a way of filling the three "
        "that would take every candidate of one of those cells, or put one symbol twice in a house, is "
        "impossible; a candidate left with no possible way is false.",
        rating_note="Sudoku Explainer's aligned triple exclusion: 7.5, tried where Sudoku Explainer tries it. "
                    "HoDoKu has no such technique.",
        se_order=315),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "APE": ("ape",),
    "Aligned Pair Exclusion": ("ape",),
    "ATE": ("ate",),
    "Aligned Triple Exclusion": ("ate",),
    "Aligned Triplet Exclusion": ("ate",),
    "Aligned exclusion": ("ape", "ate"),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------

class AlignedExclusionDetails(TypedDict):
    #: the two or three base cells
    base: tuple[int, ...]
    #: the cells with few candidates that see every base cell
    excluders: tuple[int, ...]
    #: (cell, its candidates) for the base cells and the excluders
    cands: tuple[tuple[int, tuple[int, ...]], ...]
    #: each impossible combination (a symbol per base cell) that uses a removed candidate, and why:
    #: ("same", i, j) when base cells i and j see each other, ("excluder", cell) when it empties that cell
    ruled_out: tuple[tuple[tuple[int, ...], tuple], ...]


DETAILS: dict[str, type] = {"ape": AlignedExclusionDetails, "ate": AlignedExclusionDetails}

TEMPLATES = {
    code: (
        "Look for an aligned {kind} exclusion on {base_cells}.",
        "{base_cands} {both_all} see {excluder_cands}. Which ways of filling {base_cells} leave each of those "
        "cells a candidate?",
        "{base_cands} {both_all} see {excluder_cands}, so together the {count} cells cannot take every "
        "candidate of any one of those cells{same_rule}.\n{exclusion_lines}\nSo {removed}.",
    )
    for code in ("ape", "ate")
}


def _cands(r: TextRenderer, cells: tuple[int, ...], step: Step) -> str:
    return prose([f"{r.cell(c)} {r.symset(_candidates(step, c))}" for c in cells])


def _candidates(step: Step, cell: int) -> tuple[int, ...]:
    """A base cell's or excluder's candidates when the step was found."""
    return tuple(dict(step.detail("cands"))[cell])


def _lines(r: TextRenderer, step: Step) -> str:
    base = step.detail("base")
    out = []
    for n, (cell, sym) in enumerate(sorted(step.eliminations), 1):
        i = base.index(cell)
        reasons = []
        for combo, reason in step.detail("ruled_out"):
            if combo[i] != sym:
                continue
            others = prose([f"{r.cell(base[j])}={r.sym(combo[j])}" for j in range(len(base)) if j != i])
            if reason[0] == "same":
                a, b = base[reason[1]], base[reason[2]]
                why = f"puts {r.sym(combo[reason[1]])} in both {r.cell(a)} and {r.cell(b)}, {_shared(r, a, b)}"
            else:
                e = reason[1]
                why = f"takes every candidate of {r.cell(e)} {r.symset(_candidates(step, e))}"
            reasons.append(f"with {others} it {why}" if others else f"it {why}")
        out.append(f" {n}. {r.cell(cell)}={r.sym(sym)}: " + "; ".join(reasons))
    return "\n".join(out)


def _shared(r: TextRenderer, a: int, b: int) -> str:
    """``which share a row``: why two base cells cannot hold one symbol."""
    kind = same_house(r, a, b).split(" as ")[0].removeprefix("same ")
    return f"which share a {kind}"


def _same_rule(r: TextRenderer, step: Step) -> str:
    seeing = any(reason[0] == "same" for _, reason in step.detail("ruled_out"))
    return f", and two of them that share a house cannot hold the same {word(r.puzzle)}" if seeing else ""


FIELDS: dict[str, Field] = {
    "kind": lambda r, s: "pair" if s.code == "ape" else "triple",
    "count": lambda r, s: "two" if s.code == "ape" else "three",
    "both_all": lambda r, s: "both" if s.code == "ape" else "all",
    "base_cells": lambda r, s: r.cells(s.detail("base")),
    "base_cands": lambda r, s: _cands(r, s.detail("base"), s),
    "excluder_cands": lambda r, s: _cands(r, s.detail("excluders"), s),
    "same_rule": _same_rule,
    "exclusion_lines": _lines,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------

def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    """The base cells with their candidates, and the excluders with theirs."""
    b = Builder(step, state)
    cands = dict(step.detail("cands"))
    for cells, role in ((step.detail("base"), "pattern"), (step.detail("excluders"), "excluder")):
        b.cell_roles(cells, role)
        for cell in cells:
            b.cands((cell,), cands[cell], role)
    return b.done()


MARKERS: dict[str, Marker] = {"ape": _picture, "ate": _picture}
