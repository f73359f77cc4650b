"""Jigsaw sudoku and Latin squares: formats, every solution, law of leftovers."""

from __future__ import annotations

import itertools
import json
import pathlib
import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce import Geometry, Puzzle, Solver, State, count_solutions, iter_solutions, read_puzzle
from deduce.formats import read_puzzles, write_solution
from deduce.render.words import TextRenderer
from strategies.leftovers import LawOfLeftovers, comparisons

from .reference import Reference, to_line
from .soundness import assert_sound
from .test_cli import run

ROOT = pathlib.Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
JANKO = ROOT.parent / "shared" / "corpora" / "jigsaw-janko.json"

SEED_MAP_1 = ["000011", "022013", "221113", "243333", "244455", "445555"]
SEED_MAP_2 = ["001111", "002113", "022243", "022443", "544433", "555553"]


def solutions_as_set(text: str) -> set[str]:
    """The set of grids in the seed's output format, checking the numbering."""
    lines = [ln.rstrip() for ln in text.splitlines() if ln.strip()]
    grids = set()
    for k in range(0, len(lines), 7):
        assert lines[k] == str(k // 7 + 1), "solutions are numbered from 1 in printed order"
        grids.add("\n".join(lines[k + 1:k + 7]))
    return grids


@pytest.mark.parametrize("name", ["latin-seed-1", "latin-seed-2"])
def test_latin_square_example_prints_the_seeds_solutions(name):
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / "latin_square.py")],
                          input=(DATA / f"{name}.txt").read_text(), capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    expected = (DATA / f"{name}.expected").read_text()
    assert solutions_as_set(proc.stdout) == solutions_as_set(expected)
    assert len(solutions_as_set(proc.stdout)) == {"latin-seed-1": 1, "latin-seed-2": 9}[name]


@pytest.mark.parametrize("givens", [
    ["00A", "01A"],                       # two As in row 0
    ["15A", "20C", "40D", "31B"],         # no clash among the givens, yet no solution
])
def test_latin_square_without_solution_prints_wu_jie(givens):
    text = "\n".join(SEED_MAP_1) + f"\n{len(givens)}\n" + "\n".join(givens) + "\n"
    proc = subprocess.run([sys.executable, str(ROOT / "examples" / "latin_square.py")],
                          input=text, capture_output=True, text=True)
    assert proc.returncode == 0
    assert proc.stdout.strip() == "无解"


def test_latin_format_ignores_blank_lines_and_spaces():
    text = "\n\n 0 0 0 0 1 1\n022013\n\n221113\n243333\n244455\n445555\n 6 \n0 2 C\n03B\n05A\n20D\n35E\n53F\n\n"
    puzzle = read_puzzle(text)
    assert puzzle.symbols == "ABCDEF" and puzzle.geometry.is_jigsaw
    assert count_solutions(puzzle, 5) == 1


@pytest.mark.parametrize("text,needle", [
    ("000011\n022013\n221113\n243333\n244455\n445554\n0\n", "region 4 has 7 cells"),
    ("000011\n022013\n221113\n243333\n244455\n4455\n0\n", "line 6: region map row has 4 ids, expected 6"),
    ("000011\n022013\n221113\n243333\n244455\n445555\n1\n72A\n", "line 8: row 7, column 2 is outside the 6x6 grid"),
    ("000011\n022013\n221113\n243333\n244455\n445555\n1\n02G\n", "line 8: 'G' is not one of A-F"),
    ("000011\n022013\n221113\n243333\n244455\n445555\n3\n02A\n", "3 given letters announced, 1 found"),
])
def test_latin_format_errors_name_the_line(text, needle):
    code, _, err = run(["solve", "--format", "latin"], text)
    assert code == 2
    assert needle in err, err


def test_solve_and_count_on_latin_input():
    code, out, _ = run(["count"], (DATA / "latin-seed-2.txt").read_text())
    assert out.strip() == "9" and code == 3
    code, out, _ = run(["solve", "--all"], (DATA / "latin-seed-2.txt").read_text())
    grids = [g for g in out.strip().split("\n\n")]
    assert len(grids) == len(set(grids)) == 9
    assert all(len(g.splitlines()) == 6 for g in grids)


def brute_force_count(region_rows: list[str]) -> int:
    """Plain enumeration of Latin squares with the region rule, row by row."""
    n = len(region_rows)
    region_of = [int(ch, 36) for row in region_rows for ch in row]
    rows = list(itertools.permutations(range(n)))
    count = 0

    def extend(grid: list[tuple[int, ...]]) -> None:
        nonlocal count
        if len(grid) == n:
            count += 1
            return
        r = len(grid)
        for row in rows:
            if any(row[c] == g[c] for g in grid for c in range(n)):
                continue
            ok = True
            for c in range(n):
                reg = region_of[r * n + c]
                for pr, g in enumerate(grid):
                    for pc in range(n):
                        if region_of[pr * n + pc] == reg and g[pc] == row[c]:
                            ok = False
                            break
                    if not ok:
                        break
                if not ok:
                    break
            if ok:
                extend(grid + [row])

    extend([])
    return count


@pytest.mark.parametrize("regions", [["0011", "0011", "2233", "2233"], ["1113", "1333", "2244", "2244"],
                                     ["0001", "0211", "2231", "2333"]])
def test_empty_4x4_jigsaw_every_solution_once(regions):
    puzzle = Puzzle.empty(Geometry.jigsaw([list(r) for r in regions]))
    sols = list(iter_solutions(puzzle))
    assert len(sols) == len(set(sols)) == brute_force_count(regions)
    assert (len(sols) > 0) == (regions != ["0001", "0211", "2231", "2333"])  # that map admits no solution
    text = json.dumps({"size": 4, "regions": regions})
    _, out, _ = run(["count", "--limit", "100000"], text + "\n")
    assert out.strip() == str(len(sols))


def test_jigsaw_line_format_round_trips():
    puzzle = read_puzzle((DATA / "latin-seed-1.txt").read_text(), "latin")
    givens = puzzle.givens_string().replace("A", "1").replace("B", "2").replace("C", "3")
    givens = givens.replace("D", "4").replace("E", "5").replace("F", "6")
    line = givens + "".join(SEED_MAP_1)
    assert len(line) == 72
    code, out, _ = run(["solve"], line + "\n")
    assert code == 0
    assert out.strip().endswith("".join(SEED_MAP_1)) and "." not in out
    code, _, err = run(["solve"], givens + "".join(SEED_MAP_1)[:-1] + "7\n")
    assert code == 2 and "region" in err


def test_janko_layout_is_detected_and_reads():
    text = "4 4\n- - 4 3\n- - - 1\n- 2 - -\n- - - -\n1 1 1 3\n1 3 3 3\n2 2 4 4\n2 2 4 4\n"
    detected = run(["solve"], text)
    assert detected[0] == 0 and detected[1] == run(["solve", "--format", "janko-jigsaw"], text)[1]
    code, out, _ = run(["solve", "--format", "janko-jigsaw"], text)
    assert code == 0
    assert out.splitlines()[0] == "4 4" and len(out.splitlines()) == 5
    ref = Reference(4, [int(x) - 1 for x in "1113133322442244"])
    givens = [0, 0, 4, 3, 0, 0, 0, 1, 0, 2, 0, 0, 0, 0, 0, 0]
    sol = ref.solutions(givens, 1)[0]
    assert " ".join(map(str, sol)) == " ".join(" ".join(out.splitlines()[1:]).split())


def test_regions_are_numbered_as_in_the_input_map():
    g = Geometry.jigsaw(["2221", "2111", "0033", "0033"])
    # region ids 0..3 keep their numbers (shown from 1)
    assert g.region_of[8] == 0 and g.house_name(2 * 4 + 0) == "region 1"
    assert g.region_of[0] == 2


# -- law of leftovers --------------------------------------------------------

def _jigsaw_solutions(regions, limit, rng):
    """Up to ``limit`` solutions of the empty jigsaw, each relabelled by a
    symbol permutation drawn from ``rng`` (a relabelled solution is still one)."""
    puzzle = Puzzle.empty(Geometry.jigsaw([list(r) for r in regions]))
    sols = []
    for s in iter_solutions(puzzle):
        perm = rng.sample(range(len(regions)), len(regions))
        sols.append(tuple(perm[v] for v in s))
        if len(sols) >= limit:
            break
    return sols


def test_jigsaw_solutions_depend_on_the_rng():
    a = _jigsaw_solutions(SEED_MAP_1, 5, random.Random(1))
    b = _jigsaw_solutions(SEED_MAP_1, 5, random.Random(2))
    assert a != b and len(a) == len(b) == 5
    ref = Reference(6, [int(ch) for row in SEED_MAP_1 for ch in row])
    assert all(ref.count([v + 1 for v in s], 2) == 1 for s in a + b)  # each a full, valid grid


@st.composite
def jigsaw_unique_puzzles(draw):
    regions = draw(st.sampled_from([SEED_MAP_1, SEED_MAP_2]))
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    sols = _jigsaw_solutions(regions, 40, rng)
    sol = [v + 1 for v in rng.choice(sols)]
    ref = Reference(6, [int(ch) for row in regions for ch in row])
    grid = list(sol)
    cells = list(range(36))
    rng.shuffle(cells)
    for cell in cells:
        v = grid[cell]
        grid[cell] = 0
        if ref.count(grid, 2) != 1:
            grid[cell] = v
    puzzle = Puzzle.from_string(to_line(grid, "ABCDEF"), symbols="ABCDEF",
                                geometry=Geometry.jigsaw([list(r) for r in regions]))
    return puzzle, tuple(v - 1 for v in sol)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(jigsaw_unique_puzzles())
def test_every_strategy_is_sound_on_jigsaw(case):
    puzzle, solution = case
    assert assert_sound(puzzle, solution) > 0


def test_leftovers_finds_a_step_and_explains_it():
    puzzle = read_puzzle((DATA / "latin-seed-1.txt").read_text(), "latin")
    result = Solver().solve(puzzle)
    steps = [s for s in result.steps if s.code == "leftovers"]
    assert steps
    r = TextRenderer(puzzle)
    g = puzzle.geometry
    for step in steps:
        text = r.explain(step)
        assert text.startswith("Law of leftovers: ")
        for cell, sym in step.eliminations + step.placements:
            assert g.cell_name(cell) in text and puzzle.symbols[sym] in text
        assert "(regions only)" in text


def test_leftovers_is_one_step_per_comparison_with_everything_it_says():
    """One leftover set, one step: every symbol the comparison decides at
    once, each with its own sentence (issue 32: one step per deduction)."""
    puzzle = read_puzzle((DATA / "latin-seed-1.txt").read_text(), "latin")
    state = State.from_puzzle(puzzle)
    r = TextRenderer(puzzle)
    several = 0
    for step in Solver().solve(puzzle).steps:
        if step.code == "leftovers":
            found = list(LawOfLeftovers().find(state))
            keys = [(s.detail("lines_only"), s.detail("regions_only")) for s in found]
            assert len(keys) == len(set(keys))  # one step per comparison
            deductions = step.detail("deductions")
            several += len({d[0] for d in deductions}) > 1
            done = {(c, d[0]) for d in deductions for c in d[4]}
            assert set(step.eliminations) | set(step.placements) <= done
            text = r.explain(step)
            for sym, *_ in deductions:
                assert puzzle.symbols[sym] in text
        state.apply(step)
    assert several, "no comparison deciding two symbols at once in this solve"


def test_leftovers_must_not_find_on_box_grids_or_empty_jigsaw():
    strategy = LawOfLeftovers()
    assert list(strategy.find(State.from_puzzle(Puzzle.empty(9)))) == []
    empty = Puzzle.empty(Geometry.jigsaw([list(r) for r in SEED_MAP_1]), "ABCDEF")
    assert list(strategy.find(State.from_puzzle(empty))) == []
    assert comparisons(empty.geometry)


def test_leftovers_places_when_counts_force_it():
    # rows 1-2 against the two regions most inside them; make the leftover
    # on one side hold a symbol that only one cell of the other side can take
    g = Geometry.jigsaw([list(r) for r in SEED_MAP_1])
    _lines, _regions, lines_only, regions_only = next(
        c for c in comparisons(g) if len(c[2]) == 1)
    sols = _jigsaw_solutions(SEED_MAP_1, 1, random.Random(0))
    sol = sols[0]
    givens = [-1] * 36
    givens[lines_only[0]] = sol[lines_only[0]]
    state = State.from_puzzle(Puzzle(g, "ABCDEF", tuple(givens)))
    steps = list(LawOfLeftovers().find(state))
    place = [s for s in steps if s.placements]
    assert place and place[0].placements == ((regions_only[0], sol[lines_only[0]]),)


@pytest.mark.skipif(not JANKO.exists(), reason="../shared/corpora is absent")
def test_janko_jigsaw_sample():
    data = json.loads(JANKO.read_text())["data"]
    items = sorted(data.items())[:: max(1, len(data) // 40)]
    for key, item in items:
        entry = next(read_puzzles(item["problem"], "janko-jigsaw"))
        assert entry.error is None, (key, entry.error)
        found = [write_solution(entry.puzzle, s, "janko-jigsaw") for s in itertools.islice(
            iter_solutions(entry.puzzle), 2)]
        lines = [ln for ln in item["solution"].splitlines() if ln.strip()]
        expected = " ".join(" ".join(lines[: int(lines[0].split()[0]) + 1]).split())
        if len(found) == 1:
            assert " ".join(found[0].split()) == expected, key
        else:
            # several solutions: the published one must be one of them (a full,
            # valid grid on the same regions that keeps every given)
            size = int(lines[0].split()[0])
            problem = [ln for ln in item["problem"].splitlines() if ln.strip()]
            solved = next(read_puzzles("\n".join(lines[: size + 1] + problem[size + 1:]), "janko-jigsaw"))
            assert solved.error is None and solved.puzzle.geometry == entry.puzzle.geometry, key
            assert count_solutions(solved.puzzle) == 1 and -1 not in solved.puzzle.givens, key
            assert all(g < 0 or g == v for g, v in zip(entry.puzzle.givens, solved.puzzle.givens)), key
