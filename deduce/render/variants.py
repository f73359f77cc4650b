"""The variant constraints as the page and the app show them: their
picture (one description the SVG, the offline page and the app all draw
from) and the rules the app checks a player's digits against."""

from __future__ import annotations

from html import escape
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..puzzle import Puzzle
    from .svg import Layout

__all__ = ["RULE_WORDS", "constraint_drawing", "play_rules"]

#: What a constraint without a picture says on the rule line (by its ``KIND``; others say their label).
RULE_WORDS = {
    "anti-knight": "Anti-knight: cells a knight's move apart never hold the same digit.",
    "anti-king": "Anti-king: cells that touch, even at a corner, never hold the same digit.",
    "non-consecutive": "Non-consecutive: cells that share an edge never hold consecutive digits.",
    "disjoint groups": "Disjoint groups: cells in the same place of their boxes never hold the same digit.",
}


def constraint_drawing(puzzle: Puzzle, layout: Layout) -> dict[str, Any]:
    """The picture of the puzzle's variant constraints, one description that
    the SVG (:func:`deduce.render.svg.constraints_svg`), the offline page and
    the app all draw from, so the three never differ.

    ``items``: per constraint that has a picture, its ``kind``, ``label``,
    ``layer`` ("under" the grid lines or "over" them), ``cells`` and ``svg``
    (its elements, drawn by its own class as SudokuPad draws it, in the
    coordinates of ``layout``, in a ``<g class="variant" data-kind=...
    data-index=...>``); ``rules``: a sentence per constraint that has
    none (anti-knight, non-consecutive, "every white dot is given"), the
    page's and the app's rule line.

    >>> import json
    >>> from deduce.formats import read_puzzle
    >>> p = read_puzzle(json.dumps({"size": 4, "grid": [[{}] * 4] * 4, "antiknight": True,
    ...                             "thermometer": [{"lines": [["R1C1", "R1C2"]]}]}))
    >>> from deduce.render.svg import Layout
    >>> d = constraint_drawing(p, Layout(p))
    >>> [(i["kind"], i["layer"], i["cells"]) for i in d["items"]]
    [('thermometer', 'under', ['r1c1', 'r1c2'])]
    >>> d["rules"]
    ["Anti-knight: cells a knight's move apart never hold the same digit."]
    """
    lay = layout
    name = puzzle.geometry.cell_name
    items: list[dict[str, Any]] = []
    rules: list[str] = []
    for constraint in puzzle.constraints:
        parts = constraint.svg(puzzle, lay)
        if parts:
            label = constraint.label(puzzle)
            wrapped = (f'<g class="variant" data-kind="{escape(constraint.KIND)}" data-index="{len(items)}" '
                       f'aria-label="{escape(label)}">{"".join(parts)}</g>')
            items.append({"kind": constraint.KIND, "label": label, "layer": constraint.LAYER,
                          "cells": [name(c) for c in constraint.covered()], "svg": wrapped})
            continue
        words = RULE_WORDS.get(constraint.KIND)
        if words is None:
            label = constraint.label(puzzle)
            words = label[:1].upper() + label[1:] + "."
        if words not in rules:
            rules.append(words)
    return {"items": items, "rules": rules}


def play_rules(puzzle: Puzzle) -> dict[str, Any]:
    """What the app checks a player's digits against beyond rows, columns,
    boxes and cages: ``peers`` (pairs of cells that differ: diagonals, extra
    regions, anti-knight...), ``relations`` (``[a, b, allowed, label]``:
    cells ``a`` and ``b`` may hold symbols ``x`` and ``y`` only when bit
    ``y`` of ``allowed[x]`` is set: dots, thermometers, non-consecutive) and
    ``unary`` (``[cell, mask, label]``: odd, even), ``label`` indexing
    ``labels`` (the constraint's name, which the app says of a clash).  Sums (arrows, little killers,
    sandwiches) are checked on the full grid, against the solution."""
    base = puzzle.geometry.peer_masks
    caged = [0] * puzzle.ncells
    for cage in puzzle.cages:
        if not cage.repeats:
            for c in cage.cells:
                caged[c] |= sum(1 << k for k in cage.cells)
    peers: list[list[int]] = []
    for a, m in enumerate(puzzle.peer_masks):
        extra = m & ~base[a] & ~caged[a]
        peers.extend([a, b] for b in range(a + 1, puzzle.ncells) if extra >> b & 1)
    labels: list[str] = []
    relations: list[list[Any]] = []
    unary: list[list[int]] = []
    for constraint in puzzle.constraints:
        rels, marks = constraint.relations(puzzle), constraint.unary(puzzle)
        if rels or marks:
            labels.append(constraint.label(puzzle))
            relations.extend([r.a, r.b, list(r.allowed), len(labels) - 1] for r in rels)
            unary.extend([c, m, len(labels) - 1] for c, m in marks)
    return {"peers": peers, "relations": relations, "unary": unary, "labels": labels}
