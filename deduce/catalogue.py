"""The technique catalogue: ``deduce techniques [NAME]``.

Lists the technique table in order of difficulty, or shows one technique:
its description, ratings, and an example step found on a built-in position.
"""

from __future__ import annotations

import functools
from typing import Callable

from .engine import SolveResult, Solver
from .formats import read_puzzle, write_candidates_grid
from .puzzle import Puzzle
from .registry import implemented_codes
from .render.text import TextRenderer
from .showcase import SHOWCASE
from .state import State
from .step import Step
from .techniques import OPT_IN, TABLE, Technique, technique


def ordered_table() -> list[Technique]:
    """The table in order of difficulty (SE rating, then HoDoKu score)."""
    return sorted(TABLE, key=lambda t: (t.se is None, t.se or 0.0, t.hodoku or 0, t.code))


@functools.cache
def _solved(index: int) -> tuple[Puzzle, SolveResult]:
    label, text, fmt = SHOWCASE[index]
    puzzle = read_puzzle(text, fmt)
    return puzzle, Solver().solve(puzzle)


def example_step(t: Technique) -> tuple[str, State, Step] | None:
    """(label, position, step) of a step of ``t`` on the showcase positions.

    Prefers a step the solver took (where ``t`` was the easiest technique
    available); failing that, follows each showcase puzzle's solution path
    and asks the technique's own strategies at every position, so a
    technique the engine never needed there can still be shown.
    """
    from .engine import effective
    from .registry import discovered
    from .strategy import allows_cages

    for index, (label, _, _) in enumerate(SHOWCASE):
        puzzle, result = _solved(index)
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            if step.code == t.code:
                return label, state, step
            state.apply(step)
    own = [s for s in discovered() if s.technique.code == t.code]
    for index, (label, _, _) in enumerate(SHOWCASE):
        puzzle, result = _solved(index)
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            if t.code in OPT_IN and t.family == "forcing":
                if step.code != "bf":
                    state.apply(step)
                    continue  # the deepest chains: only where the default set ran out
            elif t.family == "forcing" and step.technique.family != "forcing":
                state.apply(step)
                continue  # forcing chains are slow to search on easy positions, and pointless there
            for strategy in own:
                if puzzle.has_cages and not allows_cages(strategy):
                    break  # as the engine: never where cages break the technique's argument
                for candidate in strategy.find(state):
                    if effective(candidate, state):
                        return label, state, candidate
            state.apply(step)
    return None


def print_catalogue(name: str | None, out: Callable[[str], None], warn: Callable[[str], None]) -> int:
    implemented = implemented_codes() | {"bf"}  # trial and error is the engine's own fallback
    if not name:
        wc = max(len(t.code) for t in TABLE)
        wn = max(len(t.name) for t in TABLE)
        out(f"{'code':{wc}} {'technique':{wn}} {'family':14} {'SE':>5} {'HoDoKu':>7}  level")
        for t in ordered_table():
            se = f"{t.se:.1f}" if t.se is not None else "-"
            mark = "" if t.code in implemented else "  (not implemented)"
            if t.code in OPT_IN:
                mark += "  (on request: --profile full or --only)"
            out(f"{t.code:{wc}} {t.name:{wn}} {t.family:14} {se:>5} {t.hodoku or '-':>7}  {t.level}{mark}")
        return 0
    try:
        t = technique(name)
    except KeyError as exc:
        warn(str(exc).strip("'\""))
        return 2
    out(f"{t.name} ({t.code}), family {t.family}")
    out(f"  {t.description}")
    se = f"{t.se:.1f}" if t.se is not None else "-"
    out(f"  Sudoku Explainer-style rating {se}; HoDoKu-style score {t.hodoku or '-'}, level {t.level}.")
    if t.rating_note:
        out(f"  Rating: {t.rating_note}")
    found = example_step(t) if t.code in implemented else None
    if found is None:
        out("  No example on the built-in positions.")
        return 0
    label, state, step = found
    renderer = TextRenderer(state.puzzle)
    out("")
    out(f"Example ({label}), from this position:")
    out(write_candidates_grid(state.puzzle, state.cand))
    out("")
    out(f"Nudge: {renderer.text(step, 'nudge')}")
    out(f"Clue: {renderer.text(step, 'clue')}")
    out(renderer.explain(step))
    return 0
