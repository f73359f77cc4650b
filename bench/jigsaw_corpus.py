#!/usr/bin/env python3
"""Run every jigsaw of ../shared/corpora/jigsaw-janko.json.

Unique puzzles must match the recorded solution; puzzles with several
solutions are reported, and their count is checked against an independent
count (the plain reference solver of the tests).  Prints the share solved
by logic alone.

    python bench/jigsaw_corpus.py [--limit N]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce import Solver, count_solutions  # noqa: E402
from deduce.formats import read_puzzles, write_solution  # noqa: E402
from tests.reference import Reference  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpora" / "jigsaw-janko.json"
COUNT_LIMIT = 10_000


def recorded_solution(text: str) -> str:
    """The recorded 'R C' + R rows (some records repeat them after a marker)."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    r = int(lines[0].split()[0])
    return " ".join(" ".join(lines[: r + 1]).split())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    if not CORPUS.exists():
        print(f"skipped: {CORPUS} is absent")
        return 0
    data = json.loads(CORPUS.read_text())["data"]
    items = sorted(data.items())
    if args.limit:
        items = items[: args.limit]
    solver = Solver()
    by_size: Counter[int] = Counter()
    logic: Counter[int] = Counter()
    failures = []
    several = []
    t0 = time.perf_counter()
    for key, item in items:
        entry = next(read_puzzles(item["problem"], "janko-jigsaw"))
        if entry.error is not None:
            failures.append(f"{key}: unreadable: {entry.error}")
            continue
        puzzle = entry.puzzle
        assert puzzle is not None
        n = puzzle.size
        by_size[n] += 1
        expected = recorded_solution(item["solution"])
        result = solver.solve(puzzle)
        if result.solution_count == 1:
            got = " ".join(write_solution(puzzle, result.solution, "janko-jigsaw").split())
            if got != expected:
                failures.append(f"{key}: solution differs from the recorded one")
            if result.status == "solved":
                logic[n] += 1
            continue
        count = count_solutions(puzzle, COUNT_LIMIT)
        ref = Reference(n, puzzle.geometry.region_of)
        ref_count = ref.count([g + 1 for g in puzzle.givens], COUNT_LIMIT)
        several.append(f"{key} ({n}x{n}): {count} solutions (reference count {ref_count})")
        if count != ref_count:
            failures.append(f"{key}: count {count} but the reference counts {ref_count}")
    total = sum(by_size.values())
    print(f"{total} jigsaw puzzles in {time.perf_counter() - t0:.1f}s")
    for n in sorted(by_size):
        print(f"  {n}x{n}: {by_size[n]:4} puzzles, {logic[n]:4} solved by logic alone "
              f"({100 * logic[n] / by_size[n]:.1f}%)")
    unique = total - len(several)
    solved = sum(logic.values())
    print(f"logic alone: {solved}/{unique} unique puzzles ({100 * solved / max(1, unique):.1f}%)")
    print(f"several solutions: {len(several)}")
    for line in several:
        print("  " + line)
    if failures:
        print(f"FAILURES ({len(failures)}):")
        for f in failures:
            print("  " + f)
        return 1
    print("every unique puzzle matches its recorded solution")
    return 0


if __name__ == "__main__":
    sys.exit(main())
