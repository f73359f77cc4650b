"""JSON for steps and results (schema 1).

A step becomes ``{"technique", "code", "placements", "eliminations",
"cells", "houses", "nudge", "clue", "explanation"}`` with cells written
``r1c2`` and symbols as the puzzle's own characters.
"""

from __future__ import annotations

from typing import Any

from ..engine import SolveResult
from ..puzzle import Puzzle
from ..step import Step
from .text import TextRenderer

SCHEMA = 1


def step_to_json(step: Step, puzzle: Puzzle, renderer: TextRenderer | None = None) -> dict[str, Any]:
    r = renderer or TextRenderer(puzzle)
    g = puzzle.geometry
    syms = puzzle.symbols
    doc: dict[str, Any] = {
        "technique": step.technique.name,
        "code": step.code,
        "placements": [[g.cell_name(c), syms[s]] for c, s in step.placements],
        "eliminations": [[g.cell_name(c), syms[s]] for c, s in step.eliminations],
        "cells": [g.cell_name(c) for c in step.cells],
        "houses": [g.house_name(h) for h in step.houses],
    }
    if step.cages:
        doc["cages"] = [puzzle.cage_name(i) for i in step.cages]
    if step.se is not None:
        doc["se"] = step.se
    doc.update(r.levels(step))
    return doc


def result_to_json(result: SolveResult, *, steps: bool = False) -> dict[str, Any]:
    puzzle = result.puzzle
    doc: dict[str, Any] = {
        "schema": SCHEMA,
        "puzzle": puzzle.givens_string(),
        "status": result.status,
        "backtracking": result.backtracking,
        "solution": result.solution_string,
    }
    if result.reason:
        doc["reason"] = result.reason
    if steps:
        r = TextRenderer(puzzle)
        doc["steps"] = [step_to_json(s, puzzle, r) for s in result.steps]
    return doc
