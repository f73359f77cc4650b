"""A sample of every corpus in ``../shared/corpora``, and a walk along each
puzzle's solve path that runs given strategies at every position and checks
each step they find against the solution (the corpus tests of single
techniques use it; they skip when ``../shared`` is absent)."""

from __future__ import annotations

import csv
import json
import pathlib
from typing import Iterator, Sequence

from deduce import Puzzle, Solver, State
from deduce.backtrack import first_solutions
from deduce.errors import SolveTimeout
from deduce.formats import parse_janko_killer, parse_killer_line, read_puzzles
from deduce.step import Step
from deduce.strategy import Strategy

CORPORA = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"


def _lines(name: str, count: int) -> list[str]:
    out = [ln.split(",")[0].strip() for ln in (CORPORA / name).open() if ln[:1] in ".123456789"]
    return out[:: max(1, len(out) // count)][:count]


def samples(count: int) -> Iterator[tuple[str, Puzzle]]:
    """About ``count`` puzzles of each corpus, spread over the file: (label, puzzle)."""
    for name in ("top1465.txt", "forum-hardest-1106.txt", "hardest-database-110626.txt"):
        for text in _lines(name, count):
            yield name, Puzzle.from_string(text)
    rows = list(csv.DictReader((CORPORA / "classic-rated.csv").open()))
    for row in rows[:: max(1, len(rows) // count)][:count]:
        yield "classic-rated.csv", Puzzle.from_string(row["puzzle"])
    jigsaws = sorted(json.loads((CORPORA / "jigsaw-janko.json").read_text())["data"].items())
    for key, item in jigsaws[:: max(1, len(jigsaws) // count)][:count]:
        entry = next(read_puzzles(item["problem"], "janko-jigsaw"))
        if entry.puzzle is not None:
            yield f"jigsaw-janko {key}", entry.puzzle
    killers = sorted(json.loads((CORPORA / "killer-janko.json").read_text())["data"].items())
    for key, item in killers[:: max(1, len(killers) // count)][:count]:
        yield f"killer-janko {key}", parse_janko_killer(item["problem"])
    rows = list(csv.DictReader((CORPORA / "killer-krazydad.csv").open()))
    for row in rows[:: max(1, len(rows) // count)][:count]:
        yield "killer-krazydad.csv", parse_killer_line(row["puzz_color"][1:] + " " + row["puzz_hint"])


def check_along_path(puzzle: Puzzle, strategies: Sequence[Strategy], time_limit: float = 30.0) -> int:
    """Walk ``puzzle``'s solve path (the default profile, as far as it gets
    in ``time_limit``); at every position run ``strategies`` and check each
    step they find against the solution.  Returns how many steps were
    checked (0 for a puzzle without one solution)."""
    solutions = first_solutions(State.from_puzzle(puzzle), 2)
    if len(solutions) != 1:
        return 0
    solution = solutions[0]
    path = []
    try:
        for item in Solver(time_limit=time_limit).iter_solve(puzzle):
            if isinstance(item, Step) and item.code != "bf":
                path.append(item)
    except SolveTimeout:
        pass
    state = State.from_puzzle(puzzle)
    checked = 0
    for step in [*path, None]:
        for strategy in strategies:
            for found in strategy.find(state):
                assert all(solution[c] != s for c, s in found.eliminations), (puzzle.givens_string(), found)
                assert all(solution[c] == s for c, s in found.placements), (puzzle.givens_string(), found)
                checked += 1
        if step is not None:
            state.apply(step)
    return checked
