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

import weakref
from typing import Any, Iterator, NamedTuple

import attrs

from deduce.cagemath import distinct_support, signed_support
from deduce.geometry import Geometry, bits_of
from deduce.puzzle import Puzzle
from deduce.state import State
from deduce.step import Step
from deduce.strategy import Producer

from .cages import must_differ

MAX_BLOCK_GROUPS = 2000
#: SE-scale difficulty added to a 45-rule sum (3.0) per extra house of the
#: union, and for a one-sided sum used as a derived cage: keeping several
#: houses' cages in mind and then a derived cage's combinations is chain-like
#: work, so three houses with a derived cage reach 6.5, SE's first chains.
MULTI_HOUSE_BONUS = 1.0
DERIVED_CAGE_BONUS = 1.5

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


_EQUATIONS: weakref.WeakKeyDictionary[Puzzle, list[Equation]] = weakref.WeakKeyDictionary()


def equations(puzzle: Puzzle) -> list[Equation]:
    """The static 45-rule equations of a puzzle (cages never change)."""
    eqs = _EQUATIONS.get(puzzle)
    if eqs is None:
        eqs = _build(puzzle)
        _EQUATIONS[puzzle] = eqs
    return eqs


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
    for houses in unions(g):
        union = 0
        for h in houses:
            union |= g.house_masks[h]
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
    out.sort(key=lambda e: (len(e.innies) + len(e.outies), len(e.houses)))
    return out


@attrs.frozen
class InniesOuties(Producer):
    """``InniesOuties("single")``: a one-cell innie or outie fixes a value.
    ``InniesOuties("multi")``: derived cages and innie-outie differences
    prune candidates by their fillings."""

    kind: str = "single"
    CODES = {"single": "innie", "multi": "innies-outies"}

    def find(self, state: State) -> Iterator[Step]:
        puzzle = state.puzzle
        if not puzzle.cages:
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
            details = (("all_innies", eq.innies), ("all_outies", eq.outies), ("equation_target", eq.target),
                       ("inside_cages", eq.inside), ("outie_cages", eq.outie_cages), ("innie_cages", eq.innie_cages),
                       ("innies", tuple(innies)), ("outies", tuple(outies)), ("target", target),
                       ("known", tuple(known)))
            se_bonus = round(0.2 * (len(eq.houses) - 1), 1)
            if unknown == 1:
                if self.kind != "single":
                    continue
                cell = (innies or outies)[0]
                v = target if innies else -target
                if 1 <= v <= n and cand[cell] >> (v - 1) & 1:
                    yield Step(self.technique, placements=[(cell, v - 1)], cells=eq.innies + eq.outies,
                               houses=eq.houses, cages=eq.inside + eq.outie_cages + eq.innie_cages,
                               symbols=[v - 1], details=details, se_bonus=se_bonus)
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
                           details=details + (("fillings", fillings),),
                           se_bonus=round(MULTI_HOUSE_BONUS * (len(eq.houses) - 1)
                                          + (DERIVED_CAGE_BONUS if derived else 0.0), 1))
