"""Kraken fish: a finned fish whose fins each lead, by a chain, to the same elimination.

A finned fish on a symbol x (see :mod:`strategies.fish`): ``size`` base
lines hold x only in ``size`` cover lines, apart from one or two *fins*.
Either a fin holds x, or the fish stands and each cover line gets its x
from the base.  A plain finned fish removes x only from cover cells that
see every fin; a kraken fish follows each fin by a chain instead:

* **type 1**: a cover cell outside the base holding x is not x if the fish
  stands, and a chain from each fin ("the fin is x") proves it is not x
  either: so it is not x;
* **type 2**: if the fish stands, one cover line gets its x from its base
  cells; so one of those cells or a fin holds x, and a candidate that a
  chain from each of them removes is false.

This is HoDoKu's kraken fish (types 1 and 2, score 500, left out of its
default set), for fish of rows against columns (and columns against rows)
of two to four lines with at most :data:`MAX_KRAKEN_FINS` fins, only where
the plain finned fish removes nothing (as HoDoKu), at most
:data:`MAX_KRAKEN_STEPS` steps per position.  The chains are those of
the grouped alternating inference chains (:mod:`strategies.implications`,
mode ``grouped``: links that hold in the position, groups and almost
locked sets as nodes), shared with them per position: so it finds
chains HoDoKu's kraken search does not (its chains take no almost locked
sets by default).  HoDoKu also searches franken kraken fish (boxes in base
or cover); this module does not yet.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING, Any, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.literal import lit, lit_cell, lit_on, lit_symbol
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, capitalize, houses_prose, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import EXTREME, FISH, Technique, row

from ._chain_records import _branch_lines, _chain_links
from ._memo import symbol_masks
from .fish import _targets
from .implications import implications

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

#: Most fins of a kraken fish (HoDoKu's default, 2).
MAX_KRAKEN_FINS = 2
#: Fish sizes searched (HoDoKu's default: 2 to 4 lines).
KRAKEN_SIZES = (2, 3, 4)
#: Most steps one position's search yields (a deterministic bound: open positions hold hundreds).
MAX_KRAKEN_STEPS = 60

_SIZE_NAMES = {2: "X-wing", 3: "swordfish", 4: "jellyfish"}


@attrs.frozen
class FinnedFish:
    """A finned fish of lines whose fins the plain finned fish cannot use:
    the symbol, base and cover lines, the base's candidates and the fins
    (cell masks)."""

    symbol: int
    base: tuple[int, ...]
    cover: tuple[int, ...]
    places: int
    fins: int


def finned_fish(state: State, sizes: tuple[int, ...] = KRAKEN_SIZES) -> Iterator[FinnedFish]:
    """Every finned fish of rows against columns (and back), smallest first,
    with 1 to :data:`MAX_KRAKEN_FINS` fins that the plain finned fish makes nothing of
    (no cover cell outside the base holding the symbol sees every fin)."""
    g = state.puzzle.geometry
    n = g.size
    masks, peers = g.house_masks, state.puzzle.peer_masks
    rows, cols = list(range(n)), list(range(n, 2 * n))
    for size in sizes:
        for sym, where in enumerate(symbol_masks(state)):
            if not where:
                continue
            for base_types, cover_types in ((rows, cols), (cols, rows)):
                parts = {h: where & masks[h] for h in base_types}
                pool = [h for h in base_types if 2 <= parts[h].bit_count() <= size + MAX_KRAKEN_FINS]
                for base in combinations(pool, size):
                    places = 0
                    for h in base:
                        places |= parts[h]
                    touched = [h for h in cover_types if places & masks[h]]
                    if len(touched) <= size or len(touched) > size + MAX_KRAKEN_FINS:
                        continue   # no fin, or too many
                    for cover in combinations(touched, size):
                        covered = 0
                        for h in cover:
                            covered |= masks[h]
                        fins = places & ~covered
                        if not 0 < fins.bit_count() <= MAX_KRAKEN_FINS:
                            continue
                        if any(not parts[h] & covered for h in base):
                            continue   # a base line all fins: no fish
                        if _targets(where & covered & ~places, fins, peers):
                            continue   # a plain finned fish
                        yield FinnedFish(sym, base, cover, places, fins)


@attrs.frozen
class Kraken:
    """One kraken fish found: the fish, its type (1 or 2), the cover line of
    type 2 (else -1), the starts of its chains (literals: each fin, and for
    type 2 the base cells of the line, holding the symbol), and the
    eliminations."""

    fish: FinnedFish
    kind: int
    line: int
    starts: tuple[int, ...]
    eliminations: tuple[tuple[int, int], ...]


def kraken_fish(state: State) -> Iterator[Kraken]:
    """Kraken fish of types 1 and 2, fish after fish."""
    imp = implications(state, "grouped", None)
    masks = state.puzzle.geometry.house_masks
    cand, value = state.cand, state.value
    reached: dict[int, frozenset[int]] = {}
    for fish in finned_fish(state):
        x = fish.symbol
        where = symbol_masks(state)[x]
        fin_lits = tuple(lit(f, x, True) for f in bits_of(fish.fins))
        offs = _common_offs(imp, fin_lits, reached)
        covered = 0
        for h in fish.cover:
            covered |= masks[h]
        gone = tuple((c, x) for c in bits_of(where & covered & ~fish.places) if lit(c, x, False) in offs)
        if gone:
            yield Kraken(fish, 1, -1, fin_lits, gone)
        for h in fish.cover:
            inside = fish.places & masks[h]
            if not where & masks[h] & ~fish.places:
                continue   # the line holds only base cells: a region forcing chain, not a fish
            starts = tuple(lit(c, x, True) for c in bits_of(inside)) + fin_lits
            offs = _common_offs(imp, starts, reached)
            used = {lit_cell(s) for s in starts}
            found = sorted((lit_cell(y), lit_symbol(y)) for y in offs
                           if lit_cell(y) not in used and value[lit_cell(y)] < 0
                           and cand[lit_cell(y)] >> lit_symbol(y) & 1)
            if found:
                yield Kraken(fish, 2, h, starts, tuple(found))


def _common_offs(imp: Any, starts: tuple[int, ...], reached: dict[int, frozenset[int]]) -> frozenset[int]:
    """The "off" literals every one of ``starts`` leads to (``reached``
    keeps each start's, for the position)."""
    out: frozenset[int] | None = None
    for s in starts:
        offs = reached.get(s)
        if offs is None:
            offs = reached[s] = frozenset(y for y in imp.propagate(s).nodes if not lit_on(y))
        out = offs if out is None else out & offs
        if not out:
            return frozenset()
    return out or frozenset()


@attrs.frozen
class KrakenFish(Producer):
    """Kraken fish of types 1 and 2 (rows against columns, 2 to 4 lines, at
    most two fins), each step with the chains from every start."""

    CODE = "kraken-fish"

    def find(self, state: State) -> Iterator[Step]:
        imp = implications(state, "grouped", None)
        seen: set[frozenset] = set()
        for k in kraken_fish(state):
            key = frozenset(k.eliminations)
            if key in seen:
                continue
            if len(seen) >= MAX_KRAKEN_STEPS:
                return
            seen.add(key)
            targets = [lit(c, s, False) for c, s in k.eliminations]
            branches = []
            for s in k.starts:
                prop = imp.propagate(s)
                branches.append((s, prop.records(prop.ancestors(targets)), None))
            f = k.fish
            cells = bits_of(f.places)
            yield Step(self.technique, eliminations=k.eliminations, cells=cells, houses=f.base + f.cover,
                       symbols=[f.symbol], variant=f"type-{k.kind}",
                       details=(("base", f.base), ("cover", f.cover), ("fins", tuple(bits_of(f.fins))),
                                ("line", k.line), ("branches", tuple(branches))),
                       se_bonus=0.1 * (len(f.base) - 2))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).  HoDoKu's default set
#: leaves kraken fish out (its "enabled" flag is off), so it is not in the HoDoKu profile; in deduce it is
#: on request (the forcing chains that follow it find what it finds, at the same rating).
ROWS: tuple[Technique, ...] = (
    row(775, "kraken-fish", "Kraken fish", FISH, 8.0, 500, EXTREME, "0371",
        "A finned fish whose fins each lead, by a chain, to the elimination the fish makes (type 1), or whose "
        "cover line's base cells and fins each lead to the same elimination (type 2).",
        rating_note="Not in Sudoku Explainer; deduce's own 8.0 for an X-wing, as the cell and region forcing "
                    "chains (8.0) it is made of, plus 0.1 per line beyond two; HoDoKu's score 500 and level "
                    "(its default set leaves it out; both types share the one row, 0371 and 0372).",
        profiles=("full",)),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Kraken": ("kraken-fish",),
    "Kraken Fish Type 1": ("kraken-fish",),
    "Kraken Fish Type 2": ("kraken-fish",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------

class KrakenFishDetails(TypedDict):
    #: the base lines and the cover lines of the finned fish
    base: tuple[int, ...]
    cover: tuple[int, ...]
    #: the fins: base cells outside the cover
    fins: tuple[int, ...]
    #: type 2: the cover line whose base cells start chains; type 1: -1
    line: int
    #: (start literal, chain records, None) per start: each fin, and for type 2 the line's base cells
    branches: tuple[tuple[int, tuple[Any, ...], Any], ...]


DETAILS: dict[str, type] = {"kraken-fish": KrakenFishDetails}

TEMPLATES = {
    "kraken-fish": (
        "Look for a kraken fish on {sym}.",
        "{kraken_base} hold {sym} only in {kraken_cover}, apart from {kraken_fins}. "
        "Follow what {kraken_follow} implies.",
        "{kraken_text}",
    ),
}


def _fins(r: TextRenderer, step: Step) -> str:
    fins = step.detail("fins")
    return f"the fin{'s' if len(fins) > 1 else ''} {r.cells(fins)}"


def _kraken_text(r: TextRenderer, step: Step) -> str:
    sym = r.sym(step.symbols[0])
    base, cover = houses_prose(r, step.detail("base")), houses_prose(r, step.detail("cover"))
    fins = step.detail("fins")
    one = len(fins) == 1
    head = (f"In {base}, {sym} can only be in {cover}, apart from {_fins(r, step)}: a finned "
            f"{_SIZE_NAMES.get(len(step.detail('base')), 'fish')}. Either {'the fin holds' if one else 'a fin holds'} "
            f"{sym}, or {cover} each get their {sym} from {base}")
    line = step.detail("line")
    if line < 0:
        lines = [f"{head}, and then {r.cells(sorted({c for c, _ in step.eliminations}))} (in {cover}, outside "
                 f"{base}) cannot be {sym}. The fin{'' if one else 's'} lead{'s' if one else ''} there too:"]
    else:
        inside = [lit_cell(s) for s, _, _ in step.detail("branches") if lit_cell(s) not in fins]
        lines = [f"{head}, and then {r.house(line)} gets its {sym} from {r.cells_or(inside)}. So "
                 f"{prose([r.cell(lit_cell(s)) for s, _, _ in step.detail('branches')], 'or')} holds {sym}:"]
    for start, chain, _ in step.detail("branches"):
        lines.append(f"If {r.cell(lit_cell(start))} is {sym}:")
        lines.extend(_branch_lines(r, start, chain, None, indent="   "))
    lines.append(f"Every case leads to the same result, so {r.removed(step.eliminations)}.")
    return "\n".join(lines)


FIELDS: dict[str, Field] = {
    "kraken_base": lambda r, s: capitalize(houses_prose(r, s.detail("base"))),
    "kraken_cover": lambda r, s: houses_prose(r, s.detail("cover")),
    "kraken_fins": _fins,
    "kraken_follow": lambda r, s: ("each fin" if s.detail("line") < 0 else f"each fin and each base place of "
                                   f"{r.sym(s.symbols[0])} in {r.house(s.detail('line'))}"),
    "kraken_text": _kraken_text,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------

def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    """The fish (base, cover, fins, its candidates) and each chain's links."""
    b = Builder(step, state)
    sym = step.symbols[:1]
    fins = step.detail("fins")
    b.cands(fins, sym, "fin")
    b.cell_roles(fins, "fin")
    b.cands([c for c in step.cells if c not in fins], sym, "pattern")
    b.house_roles(step.detail("base"), "base")
    b.house_roles(step.detail("cover"), "cover")
    for _start, chain, _ in step.detail("branches"):
        _chain_links(b, chain)
    return b.done()


MARKERS: dict[str, Marker] = {"kraken-fish": _picture}
