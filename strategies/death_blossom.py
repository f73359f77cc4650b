"""Death blossom: a stem cell and one almost locked set per candidate.

The *stem* is an unsolved cell; for each of its candidates d a *petal* is
an almost locked set (ALS: k cells of one house holding k+1 symbols, see
:mod:`strategies.als`) holding d, every place of d in it seeing the stem.
Whichever symbol d the stem holds, its petal loses d and is locked on its
other symbols.  A symbol z of every petal that is not a candidate of the
stem is therefore in (at least) one of the petals, and a cell that sees
every z of every petal loses z.

This is HoDoKu's death blossom (score 360, left out of its default set),
petals allowed to overlap (HoDoKu's "allow ALS overlap"; the argument
holds all the same: only the locked petal matters, and a cell holding z
inside a petal never sees that petal's every z).  The petals come from the
position's ALSs, the ones the other ALS techniques use; the search tries
each stem's petals candidate by candidate, keeping only the symbols z that
still have a cell to remove, smallest petals first, and stops after
:data:`MAX_BLOSSOM_NODES` petals tried or :data:`MAX_BLOSSOMS` blossoms
found in one position (deterministic bounds, sound either way).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterator, TypedDict

import attrs

from deduce.geometry import bits_of
from deduce.render.marks import Builder, Marks, numbered
from deduce.render.words.prose import Field, capitalize, word
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import ALS, UNFAIR, Technique, row

from ._memo import symbol_masks
from .als import Als, AlsRecord, _als_name, _als_place, _detail, position_sets

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer

#: Most petals tried in one position's search (a deterministic bound).
MAX_BLOSSOM_NODES = 50_000
#: Most blossoms (stem and petals) collected in one position (a deterministic bound: open positions
#: hold tens of thousands; the smallest petals are tried first).
MAX_BLOSSOMS = 300


@attrs.frozen
class Blossom:
    """One death blossom: the stem cell, a petal (an ALS) per stem candidate
    as ``(symbol, set)``, and the eliminations as ``(cell, symbol)`` pairs."""

    stem: int
    petals: tuple[tuple[int, Als], ...]
    eliminations: tuple[tuple[int, int], ...]

    @property
    def cells(self) -> int:
        out = 1 << self.stem
        for _, a in self.petals:
            out |= a.cells
        return out


def death_blossoms(state: State, budget: int = MAX_BLOSSOM_NODES) -> list[Blossom]:
    """Every death blossom that removes something (up to the search's bound),
    one per set of eliminations (the one with the fewest cells), fewest
    cells first."""
    sets = position_sets(state)
    masks = symbol_masks(state)
    cand = state.cand
    # petals[stem][d]: the sets holding d whose every d sees the stem (which holds d)
    petals: dict[int, dict[int, list[Als]]] = {}
    for a in sets:
        for d in bits_of(a.symbols):
            for c in bits_of(a.seen[d] & masks[d]):
                petals.setdefault(c, {}).setdefault(d, []).append(a)
    for around in petals.values():
        for sets_d in around.values():
            sets_d.sort(key=lambda a: a.cells.bit_count())   # small petals first
    # (stem, the petals' cells) -> the petals and, per symbol z, the cells that lose it
    found: dict[tuple, tuple[int, tuple[tuple[int, Als], ...], dict[int, int]]] = {}
    left = [budget]
    everything = (1 << len(masks)) - 1
    for stem in sorted(petals):
        around = petals[stem]
        if len(around) != cand[stem].bit_count() or len(around) < 2:
            continue   # a candidate of the stem has no petal
        for z in bits_of(everything & ~cand[stem]):
            # one search per symbol z: only the sets holding z, narrowing z's cells to remove
            options = [(d, [a for a in around[d] if a.symbols >> z & 1]) for d in around]
            if any(not sets_d for _, sets_d in options):
                continue
            options.sort(key=lambda o: len(o[1]))
            for chosen, targets in _grow(options, z, masks[z] & ~(1 << stem), (), left):
                petals_in_order = tuple(sorted(chosen, key=lambda p: p[0]))
                key = (stem, tuple(a.cells for _, a in petals_in_order))
                found.setdefault(key, (stem, petals_in_order, {}))[2][z] = targets
                if len(found) >= MAX_BLOSSOMS:
                    left[0] = 0
                    break
            if left[0] <= 0:
                break
        if left[0] <= 0:
            break
    blossoms = [Blossom(stem, chosen, tuple((c, z) for z in sorted(by_z) for c in bits_of(by_z[z])))
                for stem, chosen, by_z in found.values()]
    best: dict[frozenset, Blossom] = {}
    for b in sorted(blossoms, key=lambda b: (b.cells.bit_count(), b.stem)):
        best.setdefault(frozenset(b.eliminations), b)
    return list(best.values())


def _grow(options: list[tuple[int, list[Als]]], z: int, reach: int, chosen: tuple[tuple[int, Als], ...],
          left: list[int]) -> Iterator[tuple[tuple[tuple[int, Als], ...], int]]:
    """The choices of a petal per stem candidate (``options``, in order) that
    leave cells holding ``z`` and seeing every z of the petals, with those
    cells; ``reach`` is those cells for the petals ``chosen`` so far,
    ``left[0]`` counts down the petals tried."""
    if len(chosen) == len(options):
        yield chosen, reach
        return
    d, sets_d = options[len(chosen)]
    for a in sets_d:
        left[0] -= 1
        if left[0] < 0:
            return
        m = reach & a.seen[z]
        if m:
            yield from _grow(options, z, m, chosen + ((d, a),), left)


@attrs.frozen
class DeathBlossom(Producer):
    """Death blossoms: a stem cell whose every candidate has an ALS (petal)
    seeing it; a symbol of every petal is removed from cells seeing all its
    places in the petals."""

    CODE = "death-blossom"

    def find(self, state: State) -> Iterator[Step]:
        for b in death_blossoms(state):
            records = tuple((d, _detail(a)) for d, a in b.petals)
            yield Step(self.technique, eliminations=b.eliminations, cells=bits_of(b.cells),
                       houses=tuple(a.house for _, a in b.petals),
                       symbols=sorted({d for d, _ in b.petals} | {z for _, z in b.eliminations}),
                       details=(("stem", b.stem), ("petals", records),
                                ("z", tuple(sorted({z for _, z in b.eliminations})))),
                       se_bonus=round(0.1 * max(0, len(b.petals) - 3), 1))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).  HoDoKu's default
#: set leaves the death blossom out (its "enabled" flag is off), so it is not in the HoDoKu profile.
ROWS: tuple[Technique, ...] = (
    row(692, "death-blossom", "Death blossom", ALS, 7.5, 360, UNFAIR, "0904",
        "A stem cell and, for each of its candidates, an almost locked set whose every place of that candidate "
        "sees the stem: whichever candidate the stem holds, one set is locked, so a symbol of every set lies "
        "in one of them; cells seeing all its places lose it.",
        rating_note="Not in Sudoku Explainer; deduce's own 7.5 up to three petals, above the ALS chain (7.4) as "
                    "HoDoKu puts it (360 against 340), plus 0.1 per petal beyond three; HoDoKu's score 360 and "
                    "level (its default set leaves it out)."),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "DB": ("death-blossom",),
    "ALS death blossom": ("death-blossom",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------

class DeathBlossomDetails(TypedDict):
    #: the stem cell
    stem: int
    #: per candidate of the stem, in symbol order: (the candidate, its petal as (cells, symbols, house))
    petals: tuple[tuple[int, AlsRecord], ...]
    #: the symbols removed (each in every petal, none a candidate of the stem)
    z: tuple[int, ...]


DETAILS: dict[str, type] = {"death-blossom": DeathBlossomDetails}

TEMPLATES = {
    "death-blossom": (
        "Look for a death blossom with its stem in {stem}.",
        "{stem} holds {stem_cands}. Which almost locked sets hold each of them, every place of it seeing {stem}? "
        "Look at these: {petal_names}.",
        "{blossom_text}",
    ),
}


def _blossom_text(r: TextRenderer, step: Step) -> str:
    stem = r.cell(step.detail("stem"))
    petals = step.detail("petals")
    zs = step.detail("z")
    w = word(r.puzzle)
    lines = [f"{capitalize(stem)} holds {r.symset([d for d, _ in petals])}. For each of them, an almost locked set "
             f"(one more {w} than cells) holds it, and every place of it in the set sees {stem}:"]
    for n, (d, als) in enumerate(petals, 1):
        rest = [s for s in als[1] if s != d]
        lines.append(f" {n}. if {stem} is {r.sym(d)}, the set {_als_name(r, als)} has no {r.sym(d)}, so it is locked "
                     f"on {r.symset(rest)}")
    z_text = r.syms_prose(zs)
    if len(zs) == 1:
        tail = (f"so {z_text} lies in one of the sets, and cells seeing every {z_text} of all of them "
                f"lose it: {r.removed(step.eliminations)}.")
    else:
        tail = (f"so each of {z_text} lies in one of the sets, and cells seeing all its places in the sets "
                f"lose it: {r.removed(step.eliminations)}.")
    lines.append(f"Whichever {w} {stem} holds, one set is locked and holds its {z_text}; " + tail)
    return "\n".join(lines)


FIELDS: dict[str, Field] = {
    "stem": lambda r, s: r.cell(s.detail("stem")),
    "stem_cands": lambda r, s: r.symset([d for d, _ in s.detail("petals")]),
    "petal_names": lambda r, s: "; ".join(f"for {r.sym(d)}, {_als_place(r, a)}" for d, a in s.detail("petals")),
    "blossom_text": _blossom_text,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------

def _picture(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    """The stem as the pivot, each petal a numbered set with its symbols, the
    stem's candidate as a restricted common linked to its nearest place in
    the petal, the removed symbols as z."""
    b = Builder(step, state)
    stem = step.detail("stem")
    zs = step.detail("z")
    b.cell_roles((stem,), "pivot")
    for i, (d, (cells, syms, _house)) in enumerate(step.detail("petals")):
        role = numbered("set", i)
        b.cell_roles(cells, role)
        b.cands(cells, zs, "z")
        b.cands(cells, (d,), "rcc")
        b.cands(cells, syms, role)
        b.cands((stem,), (d,), "rcc")
        ends = [c for c in cells if state is None or state.cand[c] >> d & 1]
        if ends:
            end = min(ends, key=lambda c: abs(c // puzzle.size - stem // puzzle.size)
                      + abs(c % puzzle.size - stem % puzzle.size))
            b.link((stem, d), (end, d), strong=False, directed=False)
    return b.done()


MARKERS: dict[str, Marker] = {"death-blossom": _picture}
