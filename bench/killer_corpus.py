#!/usr/bin/env python3
"""Solve every killer of ../shared/corpora/killer-krazydad.csv and killer-janko.json.

Each unique puzzle is checked against its recorded solution; puzzles with
several solutions are reported as such.  Prints the share solved without
backtracking, per set and size, and lists the puzzles that needed it.

    python bench/killer_corpus.py [--sets krazydad,janko] [--limit N] [--jobs N]
"""

from __future__ import annotations

import argparse
import csv
import json
import os
import pathlib
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce import Solver  # noqa: E402
from deduce.formats import parse_janko_killer, parse_killer_line  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"


def load(sets: list[str], limit: int) -> list[tuple[str, str, str, str]]:
    """(set, id, kind, text, expected solution as N² digits)."""
    items = []
    if "krazydad" in sets:
        rows = list(csv.DictReader((CORPORA / "killer-krazydad.csv").open()))
        rows = rows[:limit] if limit else rows
        items += [("krazydad", r["ptitle"], r["puzz_color"][1:] + " " + r["puzz_hint"], r["solved"]) for r in rows]
    if "janko" in sets:
        data = sorted(json.loads((CORPORA / "killer-janko.json").read_text())["data"].items())
        data = data[:limit] if limit else data
        for key, item in data:
            lines = [ln for ln in item["solution"].splitlines() if ln.strip()]
            n = int(lines[0].split()[0])
            items.append(("janko", key, item["problem"], "".join("".join(ln.split()) for ln in lines[1:n + 1])))
    return items


def solve_one(item: tuple[str, str, str, str]) -> tuple[str, str, int, str, str, float]:
    source, key, text, expected = item
    t = time.perf_counter()
    puzzle = parse_killer_line(text) if source == "krazydad" else parse_janko_killer(text)
    result = Solver().solve(puzzle)
    if result.solution_count > 1:
        verdict = "several"
    elif result.solution is None:
        verdict = "no-solution"
    elif "".join(str(v + 1) for v in result.solution) != expected:
        verdict = "wrong"
    else:
        verdict = "logic" if not result.backtracking else "backtracking"
    hardest = ""
    if result.backtracking and result.stuck is not None:
        hardest = result.stuck.grid_string()
    return source, key, puzzle.size, verdict, hardest, time.perf_counter() - t


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default="krazydad,janko")
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles of each set")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()
    if not CORPORA.exists():
        print(f"skipped: {CORPORA} is absent")
        return 0
    items = load(args.sets.split(","), args.limit)
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(solve_one, items, chunksize=20))
    wall = time.perf_counter() - t0
    tally: dict[tuple[str, int], Counter[str]] = {}
    for source, _key, n, verdict, _, _ in results:
        tally.setdefault((source, n), Counter())[verdict] += 1
    print(f"{len(results)} killers in {wall:.1f}s with {args.jobs} job(s) "
          f"({sum(r[5] for r in results) / max(1, len(results)):.3f}s per puzzle)")
    for (source, n), c in sorted(tally.items()):
        unique = c["logic"] + c["backtracking"] + c["wrong"]
        print(f"  {source:8} {n}x{n}: {sum(c.values()):5} puzzles; without backtracking "
              f"{c['logic']}/{unique} ({100 * c['logic'] / max(1, unique):.1f}%); several solutions {c['several']}; "
              f"wrong {c['wrong']}; no solution {c['no-solution']}")
    for source, key, _n, verdict, _stuck, _ in results:
        if verdict == "backtracking":
            print(f"  needed backtracking: {source} {key}")
        if verdict == "several":
            print(f"  several solutions: {source} {key}")
    bad = [r for r in results if r[3] in ("wrong", "no-solution")]
    for r in bad:
        print(f"  FAILURE: {r[0]} {r[1]}: {r[3]}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
