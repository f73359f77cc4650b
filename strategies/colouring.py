"""Colouring: simple colours and multi-colours, one symbol at a time.

Join the cells where a symbol has exactly two places in a house (a strong
link: one of the two holds it) into clusters, and colour each cluster in
two colours so that linked cells differ.  In each cluster one colour holds
the symbol everywhere and the other nowhere.

* **Simple colours, trap**: a cell outside the cluster that sees both
  colours loses the symbol.
* **Simple colours, wrap**: two cells of one colour see each other, so
  that colour is false: all its cells lose the symbol.
* **Multi-colours 1**: a cell of colour a1 sees a cell of colour b1 of
  another cluster, so a2 or b2 is true: cells seeing both a2 and b2 lose it.
* **Multi-colours 2**: a colour a1 sees both colours of another cluster, so
  a1 is false.
"""

from __future__ import annotations

from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.marks import Builder, Marks, numbered
from deduce.render.words.prose import Field, capitalize, see, verb
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import HARD, SINGLE_DIGIT, Technique, row

from ._memo import memo_for, per_symbol
from .single_digit import strong_links

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def clusters(state: State, sym: int, where: int) -> list[tuple[int, int]]:
    """Two-colourings ``(mask of colour 1, mask of colour 2)`` of the strong
    links of ``sym``, whose places are ``where``, largest first; clusters of
    one link included.  Made once per set of places (the list is shared:
    not to be changed)."""
    memo = memo_for(state)
    key = ("clusters", sym, where)
    out = memo.get(key)
    if out is None:
        out = memo[key] = _clusters(strong_links(state, sym, where))
    return out


def _clusters(strong: list[tuple[int, int, int]]) -> list[tuple[int, int]]:
    links: dict[int, list[int]] = {}
    for _, a, b in strong:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen: set[int] = set()
    out = []
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        stack = [start]
        while stack:
            c = stack.pop()
            for d in links[c]:
                if d not in colour:
                    colour[d] = 1 - colour[c]
                    stack.append(d)
        seen |= colour.keys()
        one = sum(1 << c for c, k in colour.items() if k == 0)
        two = sum(1 << c for c, k in colour.items() if k == 1)
        out.append((one, two))
    out.sort(key=lambda p: -(p[0] | p[1]).bit_count())
    return out


def _sees_any(peer_masks: tuple[int, ...], cells: int, target: int) -> bool:
    return any(peer_masks[c] & target for c in bits_of(cells))


def _seeing_some(peer_masks: tuple[int, ...], cells: int) -> int:
    out = 0
    for c in bits_of(cells):
        out |= peer_masks[c]
    return out


@attrs.frozen
class SimpleColours(Producer):
    """``SimpleColours("trap")`` or ``SimpleColours("wrap")``."""

    kind: str = "trap"
    CODES = {"trap": "simple-colours", "wrap": "simple-colours"}

    def find(self, state: State) -> Iterator[Step]:
        return per_symbol(self, state, lambda sym, where: list(self._for_symbol(state, sym, where)))

    def _for_symbol(self, state: State, sym: int, where: int) -> Iterator[Step]:
        pm = state.puzzle.peer_masks
        for one, two in clusters(state, sym, where):
            if (one | two).bit_count() < 3:
                continue  # a single strong link is no colouring (pointing or a fish finds it)
            details = (("colours", (tuple(bits_of(one)), tuple(bits_of(two)))),)
            if self.kind == "trap":
                targets = where & ~(one | two) & _seeing_some(pm, one) & _seeing_some(pm, two)
                if targets:
                    yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(targets)],
                               cells=bits_of(one | two), symbols=(sym,), variant="trap", details=details)
                continue
            for false, _true in ((one, two), (two, one)):
                if any(pm[c] & false for c in bits_of(false)):
                    yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(false)],
                               cells=bits_of(one | two), symbols=(sym,), variant="wrap",
                               details=details + (("false", tuple(bits_of(false))),))


@attrs.frozen
class MultiColours(Producer):
    """``MultiColours(1)`` or ``MultiColours(2)``: two clusters of one symbol.
    ``whole`` (HoDoKu's reading, either kind): the clusters by their first
    cell, each first colour the one holding it; for each ordered pair of
    clusters, every colour of the first that sees both colours of the
    second goes (kind 2), then, as one step, every cell that sees the
    colours opposite two linked ones (kind 1, cells of the clusters too)."""

    kind: int = 1
    whole: bool = False
    CODES = {1: "multi-colours", 2: "multi-colours"}

    def parameters(self) -> tuple[Any, ...]:
        return (self.kind,)  # (``whole`` is a setting, not a variant)

    def find(self, state: State) -> Iterator[Step]:
        return per_symbol(self, state, lambda sym, where: list(self._for_symbol(state, sym, where)))

    def _for_symbol(self, state: State, sym: int, where: int) -> Iterator[Step]:
        pm = state.puzzle.peer_masks
        found = clusters(state, sym, where)
        if self.whole:
            yield from self._whole(pm, sym, where, found)
            return
        for (a1, a2), (b1, b2) in combinations(found, 2):
            cluster_cells = bits_of(a1 | a2 | b1 | b2)
            details = (("colours", (tuple(bits_of(a1)), tuple(bits_of(a2)),
                                    tuple(bits_of(b1)), tuple(bits_of(b2)))),)
            for x1, x2, y1, y2 in ((a1, a2, b1, b2), (a1, a2, b2, b1), (a2, a1, b1, b2), (a2, a1, b2, b1),
                                   (b1, b2, a1, a2), (b1, b2, a2, a1), (b2, b1, a1, a2), (b2, b1, a2, a1)):
                if not _sees_any(pm, x1, y1):
                    continue
                if self.kind == 1:
                    # x1 and y1 cannot both be true: x2 or y2 is
                    targets = where & ~(a1 | a2 | b1 | b2) & _seeing_some(pm, x2) & _seeing_some(pm, y2)
                    if targets:
                        yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(targets)],
                                   cells=cluster_cells, symbols=(sym,), variant="1",
                                   details=details + (("linked", (tuple(bits_of(x1)), tuple(bits_of(y1)))),
                                                      ("either", (tuple(bits_of(x2)), tuple(bits_of(y2))))))
                elif _sees_any(pm, x1, y2):
                    yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(x1)],
                               cells=cluster_cells, symbols=(sym,), variant="2",
                               details=details + (("false", tuple(bits_of(x1))),))

    def _whole(self, pm: tuple[int, ...], sym: int, where: int, found: list[tuple[int, int]]) -> Iterator[Step]:
        ordered = sorted(((a, b) if a & -a < b & -b else (b, a) for a, b in found),
                         key=lambda p: (p[0] | p[1]) & -(p[0] | p[1]))
        # each colour with the cells that see some of it (a colour sees a set when those meet it)
        coloured = [(a, _seeing_some(pm, a), b, _seeing_some(pm, b)) for a, b in ordered]
        for (a1, sa1, a2, sa2), (b1, sb1, b2, sb2) in permutations(coloured, 2):
            details: tuple[tuple[str, Any], ...] | None = None
            false = [x for x, sx in ((a1, sa1), (a2, sa2)) if sx & b1 and sx & b2]
            if false:
                gone = sum(false)
                details = (("colours", tuple(tuple(bits_of(m)) for m in (a1, a2, b1, b2))),)
                yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(gone)],
                           cells=bits_of(a1 | a2 | b1 | b2), symbols=(sym,), variant="2",
                           details=details + (("false", tuple(bits_of(gone))),))
            pairs = [(x1, x2, y1, y2, sx2 & sy2) for x1, sx1, x2, sx2 in ((a1, sa1, a2, sa2), (a2, sa2, a1, sa1))
                     for y1, y2, sy2 in ((b1, b2, sb2), (b2, b1, sb1)) if sx1 & y1]
            targets = 0
            for *_, both in pairs:
                targets |= where & both
            if targets:
                x1, x2, y1, y2, _ = pairs[0]
                if details is None:
                    details = (("colours", tuple(tuple(bits_of(m)) for m in (a1, a2, b1, b2))),)
                yield Step(self.technique, eliminations=[(c, sym) for c in bits_of(targets)],
                           cells=bits_of(a1 | a2 | b1 | b2), symbols=(sym,), variant="1",
                           details=details + (("linked", (tuple(bits_of(x1)), tuple(bits_of(y1)))),
                                              ("either", (tuple(bits_of(x2)), tuple(bits_of(y2))))))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(410, "simple-colours", "Simple colours", SINGLE_DIGIT, 4.5, 150, HARD, "0500",
        "The strong links of one symbol, coloured in two colours: one colour holds the symbol; a cell seeing "
        "both colours loses it (trap), and a colour that sees itself is false (wrap).",
        se_variants=(("trap", 4.5), ("wrap", 4.5)),
        rating_note="Not in Sudoku Explainer (it finds these as X-chains and cycles, 6.5-6.6). deduce's own 4.5: "
                    "one colouring is a family of turbot fish (4.2) read at once.", hodoku_order=410),
    row(420, "multi-colours", "Multi-colours", SINGLE_DIGIT, 4.7, 200, HARD, "0502",
        "Two colour clusters of one symbol joined by a weak link: one of the two opposite colours holds it.",
        se_variants=(("1", 4.7), ("2", 4.7)),
        rating_note="deduce's own: simple colours plus 0.2 for the second cluster.", hodoku_order=420),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Colour trap": ("simple-colours",),
    "Colour wrap": ("simple-colours",),
    "Colouring": ("simple-colours",),
    "Simple colors": ("simple-colours",),
    "Simple colors trap": ("simple-colours",),
    "Simple colors wrap": ("simple-colours",),
    "Simple colouring": ("simple-colours",),
    "Singles chains": ("simple-colours",),
    "Colours": ("simple-colours", "multi-colours"),
    "Multi colors 1": ("multi-colours",),
    "Multi colors 2": ("multi-colours",),
    "Multi-colors": ("multi-colours",),
    "Multi-colouring": ("multi-colours",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


COLOUR_NAMES = ("blue", "green", "orange", "purple")


class ColourDetails(TypedDict, total=False):
    #: the cells of each colour: two per cluster (one cluster, or two for multi-colours)
    colours: tuple[tuple[int, ...], ...]
    #: wrap and multi-colours type 2: the colour that cannot hold the symbol
    false: tuple[int, ...]
    #: multi-colours type 1: two colours that see each other...
    linked: tuple[tuple[int, ...], tuple[int, ...]]
    #: ...so one of these two (their mates) holds the symbol
    either: tuple[tuple[int, ...], tuple[int, ...]]


DETAILS: dict[str, type] = {"simple-colours": ColourDetails, "multi-colours": ColourDetails}

TEMPLATES = {
    "simple-colours": (
        "Colour the strong links of {sym}.",
        "Follow the cells where {sym} has two places in a house, alternating two colours.",
        "{colour_text}",
    ),
    "multi-colours": (
        "Colour the strong links of {sym}: two clusters.",
        "Follow the cells where {sym} has two places in a house, alternating colours, and compare the clusters.",
        "{colour_text}",
    ),
}


def _colour_text(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    colours = step.detail("colours")
    listed = "; ".join(f"{COLOUR_NAMES[i]}: {r.cells(cells)}" for i, cells in enumerate(colours))
    rule = ("each cluster has one colour holding {sym} in every cell and the other in none" if len(colours) > 2
            else "one colour holds {sym} in every cell and the other in none").format(sym=sym)
    head = (f"Where {sym} has two places in a house, one of them holds it. Coloured along those links "
            f"({listed}), {rule}.")
    removed = r.removed(step.eliminations)
    named = {tuple(cells): COLOUR_NAMES[i] for i, cells in enumerate(colours)}
    if step.variant == "trap":
        return f"{head} {capitalize(r.cells_see(step))} {see(step)} both colours, so {removed}."
    if step.variant in ("wrap", "2"):
        false = named[step.detail("false")]
        why = ("two of its cells see each other" if step.variant == "wrap"
               else "it sees both colours of the other cluster")
        return f"{head} {capitalize(false)} cannot hold {sym}: {why}. So {removed}."
    x1, y1 = (named[c] for c in step.detail("linked"))
    x2, y2 = (named[c] for c in step.detail("either"))
    return (f"{head} A {x1} cell sees a {y1} cell, so {x1} and {y1} are not both true: {x2} or {y2} holds "
            f"{sym}. {capitalize(r.cells_see(step))}, seeing both, "
            f"{verb(len(step.eliminations), 'loses', 'lose')} it: {removed}.")


FIELDS: dict[str, Field] = {"colour_text": _colour_text}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _colouring(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    sym = step.symbols[0]
    colours = step.detail("colours", ())
    for i, cells in enumerate(colours):
        b.cands(cells, (sym,), numbered("colour", i))
    if state is not None:  # the strong links that made each cluster
        g = puzzle.geometry
        for i in range(0, len(colours) - 1, 2):
            one, two = colours[i], colours[i + 1]
            for house in g.houses:
                places = [c for c in house if state.value[c] < 0 and state.cand[c] >> sym & 1]
                if len(places) == 2 and ((places[0] in one and places[1] in two)
                                         or (places[0] in two and places[1] in one)):
                    b.link((places[0], sym), (places[1], sym), strong=True, directed=False)
    return b.done()


MARKERS: dict[str, Marker] = {"simple-colours": _colouring, "multi-colours": _colouring}
