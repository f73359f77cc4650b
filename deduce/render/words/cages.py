"""Words for killer cages: cage single, cage combinations, cage pointing."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from .prose import Field, by_cell, capitalize, prose

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


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


DETAILS: dict[str, type] = {"cage-single": CageSingleDetails, "cage-combo": CageComboDetails,
                            "cage-pointing": CageComboDetails}

TEMPLATES = {
    "cage-single": (
        "Look at the last empty cell of {cage}.",
        "{Cage} has one empty cell, {pcell}.",
        "{Cage} has one empty cell, {pcell}; the others add up to {cage_rest}, so {pcell} = {cage_total} - "
        "{cage_rest} = {sym}.",
    ),
    "cage-combo": (
        "Look at the combinations of {cage}.",
        "Which sets of {word}s add up to {cage_total} in {cage}?",
        "{Cage} has {cage_size} cells: {combos}{forced}. {combo_result}",
    ),
    "cage-pointing": (
        "Look for a {word} that {cage} must contain.",
        "{Cage} has {cage_size} cells and can be {combo_list}. Which {word} is in all of them?",
        "{Cage} has {cage_size} cells: {combos}{forced}. {sym} is in every combination, and its places in the cage "
        "({cells}) all lie in {house}, so {sym} is removed from the rest of {house}: {elim_cells}.",
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
            from ...cagemath import value_range_text
            what = value_range_text([s + 1 for s in syms])
        else:
            what = prose([r.sym(s) for s in syms])
        return f"So {what} {'is' if len(syms) == 1 else 'are'} removed from {r.cells(sorted(cells))}."
    return f"So: {r.removed(step.eliminations)}."


FIELDS: dict[str, Field] = {
    "cage": _cage,
    "Cage": lambda r, s: capitalize(_cage(r, s)),
    "cage_total": lambda r, s: r.puzzle.cages[s.cages[0]].total,
    "cage_size": lambda r, s: len(r.puzzle.cages[s.cages[0]].cells),
    "cage_rest": lambda r, s: s.detail("rest"),
    "pcell": lambda r, s: r.cell(s.placements[0][0]),
    "combos": _combos,
    "combo_list": lambda r, s: fillings_text(r, s)[0],
    "forced": _forced,
    "combo_result": _combo_result,
}
