"""Killer cages: the last cell of a cage, cage combinations, cage pointing.

A cage's *fillings* are the ways to give its cells values from their
candidates that add up to its sum (all different, unless the cage is
sum-only, where only peers must differ).  Candidates in no filling go
(cage combinations); a value in every filling whose places in the cage lie
in one house leaves the rest of that house (cage pointing).

A house can also force a cage: when the only places of a symbol in a house
all lie in one distinct-digit cage, the cage must contain that symbol.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, TypedDict

import attrs

from deduce.cagemath import distinct_support, signed_support
from deduce.geometry import bits_of
from deduce.puzzle import Cage, Puzzle
from deduce.render.marks import Builder, Marks
from deduce.render.words.prose import Field, by_cell, capitalize, prose
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.technique import CAGES, EASY, MEDIUM, Technique, row

if TYPE_CHECKING:
    from deduce.puzzle import Puzzle
    from deduce.render.marks import Marker
    from deduce.render.words import TextRenderer


def cage_masks(state: State, cage: Cage) -> tuple[int, ...]:
    return tuple(state.cand[c] for c in cage.cells)


def forced_symbols(state: State, cage: Cage) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Symbols the cage must contain because some house has its only
    places for them inside the cage: (mask, ((symbol, house), ...))."""
    g = state.puzzle.geometry
    cmask = cage.mask
    forced = 0
    why = []
    places_of = state.symbol_masks()   # per symbol, its unsolved places (a symbol placed in a house has none there)
    houses = sorted({h for c in cage.cells for h in g.cell_houses[c]})
    for h in houses:
        hmask = g.house_masks[h]
        if hmask & cmask == 0:
            continue
        for sym, places in enumerate(places_of):
            places &= hmask
            if places and not places & ~cmask and not forced >> sym & 1:
                forced |= 1 << sym
                why.append((sym, h))
    return forced, tuple(why)


def must_differ(puzzle: Puzzle, cells: tuple[int, ...]) -> tuple[tuple[bool, ...], ...]:
    peers = puzzle.peer_masks
    return tuple(tuple(i != j and bool(peers[a] >> b & 1) for j, b in enumerate(cells)) for i, a in enumerate(cells))


def cage_fillings(state: State, index: int) -> tuple[tuple[int, ...], tuple, int, tuple] | None:
    """(support per cell, fillings, forced mask, forced reasons) of cage ``index``.

    Fillings are value masks for distinct cages, value tuples for sum-only ones.
    """
    puzzle = state.puzzle
    cage = puzzle.cages[index]
    masks = cage_masks(state, cage)
    if cage.repeats:
        res = signed_support(cage.cells, (1,) * len(cage.cells), cage.total, masks, must_differ(puzzle, cage.cells))
        if res is None:
            return None
        return res[0], res[1], 0, ()
    forced, why = forced_symbols(state, cage)
    res2 = distinct_support(cage.total, masks, puzzle.size, forced)
    if res2 is None:
        return None
    return res2[0], res2[1], forced, why


@attrs.frozen
class CageSingle(Producer):
    """The last empty cell of a cage takes what completes the sum."""

    CODE = "cage-single"

    def find(self, state: State) -> Iterator[Step]:
        value = state.value
        for i, cage in enumerate(state.puzzle.cages):
            empty = [c for c in cage.cells if value[c] < 0]
            if len(empty) != 1:
                continue
            rest = sum(value[c] + 1 for c in cage.cells if value[c] >= 0)
            v = cage.total - rest
            cell = empty[0]
            if 1 <= v <= state.puzzle.size and state.cand[cell] >> (v - 1) & 1:
                yield Step(self.technique, placements=[(cell, v - 1)], cells=cage.cells, cages=[i],
                           symbols=[v - 1], details=(("rest", rest),))


@attrs.frozen
class CageCombinations(Producer):
    """``CageCombinations("combinations")``: candidates in no filling of a
    cage are removed.  ``CageCombinations("pointing")``: a value in every
    filling whose places in the cage lie in one house leaves that house's
    other cells."""

    kind: str = "combinations"
    CODES = {"combinations": "cage-combo", "pointing": "cage-pointing"}

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        order = sorted(range(len(puzzle.cages)), key=lambda i: (len(puzzle.cages[i].cells), i))
        for i in order:
            cage = puzzle.cages[i]
            if all(state.value[c] >= 0 for c in cage.cells):
                continue
            res = cage_fillings(state, i)
            if res is None:
                continue  # a contradiction; the engine reports it
            support, fillings, _forced, why = res
            details = (("fillings", fillings), ("forced", why), ("repeats", cage.repeats))
            if self.kind == "combinations":
                elims = [(c, s) for c, sup in zip(cage.cells, support) if state.value[c] < 0
                         for s in bits_of(state.cand[c] & ~sup)]
                if elims:
                    yield Step(self.technique, eliminations=elims, cells=cage.cells, cages=[i],
                               symbols=sorted({s for _, s in elims}), details=details)
                continue
            yield from self._pointing(state, i, support, fillings, details)

    def _pointing(self, state: State, index: int, support: tuple[int, ...], fillings: tuple,
                  details: tuple) -> Iterator[Step]:
        puzzle = state.puzzle
        g = puzzle.geometry
        cage = puzzle.cages[index]
        if not fillings:
            return
        if cage.repeats:
            common = ~0
            for f in fillings:
                m = 0
                for v in f:
                    m |= 1 << (v - 1)
                common &= m
        else:
            common = ~0
            for f in fillings:
                common &= f
        common &= (1 << puzzle.size) - 1
        pointing: list[tuple[int, int, tuple[int, ...], tuple[int, ...]]] = []
        for s in bits_of(common):
            places = tuple(c for c, sup in zip(cage.cells, support) if sup >> s & 1)
            if any(state.value[c] == s for c in places):
                continue  # already placed: its peers lost it then
            for h in g.common_houses(*places):
                removed = tuple(c for c in g.houses[h]
                                if c not in cage.cells and state.value[c] < 0 and state.cand[c] >> s & 1)
                if removed:
                    pointing.append((s, h, places, removed))
        if pointing:
            # one step per cage: every symbol its combinations lock into one house, at once
            eliminations = sorted({(c, s) for s, _, _, removed in pointing for c in removed})
            yield Step(self.technique, eliminations=eliminations,
                       cells=sorted({c for _, _, places, _ in pointing for c in places}),
                       houses=list(dict.fromkeys(h for _, h, _, _ in pointing)), cages=[index],
                       symbols=sorted({s for s, _, _, _ in pointing}),
                       details=(*details, ("pointing", tuple(pointing))))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(80, "cage-single", "Cage single", CAGES, 1.0, 4, EASY, "",
        "The last empty cell of a cage takes the value that completes its sum.",
        rating_note="Arithmetic on one cage with one empty cell; as easy as a full house (1.0)."),
    row(120, "cage-combo", "Cage combinations", CAGES, 2.4, 40, EASY, "",
        "Only some sets of symbols add up to a cage's sum; candidates in none of them are removed.",
        rating_note="Looking up a cage's combinations is the killer solver's basic move, between a naked single "
                    "(2.3) and pointing (2.6): 2.4."),
    row(130, "cage-pointing", "Cage pointing", CAGES, 2.7, 50, MEDIUM, "",
        "A symbol every combination of a cage needs lies, within the cage, in one house; "
        "it is removed from the rest of that house.",
        rating_note="A locked-candidates argument whose lock comes from a cage: pointing (2.6) plus 0.1."),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "Cage combination": ("cage-combo",),
    "Killer combinations": ("cage-combo",),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


class CageSingleDetails(TypedDict):
    #: the sum of the cage's other (placed) cells
    rest: int


class CageComboDetails(TypedDict):
    #: the combinations still possible: value sets (1-based) or symbol bitmasks
    fillings: tuple[Any, ...]
    #: (symbol, house) where a house has its only places for a symbol inside the cage
    forced: tuple[tuple[int, int], ...]
    #: whether the cage allows repeated symbols
    repeats: bool


class CagePointingDetails(CageComboDetails):
    #: per symbol in every combination whose places in the cage lie in one house: (symbol, house, its places
    #: in the cage, the cells of the house outside the cage that lose it)
    pointing: tuple[tuple[int, int, tuple[int, ...], tuple[int, ...]], ...]


DETAILS: dict[str, type] = {"cage-single": CageSingleDetails, "cage-combo": CageComboDetails,
                            "cage-pointing": CagePointingDetails}

TEMPLATES = {
    "cage-single": (
        "Look at the last empty cell of {cage}.",
        "{Cage} {cage_empty}.",
        "{Cage} {cage_arithmetic}.",
    ),
    "cage-combo": (
        "Look at the combinations of {cage}.",
        "Which sets of {word}s add up to {cage_total} in {cage}?",
        "{Cage} has {cage_size} cells: {combos}{forced}. {combo_result}",
    ),
    "cage-pointing": (
        "Look for a {word} that {cage} must contain.",
        "{Cage} has {cage_size} cells and can be {combo_list}. Which {word} is in all of them?",
        "{Cage} has {cage_size} cells: {combos}{forced}. {pointing_text}",
    ),
}


def cage_list(r: TextRenderer, cages: tuple[int, ...] | list[int]) -> str:
    """``cage r1c1 (11)``, ``cages r1c1 (11), r2c3 (9) and r4c4 (17)``."""
    names = [r.cage(i) for i in cages]
    if len(names) == 1:
        return names[0]
    return "cages " + prose([n.removeprefix("cage ") for n in names])


def fillings_text(r: TextRenderer, step: Step, limit: int = 6) -> tuple[str, int]:
    fillings = step.detail("fillings", ())
    sets = []
    for f in fillings:
        if isinstance(f, int):
            sets.append("{" + ",".join(r.sym(s) for s in range(f.bit_length()) if f >> s & 1) + "}")
        else:
            sets.append("{" + ",".join(r.sym(v - 1) for v in sorted(f)) + "}")
    sets = list(dict.fromkeys(sets))
    if len(sets) > limit:
        return f"one of {len(sets)} combinations ({', '.join(sets[:3])}, ...)", len(sets)
    return prose(sets, "or"), len(sets)


def _cage(r: TextRenderer, step: Step) -> str:
    return r.cage(step.cages[0])


def _combos(r: TextRenderer, step: Step) -> str:
    cage = r.puzzle.cages[step.cages[0]]
    text, count = fillings_text(r, step)
    kind = "" if not cage.repeats else " (digits may repeat)" if r.puzzle.is_digits else " (symbols may repeat)"
    if count == 1:
        return f"only {text} adds up to {cage.total}{kind}"
    return f"with what is left in its cells, it can be {text}{kind}"


def _forced(r: TextRenderer, step: Step) -> str:
    why = step.detail("forced", ())
    if not why:
        return ""
    parts = [f"{r.house(h)} has its only {r.sym(s)}s inside the cage" for s, h in why]
    return " (" + "; ".join(parts) + ")"


def _combo_result(r: TextRenderer, step: Step) -> str:
    cells = by_cell(step.eliminations)
    sets = {frozenset(v) for v in cells.values()}
    if len(sets) == 1:
        syms = sorted(next(iter(sets)))
        if r.puzzle.is_digits:
            from deduce.cagemath import value_range_text
            what = value_range_text([s + 1 for s in syms])
        else:
            what = prose([r.sym(s) for s in syms])
        return f"So {what} {'is' if len(syms) == 1 else 'are'} removed from {r.cells(sorted(cells))}."
    return f"So: {r.removed(step.eliminations)}."


def _pointing_text(r: TextRenderer, step: Step) -> str:
    """Each symbol the cage's combinations lock into one house, a sentence each."""
    by_symbol: dict[tuple[int, tuple[int, ...]], list[tuple[int, tuple[int, ...]]]] = {}
    for s, h, places, removed in step.detail("pointing", ()):
        by_symbol.setdefault((s, tuple(places)), []).append((h, tuple(removed)))
    out = []
    for (s, places), houses in by_symbol.items():
        sym = r.sym(s)
        where = prose([r.house(h) for h, _ in houses])
        gone = r.cells(sorted({c for _, removed in houses for c in removed}))
        rest = f"the rest of {where}: {gone}" if len(houses) == 1 else f"the rest of each: {gone}"
        out.append(f"{sym} is in every combination, and its places in the cage ({r.cells(places)}) all lie in "
                   f"{where}, so {sym} is removed from {rest}.")
    return " ".join(out)


def _one_cell(r: TextRenderer, step: Step) -> bool:
    return len(r.puzzle.cages[step.cages[0]].cells) == 1


FIELDS: dict[str, Field] = {
    "pointing_text": _pointing_text,
    "cage": _cage,
    "Cage": lambda r, s: capitalize(_cage(r, s)),
    "cage_total": lambda r, s: r.puzzle.cages[s.cages[0]].total,
    "cage_size": lambda r, s: len(r.puzzle.cages[s.cages[0]].cells),
    # a one-cell cage is simply its total; a larger one is its total less the others
    "cage_empty": lambda r, s: (f"is one cell, {r.cell(s.placements[0][0])}" if _one_cell(r, s) else
                                f"has one empty cell, {r.cell(s.placements[0][0])}"),
    "cage_arithmetic": lambda r, s: (
        f"is one cell, so it holds the cage's total: {r.cell(s.placements[0][0])} = {r.sym(s.placements[0][1])}"
        if _one_cell(r, s) else
        f"has one empty cell, {r.cell(s.placements[0][0])}; the others add up to {s.detail('rest')}, so "
        f"{r.cell(s.placements[0][0])} = "
        f"{r.puzzle.cages[s.cages[0]].total} - {s.detail('rest')} = {r.sym(s.placements[0][1])}"),
    "combos": _combos,
    "combo_list": lambda r, s: fillings_text(r, s)[0],
    "forced": _forced,
    "combo_result": _combo_result,
}


# -- the picture (see :mod:`deduce.render.marks`) -----------------------------------


def _cages(step: Step, puzzle: Puzzle, state: State | None) -> Marks:
    b = Builder(step, state)
    if step.detail("equation_target") is not None:  # 45 rule: innies and outies of a union of houses
        b.cell_roles(step.detail("innies", step.detail("all_innies", ())), "innie")
        b.cell_roles(step.detail("outies", step.detail("all_outies", ())), "outie")
        b.house_roles(step.houses, "house")
        b.cage_roles(step.detail("inside_cages", ()), "cage")
        b.cage_roles(tuple(step.detail("outie_cages", ())) + tuple(step.detail("innie_cages", ())), "cage-out")
        b.cage_roles(step.cages, "cage")
        return b.done()
    b.cage_roles(step.cages, "cage")
    b.cell_roles(step.cells, "pattern")
    b.cands(step.cells, step.symbols, "pattern")
    b.house_roles(step.houses, "house")
    return b.done()


MARKERS: dict[str, Marker] = {"cages": _cages}
