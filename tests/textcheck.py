"""Checks that an explanation names what its step does."""

from __future__ import annotations

import re


def assert_names_the_step(step, puzzle, text: str) -> None:
    g = puzzle.geometry
    for cell, sym in step.placements:
        assert g.cell_name(cell) in text
        # "r4c4 = 3", or with the arithmetic shown: "r4c4 = 10 - 7 = 3"
        assert re.search(rf"{g.cell_name(cell)} = (?:[0-9 +\-]+ = )?{re.escape(puzzle.symbols[sym])}\b", text), text
    for cell, sym in step.eliminations:
        assert g.cell_name(cell) in text, (g.cell_name(cell), text)
        assert puzzle.symbols[sym] in text
    for h in step.houses[:1]:
        if step.code not in ("innies-outies", "innie", "leftovers"):
            # "column 3", or grouped: "columns 3 and 7"
            kind, number = g.house_kind(h), g.house_number(h)
            assert re.search(rf"{kind}s? (?:[0-9]+(?:, | and ))*{number}\b", text), (g.house_name(h), text)
    for c in step.cages[:1]:
        if step.code.startswith("cage"):
            assert puzzle.cage_name(c) in text
