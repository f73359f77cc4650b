"""3D Medusa: colouring candidates of several symbols at once.

Two candidates are *strongly linked* when exactly one of them is true: the
two candidates of a bivalue cell, or the two places of a symbol in a house
(bilocal).  Following those links from a candidate and alternating two
colours joins candidates of many cells and symbols into a *cluster*; in a
cluster one colour is true everywhere and the other nowhere.  Simple
colouring does this for one symbol; 3D Medusa crosses between symbols
through bivalue cells, so a cluster here spans at least two symbols.

A colour is **false** (all its candidates are removed) when, were it true:

* **cell**: a cell would hold two symbols (two candidates of one colour in a cell);
* **house**: a symbol would appear twice in a house (two candidates of one
  colour, one symbol, in cells that see each other);
* **empty**: a cell would be left with no candidate (each of its
  candidates is of the other colour, or sees a candidate of the colour
  with its symbol, or shares its cell with a candidate of the colour).

An uncoloured candidate is removed (**trap**) when it is false whichever
colour is true: for each colour it sees a candidate of that colour with its
symbol, or shares its cell with one.  This takes in the three textbook
rules: a candidate seeing both colours of its symbol, the other candidates
of a cell holding both colours, and a candidate seeing one colour in a cell
holding the other.

Any grid works: "sees" is the puzzle's peer table (rows, columns, boxes or
regions, distinct cages), houses are the geometry's.  Neither Sudoku
Explainer nor HoDoKu has it: the ratings are deduce's own (see the row).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.marks import Builder, Marks, numbered
from deduce.render.words.prose import Field, capitalize, prose, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import CHAINS, UNFAIR, Technique, row

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

#: A candidate: (cell, symbol).
Cand = tuple[int, int]


@attrs.frozen
class Cluster:
    """One two-coloured cluster: each colour's candidates (sorted) and the
    strong links that joined them."""

    colours: tuple[tuple[Cand, ...], tuple[Cand, ...]]
    links: tuple[tuple[Cand, Cand], ...]

    @property
    def symbols(self) -> set[int]:
        return {s for colour in self.colours for _, s in colour}


def strong_links(state: State) -> dict[Cand, list[Cand]]:
    """Every candidate's strongly linked candidates: the other candidate of
    a bivalue cell, the other place of its symbol in a house with two (and
    none placed)."""
    cand, value = state.cand, state.value
    links: dict[Cand, list[Cand]] = {}

    def join(a: Cand, b: Cand) -> None:
        if b not in links.setdefault(a, []):
            links[a].append(b)
            links.setdefault(b, []).append(a)

    for c, (m, v) in enumerate(zip(cand, value)):
        if v < 0 and m.bit_count() == 2:
            join((c, (m & -m).bit_length() - 1), (c, m.bit_length() - 1))
    for house in state.puzzle.geometry.houses:
        open_cells = [c for c in house if value[c] < 0]
        placed = {value[c] for c in house if value[c] >= 0}
        for sym in range(state.puzzle.size):
            if sym in placed:
                continue
            places = [c for c in open_cells if cand[c] >> sym & 1]
            if len(places) == 2:
                join((places[0], sym), (places[1], sym))
    return links


def clusters(state: State) -> list[Cluster]:
    """The clusters of two symbols or more, largest first; a cluster whose
    links cannot be two-coloured (an odd loop: only in a puzzle without a
    solution) is left out."""
    links = strong_links(state)
    seen: set[Cand] = set()
    out = []
    for start in sorted(links):
        if start in seen:
            continue
        colour = {start: 0}
        stack, consistent, edges = [start], True, []
        while stack:
            a = stack.pop()
            for b in links[a]:
                if a < b:
                    edges.append((a, b))
                if b not in colour:
                    colour[b] = 1 - colour[a]
                    stack.append(b)
                elif colour[b] == colour[a]:
                    consistent = False
        seen |= colour.keys()
        found = Cluster((tuple(sorted(k for k, x in colour.items() if x == 0)),
                         tuple(sorted(k for k, x in colour.items() if x == 1))), tuple(sorted(edges)))
        if consistent and len(found.symbols) >= 2:
            out.append(found)
    out.sort(key=lambda k: -(len(k.colours[0]) + len(k.colours[1])))
    return out


def _killer(state: State, colour: tuple[Cand, ...], cell: int, sym: int) -> Cand | None:
    """A candidate of ``colour`` that makes ``sym`` in ``cell`` false were
    the colour true: one in the same cell, or one of ``sym`` in a cell it sees."""
    peer = state.puzzle.peer_masks[cell]
    for c, s in colour:
        if (c == cell and s != sym) or (s == sym and peer >> c & 1):
            return (c, s)
    return None


def _contradiction(state: State, colour: tuple[Cand, ...], other: tuple[Cand, ...]) -> tuple[str, tuple] | None:
    """Why ``colour`` cannot be true (variant and witness), or None."""
    peer = state.puzzle.peer_masks
    for i, (c, s) in enumerate(colour):
        for d, t in colour[i + 1:]:
            if c == d:
                return "cell", ((c, s), (d, t))
            if s == t and peer[c] >> d & 1:
                return "house", ((c, s), (d, t))
    in_colour = {c for c, _ in colour}
    others = set(other)
    for cell, (m, v) in enumerate(zip(state.cand, state.value)):
        if v >= 0 or cell in in_colour:
            continue
        why = []
        for sym in bits_of(m):
            k = (cell, sym) if (cell, sym) in others else _killer(state, colour, cell, sym)
            if k is None:
                break
            why.append((sym, k))
        else:
            return "empty", (cell, tuple(why))
    return None


def medusa_steps(state: State) -> Iterator[tuple[Cluster, str, tuple, tuple[Cand, ...]]]:
    """Every 3D Medusa deduction: (cluster, variant, witness, eliminations);
    for a false colour the witness is ``(colour index, why)``, for a trap the
    reasons ``((cell, sym, blue killer, green killer), ...)``."""
    for cluster in clusters(state):
        one, two = cluster.colours
        refuted = False
        for index, (colour, other) in enumerate(((one, two), (two, one))):
            found = _contradiction(state, colour, other)
            if found is not None:
                refuted = True
                yield cluster, found[0], (index, found[1]), colour
        if refuted:
            continue
        coloured = set(one) | set(two)
        reasons = []
        for cell, (m, v) in enumerate(zip(state.cand, state.value)):
            if v >= 0:
                continue
            for sym in bits_of(m):
                if (cell, sym) in coloured:
                    continue
                k1 = _killer(state, one, cell, sym)
                k2 = _killer(state, two, cell, sym) if k1 is not None else None
                if k2 is not None:
                    reasons.append((cell, sym, k1, k2))
        if reasons:
            yield cluster, "trap", tuple(reasons), tuple((c, s) for c, s, _, _ in reasons)


@attrs.frozen
class Medusa(Producer):
    """3D Medusa: colour candidates of several symbols through bivalue cells
    and bilocal houses (no parameters)."""

    CODE = "3d-medusa"

    def find(self, state: State) -> Iterator[Step]:
        for cluster, variant, witness, gone in medusa_steps(state):
            details: tuple[tuple[str, object], ...] = (("colours", cluster.colours), ("links", cluster.links))
            if variant == "trap":
                details += (("reasons", witness),)
            else:
                details += (("false", witness[0]), ("why", witness[1]))
            yield Step(self.technique, eliminations=gone,
                       cells=sorted({c for colour in cluster.colours for c, _ in colour}),
                       symbols=sorted(cluster.symbols), variant=variant, details=details)


# -- the table's rows ------------------------------------------------------------

#: This family's row of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(605, "3d-medusa", "3D Medusa", CHAINS, 6.8, 250, UNFAIR, "",
        "Candidates of several symbols coloured along strong links (bivalue cells, a symbol's two places in "
        "a house): one colour is true. A colour that would break a rule is false; a candidate false under "
        "both colours is removed.",
        se_variants=(("cell", 6.8), ("house", 6.8), ("empty", 6.8), ("trap", 6.8)),
        rating_note="Neither Sudoku Explainer nor HoDoKu has it (they find its eliminations as chains). "
                    "deduce's own: a cluster is a family of alternating chains of bivalue cells and bilocal "
                    "links read at once, so it sits between Sudoku Explainer's one-kind chains (6.6) and its "
                    "mixed chains (7.0), and between HoDoKu's remote pair/multi-colours (110-200) and its "
                    "XY-chain (260); tried after the remote pair, before the XY-chain, on request (--profile "
                    "full or --only): what it removes, the alternating chains and cell forcing chains deduce "
                    "tries by default remove too, so the default set and its ratings stay as they were.",
        profiles=("full",)),
)

#: Other names (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Medusa": ("3d-medusa",),
    "3D Medusa colouring": ("3d-medusa",),
    "Medusa colouring": ("3d-medusa",),
    "Multi-digit colouring": ("3d-medusa",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------

COLOUR_NAMES = ("blue", "green")


class MedusaDetails(TypedDict, total=False):
    #: each colour's candidates, (cell, symbol), blue then green
    colours: tuple[tuple[tuple[int, int], ...], tuple[tuple[int, int], ...]]
    #: the strong links that joined them
    links: tuple[tuple[tuple[int, int], tuple[int, int]], ...]
    #: cell, house, empty: the colour (0 blue, 1 green) that cannot be true...
    false: int
    #: ...and why: two of its candidates (cell, house), or (cell, ((symbol, the candidate killing it), ...))
    why: tuple
    #: trap: (cell, symbol, the blue candidate that kills it, the green one) per removed candidate
    reasons: tuple[tuple[int, int, tuple[int, int], tuple[int, int]], ...]


DETAILS: dict[str, type] = {"3d-medusa": MedusaDetails}

TEMPLATES = {
    "3d-medusa": (
        "Colour the candidates joined by strong links, starting from {start}.",
        "From {start}, follow bivalue cells and {words} with two places in a house, alternating two colours: "
        "{colour_list}. One colour is true.",
        "Along bivalue cells and {words} with two places in a house, exactly one of two linked candidates is "
        "true, so coloured alternately ({colour_list}), one colour is true everywhere and the other nowhere. "
        "{medusa_text}",
    ),
}


def _cand(r: TextRenderer, c: Cand) -> str:
    return f"{r.sym(c[1])} in {r.cell(c[0])}"


def _colour_list(r: TextRenderer, step: Step) -> str:
    return "; ".join(f"{name}: {prose([_cand(r, c) for c in cands])}"
                     for name, cands in zip(COLOUR_NAMES, step.detail("colours")))


def _kills(r: TextRenderer, name: str, cell: int, killer: Cand) -> str:
    """``blue puts 4 in r6c9`` (the cell's own) or ``blue's 3 in r8c4 sees it``."""
    if killer[0] == cell:
        return f"{name} puts {_cand(r, killer)}"
    return f"{name}'s {_cand(r, killer)} sees it"


def _medusa_text(r: TextRenderer, step: Step) -> str:
    removed = r.removed(step.eliminations)
    if step.variant == "trap":
        lines = [f" {n}. {r.cell(cell)}<>{r.sym(sym)}: {_kills(r, 'blue', cell, k1)}, "
                 f"{_kills(r, 'green', cell, k2)}"
                 for n, (cell, sym, k1, k2) in enumerate(step.detail("reasons"), 1)]
        return ("Each of these candidates is false whichever colour is true:\n" + "\n".join(lines)
                + f"\nSo {removed}.")
    name = COLOUR_NAMES[step.detail("false")]
    why = step.detail("why")
    if step.variant == "cell":
        reason = f"{r.cell(why[0][0])} would hold both {r.sym(why[0][1])} and {r.sym(why[1][1])}"
    elif step.variant == "house":
        reason = (f"{r.sym(why[0][1])} would be in both {r.cell(why[0][0])} and {r.cell(why[1][0])}, "
                  "which see each other")
    else:
        cell, kills = why
        other = COLOUR_NAMES[1 - step.detail("false")]
        parts = prose([f"{r.sym(sym)} (" + (f"it is {other}" if k == (cell, sym) else _kills(r, name, cell, k))
                       + ")" for sym, k in kills])
        reason = f"{r.cell(cell)} would have no candidate left: {parts}"
    return f"Were {name} true, {reason}. So {name} is false: {removed}."


FIELDS: dict[str, Field] = {
    "start": lambda r, s: _cand(r, s.detail("colours")[0][0]),
    "words": lambda r, s: word(r.puzzle) + "s",
    "colour_list": _colour_list,
    "medusa_text": lambda r, s: capitalize(_medusa_text(r, s)),
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------

def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    """Each colour's candidates, the strong links between them, and the cell
    or candidates that refute a colour."""
    b = Builder(step, state)
    for i, cands in enumerate(step.detail("colours")):
        for cell, sym in cands:
            b.cands((cell,), (sym,), numbered("colour", i))
    for x, y in step.detail("links"):
        b.link(x, y, strong=True, directed=False)
    if step.variant == "empty":
        b.cell_roles((step.detail("why")[0],), "pattern")
    elif step.variant in ("cell", "house"):
        b.cell_roles(sorted({c for c, _ in step.detail("why")}), "pattern")
    return b.done()


MARKERS: dict[str, Marker] = {"3d-medusa": _picture}
