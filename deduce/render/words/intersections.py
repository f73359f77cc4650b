"""Words for intersections: pointing, claiming, locked pairs and triples."""

from __future__ import annotations

from typing import TypedDict

from .prose import Field


class NoDetails(TypedDict):
    """Cells, houses (the box or line first, then the other) and symbols say everything."""


_LOCKED = (
    "In {house}, every {sym} lies in {house2} ({cells}). One of them is the {sym} of {house2}, "
    "so {sym} is removed from the rest of {house2}: {elim_cells}."
)

TEMPLATES = {
    "lc1": ("Look for pointing candidates in {house}.", "In {house}, where can the {sym}s go?", _LOCKED),
    "lc2": ("Look for claiming candidates in {house}.", "In {house}, where can the {sym}s go?", _LOCKED),
    **{code: (
        "Look for {a_lname} where {house} meets {house2}.",
        "Which cells of {house} and {house2} hold only {symset}?",
        "{cells} lie in both {house} and {house2} and hold only {symset}: they take {syms} between them, so "
        "{syms} are removed from the other cells of both houses: {removed}.",
    ) for code in ("locked-pair", "locked-triple")},
}

DETAILS: dict[str, type] = {code: NoDetails for code in TEMPLATES}

FIELDS: dict[str, Field] = {}
