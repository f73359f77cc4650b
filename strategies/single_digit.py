"""Single-digit patterns: skyscraper, 2-string kite, turbot fish, empty rectangle.

A *strong link* on a symbol is a house where it has exactly two places:
one of them holds it.  A *weak link* joins two cells that see each other:
at most one holds it.

* **Turbot fish**: strong link A-B, weak link B-C, strong link C-D.  If A
  is not the symbol, B is, so C is not, so D is: A or D holds it, and any
  cell seeing both loses it.  It is a **skyscraper** when both strong
  links are parallel lines, and a **2-string kite** when one is a row, the
  other a column, and B and C share a box.
* **Empty rectangle**: in a box, the symbol's places lie in one row and one
  column of the box (a cross).  With a strong link in a column (row) outside
  the box, one end in the cross's row (column), the cell in the other end's
  row (column) and the cross's column (row) loses the symbol: if it held it,
  the box would have no place left.
"""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING, ClassVar, Iterator, TypedDict

import attrs

from deduce.geometry import Geometry, bits_of
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, same_house, see
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import HARD, SINGLE_DIGIT, Technique, row

from ._memo import memo_for, per_symbol

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def strong_links(state: State, sym: int, where: int) -> list[tuple[int, int, int]]:
    """(house, cell, cell) for every house where ``sym``, whose places are
    ``where``, has two places; made once per set of places (the list is
    shared: not to be changed)."""
    memo = memo_for(state)
    key = ("strong links", sym, where)
    out = memo.get(key)
    if out is None:
        masks = state.puzzle.geometry.house_masks
        out = memo[key] = []
        for h in range(3 * state.puzzle.size):
            m = where & masks[h]
            if m.bit_count() == 2:
                out.append((h, (m & -m).bit_length() - 1, m.bit_length() - 1))
    return out


@attrs.frozen
class _TwoStrongLinks(Producer):
    """Strong link, weak link, strong link on one symbol, filed by shape
    (``SHAPE``): the skyscraper, the 2-string kite and the general turbot fish."""

    SHAPE: ClassVar[str] = ""

    def find(self, state: State) -> Iterator[Step]:
        return per_symbol(self, state, lambda sym, where: list(self._for_symbol(state, sym, where)))

    def _for_symbol(self, state: State, sym: int, where: int) -> Iterator[Step]:
        shape = self.SHAPE
        for kind, a, b, c, d, h1, h2, targets in turbot_chains(state, sym, where):
            if kind == shape:
                yield Step(self.technique, eliminations=[(t, sym) for t in targets],
                           cells=(a, b, c, d), houses=(h1, h2), symbols=(sym,),
                           details=(("chain", (a, b, c, d)),))


#: A strong-weak-strong chain found by :func:`turbot_chains`: its shape
#: (``skyscraper``, ``kite`` or ``turbot``), cells a-b=c-d, the two strong
#: links' houses and the cells seeing both ends.
_Chain = tuple[str, int, int, int, int, int, int, list[int]]


def turbot_chains(state: State, sym: int, where: int) -> list[_Chain]:
    """Every strong link, weak link, strong link chain on ``sym`` (whose
    places are ``where``) with eliminations, in search order, each shape's
    repeats (same targets, same ends) dropped; made once per set of places
    and shared by the skyscraper, the 2-string kite and the turbot fish
    (the list is shared: not to be changed)."""
    memo = memo_for(state)
    key = ("turbot chains", sym, where)
    out = memo.get(key)
    if out is not None:
        return out
    out = memo[key] = []
    g = state.puzzle.geometry
    n = g.size
    region_of = g.region_of
    pm = state.puzzle.peer_masks
    seen = set()
    # per link: its house, ends, the ends as a mask and each end's peers
    links = [(h, a, b, 1 << a | 1 << b, pm[a], pm[b]) for h, a, b in strong_links(state, sym, where)]
    for i, (h1, a1, b1, m1, pa1, pb1) in enumerate(links):
        k1 = h1 // n  # 0 row, 1 column, 2 box or region
        near1 = pa1 | pb1
        for h2, a2, b2, m2, pa2, pb2 in links[i + 1:]:
            if m1 & m2 or not near1 & m2:
                continue  # a shared end, or no weak link between the two strong links
            k2 = h2 // n
            ends = m1 | m2
            for a, b, pa, reach in ((a1, b1, pa1, pb1), (b1, a1, pb1, pa1)):
                for c, d, pd in ((a2, b2, pb2), (b2, a2, pa2)):
                    if not reach >> c & 1:
                        continue  # no weak link between the two strong links
                    both = pa & pd & where & ~ends
                    if not both:
                        continue
                    if k1 == k2 and k1 < 2:
                        kind = "skyscraper"
                    elif k1 + k2 == 1 and region_of[b] == region_of[c]:
                        kind = "kite"
                    else:
                        kind = "turbot"
                    targets = bits_of(both)
                    seen_key = (kind, frozenset(targets), frozenset((a, d)))
                    if seen_key in seen:
                        continue
                    seen.add(seen_key)
                    out.append((kind, a, b, c, d, h1, h2, targets))
    return out


@attrs.frozen
class Skyscraper(_TwoStrongLinks):
    """Two parallel strong links (two rows, or two columns) joined at one end."""

    CODE = "skyscraper"
    SHAPE = "skyscraper"


@attrs.frozen
class TwoStringKite(_TwoStrongLinks):
    """A row and a column strong link whose near ends share a box."""

    CODE = "2-string-kite"
    SHAPE = "kite"


@attrs.frozen
class TurbotFish(_TwoStrongLinks):
    """Any other strong-weak-strong chain on one symbol."""

    CODE = "turbot-fish"
    SHAPE = "turbot"


@attrs.frozen
class EmptyRectangle(Producer):
    CODE = "empty-rectangle"

    def find(self, state: State) -> Iterator[Step]:
        if state.puzzle.geometry.is_jigsaw:
            return
        yield from per_symbol(self, state, lambda sym, where: list(self._for_symbol(state, sym, where)))

    def _for_symbol(self, state: State, sym: int, where: int) -> Iterator[Step]:
        g = state.puzzle.geometry
        n = g.size
        masks = g.house_masks
        # the strong links in a row or column: (house, end, end, is a column, house mask)
        links = [(h, p, q, h >= n, masks[h]) for h, p, q in strong_links(state, sym, where) if h < 2 * n]
        if not links:
            return
        boxes = lines_of_boxes(g)
        for b in range(2 * n, 3 * n):
            inbox = where & masks[b]
            if inbox.bit_count() < 2:
                continue
            cells = None
            box_rows, box_cols = boxes[b - 2 * n]
            for r in box_rows:
                row_mask = masks[r]
                if not inbox & row_mask:
                    continue  # (the row's arm would hold no candidate)
                for cc in box_cols:
                    col_mask = masks[n + cc]
                    if inbox & ~(row_mask | col_mask) or not (inbox & row_mask & ~col_mask) or \
                            not (inbox & col_mask & ~row_mask):
                        continue  # not a true cross: both arms must hold a candidate
                    if cells is None:
                        cells = bits_of(inbox)
                    yield from self._with_links(state, sym, b, r, cc, links, cells)

    def _with_links(self, state: State, sym: int, box: int, r: int, cc: int,
                    links: list[tuple[int, int, int, bool, int]], cells: list[int]) -> Iterator[Step]:
        g = state.puzzle.geometry
        n = g.size
        region = box - 2 * n
        box_mask = g.house_masks[box]
        cand, value, region_of = state.cand, state.value, g.region_of
        for h, p, q, column, house_mask in links:
            if house_mask & box_mask:
                continue  # the link must lie wholly outside the box
            for near, far in ((p, q), (q, p)):
                if column and near // n == r:
                    target = (far // n) * n + cc
                elif not column and near % n == cc:
                    target = r * n + far % n
                else:
                    continue
                if region_of[target] == region or target in (near, far) or value[target] >= 0 or \
                        not cand[target] >> sym & 1:
                    continue
                yield Step(self.technique, eliminations=[(target, sym)], cells=tuple(cells) + (near, far),
                           houses=(box, h), symbols=(sym,),
                           details=(("box", box), ("cross", (r, cc)), ("link", (near, far))))


def lines_of_boxes(g: Geometry) -> tuple[tuple[list[int], list[int]], ...]:
    """Per box (or region), the rows and the columns it meets, in order (a table of :mod:`deduce.tables`)."""
    return table(("strategies.single_digit.lines_of_boxes", g), lambda: _make_lines_of_boxes(g))


def _make_lines_of_boxes(g: Geometry) -> tuple[tuple[list[int], list[int]], ...]:
    """Per box (or region), the rows and the columns it meets, in order."""
    n = g.size
    return tuple((sorted({c // n for c in g.houses[b]}), sorted({c % n for c in g.houses[b]}))
                 for b in range(2 * n, 3 * n))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(370, "skyscraper", "Skyscraper", SINGLE_DIGIT, 4.0, 130, HARD, "0400",
        "Two parallel strong links joined at one end by a weak link; cells seeing both free ends lose the symbol.",
        rating_note="Not in Sudoku Explainer 1.2.1 (it finds these as forcing chains, 6.6+); Sukaku Explainer's 4.0.",
        hodoku_order=190),
    row(380, "2-string-kite", "2-string kite", SINGLE_DIGIT, 4.1, 150, HARD, "0401",
        "A row and a column strong link meeting in a box; the cell seeing both free ends loses the symbol.",
        rating_note="Sukaku Explainer's 4.1.", hodoku_order=200),
    row(390, "turbot-fish", "Turbot fish", SINGLE_DIGIT, 4.2, 120, HARD, "0403",
        "Strong link, weak link, strong link on one symbol; cells seeing both ends lose it.",
        rating_note="Sukaku Explainer's 4.2 for the general three-link chain.", hodoku_order=210),
    row(400, "empty-rectangle", "Empty rectangle", SINGLE_DIGIT, 4.2, 120, HARD, "0402",
        "A box whose candidates form a cross, with a strong link outside it.",
        rating_note="A turbot fish with a grouped link in the box: 4.2.", hodoku_order=220),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Kite": ("2-string-kite",),
    "Two-string kite": ("2-string-kite",),
    "ER": ("empty-rectangle",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class StrongLinkPairDetails(TypedDict):
    #: a-b a strong link, b-c a weak link, c-d a strong link
    chain: tuple[int, int, int, int]


class EmptyRectangleDetails(TypedDict):
    #: the box whose candidates lie in one row and one column
    box: int
    #: (row, column) indexes from 0 of that cross
    cross: tuple[int, int]
    #: the strong link (near end, far end) outside the box
    link: tuple[int, int]


TEMPLATES = {
    **{code: (
        "Look for {a_name} on {sym}.",
        "Look at the strong links on {sym} in {house} and {house2}.",
        "{chain_text}",
    ) for code in ("skyscraper", "2-string-kite", "turbot-fish")},
    "empty-rectangle": (
        "Look for an empty rectangle on {sym} in {house}.",
        "In {house}, the {sym}s lie in one row and one column; look at {house2}.",
        "{er_text}",
    ),
}

DETAILS: dict[str, type] = {"skyscraper": StrongLinkPairDetails, "2-string-kite": StrongLinkPairDetails,
                            "turbot-fish": StrongLinkPairDetails, "empty-rectangle": EmptyRectangleDetails}


def _chain_text(r: TextRenderer, step: Step) -> str:
    a, b, c, d = step.detail("chain")
    sym = r.sym(step.symbols[0])
    h1, h2 = r.house(step.houses[0]), r.house(step.houses[1])
    lines = [
        f"The {sym} of {h1} is in {r.cell(a)} or {r.cell(b)}, and the {sym} of "
        f"{h2} is in {r.cell(c)} or {r.cell(d)}; {r.cell(b)} and {r.cell(c)} see each other.",
        f"Suppose {r.cell(a)} is not {sym}.",
        f" 1. then {r.cell(b)} is {sym} (the only other {sym} in {h1})",
        f" 2. then {r.cell(c)} is not {sym} ({same_house(r, c, b)})",
        f" 3. then {r.cell(d)} is {sym} (the only other {sym} in {h2})",
        f"Either {r.cell(a)} or {r.cell(d)} is {sym}, so {r.cells_see(step)}, which "
        f"{see(step)} both, cannot be {sym}.",
    ]
    return "\n".join(lines)


def _er_text(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    box = step.detail("box")
    row, col = step.detail("cross")
    near, far = step.detail("link")
    target = step.eliminations[0][0]
    link = r.house(step.houses[1])
    return (f"In {r.house(box)}, every {sym} lies in row {row + 1} or column {col + 1}. "
            f"The {sym} of {link} is in {r.cell(near)} or {r.cell(far)}. If {r.cell(target)} were {sym}, "
            f"{r.cell(far)} would not be (it sees {r.cell(target)}), so {r.cell(near)} would be; then {r.house(box)} "
            f"could hold {sym} neither in row {row + 1} nor in column {col + 1}. So {r.cell(target)}<>{sym}.")


FIELDS: dict[str, Field] = {"chain_text": _chain_text, "er_text": _er_text}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _single_digit(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    sym = step.symbols[0]
    chain = step.detail("chain")
    if chain:  # skyscraper, 2-string kite, turbot fish: a = b - c = d
        for i, c in enumerate(chain):
            b.cands((c,), (sym,), "on" if i % 2 else "off")
        for i, (p, q) in enumerate(pairwise(chain)):
            b.link((p, sym), (q, sym), strong=i % 2 == 0)
        b.house_roles(step.houses, "house")
        return b.done()
    box, link = step.detail("box"), step.detail("link")
    if box is not None and link:  # empty rectangle
        near, far = link
        b.house_roles((box,), "house")
        b.cands([c for c in step.cells if c not in link], (sym,), "pattern")
        b.cands((far,), (sym,), "off")
        b.cands((near,), (sym,), "on")
        for target, _ in step.eliminations:
            b.link((target, sym), (far, sym), strong=False)
        b.link((far, sym), (near, sym), strong=True)
        return b.done()
    return Builder(step, state).done()  # (colouring's steps have their own picture: strategies.colouring)


MARKERS: dict[str, Marker] = {"single-digit": _single_digit}
