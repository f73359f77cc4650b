#!/usr/bin/env python3
"""Soundness and logic-only solving over the classic corpora.

For every puzzle of ../shared/corpora/top1465.txt, forum-hardest-1106.txt
and classic-rated.csv: solve with deduce's own profile, every step checked
against the solution (a step that removes a solution candidate or places a
wrong symbol is reported as UNSOUND); count the puzzles solved by logic
alone, i.e. with forcing chains of nesting level at most 1 (anything deeper
counts as backtracking), list the others with the hardest step logic took
before it ran out, and time the whole explanation (solve plus the words of
every step).

    python bench/corpus_logic.py [--sets top1465,forum,classic] [--limit N] [--jobs 2] [--every-strategy]
                                 [--profile full] [--timeout SECONDS]

``--every-strategy`` also runs every strategy fully at every position and
checks all it finds (much slower).  ``--profile full`` adds the opt-in
techniques, nested forcing chains (levels 2 to 5) among them; the figure
then also counts the puzzles solved with nested chains.  ``--timeout`` gives
each puzzle that many seconds (checked between steps).
"""

from __future__ import annotations

import argparse
import csv
import os
import pathlib
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _shared import CORPORA  # noqa: E402

from deduce import Puzzle, Solver, UnsoundStepError  # noqa: E402
from deduce.errors import SolveTimeout  # noqa: E402
from deduce.render.words import TextRenderer  # noqa: E402

SETS = {
    "top1465": lambda: [ln.strip()[:81] for ln in (CORPORA / "top1465.txt").open() if ln.strip()],
    "forum": lambda: [ln.strip()[:81] for ln in (CORPORA / "forum-hardest-1106.txt").open() if ln.strip()],
    "classic": lambda: [r["puzzle"] for r in csv.DictReader((CORPORA / "classic-rated.csv").open())],
}


def run_one(args: tuple[str, bool, str, float | None]) -> dict:
    text, every, profile, timeout = args
    puzzle = Puzzle.from_string(text)
    t0 = time.perf_counter()
    try:
        result = Solver(profile=profile, time_limit=timeout).solve(puzzle)
    except UnsoundStepError as exc:
        return {"puzzle": text, "unsound": str(exc), "seconds": time.perf_counter() - t0}
    except SolveTimeout:
        return {"puzzle": text, "status": "timeout", "backtracking": True, "seconds": time.perf_counter() - t0,
                "nesting": 0, "hardest": "-", "checked": 0}
    renderer = TextRenderer(puzzle)
    for step in result.steps:
        renderer.explain(step)
    seconds = time.perf_counter() - t0
    logical = [s for s in result.steps if s.code != "bf"]
    hardest = max(logical, key=lambda s: s.se or 0, default=None)
    out = {"puzzle": text, "status": result.status, "backtracking": result.backtracking, "seconds": seconds,
           "nesting": max((s.detail("nesting", 0) or 0 for s in logical), default=0),
           "hardest": f"{hardest.technique.name} {hardest.se}" if hardest else "-", "checked": 0}
    if every and result.solution is not None:
        sys.path.insert(0, str(ROOT / "tests"))
        from soundness import assert_sound

        try:
            out["checked"] = assert_sound(puzzle, result.solution)
        except AssertionError as exc:
            out["unsound"] = f"a strategy's step removes a solution candidate: {exc}"
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sets", default="top1465,forum,classic")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--every-strategy", action="store_true")
    ap.add_argument("--list", action="store_true", help="list every puzzle that needed backtracking")
    ap.add_argument("--profile", default="deduce", help="technique profile (deduce, or full for nested chains)")
    ap.add_argument("--timeout", type=float, default=None, help="seconds per puzzle, checked between steps")
    args = ap.parse_args()
    if not CORPORA.exists():
        print(f"{CORPORA} is absent", file=sys.stderr)
        return 2
    failures = 0
    for name in args.sets.split(","):
        puzzles = SETS[name]()
        if args.limit:
            puzzles = puzzles[: args.limit]
        t0 = time.perf_counter()
        results = []
        with ProcessPoolExecutor(args.jobs) as pool:
            jobs = [(p, args.every_strategy, args.profile, args.timeout) for p in puzzles]
            for i, r in enumerate(pool.map(run_one, jobs, chunksize=1), 1):
                results.append(r)
                if i % 25 == 0:
                    print(f"  {i}/{len(puzzles)} done, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
        wall = time.perf_counter() - t0
        unsound = [r for r in results if "unsound" in r]
        failures += len(unsound)
        sound = [r for r in results if "unsound" not in r]
        logic = [r for r in sound if not r["backtracking"] and r["status"] == "solved"]
        nest1 = sum(r["nesting"] >= 1 for r in logic)
        deep = [r for r in logic if r["nesting"] >= 2]
        logic = [r for r in logic if r["nesting"] <= 1]
        print(f"{name}: {len(puzzles)} puzzles, {wall:.0f} s with --jobs {args.jobs}, profile {args.profile}")
        print(f"  unsound steps: {len(unsound)}")
        for r in unsound:
            print(f"    UNSOUND {r['puzzle']}: {r['unsound']}")
        print(f"  solved by logic alone (nesting <= 1): {len(logic)}/{len(puzzles)} = "
              f"{100 * len(logic) / len(puzzles):.1f}% ({nest1 - len(deep)} needed nesting level 1)")
        if args.profile != "deduce":
            print(f"  solved by logic with nested chains (levels 2-5): {len(deep)} more")
        timeouts = sum(r.get("status") == "timeout" for r in results)
        if timeouts:
            print(f"  timed out: {timeouts}")
        print(f"  median explain time: {statistics.median(r['seconds'] for r in results):.2f} s; "
              f"mean {statistics.fmean(r['seconds'] for r in results):.2f} s")
        if args.every_strategy:
            print(f"  steps of every strategy checked: {sum(r.get('checked', 0) for r in results)}")
        rest = [r for r in sound if r not in logic and r not in deep]
        shown = rest if args.list else rest[:20]
        for r in shown:
            print(f"    needs more: {r['puzzle']} ({r['status']}; hardest logic step before that: {r['hardest']})")
        if len(shown) < len(rest):
            print(f"    ... and {len(rest) - len(shown)} more (--list shows all)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
