"""Words for wings: XY-wing, XYZ-wing, W-wing and WXYZ-wing."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from .prose import Field, capitalize, elim_cells, prose

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class XYZWingDetails(TypedDict):
    #: the pivot cell, seen by both pincers
    pivot: int
    #: the two pincer cells
    pincers: tuple[int, int]
    #: the pivot's candidates
    pivot_cands: tuple[int, ...]
    #: (pincer, its candidates) for each pincer
    pincer_cands: tuple[tuple[int, tuple[int, ...]], ...]


class XYWingDetails(XYZWingDetails):
    #: (pincer, the symbol it shares with the pivot) for each pincer
    shared: tuple[tuple[int, int], ...]


class WWingDetails(TypedDict):
    #: the strong link's two cells: the one the first bivalue cell sees, then the other's
    link: tuple[int, int]
    #: the symbol of the strong link
    link_symbol: int


class WXYZWingDetails(TypedDict):
    #: (cell, its candidates) for each of the four cells
    cands: tuple[tuple[int, tuple[int, ...]], ...]
    #: the cells of the set that hold the unrestricted symbol
    z_cells: tuple[int, ...]


DETAILS: dict[str, type] = {"xy-wing": XYWingDetails, "xyz-wing": XYZWingDetails, "w-wing": WWingDetails,
                            "wxyz-wing": WXYZWingDetails}

TEMPLATES = {
    "xy-wing": (
        "Look for an XY-wing with pivot {pivot}.",
        "{pivot} {pivot_set} sees {pincers_text}.",
        "Pivot {pivot} {pivot_set} sees {pincers_text}. {xy_reason}",
    ),
    "xyz-wing": (
        "Look for an XYZ-wing with pivot {pivot}.",
        "{pivot} {pivot_set} sees {pincers_text}.",
        "Pivot {pivot} {pivot_set} sees {pincers_text}. Whatever the pivot holds, one of the three cells is {sym}, "
        "so the cells that see all three lose {sym}: {elim_cells}.",
    ),
    "w-wing": (
        "Look for a W-wing on {pair_set}.",
        "{bivalue_cells} hold only {pair_set}; look at {house}.",
        "{w_text}",
    ),
    "wxyz-wing": (
        "Look for a WXYZ-wing: four cells holding only four {word}s between them.",
        "{wxyz_cells} hold only {wxyz_symbols} between them; which of those {word}s can fill more than one of "
        "them?",
        "{wxyz_cands} hold only {wxyz_symbols} between them. Every {word} but {sym} has its places among them "
        "all seeing each other, so it fills at most one of the four cells; three {word}s cannot fill four "
        "cells, so one of {wxyz_z} is {sym}. {wxyz_targets}, which {see_all} {wxyz_z_again}, cannot be {sym}: "
        "{removed}.",
    ),
}


def _xy_reason(r: TextRenderer, step: Step) -> str:
    pivot = step.detail("pivot")
    a, b = step.detail("pincers")
    z = r.sym(step.symbols[0])
    shared = dict(step.detail("shared"))
    return (f"If {r.cell(pivot)} is {r.sym(shared[a])}, {r.cell(a)} is {z}; if it is {r.sym(shared[b])}, "
            f"{r.cell(b)} is {z}. Either way one of {r.cell(a)} and {r.cell(b)} is {z}, so the cells "
            f"that see both lose {z}: {r.cells_see(step)}.")


def _w_text(r: TextRenderer, step: Step) -> str:
    a, b = step.cells[:2]
    p, q = step.detail("link")
    y, x = step.symbols
    h = r.house(step.houses[0])
    ys, xs = r.sym(y), r.sym(x)
    return (f"{r.cell(a)} and {r.cell(b)} hold only {{{','.join(sorted([xs, ys]))}}}. In {h}, {xs} can only "
            f"go in {r.cell(p)} or {r.cell(q)}; {r.cell(p)} sees {r.cell(a)} and {r.cell(q)} sees {r.cell(b)}. If "
            f"neither {r.cell(a)} nor {r.cell(b)} were {ys}, both would be {xs}, and {h} would have no place for "
            f"{xs}. So one of them is {ys}, and the cells that see both lose {ys}: "
            f"{r.cells(elim_cells(step))}.")


def _z_cells_again(r: TextRenderer, step: Step) -> str:
    z = step.detail("z_cells")
    return {2: "both", 3: "all three"}.get(len(z), "all of those")


FIELDS: dict[str, Field] = {
    "xy_reason": _xy_reason,
    "w_text": _w_text,
    "pivot": lambda r, s: r.cell(s.detail("pivot")),
    "pivot_set": lambda r, s: r.symset(s.detail("pivot_cands")),
    "pincers_text": lambda r, s: " and ".join(f"{r.cell(c)} {r.symset(cands)}"
                                             for c, cands in s.detail("pincer_cands")),
    "bivalue_cells": lambda r, s: r.cells(s.cells[:2]),
    "pair_set": lambda r, s: r.symset(s.symbols),
    "wxyz_cells": lambda r, s: r.cells([c for c, _ in s.detail("cands")]),
    "wxyz_cands": lambda r, s: prose([f"{r.cell(c)} {r.symset(xs)}" for c, xs in s.detail("cands")]),
    "wxyz_symbols": lambda r, s: r.symset(sorted({x for _, xs in s.detail("cands") for x in xs})),
    "wxyz_z": lambda r, s: r.cells(s.detail("z_cells")),
    "wxyz_z_again": _z_cells_again,
    "wxyz_targets": lambda r, s: capitalize(r.cells(elim_cells(s))),
}
