#!/usr/bin/env python3
"""Solve every killer of ../shared/corpora/killer-krazydad.csv and killer-janko.json.

Each unique puzzle is checked against its recorded solution; puzzles with
several solutions are reported as such.  Prints the share solved without
backtracking, per set and size, and lists the puzzles that needed it.

``--calibrate`` rates them instead (:class:`deduce.rating.Rater`, as
``deduce rate`` does) and prints the killer calibration table of
docs/ratings.md: per set and size, the levels deduce gives, and the ER and
HoDoKu-scale score (10th, 50th, 90th percentile, highest) per level, beside
the same figures for ``--generated N`` killers that ``deduce generate``
makes at each level (seeds 0 to N-1).  KrazyDad's killers are all of its
"intermediate" books; Janko's carry no level.

    python bench/killer_corpus.py [--sets krazydad,janko] [--limit N] [--jobs N]
    python bench/killer_corpus.py --calibrate [--limit N] [--generated N] [--jobs N]
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

from _shared import CORPORA  # noqa: E402

from deduce import Solver  # noqa: E402
from deduce.formats import parse_janko_killer, parse_killer_line  # noqa: E402


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


def rate_one(item: tuple[str, str, str, str]) -> tuple[str, int, str | None, float | None, int | None]:
    """(set, size, level, ER, score) of one corpus killer."""
    from deduce.rating import Rater

    source, _key, text, _expected = item
    puzzle = parse_killer_line(text) if source == "krazydad" else parse_janko_killer(text)
    r = Rater(time_limit=60).rate(puzzle)
    return source, puzzle.size, r.level if r.status == "solved" else r.status, r.er, r.score


def generated(n: int, level: str) -> list[tuple[str, int, str | None, float | None, int | None]]:
    """The same figures for ``n`` 9x9 killers made at ``level`` (seeds 0 to n-1)."""
    import deduce

    out = []
    for seed in range(n):
        g = next(deduce.generate("killer", 9, level=level, seed=seed))
        out.append((f"made {level.lower()}", 9, g.rating.level, g.rating.er, g.rating.score))
    return out


def _q(values: list[float], at: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(at * len(values)))]


def calibration_table(rows: list[tuple[str, int, str | None, float | None, int | None]]) -> list[str]:
    """Per set, size and level: how many, ER and score (p10 / median / p90 / highest)."""
    from deduce.technique import LEVELS

    order = {lv: i for i, lv in enumerate(LEVELS)}
    groups: dict[tuple[str, int], list[tuple[str | None, float | None, int | None]]] = {}
    for source, n, level, er, score in rows:
        groups.setdefault((source, n), []).append((level, er, score))
    lines = [f"{'set':14} {'size':>4} {'level':8} {'count':>9}  {'ER p10/p50/p90/max':22} "
             f"{'score p10/p50/p90/max':26}"]
    for (source, n), items in groups.items():
        levels = sorted({lv for lv, _, _ in items if lv}, key=lambda x: order.get(x, 99))
        for lv in levels:
            got = [(er, sc) for level, er, sc in items if level == lv and er is not None and sc is not None]
            share = f"{sum(level == lv for level, _, _ in items)}/{len(items)}"
            if not got:
                lines.append(f"{source:14} {n:>4} {lv:8} {share:>9}")
                continue
            ers = [e for e, _ in got]
            scores = [float(s) for _, s in got]
            er_text = "/".join(f"{_q(ers, a):.1f}" for a in (0.1, 0.5, 0.9)) + f"/{max(ers):.1f}"
            sc_text = "/".join(f"{_q(scores, a):.0f}" for a in (0.1, 0.5, 0.9)) + f"/{max(scores):.0f}"
            lines.append(f"{source:14} {n:>4} {lv:8} {share:>9}  {er_text:22} {sc_text:26}")
    return lines


def calibrate(args: argparse.Namespace) -> int:
    items = load(args.sets.split(","), args.limit)
    t0 = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            rows = list(pool.map(rate_one, items, chunksize=20))
    else:
        rows = [rate_one(item) for item in items]
    for level in ("easy", "medium", "hard", "unfair", "extreme") if args.generated else ():
        rows += generated(args.generated, level)
    print(f"{len(rows)} killers rated in {time.perf_counter() - t0:.0f} s")
    print("\n".join(calibration_table(rows)))
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sets", default="krazydad,janko")
    ap.add_argument("--limit", type=int, default=0, help="only the first N puzzles of each set")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--calibrate", action="store_true", help="rate them: the killer calibration table")
    ap.add_argument("--generated", type=int, default=0,
                    help="with --calibrate: also N generated 9x9 killers per level")
    args = ap.parse_args()
    if not CORPORA.exists():
        print(f"skipped: {CORPORA} is absent")
        return 0
    if args.calibrate:
        return calibrate(args)
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
