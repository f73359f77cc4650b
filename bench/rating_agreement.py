#!/usr/bin/env python3
"""Agreement of deduce's ratings with Sudoku Explainer and HoDoKu.

Reads a CSV with the columns of ../shared/corpora/classic-rated.csv
(``puzzle``, ``se_er``, ``hodoku_level``; any file of that shape, e.g.
puzzles from outside shared/, works the same) and prints:

* exact ER on puzzles whose SE ER is below 6.5 (target: at least 90%),
* exact ER by band of SE's ER (1.0-2.0, ..., 9.0-10.0, 10.0 and up; a band
  holds its lower end), and within 0.1 there,
* ER within 0.5 on the rest (target: at least 80%),
* Spearman rank correlation of ER overall (target: at least 0.9),
* agreement with HoDoKu's level (target: at least 85%) and its exact
  score (target: at least 98%),
* median seconds per puzzle and the total wall time with --jobs.

    python bench/rating_agreement.py [--file F.csv] [--jobs 2] [--limit N | --sample N] [--list] [--list-scores]
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import statistics
import sys
import time
from collections import Counter

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _shared import CORPORA  # noqa: E402

from deduce import Puzzle  # noqa: E402
from deduce.rating import rate_all  # noqa: E402

DEFAULT = CORPORA / "classic-rated.csv"


def ranks(values: list[float]) -> list[float]:
    """Average ranks (ties share the mean of their positions)."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(a: list[float], b: list[float]) -> float:
    ra, rb = ranks(a), ranks(b)
    ma, mb = statistics.fmean(ra), statistics.fmean(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else 0.0


#: The bands of SE's ER that the by-band table reports (a band holds its lower end).
BANDS = tuple((float(lo), float(lo + 1)) for lo in range(1, 10)) + ((10.0, 99.0),)


def er_bands(rows: list[dict[str, str]], ratings: list) -> list[tuple[float, float, int, int, int]]:
    """(low, high, exact, within 0.1, puzzles) per band of :data:`BANDS` holding a puzzle.

    >>> class R: er = 6.7
    >>> er_bands([{"se_er": "6.6"}, {"se_er": "6.7"}], [R(), R()])
    [(6.0, 7.0, 1, 2, 2)]
    """
    out = []
    for lo, hi in BANDS:
        pairs = [(float(r["se_er"]), x.er) for r, x in zip(rows, ratings) if lo <= float(r["se_er"]) + 1e-9 < hi]
        if pairs:
            exact = sum(er is not None and abs(er - se) < 0.05 for se, er in pairs)
            near = sum(er is not None and abs(er - se) < 0.15 for se, er in pairs)
            out.append((lo, hi, exact, near, len(pairs)))
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--file", type=pathlib.Path, default=DEFAULT)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--limit", type=int, default=0, help="the first N puzzles only")
    ap.add_argument("--sample", type=int, default=0, help="N puzzles spread evenly over the file")
    ap.add_argument("--list", action="store_true", help="list every disagreement")
    ap.add_argument("--list-scores", action="store_true", help="list every HoDoKu score disagreement")
    args = ap.parse_args()
    if not args.file.exists():
        print(f"{args.file} is absent", file=sys.stderr)
        return 2
    rows = [r for r in csv.DictReader(args.file.open()) if r.get("se_er")]
    if args.limit:
        rows = rows[: args.limit]
    if args.sample and args.sample < len(rows):
        rows = [rows[i * len(rows) // args.sample] for i in range(args.sample)]
    t0 = time.perf_counter()
    ratings = []
    for i, rating in enumerate(rate_all((Puzzle.from_string(r["puzzle"]) for r in rows), jobs=args.jobs), 1):
        ratings.append(rating)
        if i % 50 == 0:
            print(f"  {i}/{len(rows)} rated, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    wall = time.perf_counter() - t0
    low = [(r, x) for r, x in zip(rows, ratings) if float(r["se_er"]) < 6.5]
    high = [(r, x) for r, x in zip(rows, ratings) if float(r["se_er"]) >= 6.5]
    exact = sum(x.er is not None and abs(x.er - float(r["se_er"])) < 0.05 for r, x in low)
    near = sum(x.er is not None and abs(x.er - float(r["se_er"])) <= 0.5 + 1e-9 for r, x in high)
    both = [(float(r["se_er"]), x.er) for r, x in zip(rows, ratings) if x.er is not None]
    rho = spearman([a for a, _ in both], [b for _, b in both])
    levels = [(r, x) for r, x in zip(rows, ratings) if r.get("hodoku_level")]
    level_ok = sum(x.level == r["hodoku_level"] for r, x in levels)
    scores = [(r, x) for r, x in zip(rows, ratings) if r.get("hodoku_score")]
    score_ok = sum(x.score == int(r["hodoku_score"]) for r, x in scores)
    times = [x.seconds for x in ratings]
    pct = lambda a, b: f"{a}/{b} = {100 * a / b:.1f}%" if b else "n/a"  # noqa: E731
    print(f"file: {args.file} ({len(rows)} puzzles with an SE rating)")
    print(f"exact ER where SE ER < 6.5:        {pct(exact, len(low))}  (target 90%)")
    print(f"ER within 0.5 where SE ER >= 6.5:  {pct(near, len(high))}  (target 80%)")
    print(f"Spearman rank correlation of ER:   {rho:.3f}  (target 0.9)")
    print(f"HoDoKu level agreement:            {pct(level_ok, len(levels))}  (target 85%)")
    print(f"HoDoKu exact score:                {pct(score_ok, len(scores))}  (target 98%)")
    print(f"backtracking needed:               {sum(x.backtracking for x in ratings)}")
    print(f"median seconds per puzzle:         {statistics.median(times):.3f}")
    print(f"total wall time with --jobs {args.jobs}:    {wall:.1f} s")
    print("exact ER by band of SE's ER (exact, within 0.1, puzzles):")
    for lo, hi, exact_n, near_n, n in er_bands(rows, ratings):
        print(f"  {lo:4.1f}-{hi:<4.1f}  exact {pct(exact_n, n):>18}  within 0.1 {pct(near_n, n):>18}")
    confusion = Counter((r["hodoku_level"], x.level) for r, x in levels if x.level != r["hodoku_level"])
    print("level disagreements (HoDoKu -> deduce):", dict(confusion.most_common()))
    diffs = Counter(round(x.er - float(r["se_er"]), 1) for r, x in zip(rows, ratings) if x.er is not None)
    print("ER difference (deduce - SE) histogram:", dict(sorted(diffs.items())))
    if args.list:
        for r, x in zip(rows, ratings):
            if x.er is None or abs(x.er - float(r["se_er"])) >= 0.05:
                print(f"  {r['puzzle']} SE {r['se_er']} deduce {x.er} ({x.hardest})")
    if args.list_scores:
        for r, x in scores:
            if x.score != int(r["hodoku_score"]):
                print(f"  {r['puzzle']} HoDoKu {r['hodoku_score']} {r['hodoku_level']} deduce {x.score} {x.level}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
