"""Ratings: the two community scales, the profiles behind them, and ``deduce rate``."""

from __future__ import annotations

import csv
import io
import json

import pytest

from deduce import Puzzle, State
from deduce.rating import NESTED_FLOOR, Rater, hodoku_scale, rate_all, se_scale
from deduce.registry import implemented_codes, strategies_for
from deduce.showcase import SHOWCASE
from deduce.step import Step
from deduce.techniques import PROFILES, SE_ONLY, TECHNIQUES
from strategies.direct import Direct

from .test_cli import run

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
SHOWN = {label: text for label, text, _ in SHOWCASE}
CELL_FORCING = SHOWN["cell and region forcing chains"]


def steps(*codes_and_variants):
    out = []
    for item in codes_and_variants:
        code, variant, placed = item
        out.append(Step(TECHNIQUES[code], placements=[(0, 0)] if placed else [], eliminations=[(1, 1)],
                        variant=variant))
    return out


def test_profiles_list_only_implemented_techniques_of_the_table():
    implemented = implemented_codes() | {"bf"}
    for name, codes in PROFILES.items():
        assert len(set(codes)) == len(codes), name
        assert set(codes) <= implemented, (name, set(codes) - implemented)
    assert not set(SE_ONLY) & set(PROFILES["deduce"])
    # SE 1.2.1 has no finned fish, wings beyond XYZ or single-digit patterns
    assert not {"finned-x-wing", "skyscraper", "w-wing", "xy-chain"} & set(PROFILES["se"])
    # HoDoKu tries naked singles before hidden ones, SE the other way round
    assert PROFILES["hodoku"].index("ns") < PROFILES["hodoku"].index("hs")
    assert PROFILES["se"].index("hs") < PROFILES["se"].index("ns")
    in_order = list(dict.fromkeys(s.technique.code for s in strategies_for("se")))
    assert in_order == [c for c in PROFILES["se"] if c != "bf"]


def test_se_scale_takes_hardest_first_placement_and_first_step():
    path = steps(("hs", "row", True), ("x-wing", "", False), ("ns", "", True), ("xy-wing", "", False))
    er, ep, ed, hardest = se_scale(path)
    assert (er, ep, ed, hardest) == (4.2, 1.5, 1.5, "XY-wing")
    path = steps(("lc1", "", False), ("np", "", False), ("hs", "box", True))
    assert se_scale(path)[1:3] == (3.0, 2.6)


def test_hodoku_level_rises_with_the_score():
    assert hodoku_scale(steps(*[("hs", "box", True)] * 57)) == (798, "Easy")
    assert hodoku_scale(steps(*[("hs", "box", True)] * 58)) == (812, "Medium")
    assert hodoku_scale(steps(("x-wing", "", False))) == (140, "Hard")
    # 7 X-wings (980) stay Hard; 12 (1680) pass Hard's ceiling, 13 (1820) Unfair's
    assert hodoku_scale(steps(*[("x-wing", "", False)] * 12))[1] == "Unfair"
    assert hodoku_scale(steps(*[("x-wing", "", False)] * 13))[1] == "Extreme"


def test_rating_of_a_classic_puzzle_is_consistent():
    r = Rater().rate(Puzzle.from_string(CELL_FORCING))
    assert r.status == "solved" and not r.backtracking
    assert r.ed <= r.ep <= r.er
    assert 8.0 <= r.er < 9.0  # a cell/region forcing chain with its length bonus
    assert r.level == "Extreme" and r.score > 1800
    assert r.hardest == TECHNIQUES["cell-region-forcing"].name
    doc = r.as_dict()
    assert set(doc) >= {"puzzle", "er", "ep", "ed", "score", "level", "hardest", "backtracking", "seconds",
                        "status", "deduce", "settings"}
    assert doc["settings"]["er_profile"].startswith("se")


def test_unrateable_puzzles_say_why():
    several = Rater().rate(Puzzle.from_string("." * 81))
    assert several.status == "multiple-solutions" and several.er is None and several.level is None
    clash = EASY[:2] + "5" + EASY[3:]
    assert Rater().rate(Puzzle.from_string(clash)).status == "no-solution"
    assert Rater(time_limit=1e-9).rate(Puzzle.from_string(CELL_FORCING)).status == "timeout"


def test_killer_and_jigsaw_use_deduces_own_scale():
    killer = SHOWN["seed: killer sudoku and the 45 rule"]
    from deduce.formats import read_puzzle

    r = Rater().rate(read_puzzle(killer))
    assert r.status == "solved"
    cage_codes = {t.name for t in TECHNIQUES.values() if t.family == "cages"}
    assert r.er is not None and r.level is not None
    assert r.hardest in cage_codes or r.er >= 2.0
    # a killer's level is its hardest technique's: no score ceilings over 81 empty cells
    assert r.level != "Extreme" and r.score > 1800


def test_backtracking_rates_at_least_the_nested_floor():
    # with every technique beyond singles switched off, the rest is trial and error
    from deduce.engine import Solver

    result = Solver(only={"hs", "ns", "fh"}).solve(Puzzle.from_string(CELL_FORCING))
    assert result.backtracking
    assert se_scale(result.steps)[0] == NESTED_FLOOR
    assert hodoku_scale(result.steps)[1] == "Extreme"


def test_rate_all_keeps_input_order_with_two_processes():
    puzzles = [Puzzle.from_string(t) for t in (EASY, CELL_FORCING, EASY)]
    one = [r.er for r in rate_all(puzzles, jobs=1)]
    two = [r.er for r in rate_all(puzzles, jobs=2)]
    assert one == two and one[0] == one[2] and one[1] > one[0]


def test_cli_rate_json_csv_and_bad_lines():
    text = f"{EASY}\nnot a puzzle\n{CELL_FORCING}\n"
    code, out, err = run(["rate", "--json", "--jobs", "2"], text)
    assert code == 2 and "line 2" in err
    docs = [json.loads(line) for line in out.splitlines()]
    assert [d.get("line") for d in docs] == [1, 2, 3]
    assert docs[1]["status"] == "invalid"
    assert docs[0]["status"] == docs[2]["status"] == "solved"
    assert docs[2]["er"] > docs[0]["er"] and docs[0]["deduce"] and docs[0]["settings"]["model"] >= 1
    code, out, _ = run(["rate", "--csv", "--jobs", "1"], f"{EASY}\n")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 0 and rows[0]["puzzle"] == EASY and rows[0]["level"] == "Easy"
    code, out, _ = run(["rate"], f"{EASY}\n")
    assert code == 0 and out.startswith("# deduce ") and "Easy" in out
    assert run(["rate", "--timeout", "0"], f"{EASY}\n")[0] == 2


def test_direct_pointing_needs_the_hidden_single():
    def position(extra_place: bool) -> State:
        state = State.from_puzzle(Puzzle.empty(9))
        for c in range(9, 27):      # box 1: 1 only in row 1 (r1c1-r1c3)
            if c % 9 < 3:
                state.cand[c] &= ~1
        for c in (9 + 3, 9 + 4, 18 + 3, 18 + 4, 1 + 4, 1 + 5):  # box 2: 1 in r1c4, r2c6, r3c6 (+ r3c5)
            state.cand[c] &= ~1
        if not extra_place:
            state.cand[18 + 5] &= ~1
        return state

    near = position(extra_place=True)
    assert list(Direct("pointing").find(near)) == []
    real = position(extra_place=False)
    found = list(Direct("pointing").find(real))
    assert found and found[0].placements == ((9 + 5, 0),) and not found[0].eliminations


@pytest.mark.parametrize("code", SE_ONLY)
def test_direct_steps_are_single_placements(code):
    from deduce.catalogue import example_step

    found = example_step(TECHNIQUES[code])
    assert found is not None
    _, state, step = found
    assert len(step.placements) == 1 and not step.eliminations
    assert step.detail("removed")


def test_progress_bar_only_on_a_terminal():
    from deduce.cli import Progress

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    tty, pipe = Terminal(), io.StringIO()
    for stream in (tty, pipe):
        bar = Progress(3, stream)
        for _ in range(3):
            bar.advance()
        bar.clear()
    assert "3/3" in tty.getvalue() and "[" in tty.getvalue()
    assert pipe.getvalue() == ""
