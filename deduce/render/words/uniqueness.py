"""Words for uniqueness: unique rectangles 1-6, hidden and avoidable
rectangles, unique loops, BUG+1 and BUG types 2-4.  Each states its
assumption: the puzzle has a unique solution."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, capitalize, prose, verb, word

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class RectangleDetails(TypedDict, total=False):
    #: the rectangle's (or loop's) cells
    corners: tuple[int, ...]
    #: the two symbols of the deadly pattern
    pair: tuple[int, int]
    #: the corners holding more than the pair
    roof: tuple[int, ...]
    #: types 2 and 5: the one extra symbol of the roof
    extra: int
    #: types 3: the cells that make a naked set with the roof's extras...
    subset: tuple[int, ...]
    #: ...and that set's symbols
    subset_symbols: tuple[int, ...]
    #: types 4 and 6: the pair's symbol locked in the rectangle's corners of a house
    locked: int


class HiddenRectangleDetails(TypedDict):
    corners: tuple[int, ...]
    pair: tuple[int, int]
    #: the corner holding only the pair
    floor: int
    #: the corner diagonal to it, which loses a symbol
    far: int
    #: the pair's symbol that the rectangle's row and column hold only in its corners
    locked: int


class AvoidableRectangleDetails(TypedDict, total=False):
    corners: tuple[int, ...]
    #: corners the solver placed (none was given)
    placed: tuple[int, ...]
    #: corners still empty
    free: tuple[int, ...]
    #: type 2: the free corners' one other candidate
    extra: int


class BugDetails(TypedDict, total=False):
    #: (cell, its extra candidates) for each cell holding more than two
    extras: tuple[tuple[int, tuple[int, ...]], ...]
    #: type 3: the cells making a naked set with the extras, and its symbols
    subset: tuple[int, ...]
    subset_symbols: tuple[int, ...]
    #: type 4: the symbol the two cells share, locked in them
    locked: int


class BugPlusOneDetails(TypedDict):
    """The cell, its houses and the symbol say everything."""


UR_CODES = tuple(f"ur{k}" for k in (1, 2, 3, 4, 5, 6))

DETAILS: dict[str, type] = {
    **{code: RectangleDetails for code in UR_CODES}, "unique-loop": RectangleDetails,
    "hidden-rectangle": HiddenRectangleDetails, "avoidable-rectangle": AvoidableRectangleDetails,
    "bug+1": BugPlusOneDetails, "bug2": BugDetails, "bug3": BugDetails, "bug4": BugDetails,
}

TEMPLATES = {
    **{code: (
        "Look for a unique rectangle on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}.",
        "This puzzle has a unique solution, so {ur_corners} cannot be left holding only {ur_pair}: "
        "the two {word}s could be swapped. {ur_reason}",
    ) for code in UR_CODES},
    "hidden-rectangle": (
        "Look for a hidden rectangle on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}; {floor_cell} holds nothing else.",
        "This puzzle has a unique solution, so {ur_corners} cannot be left holding only {ur_pair}. {floor_cell} "
        "holds only {ur_pair}, and in {houses_all}, {locked_sym} can only go in the rectangle. If {far_cell} were "
        "{other_sym}, {locked_sym} would fill the two corners beside it, {floor_cell} would be {other_sym}, and "
        "the four corners would hold only {ur_pair}. So {far_cell} is not {other_sym}: {removed}.",
    ),
    "avoidable-rectangle": (
        "Look for an avoidable rectangle: solved cells that were not given.",
        "{ur_corners}: which of them were given?",
        "{ar_text}",
    ),
    "unique-loop": (
        "Look for a unique loop on {ur_pair}.",
        "{ur_corners} all hold {ur_pair}, two in every house they touch.",
        "This puzzle has a unique solution, so {ur_corners}, which hold {ur_pair} and lie two to every house "
        "they touch, cannot be left holding only {ur_pair}: the two {word}s could be swapped along the loop. "
        "{ur_reason}",
    ),
    "bug+1": (
        "Look for a BUG+1.",
        "Every unsolved cell holds two candidates but {cell}.",
        "This puzzle has a unique solution. Every unsolved cell holds two candidates but {cell}; if {cell} were "
        "not {sym}, every {word} would have exactly two places in each house, and such a grid has no solution "
        "or several. {sym} appears three times in {houses_all}, so {cell} = {sym}.",
    ),
    "bug2": (
        "Look for a BUG with several extra candidates.",
        "Which cells hold more than two candidates?",
        "{bug_premise} Each of them has the same extra, {sym}, so one of them is {sym}: {elim_cells}, which "
        "{see_all} them all, cannot be {sym}: {removed}.",
    ),
    "bug3": (
        "Look for a BUG with several extra candidates in one house.",
        "Which cells hold more than two candidates?",
        "{bug_premise} They lie in {house}, so one cell of {house} holds {bug_union}; with "
        "{subset_cells} that makes a naked set on {symset}, so the rest of {house} loses them: {removed}.",
    ),
    "bug4": (
        "Look for a BUG with two extra candidates in one house.",
        "Which cells hold more than two candidates?",
        "{bug_premise} In {house}, {sym} lives only in {cells}, so one of them is {sym} and the other "
        "its extra: each is {sym} or its extra. {removed}.",
    ),
}


def _floor(step: Step) -> list[int]:
    roof = step.detail("roof")
    return [c for c in step.detail("corners") if c not in roof]


def _ur_reason(r: TextRenderer, step: Step) -> str:
    roof = step.detail("roof")
    a, b = (r.sym(x) for x in step.detail("pair"))
    pair = r.symset(step.detail("pair"))
    removed = r.removed(step.eliminations)
    floor = _floor(step)
    premise = (f"{capitalize(r.cells(floor))} {verb(len(floor), 'holds', 'hold')} only {pair}. "
               if floor and step.code != "unique-loop" else "")
    kind = step.code[-1] if step.code.startswith("ur") else step.variant
    if kind == "1":
        return f"{premise}So {r.cell(roof[0])} must hold something else: {removed}."
    if kind in ("2", "5"):
        x = r.sym(step.detail("extra"))
        both = "both" if len(roof) == 2 else "all of them"
        return f"{premise}So one of {r.cells(roof)} is {x}, and the cells that see {both} lose {x}: {removed}."
    if kind == "6":
        locked = r.sym(step.detail("locked"))
        other = b if locked == a else a
        lines = prose([r.house(h) for h in step.houses])
        return (f"{premise}In {lines}, {locked} can only go in the rectangle's corners: either in {r.cells(floor)} "
                f"or in {r.cells(roof)}. In {r.cells(roof)}, it would leave {r.cells(floor)} both {other}, and the "
                f"four corners holding only {a} and {b}. So {locked} fills {r.cells(floor)}: {removed}.")
    if kind == "3":
        group = step.detail("subset")
        syms = r.symset(step.detail("subset_symbols"))
        return (f"{premise}So {r.cells(roof)} hold one of their extra {word(r.puzzle)}s; together with "
                f"{r.cells(group)} they take {syms} in {r.house(step.houses[0])}, so the rest of it loses them: "
                f"{removed}.")
    locked = r.sym(step.detail("locked"))
    other = b if locked == a else a
    return (f"{premise}In {r.house(step.houses[0])}, {locked} can only go in {r.cells(roof)}, so one of them is "
            f"{locked}. If either were {other}, the other would be {locked} and the four corners would hold only "
            f"{a} and {b}; so neither can be {other}: {removed}.")


def _ar_text(r: TextRenderer, step: Step) -> str:
    corners, placed, free = step.detail("corners"), step.detail("placed"), step.detail("free")
    head = (f"This puzzle has a unique solution, and none of {r.cells(corners)} was given: if they ended holding "
            f"two {word(r.puzzle)}s crosswise, those could be swapped, giving a second solution. "
            f"{capitalize(r.cells(placed))} {verb(len(placed), 'was', 'were')} placed by the solver.")
    removed = r.removed(step.eliminations)
    if step.variant == "1":
        return f"{head} So {r.cell(free[0])} cannot complete the pattern: {removed}."
    x = r.sym(step.detail("extra"))
    return (f"{head} {capitalize(r.cells(free))} would complete it with their other candidates, so one of them is "
            f"{x}, and the cells that see both lose {x}: {removed}.")


def _one_of(r: TextRenderer, syms: list[int]) -> str:
    return r.syms_prose(syms) if len(syms) == 1 else f"one of {r.syms_prose(syms)}"


def _bug_premise(r: TextRenderer, step: Step) -> str:
    extras = step.detail("extras")
    listed = "; ".join(f"{r.cell(c)}: {r.syms_prose(xs)}" for c, xs in extras)
    return (f"This puzzle has a unique solution. Without their extra candidates ({listed}), every unsolved cell "
            f"would hold two candidates and every {word(r.puzzle)} two places in each house: a BUG, which has "
            f"no solution or several. So at least one of {r.cells([c for c, _ in extras])} holds its extra.")


def _other(step: Step) -> int:
    locked = step.detail("locked")
    return next(x for x in step.detail("pair") if x != locked)


FIELDS: dict[str, Field] = {
    "ur_pair": lambda r, s: r.symset(s.detail("pair")),
    "ur_corners": lambda r, s: r.cells(s.detail("corners")),
    "ur_reason": _ur_reason,
    "ar_text": _ar_text,
    "floor_cell": lambda r, s: r.cell(s.detail("floor")),
    "far_cell": lambda r, s: r.cell(s.detail("far")),
    "locked_sym": lambda r, s: r.sym(s.detail("locked")),
    "other_sym": lambda r, s: r.sym(_other(s)),
    "bug_premise": _bug_premise,
    # "8", or "one of 7 and 8": the extras one of the cells holds
    "bug_union": lambda r, s: _one_of(r, sorted({x for _, xs in s.detail("extras") for x in xs})),
    "subset_cells": lambda r, s: r.cells(s.detail("subset")),
}

