#!/usr/bin/env python3
"""What each kernel of the C accelerator is worth: the CPU seconds of a
rating sample and an explain sample with the accelerator, then with one
kernel at a time left to Python (each configuration in its own process,
twice, the faster kept), as a share of the accelerated time.

    python bench/kernel_share.py [--rate N] [--explain N] [--repeat R]

A kernel that saves under 5% of both the rating and the explain time does
not earn its keep (issue #33).  Needs ``../shared`` (corpora).
"""

from __future__ import annotations

import argparse
import csv
import json
import subprocess
import sys
import time

from _shared import CORPORA

#: kernel -> what leaves it to Python (run in the child before timing)
KERNELS = {
    "none": "",
    "chains (Context)": "import strategies.implications as m; m.context = lambda *a: None",
    "static screen (Screen)": "import strategies.static_screen as m; m.screen = lambda *a: None",
    "fish (FishTables)": "import strategies._accel as m; m.fish_tables = lambda *a: None",
    "singles (HouseTables)": ("import strategies._accel as m; f = m.house_search; "
                              "m.house_search = lambda s, meth, *a: None if meth in ('full_houses', 'hidden_singles') "
                              "else f(s, meth, *a)"),
    "subsets (HouseTables)": ("import strategies._accel as m; f = m.house_search; "
                              "m.house_search = lambda s, meth, *a: None if meth in ('naked', 'hidden') "
                              "else f(s, meth, *a); m.house_tables = lambda s: None"),
    "ancestor_count": ("import strategies.conclusions as m, types; "
                       "m._accel = types.SimpleNamespace(_deduce_accel=None)"),
    "aligned exclusions (aligned_sets)": "import strategies.aligned_exclusion as m; m.aligned_sets = lambda *a: None",
    "ALS sets, links, HoDoKu's ALS-XY-wings (als_sets, als_links, als_xy_whole)": (
        "import strategies.als as m; m.als_sets = m.als_links_of = m.als_xy_whole = lambda *a: None"),
    "HoDoKu's grid (hodoku_grid)": "import strategies._accel as m; m.hodoku_grid = lambda *a: None",
    "places (symbol_masks)": "import deduce.state as m; m._ACCEL = None",
    "search (SearchTables)": "import deduce.backtrack as m; m._ACCEL = None",
}

CHILD = """
import json, sys, time
{patch}
import deduce
from deduce import Puzzle
from deduce.engine import Solver
from deduce.render.words import TextRenderer
rate, explain = json.loads(sys.argv[1]), json.loads(sys.argv[2])
t0 = time.process_time()
for p in rate:
    deduce.rate(p)
t1 = time.process_time()
solver = Solver()
for text in explain:
    puzzle = Puzzle.from_string(text)
    r = solver.solve(puzzle)
    renderer = TextRenderer(puzzle)
    for step in r.steps:
        renderer.explain(step)
t2 = time.process_time()
print(json.dumps([t1 - t0, t2 - t1]))
"""


def spaced(items: list, k: int) -> list:
    return items if not k or k >= len(items) else [items[i * len(items) // k] for i in range(k)]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--rate", type=int, default=60)
    ap.add_argument("--explain", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--only", default="", help="kernels to measure (comma-separated words of their names)")
    args = ap.parse_args()
    words = [w.strip() for w in args.only.split(",") if w.strip()]
    kernels = {k: v for k, v in KERNELS.items() if k == "none" or not words or any(w in k for w in words)}
    rows = [r["puzzle"] for r in csv.DictReader((CORPORA / "classic-rated.csv").open())]
    top = [ln.strip()[:81] for ln in (CORPORA / "top1465.txt").open() if ln.strip() and not ln.startswith("#")]
    rate, explain = json.dumps(spaced(rows, args.rate)), json.dumps(spaced(top, args.explain))
    best: dict[str, list[float]] = {}
    for _ in range(args.repeat):
        for name, patch in kernels.items():  # (interleaved: the machine's drift falls on every kernel alike)
            t = time.perf_counter()
            done = subprocess.run([sys.executable, "-c", CHILD.format(patch=patch), rate, explain],
                                  capture_output=True, text=True, check=True)
            r, e = json.loads(done.stdout)
            old = best.get(name)
            best[name] = [r, e] if old is None else [min(old[0], r), min(old[1], e)]
            print(f"  {name}: rate {r:.2f} s, explain {e:.2f} s ({time.perf_counter() - t:.0f} s)", flush=True)
    base = best["none"]
    print(f"\nall kernels: rate {base[0]:.2f} s ({args.rate} of classic-rated), "
          f"explain {base[1]:.2f} s ({args.explain} of top1465), CPU")
    print(f"{'kernel left to Python':<26} {'rate':>8} {'explain':>8}   (time the kernel saves, share of accelerated)")
    for name, (r, e) in best.items():
        if name != "none":
            print(f"{name:<26} {(r - base[0]) / base[0]:+8.1%} {(e - base[1]) / base[1]:+8.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
