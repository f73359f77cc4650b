"""Words for the 45 rule: innies, outies, derived cages and differences.

The arithmetic is shown in one line, the cages are named (first cell and
sum), and every cell the sum leaves over is called what it is: an innie
(inside the houses, outside the cages wholly inside them) or an outie
(outside the houses, in a cage sticking out of them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence, TypedDict

from ...puzzle import Puzzle
from .cages import cage_list, fillings_text
from .prose import Field, house_run, prose, verb

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class InnieDetails(TypedDict, total=False):
    #: every innie and outie of the equation sum(innies) - sum(outies) = equation_target
    all_innies: tuple[int, ...]
    all_outies: tuple[int, ...]
    equation_target: int
    #: cages wholly inside the houses
    inside_cages: tuple[int, ...]
    #: cages sticking out, counted whole (their outside cells are outies)
    outie_cages: tuple[int, ...]
    #: cages sticking out, left out of the sum (their inside cells are innies)
    innie_cages: tuple[int, ...]
    #: the innies and outies still empty, and the equation's target once the placed ones are known
    innies: tuple[int, ...]
    outies: tuple[int, ...]
    target: int
    #: (cell, value) of the innies and outies already placed
    known: tuple[tuple[int, int], ...]
    #: derived cages and differences: the combinations still possible
    fillings: tuple[Any, ...]


DETAILS: dict[str, type] = {"innie": InnieDetails, "innies-outies": InnieDetails}

_RULE = (
    "Try the 45 rule on {union}.",
    "Add up the cages covering {union}.",
    "45 rule on {union}: {rule45}",
)
TEMPLATES = {"innie": _RULE, "innies-outies": _RULE}


def union_name(r: TextRenderer, houses: Sequence[int]) -> str:
    """``rows 1-2``, ``boxes 3 and 6``, ``row 9 and column 1``."""
    g = r.g
    if len({g.house_kind(h) for h in houses}) == 1:
        return house_run(r, list(houses))
    return prose([r.house(h) for h in houses])


def _sum_terms(values: Sequence[int]) -> str:
    if len(values) == 1:
        return str(values[0])
    if len(values) > 9:
        return str(sum(values))
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


def _arith(terms: Sequence[int]) -> str:
    """``10 - 8 = 2`` from the signed terms 10, -8."""
    text = str(terms[0])
    for t in terms[1:]:
        text += f" - {-t}" if t < 0 else f" + {t}"
    return f"{text} = {sum(terms)}" if len(terms) > 1 else text


def _plus(r: TextRenderer, cells: Sequence[int]) -> str:
    return " + ".join(r.cell(c) for c in cells)


def _side(r: TextRenderer, innies: Sequence[int], outies: Sequence[int]) -> str:
    """``r1c1 + r1c2``, ``r9c6 - r6c2``, or (outies only) ``r5c7 + r6c7``."""
    if not innies:
        return _plus(r, outies)
    text = _plus(r, innies)
    return text + "".join(f" - {r.cell(c)}" for c in outies)


def _name_role(r: TextRenderer, cells: Sequence[int], role: str) -> str:
    return f"{r.cells(cells)} ({'the ' + role if len(cells) == 1 else 'the ' + role + 's'})"


def _rule45(r: TextRenderer, step: Step) -> str:
    p = r.puzzle
    n = p.size
    house_total = n * (n + 1) // 2
    houses = step.houses
    k = len(houses)
    total = k * house_total
    name = union_name(r, houses)
    it = "it" if k == 1 else "them"
    all_in, all_out = step.detail("all_innies"), step.detail("all_outies")
    inside, outside = step.detail("inside_cages"), step.detail("outie_cages")
    left_out = step.detail("innie_cages", ())
    inside_sums = [p.cages[i].total for i in inside]
    outside_sums = [p.cages[i].total for i in outside]
    parts = [f"{name} holds {total}." if k == 1 else f"{name} hold {k} × {house_total} = {total}."]
    if all_out and not all_in:
        covering = list(inside) + list(outside)
        s = sum(inside_sums) + sum(outside_sums)
        stick = (f"one of them, {cage_list(r, outside)}, also covers" if len(outside) == 1
                 else f"{len(outside)} of them, {cage_list(r, outside)}, also cover")
        parts.append(f"The cages covering {name}, {cage_list(r, covering)}, add up to "
                     f"{_sum_terms(inside_sums + outside_sums)}, and {stick} {_name_role(r, all_out, 'outie')}, "
                     f"outside {it}. So {_plus(r, all_out)} = {s} - {total} = {s - total}.")
        shown = s - total
    elif all_in and not all_out:
        s_in = sum(inside_sums)
        innies = _name_role(r, all_in, "innie")
        if inside:
            why = f"outside those cages{' (' + cage_list(r, left_out) + ' sticks out)' if len(left_out) == 1 else ''}"
            parts.append(f"The cages wholly inside {it}, {cage_list(r, inside)}, add up to {_sum_terms(inside_sums)}, "
                         f"so the cells {why}, {innies}, add up to {total} - {s_in} = {total - s_in}.")
        else:
            parts.append(f"No cage lies wholly inside {it}, so {innies} add up to {total}.")
        shown = total - s_in
    else:
        s_in, s_out = sum(inside_sums), sum(outside_sums)
        inner = (f"The cages wholly inside {it}, {cage_list(r, inside)}, add up to {s_in}" if inside
                 else f"No cage lies wholly inside {it}")
        parts.append(f"{inner}; {cage_list(r, outside)} {verb(len(outside), 'sticks', 'stick')} out of {it} and "
                     f"{verb(len(outside), 'adds', 'add')} {s_out}, with {_name_role(r, all_out, 'outie')} "
                     f"outside. {r.cells(all_in)} {verb(len(all_in), 'is', 'are')} in {name} but in "
                     f"none of those cages ({'the innie' if len(all_in) == 1 else 'the innies'}"
                     f"{'; ' + cage_list(r, left_out) + ' is left out' if len(left_out) == 1 else ''}). "
                     f"So {_side(r, all_in, all_out)} = {total} - {s_in} - {s_out} = {total - s_in - s_out}.")
        shown = total - s_in - s_out
    innies, outies = step.detail("innies"), step.detail("outies")
    target = step.detail("target")
    known = dict(step.detail("known", ()))
    if step.placements:
        if known:
            parts.append(_known_placement(r, step, all_in, all_out, known, shown))
        cell, sym = step.placements[0]
        if f"{r.cell(cell)} = " not in parts[-1]:
            parts.append(f"So {r.cell(cell)} = {r.sym(sym)}.")
        return " ".join(parts)
    if known:
        held = prose([f"{r.cell(c)} = {v + 1}" for c, v in known.items()])
        parts.append(f"With {held} already placed, {_side(r, innies, outies)} = {target if innies else -target}.")
    fill_text, count = fillings_text(r, step)
    if step.variant == "derived-cage":
        cells = innies or outies
        parts.append(f"{_plus(r, cells)} = {abs(target)} acts as a new {len(cells)}-cell cage"
                     f"{'' if _all_see(p, cells) else ' (cells that do not see each other may repeat)'}; "
                     f"with what is left in its cells it can be {fill_text}.")
    else:
        parts.append(f"With what is left in these cells, only {count} way{'s' if count != 1 else ''} fit.")
    parts.append(f"So: {r.removed(step.eliminations)}.")
    return " ".join(parts)


def _known_placement(r: TextRenderer, step: Step, all_in: Sequence[int], all_out: Sequence[int],
                     known: dict[int, int], shown: int) -> str:
    """``With r5c2 = 8 already placed, r5c7 = 10 - 8 = 2.``: the one unknown from the sum just shown."""
    cell = step.placements[0][0]
    held = prose([f"{r.cell(c)} = {v + 1}" for c, v in known.items()])
    if not all_in or not all_out:
        terms = [shown] + [-(known[c] + 1) for c in (all_in or all_out) if c in known]
    elif cell in all_in:  # innie = shown - other innies + outies
        terms = [shown] + [-(known[c] + 1) for c in all_in if c in known] + [known[c] + 1 for c in all_out]
    else:  # outie = innies - other outies - shown
        terms = [known[c] + 1 for c in all_in] + [-(known[c] + 1) for c in all_out if c in known] + [-shown]
    terms = [t for t in terms if t] or [0]
    return f"With {held} already placed, {r.cell(cell)} = {_arith(terms)}."


def _all_see(p: Puzzle, cells: Sequence[int]) -> bool:
    return all(p.peer_masks[a] >> b & 1 for a in cells for b in cells if a != b)


FIELDS: dict[str, Field] = {
    "union": lambda r, s: union_name(r, s.houses),
    "rule45": _rule45,
}
