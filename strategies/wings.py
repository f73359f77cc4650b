"""Wings: XY-wing, XYZ-wing, W-wing and WXYZ-wing.

* **XY-wing**: a pivot {x,y} sees two pincers {x,z} and {y,z}.  Whatever
  the pivot holds, one pincer is z, so a cell seeing both pincers loses z.
* **XYZ-wing**: a pivot {x,y,z} sees pincers {x,z} and {y,z}; one of the
  three is z, so a cell seeing all three loses z.
* **W-wing**: two cells {x,y} that do not see each other, and a house where
  x has only two places, one seen by each cell.  One of the two cells is y
  (if both were x, the house would have no x), so a cell seeing both loses y.
* **WXYZ-wing** (a bent set of four): four cells holding four symbols
  between them, where every symbol but one, z, is *restricted*: its cells
  in the set all see each other, so it fills at most one of them.  Three
  symbols cannot fill four cells, so one of the cells is z, and a cell
  seeing every z of the set loses z.  (With three cells this is the XY-
  and XYZ-wing; the pivot-and-three-pincers form is the best known.)
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, ClassVar, Iterator, Sequence, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.marks import Builder, Marks, default_marks
from deduce.render.words.prose import Field, capitalize, elim_cells, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import HARD, WINGS, Technique, row

from ._houses import common_targets, per_position
from ._memo import bivalue as _bivalue
from ._memo import memo_for, symbol_masks
from .single_digit import strong_links

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


@attrs.frozen
class XYWing(Producer):
    CODE = "xy-wing"

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        peer_masks = state.puzzle.peer_masks
        bivalue, bivalue_mask = _bivalue(state)
        places = symbol_masks(state)
        for pivot in bivalue:
            pm = cand[pivot]
            x, y = pm.bit_length() - 1, (pm & -pm).bit_length() - 1
            # bivalue peers holding exactly one of the pivot's two symbols
            near = bivalue_mask & peer_masks[pivot] & (places[x] ^ places[y])
            if near & (near - 1) == 0:
                continue  # fewer than two
            wings = bits_of(near)
            for a, b in combinations(wings, 2):
                za, zb = cand[a] & ~pm, cand[b] & ~pm
                if za != zb or (cand[a] & pm) == (cand[b] & pm):
                    continue
                z = za.bit_length() - 1
                targets = common_targets(state, (a, b), z)
                if targets:
                    yield Step(self.technique, eliminations=[(c, z) for c in targets], cells=(pivot, a, b),
                               symbols=(z,), details=_wing_details(state, pivot, (a, b)) + (
                                   ("shared", ((a, (cand[a] & pm).bit_length() - 1),
                                               (b, (cand[b] & pm).bit_length() - 1))),))


def _trivalue(state: State) -> list[int]:
    """The unsolved cells with three candidates, once per position."""
    return per_position(state, "trivalue cells", lambda: [
        c for c, (m, v) in enumerate(zip(state.cand, state.value)) if v < 0 and m.bit_count() == 3])


def _pairs(cells: list[int], alike: dict[int, list[int]], cand: Sequence[int]) -> Iterator[tuple[int, int]]:
    """The pairs of ``cells`` with the same candidates, in the order of
    ``combinations(cells, 2)``; ``alike`` holds the cells by candidates."""
    for a in cells:
        group = alike[cand[a]]
        if len(group) > 1:
            yield from ((a, b) for b in group[group.index(a) + 1:])


def _wing_details(state: State, pivot: int, pincers: tuple[int, int]) -> tuple:
    cand = state.cand
    return (("pivot", pivot), ("pincers", pincers), ("pivot_cands", tuple(bits_of(cand[pivot]))),
            ("pincer_cands", tuple((c, tuple(bits_of(cand[c]))) for c in pincers)))


@attrs.frozen
class XYZWing(Producer):
    CODE = "xyz-wing"

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        peer_masks = state.puzzle.peer_masks
        trivalue, bivalue_mask = _trivalue(state), _bivalue(state)[1]
        places = symbol_masks(state)
        for pivot in trivalue:
            pm = cand[pivot]
            low = pm & -pm
            mid = pm & (pm - low) & -(pm - low)
            px, py, pz = places[low.bit_length() - 1], places[mid.bit_length() - 1], places[pm.bit_length() - 1]
            # bivalue peers holding two of the pivot's three symbols (so nothing else)
            near = bivalue_mask & peer_masks[pivot] & ((px & py) | (px & pz) | (py & pz))
            if near & (near - 1) == 0:
                continue  # fewer than two
            wings = bits_of(near)
            for a, b in combinations(wings, 2):
                if cand[a] == cand[b]:
                    continue
                common = cand[a] & cand[b]
                if common.bit_count() != 1:
                    continue
                z = common.bit_length() - 1
                targets = common_targets(state, (pivot, a, b), z)
                if targets:
                    yield Step(self.technique, eliminations=[(c, z) for c in targets], cells=(pivot, a, b),
                               symbols=(z,), details=_wing_details(state, pivot, (a, b)))


@attrs.frozen
class WWing(Producer):
    CODE = "w-wing"

    def find(self, state: State) -> Iterator[Step]:
        cand = state.cand
        pm = state.puzzle.peer_masks
        bivalue = _bivalue(state)[0]
        alike: dict[int, list[int]] = {}  # the bivalue cells by candidates, in cell order
        for c in bivalue:
            alike.setdefault(cand[c], []).append(c)
        places = symbol_masks(state)
        for a, b in _pairs(bivalue, alike, cand):
            if pm[a] >> b & 1:
                continue
            m = cand[a]
            low = m & -m
            for x, y in ((low.bit_length() - 1, m.bit_length() - 1), (m.bit_length() - 1, low.bit_length() - 1)):
                targets = common_targets(state, (a, b), y)
                if not targets:
                    continue
                for h, p, q in strong_links(state, x, places[x]):
                    if p in (a, b) or q in (a, b):
                        continue
                    if (pm[a] >> p & 1 and pm[b] >> q & 1) or (pm[a] >> q & 1 and pm[b] >> p & 1):
                        ends = (p, q) if pm[a] >> p & 1 else (q, p)
                        yield Step(self.technique, eliminations=[(c, y) for c in targets], cells=(a, b) + ends,
                                   houses=(h,), symbols=(y, x),
                                   details=(("link", ends), ("link_symbol", x)))
                        break


@attrs.frozen
class WXYZWing(Producer):
    """Bent sets of four cells holding four symbols with exactly one
    unrestricted symbol."""

    CODE = "wxyz-wing"
    #: cells (and symbols) of the bent set
    SIZE: ClassVar[int] = 4

    def find(self, state: State) -> Iterator[Step]:
        cand, value = state.cand, state.value
        pm = state.puzzle.peer_masks
        k = self.SIZE
        n = state.puzzle.size
        # each set of k symbols, with the cells holding only symbols of it
        within: dict[int, list[int]] = {}
        for c in range(len(cand)):
            m = cand[c]
            if value[c] >= 0 or not 2 <= m.bit_count() <= k:
                continue
            others = [x for x in range(n) if not m >> x & 1]
            for extra in combinations(others, k - m.bit_count()):
                within.setdefault(m | sum(1 << x for x in extra), []).append(c)
        seen: set[tuple[int, ...]] = set()
        memo = memo_for(state)
        for d, inside in sorted(within.items()):
            if len(inside) < k:
                continue
            # The sets depend only on these cells' candidates (and the peers): between two steps
            # most symbol sets keep them, so their sets are reused.
            key = ("bent sets", k, tuple(inside), tuple(cand[c] for c in inside))
            sets = memo.get(key)
            if sets is None:
                sets = memo[key] = list(self._sets(inside, k, cand, pm))
            for cells, loose in sets:
                union = 0
                for c in cells:
                    union |= cand[c]
                if union != d or loose.bit_count() != 1 or cells in seen:
                    continue
                z = loose.bit_length() - 1
                zcells = tuple(c for c in cells if cand[c] >> z & 1)
                targets = [t for t in common_targets(state, zcells, z) if t not in cells]
                if targets:
                    seen.add(cells)
                    yield Step(self.technique, eliminations=[(t, z) for t in targets], cells=cells, symbols=(z,),
                               details=(("cands", tuple((c, tuple(bits_of(cand[c]))) for c in cells)),
                                        ("z_cells", zcells)))

    @staticmethod
    def _sets(inside: list[int], k: int, cand: list[int],
              pm: Sequence[int]) -> Iterator[tuple[tuple[int, ...], int]]:
        """Sets of k cells of ``inside`` with at most one *loose* symbol (one
        held by two cells that do not see each other), with that symbol's bit."""
        chosen: list[int] = []

        def rec(start: int, loose: int) -> Iterator[tuple[tuple[int, ...], int]]:
            if len(chosen) == k:
                yield tuple(chosen), loose
                return
            for i in range(start, len(inside) - (k - len(chosen)) + 1):
                c = inside[i]
                more = loose
                for p in chosen:
                    if not pm[c] >> p & 1:
                        more |= cand[c] & cand[p]
                if more & (more - 1):
                    continue  # two loose symbols already
                chosen.append(c)
                yield from rec(i + 1, more)
                chosen.pop()

        try:
            yield from rec(0, 0)
        finally:
            del rec  # (a function calling itself through its closure is a cycle: see deduce.collector)


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(430, "xy-wing", "XY-wing", WINGS, 4.2, 160, HARD, "0800",
        "A pivot {x,y} sees pincers {x,z} and {y,z}; cells seeing both pincers lose z.",
        se_order=160, hodoku_order=240),
    row(440, "xyz-wing", "XYZ-wing", WINGS, 4.4, 180, HARD, "0801",
        "A pivot {x,y,z} sees pincers {x,z} and {y,z}; cells seeing all three lose z.", se_order=170, hodoku_order=250),
    row(450, "w-wing", "W-wing", WINGS, 4.4, 150, HARD, "0803",
        "Two equal bivalue cells joined by a strong link on one of their symbols; cells seeing both lose the other.",
        rating_note="Sukaku Explainer's 4.4.", hodoku_order=230),
    row(460, "wxyz-wing", "WXYZ-wing", WINGS, 5.5, 200, HARD, "0802",
        "Four cells hold four symbols between them and every symbol but one, z, has all its places in them "
        "seeing each other: one of the cells is z, so a cell seeing all their z loses it.",
        rating_note="Sukaku Explainer's 5.5 (not in Sudoku Explainer 1.2.1 nor in HoDoKu's default set); "
                    "HoDoKu-style 200, just above the XYZ-wing (180)."),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Y-wing": ("xy-wing",),
    "Bent triple": ("xyz-wing",),
    "XYZ wing": ("xyz-wing",),
    "Bent quad": ("wxyz-wing",),
    "Bent set": ("wxyz-wing",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class XYZWingDetails(TypedDict):
    #: the pivot cell, seen by both pincers
    pivot: int
    #: the two pincer cells
    pincers: tuple[int, int]
    #: the pivot's candidates
    pivot_cands: tuple[int, ...]
    #: (pincer, its candidates) for each pincer
    pincer_cands: tuple[tuple[int, tuple[int, ...]], ...]


class XYWingDetails(XYZWingDetails):
    #: (pincer, the symbol it shares with the pivot) for each pincer
    shared: tuple[tuple[int, int], ...]


class WWingDetails(TypedDict):
    #: the strong link's two cells: the one the first bivalue cell sees, then the other's
    link: tuple[int, int]
    #: the symbol of the strong link
    link_symbol: int


class WXYZWingDetails(TypedDict):
    #: (cell, its candidates) for each of the four cells
    cands: tuple[tuple[int, tuple[int, ...]], ...]
    #: the cells of the set that hold the unrestricted symbol
    z_cells: tuple[int, ...]


DETAILS: dict[str, type] = {"xy-wing": XYWingDetails, "xyz-wing": XYZWingDetails, "w-wing": WWingDetails,
                            "wxyz-wing": WXYZWingDetails}

TEMPLATES = {
    "xy-wing": (
        "Look for an XY-wing with pivot {pivot}.",
        "{pivot} {pivot_set} sees {pincers_text}.",
        "Pivot {pivot} {pivot_set} sees {pincers_text}. {xy_reason}",
    ),
    "xyz-wing": (
        "Look for an XYZ-wing with pivot {pivot}.",
        "{pivot} {pivot_set} sees {pincers_text}.",
        "Pivot {pivot} {pivot_set} sees {pincers_text}. Whatever the pivot holds, one of the three cells is {sym}, "
        "so the cells that see all three lose {sym}: {elim_cells}.",
    ),
    "w-wing": (
        "Look for a W-wing on {pair_set}.",
        "{bivalue_cells} hold only {pair_set}; look at {house}.",
        "{w_text}",
    ),
    "wxyz-wing": (
        "Look for a WXYZ-wing: four cells holding only four {word}s between them.",
        "{wxyz_cells} hold only {wxyz_symbols} between them; which of those {word}s can fill more than one of "
        "them?",
        "{wxyz_cands} hold only {wxyz_symbols} between them. Every {word} but {sym} has its places among them "
        "all seeing each other, so it fills at most one of the four cells; three {word}s cannot fill four "
        "cells, so one of {wxyz_z} is {sym}. {wxyz_targets}, which {see_all} {wxyz_z_again}, cannot be {sym}: "
        "{removed}.",
    ),
}


def _xy_reason(r: TextRenderer, step: Step) -> str:
    pivot = step.detail("pivot")
    a, b = step.detail("pincers")
    z = r.sym(step.symbols[0])
    shared = dict(step.detail("shared"))
    return (f"If {r.cell(pivot)} is {r.sym(shared[a])}, {r.cell(a)} is {z}; if it is {r.sym(shared[b])}, "
            f"{r.cell(b)} is {z}. Either way one of {r.cell(a)} and {r.cell(b)} is {z}, so the cells "
            f"that see both lose {z}: {r.cells_see(step)}.")


def _w_text(r: TextRenderer, step: Step) -> str:
    a, b = step.cells[:2]
    p, q = step.detail("link")
    y, x = step.symbols
    h = r.house(step.houses[0])
    ys, xs = r.sym(y), r.sym(x)
    return (f"{r.cell(a)} and {r.cell(b)} hold only {{{','.join(sorted([xs, ys]))}}}. In {h}, {xs} can only "
            f"go in {r.cell(p)} or {r.cell(q)}; {r.cell(p)} sees {r.cell(a)} and {r.cell(q)} sees {r.cell(b)}. If "
            f"neither {r.cell(a)} nor {r.cell(b)} were {ys}, both would be {xs}, and {h} would have no place for "
            f"{xs}. So one of them is {ys}, and the cells that see both lose {ys}: "
            f"{r.cells(elim_cells(step))}.")


def _z_cells_again(r: TextRenderer, step: Step) -> str:
    z = step.detail("z_cells")
    return {2: "both", 3: "all three"}.get(len(z), "all of those")


FIELDS: dict[str, Field] = {
    "xy_reason": _xy_reason,
    "w_text": _w_text,
    "pivot": lambda r, s: r.cell(s.detail("pivot")),
    "pivot_set": lambda r, s: r.symset(s.detail("pivot_cands")),
    "pincers_text": lambda r, s: " and ".join(f"{r.cell(c)} {r.symset(cands)}"
                                             for c, cands in s.detail("pincer_cands")),
    "bivalue_cells": lambda r, s: r.cells(s.cells[:2]),
    "pair_set": lambda r, s: r.symset(s.symbols),
    "wxyz_cells": lambda r, s: r.cells([c for c, _ in s.detail("cands")]),
    "wxyz_cands": lambda r, s: prose([f"{r.cell(c)} {r.symset(xs)}" for c, xs in s.detail("cands")]),
    "wxyz_symbols": lambda r, s: r.symset(sorted({x for _, xs in s.detail("cands") for x in xs})),
    "wxyz_z": lambda r, s: r.cells(s.detail("z_cells")),
    "wxyz_z_again": _z_cells_again,
    "wxyz_targets": lambda r, s: capitalize(r.cells(elim_cells(s))),
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _wing(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    z = step.symbols[0] if step.symbols else -1
    pivot = step.detail("pivot")
    if pivot is not None:  # XY-wing and XYZ-wing
        pincers = step.detail("pincers")
        b.cell_roles((pivot,), "pivot")
        b.cell_roles(pincers, "pincer")
        b.cands(pincers, (z,), "z")
        if step.code == "xyz-wing":
            b.cands((pivot,), (z,), "z")
        shared = dict(step.detail("shared", ()) or ())
        if not shared:  # XYZ-wing: each pincer {x,z} shares its x with the pivot {x,y,z}
            shared = {c: x for c, syms in step.detail("pincer_cands", ()) for x in syms if x != z}
        for p in pincers:
            if p in shared:  # pivot is x -> pincer is not x -> pincer is z
                x = shared[p]
                b.cands((pivot,), (x,), "on")
                b.cands((p,), (x,), "off")
                b.link((pivot, x), (p, x), strong=False)
                b.link((p, x), (p, z), strong=True)
        return b.done()
    link = step.detail("link")
    if link is not None:  # W-wing: a(y-x) - x..x strong link x..x - (x-y)b
        x = step.detail("link_symbol")
        y = next(s for s in step.symbols if s != x)
        a, c = step.cells[:2]
        p, q = link
        if q in puzzle.peers[a] and p not in puzzle.peers[a]:
            p, q = q, p
        b.cell_roles((a, c), "pincer")
        b.cands((a, c), (y,), "z")
        for cell, on in ((a, True), (p, False), (q, True), (c, False)):
            b.cands((cell,), (x,), "on" if on else "off")
        for u, v, strong in (((a, y), (a, x), True), ((a, x), (p, x), False), ((p, x), (q, x), True),
                             ((q, x), (c, x), False), ((c, x), (c, y), True)):
            b.link(u, v, strong)
        return b.done()
    cands = step.detail("cands")
    if cands is not None:  # WXYZ-wing
        zs = step.detail("z_cells", ())
        b.cell_roles([c for c, _ in cands], "pattern")
        b.cands(zs, (z,), "z")
        for c, syms in cands:
            b.cands((c,), syms, "pattern")
        return b.done()
    return default_marks(step, puzzle, state)


MARKERS: dict[str, Marker] = {"wings": _wing}
