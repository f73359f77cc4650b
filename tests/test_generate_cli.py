"""``deduce generate``: output as found, JSON Lines, --output/--resume,
bad requests (exit 2, one line), --timeout (exit 4), and the level and
technique lists of issue 31 (a representative few by default, all under
``fuzz``), and a bank on a local Dask cluster (``cluster``)."""

from __future__ import annotations

import json

import pytest

import deduce
from deduce.backtrack import count_solutions

from .test_cli import run
from .test_generate import profile_solver


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def test_lines_then_json_for_the_same_seed():
    code, out, err = run(["generate", "--size", "6", "--count", "3", "--seed", "7"])
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert len(lines) == 3 and all(len(x) == 36 for x in lines)
    code, out, err = run(["generate", "--size", "6", "--count", "3", "--seed", "7", "--json"])
    docs = records(out)
    assert [d["puzzle"] for d in docs] == lines
    assert [d["index"] for d in docs] == [0, 1, 2] and {d["seed"] for d in docs} == {7}
    for d in docs:
        p = deduce.read_puzzle(json.dumps(d["document"]))
        assert count_solutions(p) == 1
        assert deduce.solve(p).solution_string == d["solution"]


def test_kinds_in_their_usual_formats():
    code, out, _ = run(["generate", "--kind", "killer", "--size", "6", "--seed", "3"])
    assert code == 0
    killer = deduce.read_puzzle(out)
    assert killer.cages and count_solutions(killer) == 1
    code, out, _ = run(["generate", "--kind", "jigsaw", "--size", "6", "--seed", "3", "--count", "2"])
    assert code == 0
    blocks = out.strip().split("\n\n")
    assert len(blocks) == 2
    assert all(deduce.read_puzzle(b).geometry.is_jigsaw for b in blocks)
    code, out, _ = run(["generate", "--kind", "latin", "--size", "5", "--seed", "3", "--to", "json"])
    assert code == 0 and deduce.read_puzzle(out).symbols == "ABCDE"


def test_output_and_resume(tmp_path):
    out_file = tmp_path / "bank.jsonl"
    args = ["generate", "--size", "4", "--count", "4", "--seed", "5", "--json", "--output", str(out_file)]
    assert run(args)[0] == 0
    whole = out_file.read_text().splitlines()
    out_file.write_text("\n".join(whole[:2]) + "\n" + whole[2][:10])   # stopped while writing the third
    code, _, err = run(args + ["--resume"])
    assert (code, err) == (0, "")
    again = out_file.read_text().splitlines()
    assert [json.loads(x)["puzzle"] for x in again] == [json.loads(x)["puzzle"] for x in whole]


@pytest.mark.parametrize("args, message", [
    (["--er", "5-4"], "--er 5-4: the minimum is above the maximum"),
    (["--size", "4", "--technique", "x-wing"], "X-wing needs a grid of at least 6x6"),
    (["--kind", "killer", "--symmetry", "mirror"], "a killer has no givens"),
    (["--er", "9.5-10"], "above what the technique set reaches (9.4 at most; add --allow-backtracking)"),
    (["--level", "hardest"], "--level hardest: unknown level"),
    (["--first"], "--first needs --technique"),
    (["--kind", "jigsaw", "--box", "3x3"], "a jigsaw has regions, not boxes"),
    (["--sum-only"], "--sum-only is for killer cages"),
    (["--kind", "latin", "--symbols", "123456789"], "the Latin-square format uses the letters"),
    (["--count", "0"], "--count 0: at least 1"),
    (["--json", "--to", "line"], "choose one of --json and --to"),
    (["--resume"], "--resume needs --output"),
    (["--kind", "killer", "--size", "6", "--to", "latin"], "--to latin: latin cannot hold this puzzle"),
    (["--technique", "xy-wing", "--profile", "se", "--level", "medium"], "above the level asked"),
])
def test_bad_requests(args, message):
    code, out, err = run(["generate", "--seed", "1", *args])
    assert code == 2
    assert message in err and err.count("\n") == 1
    assert out == ""


def test_timeout_exits_4_with_what_was_found():
    code, out, err = run(["generate", "--level", "extreme", "--count", "1000", "--seed", "2", "--timeout", "1"])
    assert code == 4
    assert "--timeout 1 s passed" in err and err.count("\n") == 1
    found = out.splitlines()
    assert f"{len(found)} of 1000 puzzles made" in err
    for line in found:
        assert count_solutions(deduce.read_puzzle(line)) == 1


def test_jobs_give_the_same_puzzles():
    one = run(["generate", "--size", "6", "--count", "3", "--seed", "8"])[1]
    two = run(["generate", "--size", "6", "--count", "3", "--seed", "8", "--jobs", "2"])[1]
    assert one == two and len(one.splitlines()) == 3


def test_jobs_give_the_same_records():
    # 9x9 at a level: in one process the ER solve waits until the record is written, a worker rates in full
    args = ["generate", "--level", "hard", "--count", "2", "--seed", "3", "--json"]
    one, two = records(run(args)[1]), records(run(args + ["--jobs", "2"])[1])
    for doc in one + two:
        assert doc.pop("seconds") >= 0 and doc["er"] is not None
    assert one == two and len(one) == 2


# -- the lists -----------------------------------------------------------------

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]
#: (family or technique, kind, size) for --technique X --first
FIRSTS = [("singles", "classic", 9), ("intersections", "classic", 9), ("subsets", "classic", 9),
          ("fish", "classic", 9), ("single-digit", "classic", 9), ("wings", "classic", 9),
          ("uniqueness", "classic", 9), ("chains", "classic", 9), ("als", "classic", 9),
          ("cages", "killer", 6)]
DEFAULT_FIRSTS = {"singles", "intersections", "cages"}
#: Families whose first step beyond singles, in HoDoKu's order, is so rare that 20,000 attempts (the cap per
#: puzzle) may hold none: an ALS step comes first only where no chain, fish, wing or uniqueness test applies
#: (seed 1 gave none in 20,000 attempts, 129 s with --jobs 2): such a run must end as out of reach, exit 4.
#: Measured: of the 3,292 puzzles of top1465, classic-rated, hardest-database and forum-hardest, none has an
#: ALS step first in HoDoKu's order (25 a chain, 114 a forcing chain); nor had any of 535 puzzles made from
#: forum-hardest's forcing-first ones by adding one given of the solution (a grouped AIC or forcing chain came
#: first instead).  Such a run's exit-4 message names --practice (tests/test_generate_practice.py): a puzzle
#: that uses ALS, written as the position where its ALS step comes first.
RARE_FIRSTS = {"als"}


def levels_run(level: str, count: int) -> None:
    code, out, err = run(["generate", "--level", level, "--count", str(count), "--seed", "1", "--json"])
    assert (code, err) == (0, "")
    docs = records(out)
    assert len(docs) == count and {d["level"] for d in docs} == {level.capitalize()}


def first_run(name: str, kind: str, size: int, count: int, timeout: float | None = None) -> None:
    """``--technique NAME --first``; with ``timeout``, a rare family may end
    with exit 4 after at least one puzzle (chains and ALS first come a few
    per minute)."""
    code, out, err = run(["generate", "--kind", kind, "--size", str(size), "--technique", name, "--first",
                          "--count", str(count), "--seed", "1", "--json"]
                         + (["--timeout", str(timeout)] if timeout else []))
    docs = records(out)
    if code == 2 and name in RARE_FIRSTS:   # refused at once (deduce.generate.reach), naming --practice
        assert err.count("\n") == 1 and "out of the generator's reach" in err and "--practice" in err, err
        return
    if timeout and code == 4 and name in RARE_FIRSTS:
        # ends as a request out of reach does: exit 4, one line saying so, every puzzle written meets it
        assert err.count("\n") == 1 and ("no puzzle met" in err or "timeout" in err), err
    elif timeout and code == 4:
        assert docs, f"no {name} puzzle in {timeout} s"
    else:
        assert (code, err) == (0, "")
    wanted = deduce.select(name)
    for d in docs:
        p = deduce.read_puzzle(json.dumps(d["document"]))
        profile = "hodoku" if kind == "classic" else "deduce"
        steps = profile_solver(profile).solve(p).steps
        beyond = next((s.technique.code for s in steps if s.technique.family != "singles"), None)
        assert beyond in wanted or (beyond is None and wanted <= {"fh", "hs", "ns"})


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_levels_a_few(level):
    levels_run(level, 3)


@pytest.mark.parametrize("name, kind, size", [f for f in FIRSTS if f[0] in DEFAULT_FIRSTS])
def test_first_technique_a_few(name, kind, size):
    first_run(name, kind, size, 2)


@pytest.mark.fuzz
@pytest.mark.parametrize("level", LEVELS)
def test_levels_count_20(level):
    levels_run(level, 20)


@pytest.mark.fuzz
@pytest.mark.parametrize("name, kind, size", FIRSTS)
def test_first_technique_every_family(name, kind, size):
    first_run(name, kind, size, 3, timeout=900)


@pytest.mark.parametrize("name, size", [("fish", 4), ("wings", 4), ("cages", 9)])
def test_a_technique_a_size_or_kind_cannot_have_is_refused(name, size):
    code, _, err = run(["generate", "--size", str(size), "--technique", name, "--first"])
    assert code == 2 and ("needs a grid of at least" in err or "need cages" in err)


@pytest.mark.cluster
def test_bank_on_a_local_dask_cluster(tmp_path):
    """A bank made on a local Dask cluster is the bank made in one process
    (the same seed, the same puzzles).  The issue's 1,000-puzzle bank is
    the same command with ``--count 1000`` (``bench/generate.py --bank``)."""
    pytest.importorskip("distributed")
    args = ["generate", "--size", "6", "--count", "12", "--seed", "3", "--json"]
    code, out, err = run(args + ["--scheduler", "local", "--jobs", "2"])
    assert code == 0, err
    here = run(args)[1]
    assert [d["puzzle"] for d in records(out)] == [d["puzzle"] for d in records(here)]
