"""The command-level half of the bad-input catalogue (issue #13).

Every case ends with its documented exit code, exactly one line on standard
error naming the place (the option, file, line or cell) and the problem,
and no traceback.  The readers' half (bad puzzle text in every format) is
in the formats tests; these are options, files, standard input, timeouts,
``--limit`` values, ``--html`` paths, batches and internal errors.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import deduce.cli.solve
from deduce.render.json import SCHEMA

from .test_cli import run

EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
CLASH = "11" + "." * 14
EMPTY4 = "." * 16




def unsolvable_25(seed: int = 2) -> str:
    """A sparse 25x25 (30% givens) with one given changed so that no direct
    clash shows: the search cannot settle it quickly (built, not stored)."""
    from .test_bounds import sparse_25

    return sparse_25(seed)


def one_line(err: str) -> str:
    lines = [x for x in err.splitlines() if x.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


# (id, argv, stdin, exit code, text the one stderr line must hold); in argv,
# {tmp} is a fresh directory and {file}/{binary}/{empty}/{comments}/{u25}
# files written there.
CASES = [
    # --timeout
    ("timeout-word", ["solve", "--timeout", "x"], EASY, 2, "argument --timeout: expected a number of seconds"),
    ("timeout-zero", ["solve", "--timeout", "0"], EASY, 2, "argument --timeout: must be above 0"),
    ("timeout-negative", ["count", "--timeout", "-1"], EASY, 2, "argument --timeout"),
    ("timeout-nan", ["explain", "--timeout", "nan"], EASY, 2, "argument --timeout: must be above 0"),
    ("timeout-inf", ["hint", "--timeout", "inf"], EASY, 2, "argument --timeout: must be above 0"),
    ("timeout-huge", ["solve", "--timeout", "1e400"], EASY, 2, "argument --timeout"),
    ("timeout-empty", ["count", "--timeout", ""], EASY, 2, "argument --timeout"),
    ("timeout-missing", ["solve", "--timeout"], EASY, 2, "argument --timeout: expected one argument"),
    ("timeout-on-techniques", ["techniques", "--timeout", "1"], "", 2, "unrecognized arguments: --timeout"),
    # --limit
    ("limit-zero", ["count", "--limit", "0"], EASY, 2, "--limit must be at least 1, got 0"),
    ("limit-negative", ["count", "--limit", "-3"], EASY, 2, "--limit must be at least 1, got -3"),
    ("limit-word", ["count", "--limit", "many"], EASY, 2, "argument --limit: invalid int value: 'many'"),
    ("limit-fraction", ["count", "--limit", "1.5"], EASY, 2, "argument --limit: invalid int value"),
    ("limit-on-solve", ["solve", "--limit", "3"], EASY, 2, "unrecognized arguments: --limit"),
    # --html
    ("html-no-dir", ["explain", "--html", "/no/such/dir/x.html"], EASY, 2,
     "--html /no/such/dir/x.html: no such directory"),
    ("html-is-dir", ["explain", "--html", "{tmp}"], EASY, 2, "is a directory"),
    ("html-empty-name", ["explain", "--html", ""], EASY, 2, "--html : an empty file name"),
    ("html-missing", ["explain", "--html"], EASY, 2, "argument --html: expected one argument"),
    ("html-on-solve", ["solve", "--html", "x.html"], EASY, 2, "unrecognized arguments: --html"),
    # files
    ("file-missing", ["solve", "/no/such/puzzle.txt"], "", 2, "/no/such/puzzle.txt: No such file"),
    ("file-is-dir", ["count", "{tmp}"], "", 2, "Is a directory"),
    ("file-binary", ["solve", "{binary}"], "", 2, "not a text file (UTF-8 expected; byte 3"),
    ("file-empty", ["explain", "{empty}"], "", 2, "line 1: the input is empty"),
    ("file-only-comments", ["hint", "{comments}"], "", 2, "the input is empty"),
    ("two-files", ["solve", "{file}", "{file}"], "", 2, "unrecognized arguments"),
    # standard input
    ("stdin-empty", ["solve"], "", 2, "line 1: the input is empty"),
    ("stdin-blank", ["count", "-"], "\n\n   \n", 2, "the input is empty"),
    # formats, symbols and techniques as options
    ("format-unknown", ["solve", "--format", "nosuch"], EASY, 2, "unknown format 'nosuch'"),
    ("format-missing", ["solve", "--format"], EASY, 2, "argument --format: expected one argument"),
    ("symbols-short", ["solve", "--symbols", "AB"], EASY, 2, "line 1, column 1: unknown symbol '5'"),
    ("only-unknown", ["explain", "--only", "nonsense"], EASY, 2, "unknown technique 'nonsense'"),
    ("exclude-unknown", ["solve", "--exclude", "zz-top"], EASY, 2, "unknown technique 'zz-top'"),
    ("profile-unknown", ["hint", "--profile", "nope"], EASY, 2, "argument --profile: invalid choice: 'nope'"),
    ("level-unknown", ["hint", "--level", "loud"], EASY, 2, "argument --level: invalid choice: 'loud'"),
    ("all-and-logic", ["solve", "--all", "--logic"], EASY, 2, "argument --logic: not allowed with argument --all"),
    ("all-and-only", ["solve", "--all", "--only", "singles"], EASY, 2, "--all lists solutions by search"),
    # commands
    ("no-command", [], "", 2, "the following arguments are required: COMMAND"),
    ("unknown-command", ["sovle"], "", 2, "invalid choice: 'sovle'"),
    ("unknown-option", ["count", "--fast"], EASY, 2, "unrecognized arguments: --fast"),
    ("unknown-technique-name", ["techniques", "no such thing"], "", 2, "unknown technique 'no such thing'"),
    # outcomes: the reason is on the one line
    ("count-clash", ["count"], CLASH, 1, "no solution: 1 is given twice in row 1: r1c1 and r1c2"),
    ("solve-clash", ["solve"], CLASH, 1, "no solution: 1 is given twice in row 1"),
    ("solve-all-clash", ["solve", "--all"], CLASH, 1, "no solution: 1 is given twice in row 1"),
    ("explain-clash-json", ["explain", "--json"], CLASH, 1, "no solution: 1 is given twice in row 1"),
    ("explain-several", ["explain", "--only", "singles"], EMPTY4, 3, "several solutions"),
    ("count-limit-1", ["count", "--limit", "1"], EMPTY4, 5, "stopped counting at --limit 1"),
    ("solve-several", ["solve"], EMPTY4, 3, "several solutions"),
    ("solve-timeout", ["solve", "--timeout", "0.2"], "{u25}", 4, "timeout: no result within 0.2 s"),
    ("count-timeout", ["count", "--timeout", "0.2"], "{u25}", 4, "timeout: no result within 0.2 s"),
    ("hint-timeout", ["hint", "--timeout", "0.2"], "{u25}", 4, "timeout: no result within 0.2 s"),
    ("explain-timeout", ["explain", "--timeout", "0.2"], "{u25}", 4, "timeout: no result within 0.2 s"),
    # batches: the bad line is named, the run goes on, the worst status wins
    ("batch-bad-line", ["solve"], f"{EASY}\n123\n{EASY}\n", 2, "line 2: expected N*N characters"),
    ("batch-bad-line-count", ["count"], f"{EMPTY4}\n{EASY}x\n", 2, "line 2"),
    ("batch-bad-line-hint", ["hint", "--json"], f"{EASY}\n\n12\n", 2, "line 3"),
]


@pytest.fixture
def files(tmp_path):
    (tmp_path / "p.txt").write_text(EASY + "\n")
    (tmp_path / "bin.txt").write_bytes(b"53\xff\xfe" + bytes(range(128, 200)))
    (tmp_path / "empty.txt").write_text("")
    (tmp_path / "comments.txt").write_text("# just a comment\n# and another\n")
    return {"tmp": str(tmp_path), "file": str(tmp_path / "p.txt"), "binary": str(tmp_path / "bin.txt"),
            "empty": str(tmp_path / "empty.txt"), "comments": str(tmp_path / "comments.txt")}


@pytest.mark.parametrize("argv,stdin,code,needle", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_bad_input_catalogue(argv, stdin, code, needle, files):
    argv = [a.format(**files) for a in argv]
    if stdin == "{u25}":
        stdin = unsolvable_25() + "\n"
    got, out, err = run(argv, stdin)
    assert got == code, (got, out, err)
    if needle is None:
        assert "Traceback" not in err
        return
    line = one_line(err)
    assert line.startswith("deduce"), line
    assert needle in line, line


def test_catalogue_is_large_enough():
    assert len(CASES) >= 35
    assert len({c[0] for c in CASES}) == len(CASES)


@pytest.mark.parametrize("argv,stdin,status", [
    (["solve"], f"{EASY}\n123\n{CLASH}\n", ["solved", "invalid", "no-solution"]),
    (["count"], f"{EASY}\n123\n{EMPTY4}\n", ["solved", "invalid", "multiple-solutions"]),
    (["hint"], f"{EASY}\n123\n", ["hint", "invalid"]),
    (["explain"], f"123\n{EASY}\n", ["invalid", "solved"]),
])
def test_every_puzzle_gets_one_record(argv, stdin, status):
    """Text: one line per puzzle for solve/count (a bad one as a comment);
    JSON Lines: one object with a status per puzzle, in input order."""
    code, out, _ = run(argv, stdin)
    assert code == 2
    if argv[0] in ("solve", "count"):
        lines = out.splitlines()
        assert len(lines) == len(status)
        assert [x.startswith("# line 2: ") for x in lines] == [s == "invalid" for s in status]
    code, out, _ = run(argv + ["--json"], stdin)
    docs = [json.loads(x) for x in out.splitlines()]
    records = [d for d in docs if "status" in d]
    assert [d["status"] for d in records] == status
    assert all(d["schema"] == SCHEMA and "line" in d for d in records)
    assert [d["line"] for d in records] == sorted(d["line"] for d in records)


def test_batch_text_output_reads_back(tmp_path):
    """Solve's text output, comments included, is again a puzzle file."""
    code, out, _ = run(["solve"], f"{EASY}\n123\n{CLASH}\n{EASY}\n")
    assert code == 2
    assert out.splitlines()[1].startswith("# line 2:") and out.splitlines()[2].startswith("# line 3: no solution")
    code, again, _ = run(["solve"], out)
    assert code == 0 and again.splitlines() == [x for x in out.splitlines() if not x.startswith("#")]


def test_batch_timeout_goes_on():
    text = f"{EASY}\n{unsolvable_25()}\n{EMPTY4}\n"
    code, out, err = run(["count", "--timeout", "0.3"], text)
    assert code == 4  # timeout outranks several solutions and solved
    assert out.splitlines() == ["1", "# line 2: timeout: no result within 0.3 s", "288"]
    assert one_line(err) == "deduce: line 2: timeout: no result within 0.3 s"


def test_internal_error_is_one_line_and_exit_70(monkeypatch):
    def boom(target):
        raise RuntimeError("boom\nsecond line")

    monkeypatch.setattr(deduce.cli.solve, "search", boom)
    code, out, err = run(["solve"], EASY + "\n")
    assert code == 70
    assert one_line(err) == "deduce: internal error: RuntimeError: boom second line, please report"
    assert out == "# line 1: internal error: RuntimeError: boom second line, please report\n"
    code, out, err = run(["solve", "--debug"], EASY + "\n")
    assert code == 70 and "Traceback" in err and "RuntimeError: boom" in err
    # in a batch the other puzzles still get their record
    code, out, err = run(["solve", "--json"], f"{EASY}\n123\n")
    docs = [json.loads(x) for x in out.splitlines()]
    assert code == 70 and [d["status"] for d in docs] == ["error", "invalid"]


def test_internal_error_outside_the_batch_loop(monkeypatch):
    def boom(*a, **k):
        raise TypeError("unexpected")

    monkeypatch.setattr(deduce.cli, "read_puzzles", boom)
    code, out, err = run(["count"], EASY + "\n")
    assert code == 70 and out == ""
    assert one_line(err) == "deduce: internal error: TypeError: unexpected, please report"
    code, out, err = run(["--debug", "count"], EASY + "\n")
    assert code == 70 and "Traceback" in err


def _deduce(*args, **kw):
    return subprocess.run([sys.executable, "-m", "deduce", *args], capture_output=True, text=True, timeout=300, **kw)


def test_closed_stdin_is_one_line():
    proc = subprocess.run(f"{sys.executable} -m deduce solve <&-", shell=True, capture_output=True, text=True,
                          timeout=300, executable="/bin/bash")
    assert proc.returncode == 2
    assert one_line(proc.stderr) == "deduce: standard input is closed; give a FILE or pipe puzzles in"


def test_usage_errors_as_a_process_are_one_line():
    proc = _deduce("count", "--limit", "x", input=EASY)
    assert proc.returncode == 2
    assert one_line(proc.stderr).startswith("deduce count: argument --limit")
    proc = _deduce("solve", "--help")
    assert proc.returncode == 0 and "--timeout" in proc.stdout and "--logic" in proc.stdout


def test_html_path_checked_before_any_work(tmp_path):
    target = tmp_path / "ro"
    target.mkdir()
    code, out, err = run(["explain", "--html", str(tmp_path / "nope" / "x.html")], EASY + "\n")
    assert code == 2 and out == ""
    if os.geteuid() != 0:  # root writes anywhere
        target.chmod(0o500)
        code, out, err = run(["explain", "--html", str(target / "x.html")], EASY + "\n")
        assert code == 2 and "not writable" in one_line(err)


# -- fuzzing the commands: nothing escapes, nothing is lost ------------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from deduce.formats import read_puzzles  # noqa: E402

SMALL = ["1..." "3..2" "...3" "..2.", "." * 16, CLASH, "1234" + "." * 12, EASY]


@st.composite
def batches(draw):
    """Several lines: valid puzzles, mutated ones, random text, comments."""
    lines = []
    for _ in range(draw(st.integers(1, 5))):
        kind = draw(st.sampled_from(["puzzle", "mutated", "random", "comment", "blank"]))
        if kind == "puzzle":
            lines.append(draw(st.sampled_from(SMALL)))
        elif kind == "mutated":
            base = list(draw(st.sampled_from(SMALL)))
            for _ in range(draw(st.integers(1, 3))):
                i = draw(st.integers(0, len(base) - 1))
                op = draw(st.sampled_from(["set", "drop", "dup"]))
                ch = draw(st.characters(codec="utf-8", exclude_categories=("Cs",)))
                if op == "set":
                    base[i] = ch
                elif op == "drop":
                    del base[i]
                else:
                    base.insert(i, base[i])
                if not base:
                    base = ["."]
            lines.append("".join(base).replace("\n", " ").replace("\r", " "))
        elif kind == "random":
            lines.append(draw(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)),
                                      max_size=40)).replace("\n", " ").replace("\r", " "))
        elif kind == "comment":
            lines.append("# " + draw(st.text(max_size=10)).replace("\n", " ").replace("\r", " "))
        else:
            lines.append("")
    return "\n".join(lines) + "\n"


def _check_run(command, text):
    code, out, err = run([command, "--json", "--format", "line", "--timeout", "5"], text)
    assert code in (0, 1, 2, 3, 4, 5), (code, err)
    assert "Traceback" not in err
    assert all(x.startswith("deduce") for x in err.splitlines() if x.strip()), err
    entries = list(read_puzzles(text, "line"))
    records = [d for d in (json.loads(x) for x in out.splitlines()) if "status" in d]
    assert [d["line"] for d in records] == [e.line for e in entries]
    assert [d["status"] == "invalid" for d in records] == [e.error is not None for e in entries]


FUZZ = settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(st.sampled_from(["solve", "count", "hint", "explain"]), batches())
def test_commands_fuzzed_lose_nothing(command, text):
    """Every line-format entry (good or bad) gets exactly one JSON record
    with a status, in input order; nothing escapes; only documented codes."""
    _check_run(command, text)


@pytest.mark.fuzz
@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.sampled_from(["solve", "count", "hint", "explain"]), batches())
def test_commands_fuzzed_lose_nothing_long(command, text):
    _check_run(command, text)


def test_explain_batch_gives_one_block_per_puzzle_whatever_the_outcome():
    u25 = unsolvable_25()
    code, out, err = run(["explain", "--timeout", "0.3"], f"{EASY}\n123\n{u25}\n")
    assert code == 2
    blocks = out.rstrip("\n").split("\n\n")
    assert len(blocks) == 3
    assert blocks[0].startswith(f"# line 1: {EASY}") and "Solution (by logic alone):" in blocks[0]
    assert blocks[1].startswith("# line 2: ") and "\n" not in blocks[1]
    assert blocks[2].splitlines()[0] == f"# line 3: {u25}"
    assert blocks[2].splitlines()[-1] == "# line 3: timeout: no result within 0.3 s"
    assert [x.split(":")[0] for x in err.splitlines()] == ["deduce", "deduce"]


def test_batch_of_grids_reads_back_block_by_block():
    import pathlib

    grid = (pathlib.Path(__file__).parent / "data" / "seed003-input.txt").read_text()
    clash = grid.replace("8 0 0", "8 8 0", 1)
    code, out, err = run(["solve", "--format", "grid"], f"{grid}\n{clash}\n{grid}")
    assert code == 1 and "line 11: no solution: 8 is given twice in row 1" in one_line(err)
    blocks = out.rstrip("\n").split("\n\n")
    assert len(blocks) == 3 and blocks[1].startswith("# line 11: no solution")
    code, again, _ = run(["count", "--format", "grid"], out)
    assert code == 0 and again == "1\n1\n"


def test_closed_stdout_or_stderr_changes_only_what_is_seen():
    for redirect, stream in (("2>&-", "stdout"), (">&-", "stderr")):
        proc = subprocess.run(f"{sys.executable} -m deduce count --limit x {redirect}", shell=True,
                              capture_output=False, stdout=subprocess.PIPE if stream == "stdout" else None,
                              stderr=subprocess.PIPE if stream == "stderr" else None, text=True, timeout=300,
                              executable="/bin/bash", stdin=subprocess.DEVNULL)
        assert proc.returncode == 2
        seen = proc.stdout if stream == "stdout" else proc.stderr
        assert "Traceback" not in seen and ("argument --limit" in seen) == (stream == "stderr")
