#!/usr/bin/env python3
"""Record every step of the rating solves of a sample of puzzles, and compare
two records: a speed change must leave the steps and the ratings identical.

For each puzzle of an evenly spaced sample of ``classic-rated.csv`` (and,
with ``--hard N``, the N puzzles with the highest SE rating), records

* every step of the ``se`` and ``hodoku`` profile solves: technique code,
  placements, eliminations, variant, SE bonus and details (chain records
  included, link by link);
* the rating :func:`deduce.rating.rate` gives (ER, EP, ED, score, level,
  hardest technique, status);
* the CPU seconds of each (reported, never compared).

    python bench/same_ratings.py record OUT.pickle [--sample N] [--hard N]
    python bench/same_ratings.py compare OLD.pickle NEW.pickle

To record an older revision, run this script from a checkout of it (or with
``PYTHONPATH`` pointing at one): ``git archive c6af2e4 | tar -x -C /tmp/old``,
then ``PYTHONPATH=/tmp/old python bench/same_ratings.py record old.pickle``.
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import pickle
import sys
import time
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from _shared import CORPORA


def _record(step: Any) -> tuple:
    return (step.code, tuple(step.placements), tuple(step.eliminations), step.variant,
            getattr(step, "se_bonus", None), repr(step.details))


def sample(n: int, hard: int) -> list[str]:
    rows = list(csv.DictReader((CORPORA / "classic-rated.csv").open()))
    picked = [rows[i * len(rows) // n]["puzzle"] for i in range(n)] if n and n < len(rows) else [
        r["puzzle"] for r in rows]
    if hard:
        by_er = sorted(rows, key=lambda r: -float(r["se_er"] or 0))
        picked += [r["puzzle"] for r in by_er if r["puzzle"] not in picked][:hard]
    return picked


def record(puzzles: list[str], verbose: bool = True) -> dict[str, Any]:
    import deduce
    from deduce import Puzzle
    from deduce.engine import Solver
    from deduce.rating import Rater

    out: dict[str, Any] = {"source": deduce.__file__, "puzzles": {}}
    solvers = {p: Solver(profile=p) for p in ("se", "hodoku")}
    rater = Rater()
    total = {"se": 0.0, "hodoku": 0.0, "rate": 0.0}
    for i, text in enumerate(puzzles, 1):
        puzzle = Puzzle.from_string(text)
        entry: dict[str, Any] = {}
        for name, solver in solvers.items():
            t0 = time.process_time()
            result = solver.solve(puzzle)
            total[name] += time.process_time() - t0
            entry[name] = (result.status, [_record(s) for s in result.steps])
        t0 = time.process_time()
        r = rater.rate(puzzle)
        total["rate"] += time.process_time() - t0
        entry["rating"] = (r.status, r.er, r.ep, r.ed, r.score, r.level, r.hardest, r.backtracking)
        out["puzzles"][text] = entry
        if verbose:
            print(f"{i:4}/{len(puzzles)} ER {r.er} {r.level:<8} se+hodoku {total['se'] + total['hodoku']:7.1f} s "
                  f"rate {total['rate']:7.1f} s", flush=True)
    out["cpu"] = total
    return out


def compare(old: dict[str, Any], new: dict[str, Any]) -> int:
    bad = 0
    for text, a in old["puzzles"].items():
        b = new["puzzles"].get(text)
        if b is None:
            print(f"missing from the new record: {text}")
            bad += 1
            continue
        for key in ("se", "hodoku"):
            if a[key] == b[key]:
                continue
            bad += 1
            sa, sb = a[key][1], b[key][1]
            k = next((i for i, (x, y) in enumerate(zip(sa, sb)) if x != y), min(len(sa), len(sb)))
            old_step = sa[k][:3] if k < len(sa) else None
            new_step = sb[k][:3] if k < len(sb) else None
            print(f"{text} {key}: status {a[key][0]} / {b[key][0]}, {len(sa)} / {len(sb)} steps, first difference "
                  f"at step {k + 1}:\n  old {old_step}\n  new {new_step}")
        if a["rating"] != b["rating"]:
            bad += 1
            print(f"{text} rating: {a['rating']} / {b['rating']}")
    steps = sum(len(e["se"][1]) + len(e["hodoku"][1]) for e in old["puzzles"].values())
    print(f"{len(old['puzzles'])} puzzles, {steps} steps: {'identical' if not bad else f'{bad} differences'}")
    print("CPU s (old / new): " + ", ".join(f"{k} {old['cpu'][k]:.1f} / {new['cpu'][k]:.1f}" for k in old["cpu"]))
    return 1 if bad else 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("out", type=pathlib.Path)
    rec.add_argument("--sample", type=int, default=60, help="evenly spaced puzzles of classic-rated.csv")
    rec.add_argument("--hard", type=int, default=0, help="also the N puzzles with the highest SE rating")
    rec.add_argument("--quiet", action="store_true")
    cmp = sub.add_parser("compare")
    cmp.add_argument("old", type=pathlib.Path)
    cmp.add_argument("new", type=pathlib.Path)
    args = ap.parse_args()
    if args.command == "record":
        data = record(sample(args.sample, args.hard), verbose=not args.quiet)
        args.out.write_bytes(pickle.dumps(data))
        print(f"recorded with {data['source']}: CPU s {data['cpu']}")
        return 0
    return compare(pickle.loads(args.old.read_bytes()), pickle.loads(args.new.read_bytes()))


if __name__ == "__main__":
    sys.exit(main())
