"""The ``hodoku`` profile takes HoDoKu's own path: technique and score step
by step, as HoDoKu 2.2.0 printed it (``tests/data/hodoku-paths.txt``).

By default a handful of puzzles made for these tests; behind the ``corpus``
marker every puzzle of the file (the ones made here, and those of
``../shared/corpora/classic-rated.csv``, found by their hash).
"""

from __future__ import annotations

import csv
import hashlib
import pathlib
from typing import Iterator, NamedTuple

import pytest
from hypothesis import given, settings

from deduce import Puzzle, Solver
from deduce.rating import HodokuSolver, hodoku_scale

from .soundness import solution_positions

DATA = pathlib.Path(__file__).parent / "data" / "hodoku-paths.txt"
RATED = pathlib.Path(__file__).resolve().parents[2] / "shared" / "corpora" / "classic-rated.csv"

#: HoDoKu's technique names (its ``/lt`` list) for each technique of the
#: ``hodoku`` profile: HoDoKu files some techniques under several names
#: (nice loops by shape, forcing chains by conclusion).
HODOKU_NAMES = {
    "fh": ("fh",), "ns": ("n1",), "hs": ("h1",), "locked-pair": ("l2",), "locked-triple": ("l3",),
    "lc1": ("lc1",), "lc2": ("lc2",), "np": ("n2",), "nt": ("n3",), "hp": ("h2",), "ht": ("h3",),
    "nq": ("n4",), "hq": ("h4",), "x-wing": ("bf2",), "swordfish": ("bf3",), "jellyfish": ("bf4",),
    "remote-pair": ("rp",), "bug+1": ("bug1",), "skyscraper": ("sk",), "2-string-kite": ("2sk",),
    "turbot-fish": ("tf",), "empty-rectangle": ("er",), "w-wing": ("w",), "xy-wing": ("xy",),
    "xyz-wing": ("xyz",), **{f"ur{k}": (f"u{k}",) for k in range(1, 7)}, "hidden-rectangle": ("hr",),
    "avoidable-rectangle": ("ar1", "ar2"), "finned-x-wing": ("fbf2",), "sashimi-x-wing": ("sbf2",),
    "finned-swordfish": ("fbf3",), "sashimi-swordfish": ("sbf3",), "finned-jellyfish": ("fbf4",),
    "sashimi-jellyfish": ("sbf4",), "sue-de-coq": ("sdc",), "simple-colours": ("sc1", "sc2"),
    "multi-colours": ("mc1", "mc2"), "x-chain": ("x",), "xy-chain": ("xyc",), "aic": ("cnl", "dnl", "aic"),
    "grouped-aic": ("gcnl", "gdnl", "gaic"), "als-xz": ("axz",), "als-xy-wing": ("axy",), "als-chain": ("ach",),
    "franken-x-wing": ("ff2",), "franken-swordfish": ("ff3",), "finned-franken-x-wing": ("fff2",),
    "finned-franken-swordfish": ("fff3",), "cell-region-forcing": ("fcc", "fcv"), "nishio": ("fcc", "fcv"),
    "dynamic-forcing": ("fnc", "fnv"), "dynamic-forcing-plus": ("fnc", "fnv"), "bf": ("bf",),
}

#: Made for these tests (HoDoKu's path in the data file), one per mix of
#: techniques: the default suite's handful.
HANDFUL = (
    ".....71.......4...8.9..2..55736.8.2..267.....9....3..6.6.5...4....3...8..1......9",  # singles only
    "4.295..7...3..6....1..7.69.......1...9..3...71..7....82...65.........8....5.2....",  # subsets, remote pair
    ".3..15......6...8..78.....1..2.5......79.4...4....39....1.....45.....3.8.....75..",  # swordfish, BUG+1
    "....1....43..7.5.....6.3.1..94...6......9612..1...7.........79.8.73...5.....5136.",  # kite, turbot, W-wing
    ".6....1...9.5...6.5...3..4..3..8........1.9....2..4...62189..35..9......38..5.6..",  # empty rectangle, XY-wing
    ".........4.97.8...1......373..26...5.4...........57..95..87....6....47...21..5...",  # sashimi, h4, XY-chain
    "3....79..1..4.8...7.51....6.....627...2...5...87......4.3.2.......76...4......3.5",  # Sue de Coq, UR 4, XYZ
    "..73....69..8.5..1...19..833.......9......67.......8..19.62.....7..5....2.6......",  # continuous loop, AIC
    # HoDoKu's tabling (strategies._hodoku_tabling): a grouped discontinuous loop deduce's own search missed,
    # AICs and loops of every type; an AIC deduce's search did not see, a forcing chain contradiction
    "4..73.....7..2....8.......71.........9.4.5.1...7....93..2..145....9...28..6......",
    "75...6.3.....8...4.4.7..2....78....14.....968..............8...3..4625....635....",
    # HoDoKu's readings (deduce's plain ones took another path: bench/SCALES.md)
    "...5...19..........124...56........372...91.846...75...7......13...7.68....93....",  # XY-chain from its cells
    ".8..9..1..6.7...4.4.38....6.9.....5....9..2....6....3....3...6...8.2.1.......5.87",  # multi-colours
    ".1..59.7.54...69...2...........8563...7.....8...3.27.......3.6.....4.5....1...4..",  # remote pair, whole
    # HoDoKu's rectangles (missing candidates, its order) and Sue de Coq (shared parts, its order)
    ".2.7.8......1....9....9.5..4......537.......1....24...95....1.6..19...27..4...3..",  # UR 3
    ".7..2.4....8.....99..4....569...8.....31.....1....43...54..6..12.....9......372..",  # UR 4, hidden rectangle
    "5..6....1.3....5..6....1.97..5......21.4.8.....7..245..83.9.......2.6.3.....8....",  # hidden rectangle, UR 4
    ".6....7.83.1..754..29..........2.4...5.....1.4.......7...194..21..3.............6",  # UR 1, Sue de Coq
    ".7....4..4.97......1.....6...45.3.7....4.81.5.2.......7.59....2.8.23...9.....1...",  # UR 4, one corner short
    ".6.........7.5.....41..32.....19..6......7..91.28..3....84...7.9....1....3....4.1",  # HR, UR 3, Sue de Coq
    # HoDoKu's ALS chains and forcing nets (strategies._hodoku_als, strategies._hodoku_nets); made here by
    # transposing and relabelling puzzles of classic-rated.csv, then solved by HoDoKu 2.2.0
    "..23...9...........46.9...26..9..45.1....4...2..5..83..89.1...7...........52...1.",  # ALS chain
    "7.8.......6.4.32.....6...5.9..3...7...2.4.1...8...6..5.9...4.....41.7.9.......3.8",  # net contradiction
    "6.....1....7.5..8..4....7.3..85.7....5.6....8..23.9....2....8.4..4.6..2.7.....9..",  # net verity
    "..68.....7.953.....3...2.9.1.5....8.6.2...9.3.9....5.1.5.9...3.....574.8.....12..",  # both, ALS chain
)


class Path(NamedTuple):
    key: str
    level: str
    score: int
    steps: tuple[tuple[str, int], ...]  # (HoDoKu's technique name, its base score)


def read_paths() -> Iterator[Path]:
    scores: dict[str, int] = {}
    for line in DATA.read_text().splitlines():
        if line.startswith("# scores:"):
            scores = {k: int(v) for k, v in (t.split("=") for t in line.split(":", 1)[1].split())}
        if not line or line.startswith("#"):
            continue
        key, level, score, *runs = line.split()
        steps = []
        for run in runs:
            name, _, times = run.partition("*")
            steps += [(name, scores[name])] * int(times or 1)
        yield Path(key, level, int(score), tuple(steps))


def path_differences(puzzle: str, path: Path, solver: Solver) -> str | None:
    """Where deduce's ``hodoku`` path leaves HoDoKu's (None if nowhere)."""
    steps = solver.solve(Puzzle.from_string(puzzle)).steps
    for i, (step, (name, score)) in enumerate(zip(steps, path.steps)):
        code = step.technique.code
        if name not in HODOKU_NAMES[code] or step.technique.hodoku != score:
            return f"step {i + 1}: HoDoKu {name} ({score}), deduce {code} ({step.technique.hodoku})"
    if len(steps) != len(path.steps):
        return f"HoDoKu takes {len(path.steps)} steps, deduce {len(steps)}"
    if hodoku_scale(steps) != (path.score, path.level):
        return f"HoDoKu {path.score} {path.level}, deduce {hodoku_scale(steps)}"
    return None


def test_the_data_adds_up():
    # each path's steps give HoDoKu's score; every HoDoKu name is one of the profile's
    paths = list(read_paths())
    assert len(paths) > 1000
    names = {n for ns in HODOKU_NAMES.values() for n in ns}
    for path in paths:
        assert sum(score for _, score in path.steps) == path.score, path.key
        assert {name for name, _ in path.steps} <= names, path.key


@pytest.mark.parametrize("puzzle", HANDFUL)
def test_hodoku_path(puzzle):
    path = next(p for p in read_paths() if p.key == puzzle)
    assert path_differences(puzzle, path, HodokuSolver()) is None


def test_the_plain_profile_order_is_not_hodokus_path():
    # the same techniques in the same order, but singles and steps taken in deduce's own order:
    # the comparison sees the difference (HoDoKu's queues decide which single comes first)
    puzzle = HANDFUL[0]
    path = next(p for p in read_paths() if p.key == puzzle)
    assert path_differences(puzzle, path, Solver(profile="hodoku")) is not None


@pytest.mark.corpus
def test_hodoku_paths_of_the_whole_file():
    paths = {p.key: p for p in read_paths()}
    puzzles = [k for k in paths if len(k) == 81]
    if RATED.exists():
        puzzles += [r["puzzle"] for r in csv.DictReader(RATED.open())]
    solver = HodokuSolver()
    differ = {}
    for puzzle in puzzles:
        key = puzzle if puzzle in paths else hashlib.sha1(puzzle.encode()).hexdigest()[:16]
        why = path_differences(puzzle, paths[key], solver)
        if why is not None:
            differ[puzzle] = why
    same = len(puzzles) - len(differ)
    print(f"HoDoKu's path taken on {same} of {len(puzzles)} puzzles")
    for puzzle, why in differ.items():
        print(f"  {puzzle}: {why}")
    assert same >= FLOOR * len(puzzles)


#: The share of the file's puzzles on which deduce takes HoDoKu's whole path
#: (measured: 1,194 of 1,238, the 161 made here and classic-rated.csv, with
#: HoDoKu's ALS chains and forcing nets; 1,016 of 1,231 with the tabling for
#: chains, 836 before it; with HoDoKu's rectangles and Sue de Coq as well: see
#: bench/SCALES.md); a drop is a regression.
FLOOR = 0.9


# -- HoDoKu's readings of techniques (the strategies' settings of the ``hodoku`` profile) ----------------

#: The settings of deduce/rating/hodoku.py's SETTINGS whose steps are plain logic (no uniqueness): each of
#: their steps is checked against the solution, and each elimination of the plain strategy is one of theirs
#: (they read more, never less), except for the ALS-XY-wing, whose three sets HoDoKu keeps apart, and :data:`NARROWER`.
READINGS = {"als-xz": {"whole": True}, "als-xy-wing": {"whole": True}, "remote-pair": {"whole": True},
            "xy-chain": {"cannibal": True}, "multi-colours": {"whole": True}, "sue-de-coq": {"shared": True},
            "als-chain": {"hodoku": True}, "x-chain": {"loops": False}}
#: Readings that are HoDoKu's own narrower search (checked against the solution only): its ALS chains (links
#: to later sets only) and its X-chains (a chain whose ends see each other is not read as a loop).
NARROWER = {"als-xy-wing", "als-chain", "x-chain"}


def _readings():
    import attrs

    from deduce.rating.hodoku import SETTINGS
    from deduce.registry import discovered

    assert {k: SETTINGS[k] for k in READINGS} == READINGS
    out = [(s, attrs.evolve(s, **READINGS[s.technique.code])) for s in discovered() if s.technique.code in READINGS]
    assert {s.technique.code for s, _ in out} == set(READINGS)
    return out


def _clean(state):
    """The position without the candidates its placed digits rule out (as a solve keeps it)."""
    for cell, v in enumerate(state.value):
        if v >= 0:
            for p in state.puzzle.peers[cell]:
                if state.value[p] < 0:
                    state.cand[p] &= ~(1 << v)
    return state


@settings(max_examples=20, deadline=None)
@given(solution_positions(solved=(5, 8), extras=2))
def test_hodokus_readings_are_sound_and_wider(case):
    state, solution = case
    state = _clean(state)
    for plain, wide in _readings():
        widened = set()
        for step in wide.find(state):
            for cell, sym in step.eliminations:
                assert solution[cell] != sym, step
            widened |= set(step.eliminations)
        if plain.technique.code not in NARROWER:
            for step in plain.find(state):
                assert set(step.eliminations) <= widened, (plain, step)


# -- HoDoKu's uniqueness readings, on HoDoKu's own regression library ---------------------------------------

def _reglib_with_hodoku_settings():
    import attrs

    from deduce.rating.hodoku import SETTINGS

    from . import reglib

    if not reglib.PATH.exists():
        pytest.skip("../shared/corpora is absent")
    for case in reglib.cases():
        rectangle = case.code in ("0600", "0601", "0602", "0603", "0604", "0605", "0606") and case.variant == "2"
        avoidable = case.code in ("0607", "0608") and case.variant != "2"
        if rectangle or avoidable:
            strategies = [attrs.evolve(s, **SETTINGS[s.technique.code]) for s in reglib.strategies_for(case.code)]
            assert strategies and all(SETTINGS[s.technique.code] in ({"missing": True}, {"bivalue": True})
                                      for s in strategies)
            yield case, strategies


def test_hodokus_rectangles_on_its_regression_library():
    # the library's cases "-2" of the unique rectangles 1-6 and the hidden rectangle are HoDoKu's own positions
    # where a corner already lost a rectangle digit (34; the plain strategies skip them), and its avoidable
    # rectangles (25): the hodoku profile's settings find each, and no step there removes a solution value
    # (tests/reglib.py checks both)
    from . import reglib

    done = 0
    for case, strategies in _reglib_with_hodoku_settings():
        ok, why = reglib.check(case, strategies=strategies)
        assert ok, (case.line, why)
        done += 1
    assert done == 34 + 25


def test_a_sue_de_coq_whose_parts_share_a_digit_says_so():
    # HoDoKu's Sue de Coq on HANDFUL's made puzzle: the line's part {5,7,8} and the box's {3,7,9} share 7
    from deduce.render.words import explain

    puzzle = Puzzle.from_string(".6....7.83.1..754..29..........2.4...5.....1.4.......7...194..21..3.............6")
    (step,) = [s for s in HodokuSolver().solve(puzzle).steps if s.technique.code == "sue-de-coq"]
    assert set(step.detail("line_symbols")) & set(step.detail("box_symbols")) == {6}
    text = explain(step, puzzle)
    assert "({7} in both)" in text and "the rest of box 7 loses {3,7,9}" in text


# -- the singles HoDoKu's path takes from its queues --------------------------------------------------------

@settings(max_examples=25, deadline=None)
@given(solution_positions(solved=(4, 8), extras=1))
def test_a_queued_single_is_the_step_find_makes(case):
    """``placing`` (what :class:`HodokuSolver` asks for a queued single) is
    the first step of ``find`` that places it, for every cell and symbol."""
    from strategies.singles import FullHouse, HiddenSingle, NakedSingle

    state, _ = case
    state = _clean(state)
    for strategy in (FullHouse(), HiddenSingle(), NakedSingle()):
        steps = list(strategy.find(state))
        for cell in range(81):
            for sym in range(9):
                first = next((s for s in steps if s.placements[0] == (cell, sym)), None)
                assert strategy.placing(state, cell, sym) == first, (strategy, cell, sym)
