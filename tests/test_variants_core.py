"""Variant constraints (issue 44): the framework, and the diagonals,
thermometers and kropki dots on it.

Each family is read from f-puzzles JSON and links and written back, its rule
(:meth:`Constraint.broken`) and the search agree with brute force over every
4x4 grid, its steps never remove a candidate some completion allows
(hypothesis, against brute force on small random instances), its words say
what the issue asks, its picture is drawn, and bad input is one line, exit 2.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.backtrack import count_solutions, first_solutions, iter_solutions
from deduce.constraint import ConstraintError, kind_for_key, kinds
from deduce.engine import Solver
from deduce.formats import read_puzzle, same_puzzle, write_puzzle
from deduce.geometry import Geometry
from deduce.puzzle import Cage, Puzzle
from deduce.render.svg import grid_svg
from deduce.state import State
from strategies.variants.antichess import AntiKing, AntiKnight
from strategies.variants.diagonals import Diagonal
from strategies.variants.extra_houses import ExtraHouseLocked, ExtraHouseSingle
from strategies.variants.kropki import KropkiDot, KropkiDots, KropkiNegative
from strategies.variants.nonconsecutive import NonConsecutive, NonConsecutivePairs
from strategies.variants.parity import Parity, ParityCells
from strategies.variants.plain_cages import CageWithoutTotal
from strategies.variants.regions import DisjointGroups, ExtraRegion
from strategies.variants.thermometer import Thermometer, ThermometerBounds

PRODUCERS = (ExtraHouseSingle(), ExtraHouseLocked(), ThermometerBounds(), KropkiDots("dot"),
             KropkiDots("negative"), ParityCells(), NonConsecutivePairs())
#: every name a puzzle's repr may use
NAMES = {"attrs": attrs, "Puzzle": Puzzle, "Cage": Cage, "Geometry": Geometry, "Diagonal": Diagonal,
         "Thermometer": Thermometer, "KropkiDot": KropkiDot, "KropkiNegative": KropkiNegative,
         "AntiKnight": AntiKnight, "AntiKing": AntiKing, "NonConsecutive": NonConsecutive, "Parity": Parity,
         "CageWithoutTotal": CageWithoutTotal, "ExtraRegion": ExtraRegion, "DisjointGroups": DisjointGroups}
JIGSAW4 = Geometry.jigsaw(["1112", "1222", "3334", "3444"])


def run(args: list[str], stdin: str) -> tuple[int, str, str]:
    p = subprocess.run([sys.executable, "-m", "deduce", *args], input=stdin, capture_output=True, text=True,
                       timeout=120)
    return p.returncode, p.stdout, p.stderr


def doc(size: int = 9, **keys: object) -> dict:
    d: dict = {"size": size, "grid": [[{} for _ in range(size)] for _ in range(size)]}
    d.update(keys)
    return d


FULL = {**doc(), "diagonal+": True, "diagonal-": True,
        "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4"], ["R1C1", "R2C2"]]}],
        "slowthermometer": [{"lines": [["R9C1", "R9C2", "R9C3"]]}],
        "difference": [{"cells": ["R5C5", "R5C6"]}, {"cells": ["R7C7", "R8C7"], "value": "3"}],
        "ratio": [{"cells": ["R6C5", "R6C6"]}], "negative": ["ratio", "difference"]}


# -- the registry and the value classes ----------------------------------------------------------


def test_the_registry_finds_the_built_in_families_by_their_keys():
    assert {Diagonal, Thermometer, KropkiDot, KropkiNegative} <= set(kinds())
    assert kind_for_key("diagonal+") is Diagonal and kind_for_key("slowthermometer") is Thermometer
    assert kind_for_key("ratio") is KropkiDot and kind_for_key("negative:difference") is KropkiNegative
    assert kind_for_key("snakeeyes") is None


def test_a_puzzle_with_constraints_rebuilds_from_its_repr():
    p = read_puzzle(json.dumps(FULL))
    assert len(p.constraints) == 10
    assert "Puzzle" in repr(p) and "Thermometer(cells=(0, 1, 2, 3), slow=False)" in repr(p)
    again = eval(repr(p), NAMES)
    assert same_puzzle(again, p) and again.constraints == p.constraints


def test_diagonal_cells_are_peers_and_houses():
    p = Puzzle.empty(9, constraints=(Diagonal("-"),))
    assert p.peer_masks[0] >> 80 & 1 and p.peer_masks[40] >> 0 & 1
    assert not Puzzle.empty(9).peer_masks[0] >> 80 & 1
    assert p.extra_houses == (tuple(range(0, 81, 10)),)


# -- reading and writing -------------------------------------------------------------------------


@pytest.mark.parametrize("fmt", ["fpuzzles", "fpuzzles-link", "sudokupad-link"])
def test_every_constraint_is_written_back_and_read_again(fmt):
    p = read_puzzle(json.dumps(FULL))
    text = write_puzzle(p, fmt)
    q = read_puzzle(text)
    assert q.constraints == p.constraints
    code, out, err = run(["convert", "--to", fmt], json.dumps(FULL) + "\n")
    assert code == 0, err
    assert read_puzzle(out.strip()).constraints == p.constraints


def test_a_format_without_constraints_refuses_the_puzzle_in_one_line():
    code, _, err = run(["convert", "--to", "line"], json.dumps(FULL) + "\n")
    assert code == 2 and err.strip().splitlines() == [
        "deduce: line cannot hold this puzzle: line holds no variant constraints "
        "(f-puzzles documents and links and deduce's JSON do)"]


BAD = [
    ({"snakeeyes": [{"cells": ["R1C1"]}]}, "constraint 'snakeeyes' is not supported"),
    ({"thermometer": [{"lines": [["R1C1", "R1C2", "R10C2"]]}]}, "thermometer 1: cell R10C2 is outside the 9x9 grid"),
    ({"thermometer": [{"lines": [["R1C1", "R1C3"]]}]},
     "thermometer from r1c1: r1c1 and r1c3 are next on the line but do not touch"),
    ({"difference": [{"cells": ["R1C1", "R1C3"]}]}, "white dot 1 (R1C1-R1C3): its cells do not touch"),
    ({"ratio": [{"cells": ["R1C1", "R2C2"]}]}, "black dot 1 (R1C1-R2C2): its cells do not touch"),
    ({"ratio": [{"cells": ["R1C1", "R1C2"], "value": "10"}]},
     "black dot r1c1-r1c2 (ratio 10): no two values 1-9 make it"),
    ({"thermometer": [{"lines": [[f"R1C{c}" for c in range(1, 10)] + ["R2C9"]]}]},
     "thermometer from r1c1: 10 cells cannot increase within 1-9"),
    ({"negative": ["sandwich"]}, "negative constraint 'sandwich' is not supported"),
    ({"diagonal+": "yes"}, "'diagonal+' must be true or false"),
]


@pytest.mark.parametrize(("keys", "message"), BAD, ids=[m.split(":")[0][:30] for _, m in BAD])
def test_bad_constraints_are_one_line_naming_the_place_and_exit_2(keys, message):
    code, _, err = run(["solve"], json.dumps({**doc(), **keys}) + "\n")
    assert code == 2
    assert err.strip().splitlines() == [f"deduce: line 1: {message} (read as an f-puzzles document)"]


def test_a_bad_constraint_in_a_link_is_named_too():
    from deduce.formats.lzstring import compress_to_base64

    link = "https://sudokupad.app/fpuzzles" + compress_to_base64(
        json.dumps({**doc(), "difference": [{"cells": ["R1C1", "R3C1"]}]}))
    code, _, err = run(["solve"], link + "\n")
    assert code == 2
    assert err.strip().splitlines() == [
        "deduce: line 1: SudokuPad link: white dot 1 (R1C1-R3C1): its cells do not touch"]


def test_a_constraint_made_in_code_is_checked_by_the_puzzle():
    with pytest.raises(ConstraintError, match="white dot r1c1-r1c3: its cells do not touch"):
        Puzzle.empty(9, constraints=(KropkiDot("difference", (0, 2)),))
    with pytest.raises(ConstraintError, match="a cell is outside the 4x4 grid"):
        Puzzle.empty(4, constraints=(Thermometer((14, 15, 16)),))


# -- the rule and the search against brute force -------------------------------------------------


@functools.cache
def grids4(geometry: Geometry | None = None) -> tuple[tuple[int, ...], ...]:
    return tuple(iter_solutions(Puzzle.empty(geometry or 4)))


def random_puzzle(rng: random.Random, n: int = 4) -> Puzzle:
    """A few constraints of each family placed at random on an n x n grid
    (boxes or a jigsaw), sometimes with a killer cage."""
    geometry = JIGSAW4 if rng.random() < 0.2 else Geometry.boxes(n)
    out: list = []
    if rng.random() < 0.4:
        out.append(Diagonal(rng.choice("+-")))
    for _ in range(rng.randrange(3)):  # thermometers: a random walk of 2-4 touching cells
        cells = [rng.randrange(n * n)]
        for _ in range(rng.randrange(1, 4)):
            r, c = divmod(cells[-1], n)
            steps = [(r + dr) * n + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < n and 0 <= c + dc < n and (r + dr) * n + c + dc not in cells]
            if not steps:
                break
            cells.append(rng.choice(steps))
        if len(cells) >= 2:
            out.append(Thermometer(tuple(cells), rng.random() < 0.3))
    pairs = [(c, c + 1) for c in range(n * n) if c % n < n - 1] + [(c, c + n) for c in range(n * n - n)]
    for a, b in rng.sample(pairs, rng.randrange(4)):
        kind = rng.choice(["difference", "ratio"])
        out.append(KropkiDot(kind, (a, b), rng.choice([1, 1, 2]) if kind == "difference" else 2))
    for kind in ("difference", "ratio"):
        if rng.random() < 0.2:
            out.append(KropkiNegative(kind))
    for cls, chance in ((AntiKnight, 0.2), (AntiKing, 0.05), (NonConsecutive, 0.1)):
        if rng.random() < chance:
            out.append(cls())
    if rng.random() < 0.2 and geometry.box_shape:
        out.append(DisjointGroups())
    if rng.random() < 0.3:
        out.append(ExtraRegion(tuple(rng.sample(range(n * n), rng.choice([2, 3, n])))))
    if rng.random() < 0.3:
        out.append(CageWithoutTotal(tuple(rng.sample(range(n * n), rng.choice([2, 3])))))
    for cell in rng.sample(range(n * n), rng.randrange(3)):
        out.append(Parity(rng.choice(["odd", "even"]), cell))
    cages: tuple[Cage, ...] = ()
    if rng.random() < 0.25:
        cells = (0, 1) if rng.random() < 0.5 else (5, 6, 10)
        cages = (Cage(rng.randrange(len(cells) * 2, len(cells) * 3 + 1), cells),)
    return Puzzle.empty(geometry, constraints=tuple(out), cages=cages)


def completions(puzzle: Puzzle, cand: list[int] | None = None) -> list[tuple[int, ...]]:
    """Every 4x4 grid that satisfies the puzzle's cages and constraints
    (and, given ``cand``, fits those candidates)."""
    out = []
    for g in grids4(puzzle.geometry):
        if cand is not None and not all(cand[c] >> v & 1 for c, v in enumerate(g)):
            continue
        if any(g[c] != v for c, v in enumerate(puzzle.givens) if v >= 0):
            continue
        if any(sum(g[c] + 1 for c in cage.cells) != cage.total or len({g[c] for c in cage.cells}) < len(cage.cells)
               for cage in puzzle.cages):
            continue
        if all(k.broken(puzzle, g) is None for k in puzzle.constraints):
            out.append(g)
    return out


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_the_search_finds_exactly_the_grids_the_rule_allows(seed):
    rng = random.Random(seed)
    p = random_puzzle(rng)
    found = sorted(iter_solutions(p))
    assert found == sorted(completions(p))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9))
def test_constraint_steps_never_remove_a_candidate_some_completion_allows(seed):
    rng = random.Random(seed)
    assert_steps_sound(random_puzzle(rng), rng, PRODUCERS, placed=4)


def assert_steps_sound(p: Puzzle, rng: random.Random, producers: tuple, placed: int) -> None:
    """On a position on the way to a completion of the 4x4 puzzle ``p`` (up
    to ``placed`` - 1 cells placed from it, a few candidates removed at
    random), no step of ``producers`` removes a candidate, or places a
    symbol, that some completion fitting the position disagrees with; every
    step has words at three levels."""
    sols = completions(p)
    if not sols:
        return
    target = rng.choice(sols)
    state = State.from_puzzle(p)
    for c in rng.sample(range(16), rng.randrange(placed)):
        if state.value[c] < 0 and state.cand[c] >> target[c] & 1:
            state.place(c, target[c])
    for _ in range(rng.randrange(4)):
        c, s = rng.randrange(16), rng.randrange(4)
        if state.value[c] < 0 and s != target[c]:
            state.eliminate(c, s)
    allowed = completions(p, state.cand)
    assert target in allowed
    for producer in producers:
        for step in producer.find(state):
            for c, s in step.eliminations:
                assert all(g[c] != s for g in allowed), (producer, step, p)
            for c, s in step.placements:
                assert all(g[c] == s for g in allowed), (producer, step, p)
            assert step.text("full", p) and step.text("nudge", p) and step.text("clue", p)


# -- logic and words -----------------------------------------------------------------------------


def test_the_thermometer_says_how_far_along_the_larger_cells_are():
    p = Puzzle.empty(9, constraints=(Thermometer((11, 12, 13, 14)),))  # r2c3 to r2c6
    steps = list(ThermometerBounds().find(State.from_puzzle(p)))
    assert len(steps) == 1
    text = steps[0].text("full", p)
    assert "r2c3 is at most 6: three cells further along the thermometer must be larger." in text
    assert "r2c6 is at least 4: three cells nearer the bulb must be smaller." in text
    assert steps[0].text("nudge", p) == "Look along the thermometer r2c3-r2c6."


def test_the_white_dot_says_which_partners_are_taken_in_the_row():
    p = Puzzle.from_string("4.....6.." + "." * 72)  # 4 and 6 in row 1
    p = attrs.evolve(p, constraints=(KropkiDot("difference", (3, 4)),))  # r1c4 and r1c5
    step = next(KropkiDots("dot").find(State.from_puzzle(p)))
    text = step.text("full", p)
    assert "r1c4 and r1c5 are on a white dot: their values are consecutive." in text
    assert "r1c4 is not 5: r1c5 would have to be 4 or 6, and both are taken in row 1." in text


def test_the_missing_dot_removes_the_neighbours_of_a_placed_value():
    p = attrs.evolve(Puzzle.from_string("5" + "." * 80), constraints=(KropkiNegative("difference"),))
    steps = list(KropkiDots("negative").find(State.from_puzzle(p)))
    removed = {e for s in steps for e in s.eliminations}
    assert removed == {(1, 3), (1, 5), (9, 3), (9, 5)}
    assert "r1c2 is not 4: r1c1 is 5." in " ".join(s.text("full", p) for s in steps)


def sudoku_x() -> tuple[Puzzle, tuple[int, ...]]:
    """A Sudoku X made here (random, minimal for uniqueness), with its solution."""
    rng = random.Random(7)
    p = Puzzle.empty(9, constraints=(Diagonal("+"), Diagonal("-")))
    seed_givens = [-1] * 81
    for c in rng.sample(range(81), 9):
        seed_givens[c] = rng.randrange(9)
    solution = next(g for g in iter_solutions(p.with_givens([-1] * 81)))
    givens = list(solution)
    for c in rng.sample(range(81), 81):
        keep, givens[c] = givens[c], -1
        if count_solutions(p.with_givens(givens), 2) != 1:
            givens[c] = keep
    return p.with_givens(givens), solution


def test_a_sudoku_x_is_solved_with_steps_on_its_diagonals():
    p, solution = sudoku_x()
    result = Solver().solve(p)
    assert result.status in ("solved", "solved-with-backtracking")
    assert result.solution == solution
    codes = {s.code for s in result.steps}
    assert codes & {"extra-hs", "extra-lc"}
    assert all(k.broken(p, result.solution) is None for k in p.constraints)


def test_a_thermometer_puzzle_is_solved_by_logic_alone():
    therms = (Thermometer((0, 1, 2, 3, 4)), Thermometer((80, 70, 60, 50)), Thermometer((36, 28, 20)))
    p = Puzzle.empty(9, constraints=therms)
    solution = first_solutions(p, 1)[0]
    rng = random.Random(3)
    givens = list(solution)
    for c in rng.sample(range(81), 81):
        keep, givens[c] = givens[c], -1
        if count_solutions(p.with_givens(givens), 2) != 1:
            givens[c] = keep
    p = p.with_givens(givens)
    result = Solver().solve(p)
    assert result.status == "solved" and result.solution == solution
    assert "thermo" in {s.code for s in result.steps}


# -- pictures ------------------------------------------------------------------------------------


def test_every_constraint_is_drawn():
    p = read_puzzle(json.dumps(FULL))
    svg = grid_svg(State.from_puzzle(p))
    assert svg.count('class="constraint diagonal"') == 2
    assert svg.count('class="constraint thermometer"') == 2 and svg.count('class="constraint thermometer slow"') == 1
    assert svg.count('class="constraint kropki white"') == 2 and svg.count('class="constraint kropki black"') == 1
    assert svg.count('class="constraint kropki-value"') == 1
    # lines under the grid's digits, dots over the grid lines
    assert svg.index("constraint thermometer") < svg.index("region-border") < svg.index("constraint kropki")


# -- a classic grid whose first row is short (deduce/formats/text.py) -----------------------------


def test_a_grid_whose_first_row_is_one_value_short_is_reported_once_at_that_row():
    rows = ["53. .7. ..", "6.. 195 ...", ".98 ... .6.", "8.. .6. ..3", "4.. 8.3 ..1", "7.. .2. ..6",
            ".6. ... 28.", "... 419 ..5", "... .8. .79"]
    code, out, err = run(["solve"], "\n".join(rows) + "\n")
    assert code == 2
    assert err.strip().splitlines() == ["deduce: line 1: expected 9 values in this row, got 8 (read as a grid)"]
    # the grid after it is still read
    code, out, err = run(["solve"], "\n".join(rows) + "\n\n" + "\n".join(["53. .7. ...", *rows[1:]]) + "\n")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "5 3 4 6 7 8 9 1 2" in out
