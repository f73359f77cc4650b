"""Words for naked and hidden pairs, triples and quads."""

from __future__ import annotations

from typing import TypedDict

from .prose import Field


class NoDetails(TypedDict):
    """Cells, the house and the symbols say everything."""


_NAKED = (
    "{cells} hold only {symset}: these {k} cells take {syms} between them, "
    "so {syms} are removed from the other cells of {house}: {removed}."
)
_HIDDEN = (
    "In {house}, {syms} fit only in {cells}: these {k} cells take {syms} between them, "
    "so they hold nothing else: {removed}."
)

TEMPLATES = {
    **{code: (f"Look for a naked {kind} in {{house}}.", "In {house}, look at {cells}.", _NAKED)
       for code, kind in (("np", "pair"), ("nt", "triple"), ("nq", "quad"))},
    **{code: (f"Look for a hidden {kind} in {{house}}.", "In {house}, where can {syms} go?", _HIDDEN)
       for code, kind in (("hp", "pair"), ("ht", "triple"), ("hq", "quad"))},
}

DETAILS: dict[str, type] = {code: NoDetails for code in TEMPLATES}

FIELDS: dict[str, Field] = {}
