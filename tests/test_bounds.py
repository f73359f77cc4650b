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
