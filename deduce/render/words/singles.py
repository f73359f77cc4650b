"""Words for singles: full house, hidden single, naked single."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, word

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class NoDetails(TypedDict):
    """A step whose cells, houses and symbols say everything."""


class HiddenSingleDetails(TypedDict):
    #: (cell, blocking cell) for each other cell of the house; -1 when no one cell blocks it
    blockers: tuple[tuple[int, int], ...]


class NakedSingleDetails(TypedDict):
    #: True when the cell's row, column and box hold every other symbol
    all_seen: bool


TEMPLATES = {
    "fh": (
        "Look for a full house in {house}.",
        "{House} has one empty cell, {cell}.",
        "{House} has one empty cell, {cell}; the only missing {word} is {sym}, so {cell} = {sym}.",
    ),
    "hs": (
        "Look for a hidden single in {house}.",
        "In {house}, where can {sym} go?",
        "In {house}, {sym} fits only in {cell}{blocked}. So {cell} = {sym}.",
    ),
    "ns": (
        "Look for a naked single in {row_house}.",
        "Which {word}s can {cell} still hold?",
        "{cell} can only be {sym}: {why_single}. So {cell} = {sym}.",
    ),
}

DETAILS: dict[str, type] = {"fh": NoDetails, "hs": HiddenSingleDetails, "ns": NakedSingleDetails}


def _blocked(r: TextRenderer, step: Step) -> str:
    blockers = step.detail("blockers", ())
    if not blockers or any(b < 0 for _, b in blockers):
        return ""
    sources = sorted({b for _, b in blockers})
    sym = r.sym(step.symbols[0])
    many = len(sources) > 1
    return f": the {sym}{'s' if many else ''} in {r.cells(sources)} rule{'' if many else 's'} out its other cells"


def _why_single(r: TextRenderer, step: Step) -> str:
    p = r.puzzle
    if step.detail("all_seen", False):
        return f"its row, column and {p.geometry.block_kind} already hold every other {word(p)}"
    return f"every other {word(p)} has been ruled out"


FIELDS: dict[str, Field] = {
    "blocked": _blocked,
    "why_single": _why_single,
    "row_house": lambda r, s: r.house(r.g.cell_houses[s.cells[0]][0]),
}
