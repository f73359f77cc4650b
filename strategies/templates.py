"""Templates: every way one symbol can still fill the grid.

A *template* of a symbol is one cell per row, column and box: where its
nine copies could go.  The symbol's solution is one of them, so only the
templates that keep every placed copy and use only cells where it is
still a candidate matter.  HoDoKu's version, followed here, also uses the
other symbols: a cell every template of symbol k covers must hold k, so a
template of another symbol using that cell is impossible; dropping those
templates can make more cells certain, until nothing changes.

* **Template set** (HoDoKu 1201): a cell every remaining template of the
  symbol covers holds it.
* **Template delete** (HoDoKu 1202): a candidate no remaining template of
  its symbol covers is false.

One step per symbol.  The templates of a symbol are enumerated row by
row (a column and a box not used yet), on the cells allowed; a symbol's
list is kept in the solve's memo for its set of places.  Templates are
defined here for 9×9 puzzles with 3×3 boxes (classic, and killers, whose
cages only narrow what the rows, columns and boxes allow); on other
grids the strategies find nothing.  Neither Sudoku Explainer nor HoDoKu's
default solver uses them: HoDoKu lists them, switched off, as last
resorts just before brute force, with brute force's score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, prose, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EXTREME, LAST_RESORT, Technique, row

from ._houses import per_position
from ._memo import memo_for

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def applies(state: State) -> bool:
    """Templates are defined here for 9×9 grids with 3×3 boxes."""
    g = state.puzzle.geometry
    return g.size == 9 and g.box_shape == (3, 3)


def symbol_templates(state: State, sym: int) -> tuple[int, ...]:
    """The templates (cell masks) of ``sym`` that keep its placed copies and
    use only cells where it is a candidate, in the solve's memo for its
    places."""
    allowed = placed = 0
    for c, (m, v) in enumerate(zip(state.cand, state.value)):
        if v == sym:
            placed |= 1 << c
        elif v < 0 and m >> sym & 1:
            allowed |= 1 << c
    memo = memo_for(state)
    key = ("templates", sym, allowed, placed)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _enumerate(state.puzzle.geometry.region_of, allowed, placed)
    return out


def _enumerate(region_of: tuple[int, ...], allowed: int, placed: int) -> tuple[int, ...]:
    """One cell per row, column and box, each in ``allowed`` or ``placed``,
    with every cell of ``placed``."""
    n = 9
    used_cols = used_boxes = 0
    fixed = {}
    for c in bits_of(placed):
        r, col = divmod(c, n)
        if r in fixed or used_cols >> col & 1 or used_boxes >> region_of[c] & 1:
            return ()                    # two copies in one house: no template
        fixed[r] = c
        used_cols |= 1 << col
        used_boxes |= 1 << region_of[c]
    choices: list[tuple[tuple[int, int, int], ...]] = []
    for r in range(n):
        if r in fixed:
            choices.append(((fixed[r], 0, 0),))
            continue
        cells = [(r * n + col, 1 << col, 1 << region_of[r * n + col]) for col in range(n)
                 if allowed >> (r * n + col) & 1 and not used_cols >> col & 1
                 and not used_boxes >> region_of[r * n + col] & 1]
        if not cells:
            return ()
        choices.append(tuple(cells))
    out: list[int] = []

    def walk(r: int, cols: int, boxes: int, mask: int) -> None:
        if r == n:
            out.append(mask)
            return
        for cell, col, box in choices[r]:
            if not (cols & col or boxes & box):
                walk(r + 1, cols | col, boxes | box, mask | 1 << cell)

    walk(0, 0, 0, 0)
    return tuple(out)


@attrs.frozen
class TemplateLists:
    """Per symbol: its templates alone (``alone``), those left once the
    other symbols' certain cells are taken out (``left``), the cells all of
    those cover (``every``) and any of them covers (``some``)."""

    alone: tuple[tuple[int, ...], ...]
    left: tuple[tuple[int, ...], ...]
    every: tuple[int, ...]
    some: tuple[int, ...]


def templates(state: State) -> TemplateLists:
    """HoDoKu's combined templates of the position (once per position)."""
    return per_position(state, "templates", lambda: _combined(state))


def _combined(state: State) -> TemplateLists:
    n = state.puzzle.size
    alone = tuple(symbol_templates(state, s) for s in range(n))
    left = [list(t) for t in alone]
    full = (1 << state.puzzle.geometry.ncells) - 1
    every = [_every(t, full) for t in left]
    changed = True
    while changed:
        changed = False
        for s in range(n):
            taken = 0
            for k in range(n):
                if k != s:
                    taken |= every[k]
            kept = [t for t in left[s] if not t & taken]
            if len(kept) != len(left[s]):
                left[s], every[s], changed = kept, _every(kept, full), True
    some = []
    for t in left:
        u = 0
        for m in t:
            u |= m
        some.append(u)
    return TemplateLists(alone, tuple(tuple(t) for t in left), tuple(every), tuple(some))


def _every(masks: list[int] | tuple[int, ...], full: int) -> int:
    """The cells every mask covers (every cell when there is none: no
    template left means a position without a solution)."""
    out = full
    for m in masks:
        out &= m
    return out


def _others(state: State, found: TemplateLists, sym: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """The other symbols whose certain cells (not yet placed) took templates
    of ``sym`` out: (symbol, those cells)."""
    out = []
    used = 0
    for t in found.alone[sym]:
        used |= t
    for k in range(state.puzzle.size):
        if k == sym:
            continue
        certain = found.every[k] & used & ~_placed(state, k)
        if certain:
            out.append((k, tuple(bits_of(certain))))
    return tuple(out)


def _placed(state: State, sym: int) -> int:
    return sum(1 << c for c, v in enumerate(state.value) if v == sym)


def _details(state: State, found: TemplateLists, sym: int) -> tuple[tuple[str, object], ...]:
    return (("templates", len(found.left[sym])), ("alone", len(found.alone[sym])),
            ("others", _others(state, found, sym)))


@attrs.frozen
class Template(Producer):
    """``Template("set")``: a cell every template of a symbol covers holds
    it; ``Template("delete")``: a candidate no template of its symbol
    covers is false."""

    kind: str = "set"
    CODES = {"set": "template-set", "delete": "template-del"}

    def find(self, state: State) -> Iterator[Step]:
        if not applies(state):
            return
        found = templates(state)
        for sym in range(state.puzzle.size):
            if not found.left[sym]:
                continue
            if self.kind == "set":
                cells = [c for c in bits_of(found.every[sym]) if state.value[c] < 0]
            else:
                cells = [c for c, (m, v) in enumerate(zip(state.cand, state.value))
                         if v < 0 and m >> sym & 1 and not found.some[sym] >> c & 1]
            if cells:
                pairs = [(c, sym) for c in cells]
                yield Step(self.technique, placements=pairs if self.kind == "set" else (),
                           eliminations=pairs if self.kind != "set" else (), cells=cells, symbols=(sym,),
                           details=_details(state, found, sym))


# -- the table's rows ------------------------------------------------------------

_NOTE = ("Not in Sudoku Explainer. HoDoKu 2.2 has it ({id}) switched off by default, a last resort tried after "
         "its forcing nets and before brute force, with brute force's score (10000) and level: so deduce rates "
         "it as trial and error (no Sudoku Explainer number: counted as its first nested level, like trial and "
         "error) and offers it on request only (--profile full or --only), tried where HoDoKu tries it, after "
         "the forcing chains, before trial and error; the HoDoKu profile leaves it out, as HoDoKu's default "
         "solver does. Defined for 9×9 with 3×3 boxes.")

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(815, "template-set", "Template set", LAST_RESORT, None, 10000, EXTREME, "1201",
        "Every way a symbol can still fill the grid (one cell per row, column and box, on its candidates, "
        "setting aside cells other symbols must take): a cell they all use holds it.",
        rating_note=_NOTE.format(id="1201"), profiles=("full",)),
    row(816, "template-del", "Template delete", LAST_RESORT, None, 10000, EXTREME, "1202",
        "Every way a symbol can still fill the grid (one cell per row, column and box, on its candidates, "
        "setting aside cells other symbols must take): a candidate none of them uses is false.",
        rating_note=_NOTE.format(id="1202"), profiles=("full",)),
)

#: Other names (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Template Set": ("template-set",),
    "Template Delete": ("template-del",),
    "Template Del": ("template-del",),
    "Template": ("template-set", "template-del"),
    "Templates": ("template-set", "template-del"),
    "Pattern overlay": ("template-set", "template-del"),
    "Pattern overlay method": ("template-set", "template-del"),
    "POM": ("template-set", "template-del"),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------

class TemplateDetails(TypedDict):
    #: how many templates of the symbol are left...
    templates: int
    #: ...and how many there are before other symbols' certain cells are set aside
    alone: int
    #: the other symbols whose certain cells (not yet placed) set templates aside: (symbol, cells)
    others: tuple[tuple[int, tuple[int, ...]], ...]


DETAILS: dict[str, type] = {"template-set": TemplateDetails, "template-del": TemplateDetails}

_PATTERNS = ("{count} to place all nine {sym}s, one in each row, column and box, on cells where "
             "{sym} is placed or still a candidate{aside}. The solution's {sym}s are one of them")
TEMPLATES = {
    "template-set": (
        "List the ways all nine {sym}s can still be placed.",
        "Place all nine {sym}s, one per row, column and box, on the cells left to {sym}: which cells do all "
        "the ways share?",
        _PATTERNS + ", and every one puts {sym} in {cells}, so {result}.",
    ),
    "template-del": (
        "List the ways all nine {sym}s can still be placed.",
        "Place all nine {sym}s, one per row, column and box, on the cells left to {sym}: which candidates "
        "does no way use?",
        _PATTERNS + ", and none puts {sym} in {cells}, so {result}.",
    ),
}


def _aside(r: TextRenderer, step: Step) -> str:
    """``, leaving out those that use a cell another digit must take (...)``, or nothing."""
    others = step.detail("others")
    if not others:
        return ""
    listed = prose([f"{r.sym(k)} in {r.cells(cells)}" for k, cells in others])
    w = word(r.puzzle)
    return (f", leaving out those that use a cell another {w} must take, a cell that every way of placing "
            f"that {w} uses ({listed}), from {step.detail('alone')}")


def _count(r: TextRenderer, step: Step) -> str:
    n = step.detail("templates")
    return "There is one way (a template)" if n == 1 else f"There are {n} ways (templates)"


FIELDS: dict[str, Field] = {"aside": _aside, "count": _count}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------

def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    """The symbol's candidates, and the other symbols' certain cells that set templates aside."""
    b = Builder(step, state)
    sym = step.symbols[0]
    if state is not None:
        b.cands([c for c in range(len(state.value)) if state.value[c] < 0], (sym,), "pattern")
    for k, cells in step.detail("others"):
        b.cands(cells, (k,), "z")
    return b.done()


MARKERS: dict[str, Marker] = {"template-set": _picture, "template-del": _picture}
