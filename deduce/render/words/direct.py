"""Words for Sudoku Explainer's direct techniques: a pointing, claiming or
hidden subset step shown for the single it leaves at once."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class DirectDetails(TypedDict):
    #: the underlying step's eliminations: the reason, not the result
    removed: tuple[tuple[int, int], ...]
    #: (cell, symbol, house) of the hidden single they leave
    single: tuple[int, int, int]


TEMPLATES = {
    **{code: (
        "Look for {a_lname} in {house}.",
        "In {house}, where can the {sym}s go?",
        "In {house}, every {sym} lies in {house2} ({cells}). One of them is the {sym} of {house2}, "
        "so {sym} is removed from the rest of {house2}: {direct_cells}. {direct_single}",
    ) for code in ("direct-pointing", "direct-claiming")},
    **{code: (
        "Look for {a_lname} in {house}.",
        "In {house}, where can {syms} go?",
        "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
        "so they hold nothing else: {direct_removed}. {direct_single}",
    ) for code in ("direct-hp", "direct-ht")},
}

DETAILS: dict[str, type] = {code: DirectDetails for code in TEMPLATES}


def _direct_single(r: TextRenderer, step: Step) -> str:
    cell, sym, house = step.detail("single")
    return f"Now {r.sym(sym)} fits only in {r.cell(cell)} in {r.house(house)}, so {r.cell(cell)} = {r.sym(sym)}."


FIELDS: dict[str, Field] = {
    "direct_single": _direct_single,
    "direct_cells": lambda r, s: r.cells(sorted({c for c, _ in s.detail("removed")})),
    "direct_removed": lambda r, s: r.removed(s.detail("removed")),
}
