"""JSON for steps and results (schema 2; every field is described in the
README's "JSON schema" section).

A step becomes ``{"technique", "code", "placements", "eliminations",
"cells", "houses", "marks", "nudge", "clue", "explanation"}`` with cells
written ``r1c2``, candidates ``r1c2=5`` and symbols as the puzzle's own
characters.  ``marks`` holds what a picture shows: a role per cell,
candidate, house and cage, and a chain's links between candidates (see
:mod:`deduce.render.marks`), so other tools can draw the reasoning.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..engine import SolveResult
from ..errors import Contradiction
from ..puzzle import Puzzle
from ..state import State
from ..step import Step
from . import variants
from .eureka import eureka
from .marks import marks as step_marks
from .marks import to_json as marks_json
from .schema import SCHEMA
from .variants import play_rules
from .words import TextRenderer

if TYPE_CHECKING:
    from .svg import Layout

__all__ = ["SCHEMA", "constraint_drawing", "play_rules", "result_to_json", "step_to_json"]

def constraint_drawing(puzzle: Puzzle, layout: Layout | None = None) -> dict[str, Any]:
    """:func:`deduce.render.variants.constraint_drawing` in ``layout`` (the
    puzzle's own SVG layout when none is given)."""
    from .svg import Layout

    return variants.constraint_drawing(puzzle, layout or Layout(puzzle))


def step_to_json(step: Step, puzzle: Puzzle, renderer: TextRenderer | None = None,
                 state: State | None = None) -> dict[str, Any]:
    """``step`` as JSON; ``state`` (the position before it) keeps the marks
    to candidates that exist."""
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
    aic = step.detail("aic")
    if aic is not None:  # an alternating inference chain, in Eureka notation
        doc["chain"] = eureka(puzzle, aic[0], aic[1])
        doc["loop"] = bool(aic[2])
    doc["marks"] = marks_json(step_marks(step, puzzle, state), puzzle)
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
        try:
            state: State | None = State.from_puzzle(puzzle)
        except Contradiction:  # clashing givens: marks without a position
            state = None
        out = []
        for s in result.steps:
            out.append(step_to_json(s, puzzle, r, state))
            if state is not None:
                state.apply(s)
        doc["steps"] = out
    return doc
