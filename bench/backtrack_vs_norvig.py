#!/usr/bin/env python3
"""Time deduce's backtracking against the baseline ../shared/bench/norvig.py.

Both run in this process, on the same puzzles, for the same job: a
uniqueness check (count solutions up to 2).  Prints per-set totals, medians
and the ratio (baseline time / deduce time).

    python bench/backtrack_vs_norvig.py [--sets top1465,forum] [--limit N]
"""

from __future__ import annotations

import argparse
import importlib.util
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce import Puzzle  # noqa: E402
from deduce.backtrack import count_solutions  # noqa: E402

SHARED = ROOT.parent / "shared"
SETS = {
    "top1465": SHARED / "corpora" / "top1465.txt",
    "forum": SHARED / "corpora" / "forum-hardest-1106.txt",
}


def load_norvig():
    path = SHARED / "bench" / "norvig.py"
    spec = importlib.util.spec_from_file_location("norvig", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def timed(fn, puzzles):
    times, counts = [], []
    for p in puzzles:
        t = time.perf_counter()
        counts.append(fn(p))
        times.append(time.perf_counter() - t)
    return times, counts


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default="top1465,forum")
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles of each set")
    args = ap.parse_args()
    if not SHARED.exists():
        print(f"skipped: {SHARED} is absent")
        return 0
    norvig = load_norvig()
    total_d = total_n = 0.0
    for name in args.sets.split(","):
        lines = [ln.strip() for ln in SETS[name].read_text().splitlines() if ln.strip()]
        if args.limit:
            lines = lines[: args.limit]
        d_times, d_counts = timed(lambda s: count_solutions(Puzzle.from_string(s), 2), lines)
        n_times, n_counts = timed(lambda s: norvig.count_solutions(s, 2)[0], lines)
        if d_counts != n_counts:
            bad = [i for i, (a, b) in enumerate(zip(d_counts, n_counts)) if a != b]
            print(f"{name}: counts differ from the baseline on puzzles {bad[:10]}")
            return 1
        td, tn = sum(d_times), sum(n_times)
        total_d += td
        total_n += tn
        print(f"{name:8} n={len(lines):5}  deduce {td:7.2f}s (median {1000 * statistics.median(d_times):6.2f} ms)"
              f"  norvig {tn:7.2f}s (median {1000 * statistics.median(n_times):6.2f} ms)  ratio {tn / td:5.2f}x")
    print(f"overall ratio (baseline / deduce): {total_n / total_d:.2f}x  (floor 2.5x, target 5x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
