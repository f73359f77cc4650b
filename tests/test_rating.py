"""Ratings: the two community scales, the profiles behind them, and ``deduce rate``."""

from __future__ import annotations

import csv
import io
import json
import os
import re

import pytest

from deduce import Puzzle, State
from deduce.formats import puzzle_to_json, read_puzzle
from deduce.rating import NESTED_FLOOR, HodokuSolver, Rater, WorkerPool, hodoku_scale, path_solver, rate_all, se_scale
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


def mixed_file() -> str:
    """JSON Lines: classic, jigsaw, a bad line, killer, classic, a bad line,
    a jigsaw with several solutions."""
    def doc(text: str) -> str:
        p = read_puzzle(text)
        return json.dumps(puzzle_to_json(p, p.givens))

    return "\n".join([doc(EASY), doc(SHOWN["seed: Latin square with letters (unique)"]),
                      '{"size": 9, "givens": "12"}', doc(SHOWN["seed: killer sudoku and the 45 rule"]),
                      doc(SHOWN["singles and pointing"]), "not json",
                      doc(SHOWN["seed: Latin square with letters"])]) + "\n"


def without_timings(text: str) -> str:
    """An output of ``deduce rate`` (table, CSV or JSON) with every time blanked."""
    text = re.sub(r'"seconds": [0-9.]+', '"seconds": -', text)
    text = re.sub(r"(?m)^(\d+,[^,]*(?:,[^,]*){7}),[0-9.]+,", r"\1,-,", text)
    return re.sub(r"\b(yes|no) +[0-9.]+ ", r"\1 - ", text)


def test_rating_once_gives_the_two_solves_ratings():
    # the HoDoKu solve reuses the SE solve's searches where the positions meet
    rater = Rater()
    for label in ("singles and pointing", "X-chain", "naked triple", "BUG+1"):
        puzzle = Puzzle.from_string(SHOWN[label])
        # (the se profile on its rating path: path_solver takes Sudoku Explainer's static chains)
        se, ho = path_solver("se").solve(puzzle), HodokuSolver().solve(puzzle)
        r = rater.rate(puzzle)
        assert (r.er, r.ep, r.ed, r.hardest) == se_scale(se.steps), label
        assert (r.score, r.level) == hodoku_scale(ho.steps), label
        assert not rater._memo      # nothing kept from one puzzle to the next


def test_time_limit_is_one_name_and_must_be_positive():
    assert dict(Rater(time_limit=5).settings)["time_limit"] == 5
    with pytest.raises(ValueError, match="time_limit"):
        Rater(time_limit=0)
    with pytest.raises(TypeError):
        Rater(timeout=5)


class Poison:
    """A puzzle whose arrival kills the worker process that unpickles it."""

    def givens_string(self) -> str:
        return "poison"

    def __reduce__(self):
        return (os._exit, (3,))


def test_a_puzzle_that_kills_its_worker_twice_is_an_error_and_the_run_goes_on():
    puzzles = [Puzzle.from_string(EASY), Poison(), Puzzle.from_string(SHOWN["singles and pointing"])]
    with WorkerPool(2) as pool:
        got = list(pool.imap(puzzles))
    assert [r.status for r in got] == ["solved", "error", "solved"]
    assert "died twice" in got[1].error and got[1].puzzle == "poison"
    assert got[0].er == Rater().rate(puzzles[0]).er


def test_a_failure_inside_deduce_is_the_puzzles_record(monkeypatch):
    def broken(self, puzzle, start):
        raise RuntimeError("a bug")

    monkeypatch.setattr(Rater, "_rate", broken)
    got = list(rate_all([Puzzle.from_string(EASY)] * 2, jobs=1))
    assert [r.status for r in got] == ["error", "error"] and got[0].error == "RuntimeError: a bug"
    code, out, _ = run(["rate", "--json", "--jobs", "1"], f"{EASY}\n")
    assert code == 70 and json.loads(out)["error"] == "RuntimeError: a bug"


def test_a_signal_during_an_in_process_rating_stops_the_run(monkeypatch, tmp_path):
    """With ``--jobs 1`` the rating runs in this process, inside the
    ``except Exception`` that makes a bug the puzzle's record: a SIGTERM
    arriving there stops the run (exit 143, one line), it is no record."""
    import signal

    real = Rater._rate
    calls = []

    def signalled(self, puzzle, start):
        calls.append(puzzle)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGTERM)   # the handler runs here, mid-rating
        return real(self, puzzle, start)

    monkeypatch.setattr(Rater, "_rate", signalled)
    puzzles, out = tmp_path / "in.txt", tmp_path / "out.json"
    puzzles.write_text(f"{EASY}\n" * 4)
    before = signal.getsignal(signal.SIGTERM)
    code, _, err = run(["rate", "--json", "--jobs", "1", str(puzzles), "-o", str(out)])
    assert code == 128 + signal.SIGTERM
    assert err == "deduce: stopped by SIGTERM after 1 of 4 records; continue with --resume\n"
    assert [json.loads(line)["status"] for line in out.read_text().splitlines()] == ["solved"]
    assert signal.getsignal(signal.SIGTERM) == before


def test_a_rating_holds_the_young_collections_back_and_restores_them(monkeypatch):
    import gc

    from deduce import collector

    real, seen = Rater._rate, []

    def watched(self, puzzle, start):
        seen.append(gc.get_threshold()[0])
        return real(self, puzzle, start)

    monkeypatch.setattr(Rater, "_rate", watched)
    before = gc.get_threshold()
    assert Rater().rate(Puzzle.from_string(EASY)).status == "solved"
    assert seen == [max(before[0], collector.YOUNG_THRESHOLD)] and gc.get_threshold() == before
    gc.disable()
    try:   # switched off stays off
        assert Rater().rate(Puzzle.from_string(EASY)).status == "solved" and not gc.isenabled()
    finally:
        gc.enable()
    gc.set_threshold(0, *before[1:])
    try:   # a threshold of 0 (collection switched off that way) is left as it is
        assert Rater().rate(Puzzle.from_string(EASY)).status == "solved"
        assert seen[-1] == 0 and gc.get_threshold()[0] == 0
    finally:
        gc.set_threshold(*before)


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
    assert all(d["schema"] >= 1 and d["deduce"] and d["settings"]["model"] >= 1 for d in docs)
    assert docs[1]["status"] == "invalid" and docs[1]["error"].startswith("line 2")
    assert docs[0]["status"] == docs[2]["status"] == "solved"
    assert docs[2]["er"] > docs[0]["er"]
    code, out, _ = run(["rate", "--csv", "--jobs", "1"], text)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert code == 2 and [r["line"] for r in rows] == ["1", "2", "3"]
    assert rows[0]["puzzle"] == EASY and rows[0]["level"] == "Easy" and rows[0]["error"] == ""
    assert rows[1]["status"] == "invalid" and rows[1]["puzzle"] == "" and "line 2" in rows[1]["error"]
    code, out, _ = run(["rate", "--jobs", "1"], text)
    assert code == 2 and out.startswith("# deduce ")
    lines = out.splitlines()
    assert lines[3].startswith("# line 2") and "Easy" in lines[2] and len(lines) == 5
    assert run(["rate", "--timeout", "0"], f"{EASY}\n")[0] == 2
    assert run(["rate", "--resume"], f"{EASY}\n")[0] == 2


def test_cli_rate_exit_status_is_honest_about_timeouts():
    code, out, _ = run(["rate", "--json", "--jobs", "1", "--timeout", "1e-9"], f"{EASY}\n")
    assert code == 4 and json.loads(out)["status"] == "timeout"
    code, out, _ = run(["rate", "--jobs", "1", "--timeout", "1e-9"], f"{EASY}\n{EASY}\n")
    assert code == 4
    assert run(["rate", "--jobs", "1", "--timeout", "1e-9"], f"{EASY}\nbad\n")[0] == 2
    assert run(["rate", "--jobs", "1"], "." * 81 + "\n")[0] == 3
    # a batch exits with its most severe outcome, as every command does (README exit-code table)
    assert run(["rate", "--jobs", "1"], f"{EASY}\n" + "." * 81 + "\n")[0] == 3


@pytest.mark.parametrize("form", ["--json", "--csv", "--table"])
def test_cli_rate_resume_ends_as_an_uninterrupted_run(tmp_path, form):
    puzzles = tmp_path / "in.jsonl"
    puzzles.write_text(mixed_file())
    full, part = tmp_path / "full", tmp_path / "part"
    flags = [] if form == "--table" else [form]
    code, out, _ = run(["rate", *flags, "--jobs", "1", str(puzzles), "--output", str(full)])
    assert code == 2 and out == ""
    whole = full.read_text()
    assert len(whole.splitlines()) == 7 + {"--json": 0, "--csv": 1, "--table": 2}[form]
    lines = whole.splitlines(keepends=True)
    for keep in (0, 1, 3, 5, len(lines)):
        part.write_text("".join(lines[:keep]) + ("" if keep == len(lines) else lines[keep][:12]))
        code, _, _ = run(["rate", *flags, "--jobs", "1", str(puzzles), "--output", str(part), "--resume"])
        assert code == 2 and without_timings(part.read_text()) == without_timings(whole), keep
    # another input, or other settings, are refused rather than mixed in
    other = tmp_path / "other.txt"
    other.write_text(f"{CELL_FORCING}\n")
    part.write_text("".join(lines[:4]))
    code, _, err = run(["rate", *flags, "--jobs", "1", str(other), "--output", str(part), "--resume"])
    assert code == 2 and "cannot resume" in err and part.read_text() == "".join(lines[:4])
    code, _, err = run(["rate", *flags, "--jobs", "1", "--no-uniqueness", str(puzzles), "--output", str(part),
                        "--resume"])
    assert code == 2 and "other settings" in err
    code, _, err = run(["rate", "--jobs", "1", str(puzzles), "--output", str(puzzles)])
    assert code == 2 and "input file" in err and puzzles.read_text() == mixed_file()


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
    _, _, step = found
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
