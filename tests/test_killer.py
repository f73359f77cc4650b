"""Killer sudoku: cage math, cage strategies, the 45 rule, formats, the seed."""

from __future__ import annotations

import csv
import itertools
import json
import pathlib
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from deduce import Cage, Geometry, Puzzle, Solver, State, count_solutions, read_puzzle
from deduce.cagemath import distinct_support, signed_support, value_sets
from deduce.formats import parse_killer_line, read_puzzles
from deduce.render.words import TextRenderer
from strategies.cages import CageCombinations, CageSingle
from strategies.innies_outies import InniesOuties, equations

from .reference import Reference, pattern_grid
from .soundness import assert_sound
from .test_cli import run

ROOT = pathlib.Path(__file__).resolve().parent.parent
SEED = ROOT / "examples" / "killer_45.json"
KRAZYDAD = ROOT.parent / "shared" / "corpora" / "killer-krazydad.csv"
JANKO = ROOT.parent / "shared" / "corpora" / "killer-janko.json"
# The seed's own statement of its unique solution, row by row.
SEED_SOLUTION = "837216495249583167561794832152378649986451273374962518615839724723645981498127356"


# -- cage arithmetic against brute force -------------------------------------

@pytest.mark.parametrize("total,size", [(3, 2), (17, 2), (23, 5), (45, 9), (10, 3), (30, 4)])
def test_value_sets_match_brute_force(total, size):
    brute = {sum(1 << (v - 1) for v in combo) for combo in itertools.combinations(range(1, 10), size)
             if sum(combo) == total}
    assert set(value_sets(total, size, 9)) == brute


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 511), min_size=1, max_size=5), st.integers(1, 45))
def test_distinct_support_matches_brute_force(masks, total):
    masks = tuple(masks)
    fills = [vals for vals in itertools.product(*[[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks])
             if len(set(vals)) == len(vals) and sum(vals) == total]
    res = distinct_support(total, masks, 9)
    if not fills:
        assert res is None
        return
    assert res is not None
    support, sets = res
    assert support == tuple(sum(1 << (v - 1) for v in {f[i] for f in fills}) for i in range(len(masks)))
    assert set(sets) == {sum(1 << (v - 1) for v in f) for f in fills}


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(1, 511), min_size=1, max_size=4), st.lists(st.sampled_from([1, -1]), min_size=4,
                                                                     max_size=4), st.integers(-20, 30))
def test_signed_support_matches_brute_force(masks, signs, target):
    k = len(masks)
    signs = signs[:k]
    differ = tuple(tuple(i != j and (i + j) % 2 == 1 for j in range(k)) for i in range(k))
    fills = [vals for vals in itertools.product(*[[v for v in range(1, 10) if m >> (v - 1) & 1] for m in masks])
             if sum(s * v for s, v in zip(signs, vals)) == target
             and all(not differ[i][j] or vals[i] != vals[j] for i in range(k) for j in range(k))]
    res = signed_support(tuple(range(k)), tuple(signs), target, tuple(masks), differ)
    if not fills:
        assert res is None
    else:
        assert res is not None
        assert res[0] == tuple(sum(1 << (v - 1) for v in {f[i] for f in fills}) for i in range(k))


# -- the seed ------------------------------------------------------------------

def seed_puzzle(repeats: bool = False) -> Puzzle:
    doc = json.loads(SEED.read_text())
    for cage in doc["cages"]:
        cage["repeats"] = repeats
    return read_puzzle(json.dumps(doc))


def test_seed_is_solved_by_logic_alone_with_the_blogs_deductions():
    puzzle = seed_puzzle()
    result = Solver().solve(puzzle)
    assert result.status == "solved" and not result.backtracking
    assert result.solution_string == SEED_SOLUTION
    r = TextRenderer(puzzle)
    texts = [r.explain(s) for s in result.steps]
    placed = {(puzzle.geometry.cell_name(c), puzzle.symbols[v]): i
              for i, s in enumerate(result.steps) for c, v in s.placements}
    want = {("r3c2", "6"): "45 rule on rows 1-2", ("r3c7", "8"): "45 rule on columns 8-9",
            ("r3c4", "7"): "45 rule on box 5"}
    for key, phrase in want.items():
        i = placed[key]
        assert result.steps[i].code == "innie"
        assert phrase in texts[i] and f"{key[0]} = " in texts[i]
    assert "96 - 90 = 6" in texts[placed[("r3c2", "6")]]
    assert placed[("r4c4", "3")] > placed[("r3c4", "7")]
    assert result.steps[placed[("r4c4", "3")]].code == "cage-single"


def test_seed_with_sum_only_cages_reaches_the_same_solution():
    result = Solver().solve(seed_puzzle(repeats=True))
    assert result.solved and result.solution_string == SEED_SOLUTION
    assert count_solutions(seed_puzzle(repeats=True), 2) == 1


def test_seed_example_script_runs():
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, str(ROOT / "examples" / "killer_45.py")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "45 rule on rows 1-2" in proc.stdout and "(logic alone)" in proc.stdout


# -- strategies: positives, negatives, soundness --------------------------------

def test_cage_combination_example_from_the_issue():
    g = Geometry.boxes(9)
    puzzle = Puzzle(g, "123456789", (-1,) * 81, (Cage(3, (0, 1)),))
    step = next(CageCombinations("combinations").find(State.from_puzzle(puzzle)))
    assert set(step.eliminations) == {(c, s) for c in (0, 1) for s in range(2, 9)}
    text = TextRenderer(puzzle).explain(step)
    assert text == ("Cage combinations: cage r1c1 (3) has 2 cells: only {1,2} adds up to 3. "
                    "So 3-9 are removed from r1c1 and r1c2.")


def test_cage_pointing_and_must_not_find():
    g = Geometry.boxes(9)
    # a 2-cell cage of 17 is {8,9}: both 8 and 9 lie in row 1 (and box 1), leave the rest
    puzzle = Puzzle(g, "123456789", (-1,) * 81, (Cage(17, (0, 1)),))
    state = State.from_puzzle(puzzle)
    steps = list(CageCombinations("pointing").find(state))
    # one step for the cage: both symbols, from row 1 and from box 1 (one deduction, one step)
    assert len(steps) == 1
    (step,) = steps
    assert {(h, s) for s, h, _, _ in step.detail("pointing")} == {(0, 7), (0, 8), (18, 7), (18, 8)}
    assert set(step.houses) == {0, 18} and step.symbols == (7, 8)
    assert set(step.eliminations) == {(c, s) for c in set(range(2, 9)) | {9, 10, 11, 18, 19, 20} for s in (7, 8)}
    text = TextRenderer(puzzle).explain(step)
    assert text.count("is in every combination") == 2 and "row 1 and box 1" in text  # a sentence per symbol
    # must not find: a cage whose combinations share no value
    puzzle = Puzzle(g, "123456789", (-1,) * 81, (Cage(10, (0, 1)),))
    assert list(CageCombinations("pointing").find(State.from_puzzle(puzzle))) == []
    assert list(CageSingle().find(State.from_puzzle(puzzle))) == []


def test_house_forces_a_value_into_a_cage():
    # row 1: every cell but r1c1, r1c2 holds a given, missing 1 and 8; cage r1c1+r1c2 = 9
    g = Geometry.boxes(9)
    givens = [-1, -1, 1, 2, 3, 4, 5, 6, 8] + [-1] * 72
    puzzle = Puzzle(g, "123456789", tuple(givens), (Cage(9, (0, 1)),))
    state = State.from_puzzle(puzzle)
    assert list(CageCombinations("combinations").find(state)) == []  # already {1,8}: nothing to remove


def test_innies_outies_must_not_find_without_cages():
    assert list(InniesOuties("single").find(State.from_puzzle(Puzzle.empty(9)))) == []
    assert list(InniesOuties("multi").find(State.from_puzzle(Puzzle.empty(9)))) == []


def test_derived_cage_and_difference_steps_are_explained():
    puzzle = seed_puzzle()
    eqs = equations(puzzle)
    assert any(e.innies and e.outies for e in eqs) and any(len(e.innies) >= 2 and not e.outies for e in eqs)
    r = TextRenderer(puzzle)
    state = State.from_puzzle(puzzle)
    step = next(InniesOuties("multi").find(state))
    text = r.explain(step)
    assert text.startswith("45 rule (derived sum): 45 rule on ")
    for cell, _ in step.eliminations:
        assert puzzle.geometry.cell_name(cell) in text


def random_killer(size: int, rng: random.Random, max_cage: int = 4, repeats: bool = False):
    sol = pattern_grid(size, rng)
    g = Geometry.boxes(size)
    n = size
    free = set(range(n * n))
    cages = []
    while free:
        start = min(free)
        cells = [start]
        free.discard(start)
        target = rng.randint(1, max_cage)
        while len(cells) < target:
            options = [nb for c in cells for nb in (c + 1, c + n) if nb in free
                       and (nb != c + 1 or nb % n != 0) and sol[nb] not in {sol[x] for x in cells}]
            if not options:
                break
            nb = rng.choice(sorted(options))
            cells.append(nb)
            free.discard(nb)
        cages.append(Cage(sum(sol[c] for c in cells), tuple(cells), repeats))
    return Puzzle(g, "123456789ABCDEFG"[:n], (-1,) * (n * n), tuple(cages)), tuple(v - 1 for v in sol)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([4, 6, 6, 9]), st.integers(0, 2**32 - 1), st.booleans())
def test_cage_strategies_are_sound(size, seed, repeats):
    puzzle, solution = random_killer(size, random.Random(seed), repeats=repeats)
    # a killer whose cages carry no information (say, every cage a whole box) checks nothing
    stride = 4 if size == 9 else 1
    assume(assert_sound(puzzle, solution, max_steps_per_strategy=20, stride=stride) > 0)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([4, 6]), st.integers(0, 2**32 - 1))
def test_killer_counts_match_reference(size, seed):
    puzzle, _ = random_killer(size, random.Random(seed), max_cage=3)
    ref = Reference(size, Geometry.boxes(size).region_of,
                    [(c.total, c.cells, c.repeats) for c in puzzle.cages])
    assert count_solutions(puzzle, 50) == ref.count([0] * size * size, 50)


# -- formats and validation ----------------------------------------------------------

def test_killer_line_format():
    # letters in the order A-Z then a-z: the sums go to B, C, ..., H, then a
    puzzle = parse_killer_line("aaBBCCDDEEFFGGHH 7,3,7,5,5,4,6,3")
    sums = {c.cells[0]: c.total for c in puzzle.cages}
    assert sums == {0: 3, 2: 7, 4: 3, 6: 7, 8: 5, 10: 5, 12: 4, 14: 6}
    code, out, _ = run(["count", "--limit", "1000"], "AAAABBBBCCCCDDDD 10,10,10,10\n")
    assert out.strip() == "288" and code == 3


@pytest.mark.parametrize("text,needle", [
    ("AABBCCDDEEFFGGHH 5,5,5,5,5,5,5,6", "cage sums must add up to 40, but they add up to 41"),
    ("AABC" * 4 + " 10,10", "3 cages but 2 sums"),
    ("AABBCCDDEEFFGGHH 17,5,5,5,5,5,5,5", "cage r1c1 (17): 2 cells cannot add up to 17"),
    ("AABBCCDDEEFFGGHH 3,x", "cage sums must be whole numbers"),
])
def test_killer_line_errors(text, needle):
    code, _, err = run(["solve"], text + "\n")
    assert code == 2
    assert needle in err, err


def test_janko_killer_layout():
    text = "4 4\n9 - 8 3\n- 7 - -\n4 - - 9\n- - - -\n2 2 4 1\n2 3 4 1\n6 3 4 5\n6 3 5 5\n"
    code, out, err = run(["solve", "--format", "janko-killer"], text)
    assert code == 0, err
    puzzle = read_puzzle(text, "janko-killer")
    ref = Reference(4, Geometry.boxes(4).region_of, [(c.total, c.cells, c.repeats) for c in puzzle.cages])
    sol = ref.solutions([0] * 16, 2)
    assert len(sol) == 1
    assert out.split()[2:] == [str(v) for v in sol[0]]
    code, _, err = run(["solve", "--format", "janko-killer"], text.replace("9 - 8 3", "9 - 8 -"))
    assert code == 2 and "cage 1 has no sum" in err


def test_json_cages_errors_name_the_cage():
    doc = {"size": 4, "cages": [{"sum": 3, "cells": ["r1c1", "r1c2"]}, {"sum": 4, "cells": ["r5c1"]}]}
    code, _, err = run(["solve"], json.dumps(doc) + "\n")
    assert code == 2 and "cage 2 (sum 4): cell r5c1 is outside the 4x4 grid" in err


def test_uniqueness_is_never_used_with_cages():
    class Spy:
        from deduce.techniques import TECHNIQUES
        technique = TECHNIQUES["np"]
        requires_unique = True
        allows_cages = False
        calls = 0

        def find(self, state):
            Spy.calls += 1
            return iter(())

    Solver([Spy()]).solve(seed_puzzle())
    assert Spy.calls == 0


# -- corpus samples (skip without ../shared) -------------------------------------------

@pytest.mark.skipif(not KRAZYDAD.exists(), reason="../shared/corpora is absent")
def test_krazydad_sample_by_logic_alone():
    rows = list(csv.DictReader(KRAZYDAD.open()))[::800]
    for row in rows:
        puzzle = parse_killer_line(row["puzz_color"][1:] + " " + row["puzz_hint"])
        result = Solver().solve(puzzle)
        assert result.status == "solved", row["ptitle"]
        assert result.solution_string == row["solved"]


@pytest.mark.skipif(not JANKO.exists(), reason="../shared/corpora is absent")
def test_janko_killer_sample():
    data = json.loads(JANKO.read_text())["data"]
    for key, item in sorted(data.items())[::80]:
        entry = next(read_puzzles(item["problem"], "janko-killer"))
        assert entry.error is None, (key, entry.error)
        result = Solver().solve(entry.puzzle)
        lines = [ln for ln in item["solution"].splitlines() if ln.strip()]
        expected = " ".join(lines[1: int(lines[0].split()[0]) + 1]).split()
        if result.solution_count == 1:
            assert [entry.puzzle.symbols[v] for v in result.solution] == expected, key


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from([6, 9]), st.integers(0, 2**32 - 1))
def test_forced_symbols_match_the_definition(size, seed):
    """A symbol is forced into a cage when, in some house the cage touches,
    every unsolved cell that still has it lies in the cage: the mask version
    against that sentence, cell by cell, along a solve."""
    from strategies.cages import forced_symbols

    puzzle, solution = random_killer(size, random.Random(seed))
    g = puzzle.geometry
    state = State.from_puzzle(puzzle)
    for k, _ in enumerate(Solver(profile="deduce").steps(state, solution)):
        for cage in puzzle.cages:
            want, why = 0, []
            for h in sorted({h for c in cage.cells for h in g.cell_houses[c]}):
                if not set(g.houses[h]) & set(cage.cells):
                    continue
                for s in range(size):
                    places = [c for c in g.houses[h] if state.value[c] < 0 and state.cand[c] >> s & 1]
                    if places and set(places) <= set(cage.cells) and not want >> s & 1:
                        want |= 1 << s
                        why.append((s, h))
            assert forced_symbols(state, cage) == (want, tuple(why))
        if k > 40:
            break
