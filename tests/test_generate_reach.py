"""Targets out of reach are refused at once (exit 2, one line, in under 5 s),
the advice a refusal offers works when followed, and a slow target shows
how far it got (candidates tried, the closest so far) on a terminal."""

from __future__ import annotations

import io
import subprocess
import sys
import time

import pytest

import deduce
from deduce.cli import main
from deduce.generate import GenerateError, Request
from deduce.generate import maker as maker_module
from deduce.generate.reach import CANDIDATES, FIRST_STEPS, HIGHEST_SCORE, HIGHEST_SCORE_PUZZLE
from deduce.techniques import PROFILES, TECHNIQUES

#: (arguments, words the one line says)
REFUSED = [
    (["--technique", "als", "--first"], "out of the generator's reach"),
    (["--technique", "forcing", "--first"], "out of the generator's reach"),
    (["--score", "99999-100000"], "above the highest HoDoKu score seen"),
    (["--level", "easy", "--er", "8.0-9.0"], "above what the technique set reaches"),
    (["--er", "9.6-9.9"], "above what the technique set reaches"),
]


@pytest.mark.parametrize("args, words", REFUSED)
def test_refused_at_once(args, words):
    begun = time.monotonic()
    out = subprocess.run([sys.executable, "-m", "deduce", "generate", *args, "--seed", "1"],
                         capture_output=True, text=True, timeout=60)
    seconds = time.monotonic() - begun
    assert out.returncode == 2 and out.stdout == ""
    assert out.stderr.count("\n") == 1 and words in out.stderr, out.stderr
    assert seconds < 5, seconds   # (the process, its imports and the refusal)


def test_first_reach_is_the_table():
    """One rule for every technique of HoDoKu's path: refused with --first exactly
    where no measured candidate had it first (singles are always first)."""
    for code in PROFILES["hodoku"]:
        t = TECHNIQUES[code]
        if t.family == "singles":
            continue
        try:
            Request.make(techniques=code, first=True)
            refused = False
        except GenerateError as exc:
            refused = "out of the generator's reach" in str(exc)
        assert refused == (FIRST_STEPS.get(code, 0) == 0), code
    assert sum(FIRST_STEPS.values()) == CANDIDATES
    # measured for classic 9x9 only: elsewhere it is not applied
    Request.make(size=6, techniques="x-wing", first=True)
    Request.make(techniques="als", first=True, profile="full")


def _follow(message: str, kwargs: dict) -> dict:
    """The request with the advice of ``message`` followed."""
    followed = dict(kwargs)
    if "--practice instead of --first" in message:
        followed.update(first=False, practice=True)
    elif "add --allow-backtracking" in message:
        followed["allow_backtracking"] = True
    elif "ask for a harder --level, or none" in message:
        followed.pop("level")
    elif "try --profile full" in message:
        followed["profile"] = "full"
    elif "try --kind latin" in message:
        followed["kind"] = "latin"
    elif "try --kind jigsaw" in message:
        followed["kind"] = "jigsaw"
    else:
        raise AssertionError(f"no advice in {message!r}")
    return followed


@pytest.mark.parametrize("kwargs", [
    {"techniques": "als", "first": True},
    {"level": "easy", "er": "8.0-9.0"},
    {"level": "extreme", "er": "9.5-9.9"},
    {"techniques": "template-set"},
    {"size": 3},
    {"size": 7, "level": "easy"},
])
def test_advice_works_when_followed(kwargs):
    with pytest.raises(GenerateError) as refused:
        Request.make(**kwargs)
    Request.make(**_follow(str(refused.value), kwargs))   # not refused again


def test_no_advice_where_none_works():
    with pytest.raises(GenerateError) as refused:
        Request.make(er="9.6-9.9")   # trial and error is rated 9.5 here: allowing it does not help
    assert "--allow-backtracking" not in str(refused.value)
    with pytest.raises(GenerateError):
        Request.make(er="9.6-9.9", allow_backtracking=True)


def test_a_score_band_below_the_highest_seen_is_let_in():
    Request.make(score=f"{HIGHEST_SCORE - 1000}-{HIGHEST_SCORE}")
    with pytest.raises(GenerateError, match="39,162"):
        Request.make(score=f"{HIGHEST_SCORE + 1}-{HIGHEST_SCORE + 10}")


@pytest.mark.bounds
def test_the_highest_score_is_what_the_rating_gives():
    rating = deduce.rate(deduce.Puzzle.from_string(HIGHEST_SCORE_PUZZLE))
    assert rating.score == HIGHEST_SCORE


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_slow_target_shows_how_far(monkeypatch):
    monkeypatch.setattr(maker_module, "WATCH_EVERY", 0.0)
    out, err = io.StringIO(), _Terminal()
    code = main(["generate", "--level", "hard", "--er", "4.0-6.0", "--seed", "3"], out, err)
    assert code == 0 and len(out.getvalue().strip()) == 81
    shown = err.getvalue()
    assert "puzzle 1 of 1: " in shown and "candidates tried" in shown
    assert "closest so far: ER" in shown or "none rated yet" in shown
    assert shown.endswith("\r\033[K")   # cleared before the puzzle is written
    out, err = io.StringIO(), io.StringIO()   # not a terminal: nothing on standard error
    assert main(["generate", "--level", "hard", "--seed", "3"], out, err) == 0 and err.getvalue() == ""


def test_watch_in_python():
    seen = []
    monkey = maker_module.WATCH_EVERY
    try:
        maker_module.WATCH_EVERY = 0.0
        [g] = deduce.generate(level="hard", seed=4, watch=lambda i, tried, closest: seen.append((i, tried, closest)))
    finally:
        maker_module.WATCH_EVERY = monkey
    assert g.level == "Hard" and seen and [s[1] for s in seen] == list(range(1, len(seen) + 1))
    assert {s[0] for s in seen} == {0}


def test_practice_on_8x8_is_written_as_it_reads_back():
    """A 8x8 marks-line (512 characters) reads back as a 16x16 jigsaw line: a
    8x8 practice position is a pencil-mark grid, and --to marks-line is
    refused with advice that works (--to candidates)."""
    code, out, err = run_cli(["generate", "--size", "8", "--technique", "lc1", "--practice", "--seed", "1"])
    assert (code, err) == (0, "")
    from deduce.generate.practice import first_beyond_singles, read_position
    from deduce.rating import path_solver

    state = read_position(out, "candidates")
    assert state.puzzle.size == 8
    assert first_beyond_singles(path_solver("hodoku"), state) in deduce.select("lc1")
    code, _, err = run_cli(["generate", "--size", "8", "--technique", "lc1", "--practice", "--to", "marks-line"])
    assert code == 2 and "use candidates" in err
    code, again, _ = run_cli(["generate", "--size", "8", "--technique", "lc1", "--practice", "--seed", "1",
                              "--to", "candidates"])
    assert code == 0 and again == out


def run_cli(args):
    out, err = io.StringIO(), io.StringIO()
    return main(args, out, err), out.getvalue(), err.getvalue()
