"""The 45 rule: innies and outies over unions of houses.

A union of k houses that do not overlap holds every symbol k times, so its
cells add up to ``k * N(N+1)/2`` (``k * 45`` in 9×9).  Cages wholly inside
the union have known sums.  What is left:

* **innies**: cells of the union outside the cages that lie wholly inside
  it (cells of cages sticking out, and uncaged cells);
* **outies**: cells outside the union of the cages that stick out of it.

Each cage sticking out can be counted on either side (its inside cells as
innies, or its sum minus its outside cells), which gives equations
``sum(innies) - sum(outies) = K``.  A one-cell equation fixes a value
(``InniesOuties("single")``); a one-sided one is a *derived cage*, and a
two-sided one a difference, both pruned by their fillings
(``InniesOuties("multi")``).

Unions tried: every run of 1 to N-1 consecutive rows, the same for
columns, every box or region alone, and every connected group of up to N-1
boxes or regions (capped at :data:`MAX_BLOCK_GROUPS` groups for big grids).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator, NamedTuple, Sequence, TypedDict

import attrs

from deduce.cagemath import LinearSum, distinct_support, signed_support
from deduce.geometry import Geometry, bits_of
from deduce.puzzle import Puzzle
from deduce.render.words.prose import Field, house_run, prose, verb
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer
from deduce.tables import table
from deduce.technique import CAGES, EASY, MEDIUM, Technique, row

from .cages import cage_list, fillings_text, must_differ

if TYPE_CHECKING:
    from deduce.render.words import TextRenderer

MAX_BLOCK_GROUPS = 2000

#: Equations with more unsolved cells than this are not searched.
MAX_UNKNOWN = 6
#: ...nor equations whose cells allow more combined candidates than this.
MAX_PRODUCT = 4000


class Equation(NamedTuple):
    houses: tuple[int, ...]
    innies: tuple[int, ...]
    outies: tuple[int, ...]
    #: sum(innies) - sum(outies) = target
    target: int
    inside: tuple[int, ...]       # cages wholly inside the union
    outie_cages: tuple[int, ...]  # cages sticking out, counted on the outie side
    innie_cages: tuple[int, ...]  # cages sticking out, counted on the innie side
    mask: int                     # innies and outies, as a cell mask
    #: constraint sums (index into :func:`constraint_sums`, side): +1 when the sum's plus cells lie in the union
    #: and its minus cells stand in for them, -1 the other way round
    swaps: tuple[tuple[int, int], ...] = ()


def unions(g: Geometry) -> list[tuple[int, ...]]:
    """House sets to apply the 45 rule to, smallest first."""
    n = g.size
    out: list[tuple[int, ...]] = []
    for first in (0, n):
        for k in range(1, n):
            for start in range(n - k + 1):
                out.append(tuple(first + start + i for i in range(k)))
    blocks = list(range(2 * n, 3 * n))
    out.extend((b,) for b in blocks)
    out.extend(_block_groups(g))
    out.sort(key=len)
    return out


def _block_groups(g: Geometry) -> list[tuple[int, ...]]:
    n = g.size
    adj: dict[int, set[int]] = {b: set() for b in range(n)}
    for cell in range(g.ncells):
        r, c = divmod(cell, n)
        for nb in ((r + 1) * n + c if r + 1 < n else -1, r * n + c + 1 if c + 1 < n else -1):
            if nb >= 0 and g.region_of[nb] != g.region_of[cell]:
                a, b = g.region_of[cell], g.region_of[nb]
                adj[a].add(b)
                adj[b].add(a)
    seen: set[frozenset[int]] = set()
    frontier = [frozenset([b]) for b in range(n)]
    groups = []
    for _size in range(2, n):
        nxt = []
        for group in frontier:
            for b in sorted(set().union(*(adj[x] for x in group)) - group):
                grown = group | {b}
                if grown not in seen:
                    seen.add(grown)
                    nxt.append(grown)
                    groups.append(tuple(sorted(2 * n + x for x in grown)))
                    if len(groups) >= MAX_BLOCK_GROUPS:
                        return groups
        frontier = nxt
    return groups


def equations(puzzle: Puzzle) -> list[Equation]:
    """The static 45-rule equations of a puzzle (cages and constraint sums
    never change; a table of :mod:`deduce.tables`, by the puzzle's layout)."""
    return table(("innies_outies.equations", puzzle),
                 lambda: _build(puzzle) if puzzle.cages or constraint_sums(puzzle) else [], big=True)


def constraint_sums(puzzle: Puzzle) -> tuple[LinearSum, ...]:
    """The equations the puzzle's constraints give (an arrow's cells add up to its circle...)."""
    return tuple(s for c in puzzle.constraints for s in c.sums(puzzle))


def union_masks(g: Geometry) -> list[tuple[tuple[int, ...], int]]:
    """:func:`unions` of ``g`` with each union's cell mask (a table of :mod:`deduce.tables`)."""
    return table(("innies_outies.union_masks", g), lambda: _make_union_masks(g))


def _make_union_masks(g: Geometry) -> list[tuple[tuple[int, ...], int]]:
    found = []
    for houses in unions(g):
        union = 0
        for h in houses:
            union |= g.house_masks[h]
        found.append((houses, union))
    return found


def _build(puzzle: Puzzle) -> list[Equation]:
    g = puzzle.geometry
    n = g.size
    house_total = n * (n + 1) // 2
    cage_masks = [c.mask for c in puzzle.cages]
    caged = 0
    for m in cage_masks:
        caged |= m
    out: list[Equation] = []
    seen = set()
    for houses, union in union_masks(g):
        inside, partial = [], []
        for i, m in enumerate(cage_masks):
            inter = m & union
            if inter == m:
                inside.append(i)
            elif inter:
                partial.append(i)
        uncaged = union & ~caged
        base = len(houses) * house_total - sum(puzzle.cages[i].total for i in inside)
        variants = []
        if not uncaged:
            variants.append(tuple(True for _ in partial))  # all outie side
        variants.append(tuple(False for _ in partial))  # all innie side
        variants.append(tuple((cage_masks[i] & ~union).bit_count() < (cage_masks[i] & union).bit_count()
                              for i in partial))
        for sides in variants:
            innies = uncaged
            outies = 0
            target = base
            for i, outie in zip(partial, sides):
                if outie:
                    outies |= cage_masks[i] & ~union
                    target -= puzzle.cages[i].total
                else:
                    innies |= cage_masks[i] & union
            key = (innies, outies)
            if key in seen or not (innies or outies):
                continue
            seen.add(key)
            out.append(Equation(houses, tuple(bits_of(innies)), tuple(bits_of(outies)), target, tuple(inside),
                                tuple(i for i, o in zip(partial, sides) if o),
                                tuple(i for i, o in zip(partial, sides) if not o), innies | outies))
    sums = constraint_sums(puzzle)
    if sums:
        sum_masks = [(_mask(s.plus), _mask(s.minus)) for s in sums]
        for houses, union in union_masks(g):
            _swap_equations(puzzle, houses, union, sums, sum_masks, out, seen)
    out.sort(key=lambda e: (len(e.innies) + len(e.outies), len(e.houses)))
    return out


def _mask(cells: Sequence[int]) -> int:
    out = 0
    for c in cells:
        out |= 1 << c
    return out


#: A union uses at most this many of the constraint sums that fit it, one at a time (and all that fit, together).
MAX_SWAPS = 8


def _swap_equations(puzzle: Puzzle, houses: tuple[int, ...], union: int, sums: Sequence[LinearSum],
                    sum_masks: Sequence[tuple[int, int]], out: list[Equation], seen: set[tuple[int, int]]) -> None:
    """The union's equations with constraint sums standing in: where a sum's plus cells lie in the union and
    its minus cells outside it (an arrow's cells in a box, its circle out), the minus cells replace the plus
    cells (the arrow's circle counts for its cells), and the other way round; then the cages as usual."""
    usable = []
    for i, (pm, nm) in enumerate(sum_masks):
        if pm and pm & union == pm and not nm & union:
            usable.append((i, 1))
        elif nm and nm & union == nm and not pm & union:
            usable.append((i, -1))
    partly = [(i, side) for i, (pm, nm) in enumerate(sum_masks) for side in (1, -1)
              if (pm | nm) & union and (i, 1) not in usable and (i, -1) not in usable]
    if not usable and not partly:
        return
    choices: list[tuple[tuple[int, int], ...]] = [(u,) for u in usable[:MAX_SWAPS] + partly[:MAX_SWAPS]]
    together: list[tuple[int, int]] = []
    used = 0
    for i, side in usable:
        both = sum_masks[i][0] | sum_masks[i][1]
        if not both & used:
            together.append((i, side))
            used |= both
    if len(together) > 1:
        choices.append(tuple(together))
    n = puzzle.size
    for swaps in choices:
        coef = dict.fromkeys(bits_of(union), 1)
        target = len(houses) * n * (n + 1) // 2
        for i, side in swaps:
            for c in sums[i].plus:
                coef[c] = coef.get(c, 0) - side
            for c in sums[i].minus:
                coef[c] = coef.get(c, 0) + side
            target -= side * sums[i].total
        eq = _with_cages(puzzle, houses, coef, target, swaps)
        if eq is not None and eq.mask and (key := (_mask(eq.innies), _mask(eq.outies))) not in seen:
            seen.add(key)
            out.append(eq)


def _with_cages(puzzle: Puzzle, houses: tuple[int, ...], coef: dict[int, int], target: int,
                swaps: tuple[tuple[int, int], ...]) -> Equation | None:
    """The cages wholly among the cells counted once leave them; a cage mostly among them leaves whole (its
    other cells counted as outies).  None when a cell ends up counted twice."""
    positive = _mask([c for c, k in coef.items() if k == 1])
    inside: list[int] = []
    outie_cages: list[int] = []
    innie_cages: list[int] = []
    for i, cage in enumerate(puzzle.cages):
        inter = cage.mask & positive
        if not inter:
            continue
        if inter == cage.mask or 2 * inter.bit_count() > cage.mask.bit_count():
            (inside if inter == cage.mask else outie_cages).append(i)
            for c in bits_of(cage.mask):
                coef[c] = coef.get(c, 0) - 1
            target -= cage.total
        else:
            innie_cages.append(i)
    if any(k not in (-1, 0, 1) for k in coef.values()):
        return None
    innies = tuple(sorted(c for c, k in coef.items() if k == 1))
    outies = tuple(sorted(c for c, k in coef.items() if k == -1))
    return Equation(houses, innies, outies, target, tuple(inside), tuple(outie_cages), tuple(innie_cages),
                    _mask(innies + outies), swaps)


@attrs.frozen
class InniesOuties(Producer):
    """``InniesOuties("single")``: a one-cell innie or outie fixes a value.
    ``InniesOuties("multi")``: derived cages and innie-outie differences
    prune candidates by their fillings."""

    kind: str = "single"
    CODES = {"single": "innie", "multi": "innies-outies"}

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        if not puzzle.cages and not puzzle.constraints:
            return
        n = puzzle.size
        value, cand = state.value, state.cand
        done = set()
        unsolved = 0
        for c, v in enumerate(value):
            if v < 0:
                unsolved |= 1 << c
        single = self.kind == "single"
        for eq in equations(puzzle):
            count = (eq.mask & unsolved).bit_count()
            if (count != 1) if single else not 2 <= count <= MAX_UNKNOWN:
                continue
            known = []
            target = eq.target
            innies, outies = [], []
            for c in eq.innies:
                if value[c] >= 0:
                    target -= value[c] + 1
                    known.append((c, value[c]))
                else:
                    innies.append(c)
            for c in eq.outies:
                if value[c] >= 0:
                    target += value[c] + 1
                    known.append((c, value[c]))
                else:
                    outies.append(c)
            unknown = len(innies) + len(outies)
            if unknown == 0 or (tuple(innies), tuple(outies), target) in done:
                continue
            done.add((tuple(innies), tuple(outies), target))
            details: tuple[tuple[str, Any], ...]
            details = (("all_innies", eq.innies), ("all_outies", eq.outies), ("equation_target", eq.target),
                       ("inside_cages", eq.inside), ("outie_cages", eq.outie_cages), ("innie_cages", eq.innie_cages),
                       ("innies", tuple(innies)), ("outies", tuple(outies)), ("target", target),
                       ("known", tuple(known)))
            if eq.swaps:
                sums = constraint_sums(puzzle)
                details += (("swaps", tuple((sums[i].what, sums[i].plus, sums[i].minus, sums[i].total, side)
                                            for i, side in eq.swaps)),)
            if unknown == 1:
                if self.kind != "single":
                    continue
                cell = (innies or outies)[0]
                v = target if innies else -target
                if 1 <= v <= n and cand[cell] >> (v - 1) & 1:
                    yield Step(self.technique, placements=[(cell, v - 1)], cells=eq.innies + eq.outies,
                               houses=eq.houses, cages=eq.inside + eq.outie_cages + eq.innie_cages,
                               symbols=[v - 1], details=details)
                continue
            if self.kind != "multi" or unknown > MAX_UNKNOWN:
                continue
            cells = tuple(innies + outies)
            signs = (1,) * len(innies) + (-1,) * len(outies)
            masks = tuple(cand[c] for c in cells)
            differ = must_differ(puzzle, cells)
            if not outies and all(differ[i][j] for i in range(len(cells)) for j in range(len(cells)) if i != j):
                res2 = distinct_support(target, masks, n)  # a derived cage of distinct digits
                res: tuple[tuple[int, ...], tuple[Any, ...]] | None = None if res2 is None else (res2[0], res2[1])
            else:
                product = 1
                for m in masks:
                    product *= m.bit_count()
                if product > MAX_PRODUCT:
                    continue  # too open to say anything cheaply; skipping is always sound
                res = signed_support(cells, signs, target, masks, differ)
            if res is None or not res[1]:
                continue  # a contradiction (engine reports it), or too big to search
            support, fillings = res
            elims = [(c, s) for c, sup in zip(cells, support) for s in bits_of(cand[c] & ~sup)]
            if elims:
                derived = not innies or not outies
                yield Step(self.technique, eliminations=elims, cells=eq.innies + eq.outies, houses=eq.houses,
                           cages=eq.inside + eq.outie_cages + eq.innie_cages, symbols=sorted({s for _, s in elims}),
                           variant="derived-cage" if derived else "difference",
                           details=details + (("fillings", fillings),))


# -- the table's rows ------------------------------------------------------------

#: This family's rows of the technique table (see :func:`deduce.technique.row`).
ROWS: tuple[Technique, ...] = (
    row(90, "innie", "Innie/outie", CAGES, 1.3, 20, EASY, "",
        "The 45 rule on one house leaves a single cell whose value follows from the sums.",
        rating_note="A one-cell innie or outie is a hidden-single-level observation (1.2) plus one "
                    "subtraction: 1.3, whatever the number of houses (a step rates what its row says)."),
    row(140, "innies-outies", "45 rule (derived sum)", CAGES, 3.0, 60, MEDIUM, "",
        "Houses hold known totals; the cages inside them fix the sum of the cells left over (innies) "
        "or sticking out (outies).",
        rating_note="A sum over houses with several innies/outies, pruned by its combinations: like a naked "
                    "pair (3.0), whatever the number of houses, as a derived cage or a difference (a step rates "
                    "what its row says: no bonus per house, so a killer's ER stays with its level; see the killer "
                    "calibration in docs/ratings.md)."),
)

#: Other names of this family's techniques (see :data:`deduce.technique_table.NAMES`).
NAMES: dict[str, tuple[str, ...]] = {
    "45 rule": ("innie", "innies-outies"),
    "Innies and outies": ("innie", "innies-outies"),
    "Innies outies": ("innie", "innies-outies"),
    "Rule of 45": ("innie", "innies-outies"),
}


# -- words (see :mod:`deduce.render.words`) -----------------------------------------


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
    #: constraint sums standing in (see :func:`constraint_sums`): (what, plus cells, minus cells, total, side),
    #: side +1 when the minus cells count in place of the plus cells, -1 the other way round
    swaps: tuple[tuple[str, tuple[int, ...], tuple[int, ...], int, int], ...]


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
    if step.detail("swaps", ()):
        return _swapped_rule45(r, step)
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


def _sum_said(r: TextRenderer, plus: Sequence[int], minus: Sequence[int], total: int) -> str:
    """``r4c4 + r4c5 = r5c5``, ``r1c1 + r2c2 + r3c3 = 15``."""
    right = " + ".join([r.cell(c) for c in minus] + ([str(total)] if total or not minus else []))
    return f"{_plus(r, plus)} = {right}"


def _swapped_rule45(r: TextRenderer, step: Step) -> str:
    """The 45 rule with constraint sums standing in: "Row 1 holds 45. The arrow from r2c5 says r1c4 + r1c5 =
    r2c5, so r2c5 counts in place of r1c4 and r1c5. ..."."""
    p = r.puzzle
    n = p.size
    houses = step.houses
    total = len(houses) * n * (n + 1) // 2
    name = union_name(r, houses)
    parts = [f"{name} holds {total}." if len(houses) == 1 else f"{name} hold {total}."]
    union = 0
    for h in houses:
        union |= p.geometry.house_masks[h]
    for what, plus, minus, sum_total, side in step.detail("swaps"):
        said = _sum_said(r, plus, minus, sum_total)
        out_cells, in_cells = (minus, plus) if side > 0 else (plus, minus)
        inner = [c for c in in_cells if union >> c & 1]
        rest = [c for c in in_cells if not union >> c & 1]
        if not rest:
            stand = (f"{r.cells(out_cells)} {verb(len(out_cells), 'counts', 'count')}" if out_cells
                     else f"its total {sum_total} counts")
            parts.append(f"The {what} says {said}, so {stand} in place of {r.cells(in_cells)}.")
            continue
        shift = sum_total if side > 0 else -sum_total
        right = " + ".join(r.cell(c) for c in out_cells) or "0"
        right += (f" + {shift}" if shift > 0 else f" - {-shift}" if shift else "")
        right += "".join(f" - {r.cell(c)}" for c in rest)
        parts.append(f"The {what} says {said}, so {_plus(r, inner)} = {right}.")
    taken = list(step.detail("inside_cages", ())) + list(step.detail("outie_cages", ()))
    if taken:
        sums = [p.cages[i].total for i in taken]
        parts.append(f"Take out {cage_list(r, taken)}, adding up to {_sum_terms(sums)}.")
    all_in, all_out = step.detail("all_innies"), step.detail("all_outies")
    parts.append(f"What is left: {_side(r, all_in, all_out)} = {step.detail('equation_target')}.")
    innies, outies = step.detail("innies"), step.detail("outies")
    target = step.detail("target")
    known = dict(step.detail("known", ()))
    if known:
        held = prose([f"{r.cell(c)} = {v + 1}" for c, v in known.items()])
        parts.append(f"With {held} already placed, {_side(r, innies, outies) if innies else _plus(r, outies)} = "
                     f"{target if innies else -target}.")
    if step.placements:
        cell, sym = step.placements[0]
        parts.append(f"So {r.cell(cell)} = {r.sym(sym)}.")
        return " ".join(parts)
    fill_text, count = fillings_text(r, step)
    if step.variant == "derived-cage":
        parts.append(f"With what is left in these cells it can be {fill_text}.")
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
