"""The deduce command: outputs, JSON, exit statuses, bad input."""

from __future__ import annotations

import io
import json
import pathlib
import subprocess
import sys

import pytest

from deduce.cli import main
from deduce.render.json import SCHEMA

DATA = pathlib.Path(__file__).parent / "data"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"  # Wikipedia's example puzzle
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def run(args, stdin=""):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        code = main(args, out, err)
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def explain_docs(out):
    """``explain --json`` output: (the step objects' steps, the result object)."""
    docs = [json.loads(x) for x in out.splitlines()]
    assert "status" in docs[-1] and all("status" not in d for d in docs[:-1])
    assert [d["index"] for d in docs[:-1]] == list(range(1, len(docs)))
    assert docs[-1]["steps"] == len(docs) - 1
    return [d["step"] for d in docs[:-1]], docs[-1]


def test_seed_003_solve_prints_exactly_the_expected_output():
    code, out, err = run(["solve", str(DATA / "seed003-input.txt")])
    assert code == 0, err
    assert out == (DATA / "seed003-output.txt").read_text()


def test_console_script_runs_as_a_process():
    proc = subprocess.run([sys.executable, "-m", "deduce", "solve", str(DATA / "seed003-input.txt")],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == (DATA / "seed003-output.txt").read_text()


def test_explain_easy_puzzle_uses_singles_only():
    code, out, _ = run(["explain", "--json"], EASY + "\n")
    assert code == 0
    steps, doc = explain_docs(out)
    assert doc["status"] == "solved" and doc["backtracking"] is False
    codes = {s["code"] for s in steps}
    assert codes <= {"fh", "hs", "ns"}, codes
    code, text, _ = run(["explain", "--only", "singles"], EASY + "\n")
    assert code == 0
    assert "Solution (by logic alone):" in text
    assert text.splitlines()[0].startswith("1. ")


def test_explain_says_plainly_when_trial_and_error_was_needed():
    code, out, _ = run(["explain", "--only", "singles"], HARD + "\n")
    assert code == 0
    assert "Trial and error: no technique in the enabled set applies from here (position " in out
    assert "trial and error was needed" in out
    steps, doc = explain_docs(run(["explain", "--json", "--only", "singles"], HARD + "\n")[1])
    assert doc["status"] == "solved-with-backtracking" and doc["backtracking"] is True
    assert steps[-1]["code"] == "bf"


def test_json_steps_carry_pairs_and_explanation():
    steps, doc = explain_docs(run(["explain", "--json"], EASY + "\n")[1])
    assert doc["schema"] == SCHEMA
    step = steps[0]
    assert set(step) >= {"technique", "code", "placements", "eliminations", "explanation", "nudge", "clue"}
    cell, sym = step["placements"][0]
    assert cell.startswith("r") and sym in "123456789"
    assert cell in step["explanation"]
    assert len(doc["solution"]) == 81


def test_count_lines_and_limit():
    text = EASY + "\n" + "." * 16 + "\n" + "11" + "." * 14 + "\n"
    code, out, err = run(["count", "--limit", "100"], text)
    assert out.splitlines() == ["1", "100+", "0"]
    assert code == 1  # the worst of solved (0), limit reached (5) and no solution (1)
    assert "line 3: no solution: 1 is given twice in row 1: r1c1 and r1c2" in err  # 0, with the reason
    assert "line 2: stopped counting at --limit 100" in err
    docs = [json.loads(x) for x in run(["count", "--json", "--limit", "100"], text)[1].splitlines()]
    assert [d["count"] for d in docs] == [1, 100, 0]
    assert [d["limit_reached"] for d in docs] == [False, True, False]
    assert [d["status"] for d in docs] == ["solved", "limit-reached", "no-solution"]
    assert [d["line"] for d in docs] == [1, 2, 3]
    assert "given twice" in docs[2]["reason"]


def test_count_limit_is_never_reported_as_unique():
    code, out, err = run(["count", "--limit", "1"], "." * 256 + "\n")
    assert (code, out) == (5, "1+\n")
    assert "more solutions" in err
    doc = json.loads(run(["count", "--limit", "1", "--json"], "." * 256 + "\n")[1])
    assert doc["status"] == "limit-reached" and doc["limit_reached"] is True
    # exactly as many solutions as the limit: the count is exact
    code, out, _ = run(["count", "--limit", "1"], EASY + "\n")
    assert (code, out) == (0, "1\n")
    code, out, _ = run(["count", "--limit", "288"], "." * 16 + "\n")
    assert (code, out) == (3, "288\n")


@pytest.mark.parametrize("stdin,code", [
    (EASY, 0),
    ("1234" + "." * 12, 3),
    ("11" + "." * 14, 1),
])
def test_exit_status_single_puzzle(stdin, code):
    assert run(["solve"], stdin + "\n")[0] == code


def test_several_solutions_prints_first_and_says_so():
    code, out, err = run(["solve"], "." * 16 + "\n")
    assert code == 3
    assert len(out.strip()) == 16
    assert "several solutions" in err


def test_clashing_givens_name_the_house_and_symbol():
    code, _, err = run(["solve"], "1..1" + "." * 12 + "\n")
    assert code == 1
    assert "1 is given twice in row 1: r1c1 and r1c4" in err


def test_solve_all_prints_every_solution():
    from .reference import Reference

    puzzle = "1234" + "." * 12
    code, out, _ = run(["solve", "--all"], puzzle + "\n")
    sols = out.split()
    expected = Reference.boxes(4, 2, 2).count([1, 2, 3, 4] + [0] * 12, 1000)
    assert len(sols) == len(set(sols)) == expected > 1
    assert all(s.startswith("1234") for s in sols)
    assert code == 3


@pytest.mark.parametrize("stdin,needle", [
    ("12345\n", "line 1: expected N*N characters"),
    (EASY[:40] + "Z" + EASY[41:] + "\n", "line 1, column 41: unknown symbol 'Z'"),
    ('{"size": 4\n', "line 1, column 11: invalid JSON"),
    ('{"givens": "."}\n', "'size' is required"),
    ('{"size": 7}\n', "size 7 has no box shape"),
    ('{"size": 4, "regions": ["0011", "0011", "2233", "2333"]}\n', "region"),
    ('{"size": 9, "cages": [{"sum": 50, "cells": ["r1c1", "r1c2"]}]}\n', "cannot add up to 50"),
    ('{"size": 9, "cages": [{"sum": 5, "cells": ["r1c1", "r10c2"]}]}\n', "outside the 9x9 grid"),
    ('{"size": 9, "cages": [{"sum": 5, "cells": ["r1c1", "r1c2"]}, {"sum": 5, "cells": ["r1c2", "r1c3"]}]}\n',
     "r1c2 is in two cages"),
    ("1 2 3 4\n0 0 0\n0 0 0 0\n0 0 0 0\n", "line 2: expected 4 values in this row, got 3"),
])
def test_bad_input_is_one_clear_line_with_exit_2(stdin, needle):
    code, _, err = run(["solve"], stdin)
    assert code == 2
    assert needle in err, err
    assert "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_batch_reports_bad_line_and_carries_on():
    text = EASY + "\n" + "123\n" + EASY + "\n"
    code, out, err = run(["solve"], text)
    assert code == 2
    lines = out.splitlines()
    assert len(lines) == 3 and lines[0] == lines[2] and "." not in lines[0]
    assert lines[1].startswith("# line 2: ")
    assert "line 2:" in err
    docs = [json.loads(x) for x in run(["solve", "--json"], text)[1].splitlines()]
    assert [d["status"] for d in docs] == ["solved", "invalid", "solved"]
    assert all(d["schema"] == SCHEMA for d in docs)
    assert docs[1]["line"] == 2


def test_missing_file_and_unknown_technique():
    code, _, err = run(["solve", "/nonexistent/puzzle.txt"])
    assert code == 2 and "No such file" in err
    code, _, err = run(["explain", "--only", "nonsense"], EASY + "\n")
    assert code == 2 and "unknown technique 'nonsense'" in err


def test_json_input_round_trips_in_its_own_format():
    doc = {"size": 4, "symbols": "ABCD", "givens": "A..." "C..B" "...C" "..B."}
    code, out, _ = run(["solve"], json.dumps(doc) + "\n")
    assert code == 0
    back = json.loads(out)
    assert back["symbols"] == "ABCD" and "." not in back["givens"]


def test_a_closed_pipe_ends_quietly():
    import subprocess

    proc = subprocess.run(f"{sys.executable} -m deduce techniques 'Sue de Coq' | head -1", shell=True,
                          capture_output=True, text=True, timeout=300)
    assert proc.stdout.startswith("Sue de Coq")
    assert "Traceback" not in proc.stderr


class _Recording(io.StringIO):
    """An output that notes, at each write, how far the solve had got."""

    def __init__(self, progress):
        super().__init__()
        self.progress = progress
        self.at_write = []

    def write(self, text):
        if text.strip():
            self.at_write.append((text, len(self.progress)))
        return super().write(text)


@pytest.mark.parametrize("json_out", [False, True])
def test_explain_writes_each_step_as_it_is_found(monkeypatch, json_out):
    import deduce.cli
    from deduce import Solver
    from strategies import builtin_strategies

    calls = []
    inner = [s for s in builtin_strategies() if s.technique.code in ("fh", "hs", "ns")]

    class Spy:
        technique = inner[0].technique

        def find(self, state):
            calls.append(1)
            for s in inner:
                yield from s.find(state)

    monkeypatch.setattr(deduce.cli, "_solver", lambda args: Solver([Spy()]))
    out = _Recording(calls)
    old = sys.stdin
    sys.stdin = io.StringIO(EASY + "\n")
    try:
        code = main(["explain"] + (["--json"] if json_out else []), out, io.StringIO())
    finally:
        sys.stdin = old
    assert code == 0
    first_text, searches_then = out.at_write[0]
    assert searches_then == 1, "the first step was written only after later searches"
    assert len(calls) > 10
    if json_out:
        steps, result = explain_docs(out.getvalue())
        assert json.loads(first_text)["index"] == 1 and result["status"] == "solved"
        assert steps[0]["placements"] and result["steps"] == len(steps)
    else:
        assert first_text.startswith("1. ")


def test_solve_answers_by_search_and_logic_on_request():
    code, out, _ = run(["solve", "--json"], HARD + "\n")
    doc = json.loads(out)
    assert code == 0 and doc["status"] == "solved" and "steps" not in doc
    code, out, _ = run(["solve", "--json", "--logic", "--only", "singles"], HARD + "\n")
    assert json.loads(out)["status"] == "solved-with-backtracking"
    # the answer is the same either way
    assert json.loads(out)["solution"] == doc["solution"]
    code, out, err = run(["solve"], "31.." "...2" "..1." ".3.." "\n")
    assert code == 1 and out == "# line 1: no solution: the givens admit no solution (shown by exhaustive search)\n"
    assert err == "deduce: no solution: the givens admit no solution (shown by exhaustive search)\n"


def test_solve_all_json_ends_each_puzzle_with_its_status():
    code, out, _ = run(["solve", "--all", "--json"], "1234" + "." * 12 + "\n" + EASY + "\n")
    docs = [json.loads(x) for x in out.splitlines()]
    records = [d for d in docs if "status" in d]
    assert [(d["line"], d["status"]) for d in records] == [(1, "multiple-solutions"), (2, "solved")]
    assert records[0]["count"] == len([d for d in docs if d["line"] == 1]) - 1 > 1
    assert code == 3


def test_profile_hodoku_takes_the_path_the_score_counts():
    """``--profile hodoku`` solves on HoDoKu's own path (its singles queues and
    its pick within a technique): the steps' scores add up to the rating's."""
    from deduce.puzzle import Puzzle
    from deduce.rating import Rater
    from deduce.techniques import TECHNIQUES

    puzzle = "57..6...3.3...5.6.6.1..7....53.....1....8....9.....27....8..4.2.8.1...3.2...4..19"
    code, out, err = run(["explain", "--json", "--profile", "hodoku"], puzzle + "\n")
    assert code == 0, err
    steps, doc = explain_docs(out)
    assert doc["status"] == "solved"
    score = Rater().rate(Puzzle.from_string(puzzle)).score
    assert sum(TECHNIQUES[s["code"]].hodoku for s in steps) == score
