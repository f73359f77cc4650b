"""Bounds: no hang (issue #13).  Behind the ``bounds`` marker (``.ci/run``
runs them); generous margins, since they guard correctness, not speed.

The puzzle is built here, not stored: a full 25x25 grid (a pattern with the
symbols relabelled), 30% of its cells kept as givens, one given changed to a
symbol none of its peers' givens holds, so no direct clash shows and the
search cannot settle it in any reasonable time.
"""

from __future__ import annotations

import random
import subprocess
import sys
import time

import pytest

from deduce.puzzle import Puzzle


def sparse_25(seed: int = 2, share: float = 0.30) -> str:
    """The changed sparse 25x25 described above, as a line of 625 characters."""
    n, b = 25, 5
    blank = Puzzle.empty(n)
    rng = random.Random(seed)
    relabel = rng.sample(range(n), n)
    full = [relabel[(b * (r % b) + r // b + c) % n] for r in range(n) for c in range(n)]
    cells = rng.sample(range(n * n), round(n * n * share))
    values = [-1] * (n * n)
    for c in cells:
        values[c] = full[c]
    changed = rng.choice(cells)
    seen = {values[p] for p in blank.peers[changed]}
    values[changed] = rng.choice([d for d in range(n) if d not in seen and d != full[changed]])
    return "".join("." if v < 0 else blank.symbols[v] for v in values)


def test_the_puzzle_has_no_direct_clash():
    """Runs by default: the puzzle is as described (cheap to check)."""
    from deduce.state import State

    text = sparse_25()
    assert len(text) == 625 and 0.29 < sum(ch != "." for ch in text) / 625 < 0.31
    State.from_puzzle(Puzzle.from_string(text))  # raises Contradiction on a direct clash


def _elapsed(args: list[str], stdin: str) -> tuple[float, subprocess.CompletedProcess]:
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "deduce", *args], input=stdin, capture_output=True, text=True,
                          timeout=600)
    return time.monotonic() - start, proc


@pytest.mark.bounds
@pytest.mark.parametrize("command", ["solve", "count", "hint", "explain"])
def test_unsolvable_sparse_25_ends_within_its_timeout(command):
    timeout = 10.0
    # what the same process costs without the search: start-up and reading a 25x25
    clash = "AA" + "." * 623
    base, _ = _elapsed(["count", "--timeout", str(timeout)], clash + "\n")
    took, proc = _elapsed([command, "--timeout", str(timeout)], sparse_25() + "\n")
    assert proc.returncode == 4, proc.stderr
    assert proc.stderr.strip() == f"deduce: timeout: no result within {timeout:g} s"
    assert proc.stdout.splitlines()[-1] == f"# line 1: timeout: no result within {timeout:g} s"
    assert took <= base + 1.10 * timeout, (took, base)


EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"


@pytest.mark.bounds
@pytest.mark.parametrize("signame", ["SIGINT", "SIGTERM", "SIGHUP"])
def test_a_signal_mid_batch_leaves_complete_lines_and_at_most_one_stderr_line(signame):
    """Three answers are out when the signal comes (the fourth puzzle hangs):
    they stay whole, and standard error holds at most one line."""
    import signal

    sig = getattr(signal, signame)

    def default_signals() -> None:
        # a run started in the background (``cmd &``, nohup) ignores SIGINT or SIGHUP, and a child
        # inherits that: give the command the dispositions a terminal would
        for s in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
            signal.signal(s, signal.SIG_DFL)

    proc = subprocess.Popen([sys.executable, "-m", "deduce", "solve", "--timeout", "120"], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, preexec_fn=default_signals)
    assert proc.stdin is not None and proc.stdout is not None and proc.stderr is not None
    proc.stdin.write((EASY + "\n") * 3 + sparse_25() + "\n")
    proc.stdin.close()
    got = [proc.stdout.readline() for _ in range(3)]
    time.sleep(0.5)
    proc.send_signal(sig)
    try:
        rest, err = proc.stdout.read(), proc.stderr.read()
        code = proc.wait(timeout=60)
    finally:
        proc.kill()
    assert rest == ""
    assert all(line.endswith("\n") and len(line) == 82 and "." not in line for line in got)
    assert code in (130, -sig), code
    assert "Traceback" not in err and len(err.splitlines()) <= 1, err
    if signame == "SIGINT":
        assert err == "deduce: interrupted\n"


@pytest.mark.bounds
def test_api_time_limit_ends_within_its_limit():
    """``Solver(time_limit=...)`` and ``search(..., time_limit=...)`` end
    within the limit (+10%), the search before the first step included."""
    from deduce.engine import Solver, search
    from deduce.errors import SolveTimeout

    puzzle = Puzzle.from_string(sparse_25())
    for run in (lambda: Solver(time_limit=3.0).solve(puzzle), lambda: search(puzzle, time_limit=3.0)):
        start = time.monotonic()
        with pytest.raises(SolveTimeout, match="no result within 3 s"):
            run()
        assert time.monotonic() - start <= 3.3
