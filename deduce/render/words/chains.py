"""Words for cell chains: remote pairs and XY-chains, one numbered line per link."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, TypedDict

from .prose import Field, elim_cells, same_house, see

if TYPE_CHECKING:
    from ...step import Step
    from . import TextRenderer


class RemotePairDetails(TypedDict):
    #: the chain's cells, each seeing the next
    path: tuple[int, ...]


class XYChainDetails(RemotePairDetails):
    #: the value each cell of the path takes when the first is not the end symbol
    values: tuple[int, ...]


DETAILS: dict[str, type] = {"remote-pair": RemotePairDetails, "xy-chain": XYChainDetails}

TEMPLATES = {
    "remote-pair": (
        "Look for a remote pair: a chain of cells holding only {pair_set}.",
        "Follow the cells holding only {pair_set} from {chain_start}: each sees the next.",
        "{remote_pair_text}",
    ),
    "xy-chain": (
        "Look for an XY-chain ending on {sym}.",
        "Follow the bivalue cells from {chain_start}.",
        "{xy_chain_text}",
    ),
}


def _xy_chain_text(r: TextRenderer, step: Step) -> str:
    path = step.detail("path")
    values = step.detail("values")
    x = r.sym(step.symbols[0])
    lines = [f"Suppose {r.cell(path[0])} is not {x}.",
             f" 1. then {r.cell(path[0])} is {r.sym(values[0])} (its only other candidate)"]
    for k, (prev, cell, held_prev, held) in enumerate(zip(path, path[1:], values, values[1:]), 2):
        lines.append(f" {k}. then {r.cell(cell)} is not {r.sym(held_prev)} ({same_house(r, cell, prev)}), "
                     f"so it is {r.sym(held)}")
    lines.append(f"Either {r.cell(path[0])} or {r.cell(path[-1])} is {x}, so {r.cells_see(step)}, which "
                 f"{see(step)} both, cannot be {x}.")
    return "\n".join(lines)


def _remote_pair_text(r: TextRenderer, step: Step) -> str:
    path = step.detail("path")
    a, b = (r.sym(x) for x in step.symbols)
    lines = [f"{r.cells(path)} each hold only {{{a},{b}}}, and each sees the next. Suppose {r.cell(path[0])} is {a}."]
    held = [a, b]
    for k, (prev, cell) in enumerate(itertools.pairwise(path), 1):
        lines.append(f" {k}. then {r.cell(cell)} is not {held[(k - 1) % 2]} ({same_house(r, cell, prev)}), "
                     f"so it is {held[k % 2]}")
    lines.append(f"Starting from {b} instead swaps every value, so {r.cell(path[0])} and {r.cell(path[-1])} hold "
                 f"{a} and {b} in some order: {r.cells(elim_cells(step))}, which {see(step)} both, can hold "
                 f"neither: {r.removed(step.eliminations)}.")
    return "\n".join(lines)


FIELDS: dict[str, Field] = {
    "xy_chain_text": _xy_chain_text,
    "remote_pair_text": _remote_pair_text,
    "chain_start": lambda r, s: r.cell(s.detail("path")[0]),
    "pair_set": lambda r, s: r.symset(s.symbols),
}
