#!/usr/bin/env python3
"""Where the default profile's solve (what ``deduce explain`` runs) spends its time, per producer.

Solves an evenly spaced sample of ``top1465.txt`` with ``Solver()`` and
charges the CPU time of every strategy's ``find`` (up to the step the
engine takes from it) to its technique code; prints the total, the median
per puzzle and the producers over 0.01 s, largest first.

    python bench/explain_speed.py [--sample N] [--tree PATH]

``--tree`` measures another copy of the code (say ``git archive`` of an
older commit unpacked in /tmp): run both in the same window, since the
machine's load moves absolute times.  Time charged to the first producer
asked in a new position includes freeing what the previous position kept
(``strategies._houses.per_position``).
"""

from __future__ import annotations

import argparse
import collections
import pathlib
import statistics
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sample", type=int, default=20)
    ap.add_argument("--tree", default=str(ROOT), help="the copy of deduce to measure (default: this one)")
    args = ap.parse_args()
    sys.path.insert(0, args.tree)
    sys.path.insert(1, str(ROOT / "bench"))
    from _shared import CORPORA

    from deduce import Puzzle
    from deduce.engine import Solver, effective

    puzzles = [ln.strip()[:81] for ln in (CORPORA / "top1465.txt").open() if ln.strip() and not ln.startswith("#")]
    sample = [puzzles[i * len(puzzles) // args.sample] for i in range(args.sample)]
    spent: collections.Counter[str] = collections.Counter()
    clock = time.process_time

    def next_step(self, state, strategies=None):  # type: ignore[no-untyped-def]
        """Solver.next_step, timing each strategy."""
        if strategies is None:
            strategies = self.usable(state.puzzle, unique=False)
        for strategy in strategies:
            t0 = clock()
            for step in strategy.find(state):
                if effective(step, state):
                    spent[strategy.technique.code] += clock() - t0
                    return step
            spent[strategy.technique.code] += clock() - t0
        return None

    Solver.next_step = next_step  # type: ignore[method-assign]
    solver = Solver()
    times = []
    for text in sample:
        t0 = clock()
        solver.solve(Puzzle.from_string(text))
        times.append(clock() - t0)
    print(f"{args.tree}: {sum(times):.2f} s CPU over {len(sample)} puzzles, median {statistics.median(times):.3f} s")
    for code, seconds in spent.most_common():
        if seconds >= 0.01:
            print(f"  {code:<28} {seconds:7.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
