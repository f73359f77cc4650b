"""The global variant constraints (issue 44): anti-knight, anti-king,
non-consecutive, disjoint groups, extra regions (windoku), odd and even
cells, killer cages without a total; mixed with cages, jigsaws and sizes
4 to 16.  (The rule, the search and the steps against brute force on random
4x4 instances of every family are in tests/test_variants_core.py.)"""

from __future__ import annotations

import json
import random

import pytest

from deduce.backtrack import count_solutions, first_solutions
from deduce.engine import Solver
from deduce.errors import Contradiction
from deduce.formats import read_puzzle, write_puzzle
from deduce.geometry import Geometry
from deduce.puzzle import Puzzle
from deduce.render.svg import grid_svg
from deduce.state import State
from strategies.variants.antichess import AntiKing, AntiKnight
from strategies.variants.diagonals import Diagonal
from strategies.variants.nonconsecutive import NonConsecutive, NonConsecutivePairs
from strategies.variants.parity import Parity, ParityCells
from strategies.variants.plain_cages import CageWithoutTotal
from strategies.variants.regions import DisjointGroups, ExtraRegion

from .test_variants_core import doc, run

WINDOKU = [[f"R{r + 1}C{c + 1}" for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)]
           for r0, c0 in ((1, 1), (1, 5), (5, 1), (5, 5))]
GLOBAL = {**doc(), "antiknight": True, "antiking": True, "nonconsecutive": True, "disjointgroups": True,
          "extraregion": [{"cells": cells} for cells in WINDOKU] + [{"cells": ["R1C1", "R1C9"]}],
          "odd": [{"cell": "R1C1"}], "even": [{"cell": "R9C9"}, {"cell": "R5C5"}],
          "killercage": [{"cells": ["R1C1", "R2C1"], "value": "10"}, {"cells": ["R8C8", "R9C8", "R9C7"]}]}


@pytest.mark.parametrize("fmt", ["fpuzzles", "fpuzzles-link", "sudokupad-link", "json"])
def test_every_global_key_is_written_back_and_read_again(fmt):
    p = read_puzzle(json.dumps(GLOBAL))
    kinds = sorted(type(c).__name__ for c in p.constraints)
    assert kinds == ["AntiKing", "AntiKnight", "CageWithoutTotal", "DisjointGroups", *["ExtraRegion"] * 5,
                     "NonConsecutive", "Parity", "Parity", "Parity"]
    assert [c.total for c in p.cages] == [10]
    q = read_puzzle(write_puzzle(p, fmt))
    assert q.constraints == p.constraints and q.cages == p.cages


def test_the_houses_and_the_peers_of_the_global_constraints():
    p = read_puzzle(json.dumps(GLOBAL))
    assert len(p.extra_houses) == 9 + 4  # the disjoint groups, the four windows
    assert p.extra_house_name(9) == "extra region from r2c2"
    peers = p.peer_masks
    assert peers[0] >> 11 & 1  # r1c1 and r2c3: a knight's move
    assert peers[0] >> 10 & 1  # r1c1 and r2c2: a king's move
    assert peers[0] >> 8 & 1  # r1c1 and r1c9: the two-cell extra region (and row 1)
    assert peers[70] >> 79 & 1 and peers[79] >> 78 & 1  # the cage without a total


BAD = [
    ({"antiknight": 1}, "'antiknight' must be true or false"),
    ({"odd": [{"cell": "R0C1"}]}, "odd cell 1: cell R0C1 is outside the 9x9 grid"),
    ({"even": ["R1C1"]}, "even cell 1: an item must be an object with a 'cell'"),
    ({"extraregion": [{"cells": ["R1C1", "R1C1"]}]}, "extra region 1 lists a cell twice"),
    ({"extraregion": [{"cells": [f"R{r}C{c}" for r in (1, 2) for c in range(1, 6)]}]},
     "extra region from r1c1 has 10 cells but only 9 distinct symbols exist"),
    ({"killercage": [{"cells": ["R1C1", "R1C10"]}]}, "killer cage 1: cell R1C10 is outside the 9x9 grid"),
]


@pytest.mark.parametrize(("keys", "message"), BAD, ids=[m[:30] for _, m in BAD])
def test_bad_global_constraints_are_one_line_and_exit_2(keys, message):
    code, _, err = run(["solve"], json.dumps({**doc(), **keys}) + "\n")
    assert code == 2
    assert err.strip().splitlines() == [f"deduce: line 1: {message} (read as an f-puzzles document)"]


def test_disjoint_groups_need_boxes():
    regions = [[0, 0, 1, 1], [0, 0, 1, 1], [2, 2, 3, 3], [2, 3, 3, 2]]
    d = {"size": 4, "grid": [[{"region": regions[r][c]} for c in range(4)] for r in range(4)],
         "disjointgroups": True}
    code, _, err = run(["solve"], json.dumps(d) + "\n")
    assert code == 2 and "disjoint groups need boxes (this grid has jigsaw regions)" in err


def test_odd_and_even_cells_say_what_they_remove():
    p = Puzzle.empty(9, constraints=(Parity("odd", 0), Parity("even", 1), Parity("even", 80)))
    step = next(ParityCells().find(State.from_puzzle(p)))
    assert step.text("full", p) == ("Odd and even cells: r1c1 is odd and r1c2 and r9c9 are even. "
                                    "So r1c1<>2468, r1c2<>13579, r9c9<>13579.")


def test_non_consecutive_neighbours_lose_the_neighbours_of_a_placed_value():
    p = Puzzle.from_string("5" + "." * 80)
    p = Puzzle(p.geometry, p.symbols, p.givens, (), (NonConsecutive(),))
    steps = list(NonConsecutivePairs().find(State.from_puzzle(p)))
    assert {e for s in steps for e in s.eliminations} == {(1, 3), (1, 5), (9, 3), (9, 5)}
    assert steps[0].text("full", p) == ("Non-consecutive neighbours: r1c1 and r1c2 touch, so their values are not "
                                        "consecutive. r1c2 is not 4: r1c1 is 5. r1c2 is not 6: r1c1 is 5. "
                                        "So r1c2<>46.")


def made(constraints: tuple, size: int = 9, seed: int = 1, geometry: Geometry | None = None,
         tries: int | None = None) -> Puzzle:
    """A puzzle made here: a solution of the constraints, givens removed
    (the first ``tries`` cells of a random order, or all) while it stays unique."""
    p = Puzzle.empty(geometry or size, constraints=constraints)
    rng = random.Random(seed)
    start = [-1] * p.ncells
    for c in rng.sample(range(p.ncells), 3):
        start[c] = rng.randrange(p.size)
    try:
        found = first_solutions(p.with_givens(start), 1) or first_solutions(p, 1)
    except Contradiction:  # (two of the random givens clash)
        found = first_solutions(p, 1)
    givens = list(found[0])
    for c in rng.sample(range(p.ncells), tries or p.ncells):
        keep, givens[c] = givens[c], -1
        if count_solutions(p.with_givens(givens), 2) != 1:
            givens[c] = keep
    return p.with_givens(givens)


@pytest.mark.parametrize(("name", "constraints", "size", "tries"), [
    ("anti-knight", (AntiKnight(),), 9, None),
    ("anti-king", (AntiKing(),), 9, None),
    ("windoku", tuple(ExtraRegion(tuple(r * 9 + c for r in range(r0, r0 + 3) for c in range(c0, c0 + 3)))
                      for r0, c0 in ((1, 1), (1, 5), (5, 1), (5, 5))), 9, None),
    ("disjoint groups", (DisjointGroups(),), 9, None),
    ("non-consecutive 6x6", (NonConsecutive(),), 6, None),
    ("diagonals 4x4 with odd cells", (Diagonal("+"), Parity("odd", 0), Parity("odd", 5)), 4, None),
    ("anti-knight 16x16", (AntiKnight(), CageWithoutTotal((0, 17, 34))), 16, 100),
])
def test_global_puzzles_made_here_are_solved_and_every_step_checked(name, constraints, size, tries):
    p = made(constraints, size, tries=tries)
    result = Solver(time_limit=120).solve(p)  # (every step is checked against the solution by the engine)
    assert result.status in ("solved", "solved-with-backtracking")
    assert all(c.broken(p, result.solution) is None for c in p.constraints)


def test_a_jigsaw_with_diagonals_and_a_killer_cage():
    g = Geometry.jigsaw(["111222", "113322", "133332", "444455", "464555", "666665"])
    p = Puzzle.empty(g, constraints=(Diagonal("-"),))
    sol = first_solutions(p, 1)[0]
    from deduce.puzzle import Cage

    cage = Cage(sol[0] + sol[1] + 2, (0, 1))
    p = Puzzle(g, p.symbols, tuple(v if i % 3 == 0 else -1 for i, v in enumerate(sol)), (cage,), p.constraints)
    result = Solver().solve(p)
    assert result.solved and all(c.broken(p, result.solution) is None for c in p.constraints)


def test_the_global_constraints_are_drawn():
    p = read_puzzle(json.dumps(GLOBAL))
    svg = grid_svg(State.from_puzzle(p))
    assert svg.count('class="constraint extra-region"') == 5
    assert svg.count('class="constraint odd"') == 1 and svg.count('class="constraint even"') == 2
    assert svg.count('class="constraint cage-no-total"') == 1
