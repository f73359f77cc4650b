"""Sudoku Explainer's forcing chains and cycles, as the ``se`` profile finds them.

``tests/data/se-static-steps.jsonl`` holds steps that Sudoku Explainer 1.2.1
(serate 1.2.1.3, built outside this repository; the reference, not deduce's
code) took with its first chaining producer on puzzles made by ``deduce
generate``: the position (SE's candidates: cells by row, ``/`` between rows),
SE's name of the hint, its rating, its complexity and what it removes or
places.  In each position the ``se`` profile's static chains
(:mod:`strategies.se_chains`) must take the same step, with SE's rating and
complexity, filed under the matching row and variant, and soundly.  Every
kind of SE hint is there: forcing X-chains (Turbot fish), X-cycles, Y-cycles,
XY-cycles and forcing chains, removing and placing.
"""

from __future__ import annotations

import json
import pathlib

import pytest

from deduce import Puzzle
from deduce.backtrack import first_solutions
from deduce.rating import Rater, path_solver, se_strategies
from deduce.registry import strategies_for
from deduce.render.words import explain
from deduce.state import State
from strategies.chains import Chains
from strategies.se_chains import PASSES, se_bonus

DATA = pathlib.Path(__file__).resolve().parent / "data" / "se-static-steps.jsonl"
ROWS = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
#: SE's hint names -> (deduce's row, variant)
FILED = {"Turbot Fish": ("x-chain", "x"), "Forcing X-Chain": ("x-chain", "x"),
         "Bidirectional X-Cycle": ("x-chain", "cycle"), "Bidirectional Y-Cycle": ("aic", "y-cycle"),
         "Bidirectional Cycle": ("aic", "xy-cycle"), "Forcing Chain": ("aic", "xy")}
#: The puzzle of issue 46 (made by ``deduce generate --er 6.0-7.0 --seed 21``): serate rates it 7.2,
#: its hardest step the forcing chain that removes 7 from r1c1 (complexity 10).
ISSUE = "....53....12.4........78..2..3..259...9.6.8.......7..13..8......9.3...4.84..2..1."


def se_position(row: dict) -> State:
    puzzle = Puzzle.from_string(row["puzzle"])
    cells = [c for line in row["position"].split("/") for c in line.split(" ")]
    return State.from_candidates(puzzle, [sum(1 << (int(d) - 1) for d in c) for c in cells])


def written(cells_symbols, sep: str) -> str:
    return " ".join(sorted(f"r{c // 9 + 1}c{c % 9 + 1}{sep}{s + 1}" for c, s in cells_symbols))


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['se_name']}-{r['se_hint']}" for r in ROWS])
def test_the_se_profile_takes_sudoku_explainers_static_chain(row):
    state = se_position(row)
    step = next(iter(Chains("x-chain", se_passes=PASSES).find(state)))
    if row["place"]:
        assert written(step.placements, "=") == row["place"]
        assert not step.eliminations
    else:
        assert written(step.eliminations, "<>") == row["eliminate"]
        assert not step.placements
    assert step.se == row["se_rating"]
    assert step.detail("complexity") == row["se_complexity"]
    assert (step.technique.code, step.variant) == FILED[row["se_name"]]
    solution = first_solutions(Puzzle.from_string(row["puzzle"]), 2)
    assert len(solution) == 1
    assert all(solution[0][c] != s for c, s in step.eliminations)
    assert all(solution[0][c] == s for c, s in step.placements)


def test_the_issue_puzzle_rates_as_serate_rates_it():
    rating = Rater().rate(Puzzle.from_string(ISSUE))
    assert (rating.er, rating.ep, rating.ed) == (7.2, 1.2, 1.2)   # serate 1.2.1.3: 7.2/1.2/1.2
    steps = path_solver("se").solve(Puzzle.from_string(ISSUE)).steps
    hardest = max(steps, key=lambda s: s.se or 0)
    assert (hardest.technique.code, hardest.variant, written(hardest.eliminations, "<>")) == ("aic", "xy", "r1c1<>7")


def test_the_cycles_read_as_loops():
    row = next(r for r in ROWS if r["se_name"] == "Bidirectional Y-Cycle")
    state = se_position(row)
    step = next(iter(Chains("x-chain", se_passes=PASSES).find(state)))
    nodes, links, loop = step.detail("aic")
    assert loop and len(nodes) == row["se_complexity"]
    assert [kind for kind, _ in links] == ["=", "-"] * (len(links) // 2) + ["="] * (len(links) % 2)
    text = explain(step, state.puzzle)
    assert "continuous loop" in text
    assert all(f"r{c // 9 + 1}c{c % 9 + 1}" in text for c, _ in step.eliminations)


def test_the_x_chains_row_searches_every_pass_only_beside_the_aics_row():
    full = {s.technique.code: s for s in se_strategies(strategies_for("se"))}
    assert full["x-chain"].se_passes == PASSES and full["aic"].se_passes == ("y", "xy")
    alone = {s.technique.code: s for s in se_strategies(strategies_for("se", exclude=["aic"]))}
    assert alone["x-chain"].se_passes == ("x",)
    # the other profiles keep deduce's own chains
    assert all(not getattr(s, "se_passes", ()) for s in strategies_for("deduce") + strategies_for("hodoku"))


def test_the_length_bonus_adds_up_as_sudoku_explainers():
    # SE adds 0.1 per threshold in floating point: 6.6 + 0.4 ties with 7.0 exactly, so the shorter chain wins
    assert 6.6 + se_bonus(15) == 7.0 + se_bonus(6)
    assert [round(se_bonus(n), 1) for n in (6, 7, 9, 11, 15, 19)] == [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]
