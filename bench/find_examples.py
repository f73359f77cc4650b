#!/usr/bin/env python3
"""Find example puzzles and steps for the technique catalogue.

Two modes:

* ``--want CODES``: generate original 9×9 puzzles (a random solved grid,
  a search solution relabelled and shuffled, with givens removed in random
  order while the solution stays unique) and print ``code puzzle`` for the
  first one whose logical solution uses each technique; used to grow
  ``deduce/showcase.py``.
* ``--catalogue``: find one example step per technique and store them in
  ``deduce/data/examples.json`` (what ``deduce techniques NAME`` shows).
  The showcase positions are solved first, then generated puzzles for
  ``--seconds``.  A step the solver took is *easiest* (no technique earlier
  in the order of trial applied there); for a technique the solver never
  took, a step its own strategies find on a solve path is kept only if no
  easier technique makes any of its eliminations or placements there (not
  reducible).  Only deduce's own puzzles are stored (the showcase and the
  generated ones), never a corpus's.

    python bench/find_examples.py --want x-wing,swordfish --seconds 300 [--seed 1] [--as-used]
    python bench/find_examples.py --catalogue --seconds 600 [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import random
import sys
import time
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce import Puzzle, Solver, count_solutions  # noqa: E402
from deduce.backtrack import iter_solutions  # noqa: E402
from deduce.catalogue import FORMAT, example_to_record  # noqa: E402
from deduce.engine import effective  # noqa: E402
from deduce.formats import read_puzzle  # noqa: E402
from deduce.registry import discovered  # noqa: E402
from deduce.showcase import SHOWCASE  # noqa: E402
from deduce.state import State  # noqa: E402
from deduce.step import Step  # noqa: E402
from deduce.strategy import allows_cages, requires_unique  # noqa: E402
from deduce.techniques import OPT_IN, PROFILES, SE_ONLY, TABLE  # noqa: E402

OUT = ROOT / "deduce" / "data" / "examples.json"


def random_grid(rng: random.Random) -> list[int]:
    base = next(iter_solutions(Puzzle.empty(9)))
    perm = list(range(9))
    rng.shuffle(perm)
    rows = [b * 3 + r for b in rng.sample(range(3), 3) for r in rng.sample(range(3), 3)]
    cols = [b * 3 + c for b in rng.sample(range(3), 3) for c in rng.sample(range(3), 3)]
    grid = [perm[base[r * 9 + c]] for r in rows for c in cols]
    if rng.random() < 0.5:  # transpose
        grid = [grid[c * 9 + r] for r in range(9) for c in range(9)]
    return grid


def minimal(grid: list[int], rng: random.Random) -> Puzzle:
    puzzle = Puzzle.empty(9)
    givens = list(grid)
    cells = list(range(81))
    rng.shuffle(cells)
    for c in cells:
        v = givens[c]
        givens[c] = -1
        if count_solutions(puzzle.with_givens(givens), 2) != 1:
            givens[c] = v
    return puzzle.with_givens(givens)


def want_mode(args: argparse.Namespace) -> int:
    want = set(args.want.split(","))
    rng = random.Random(args.seed)
    solver = Solver()
    own = {code: [s for s in discovered() if s.technique.code == code] for code in want}
    t0 = time.time()
    while want and time.time() - t0 < args.seconds:
        puzzle = minimal(random_grid(rng), rng)
        result = solver.solve(puzzle)
        state = State.from_puzzle(puzzle)
        for step in result.steps:
            for code in list(want):
                if step.code == code or not args.as_used and any(
                        effective(s, state) for st in own[code] for s in st.find(state)):
                    print(code, puzzle.givens_string(), flush=True)
                    want.discard(code)
            state.apply(step)
    if want:
        print("not found:", ",".join(sorted(want)))
    return 0


# -- the catalogue ------------------------------------------------------------------

def profile_of(code: str) -> str:
    return "se" if code in SE_ONLY else "full" if code in OPT_IN else "deduce"


def easier_than(code: str, puzzle: Puzzle, unique: bool) -> list[Any]:
    """The strategies tried before ``code`` in its profile's order, usable on ``puzzle``."""
    order = PROFILES[profile_of(code)]
    rank = order.index(code) if code in order else len(order)
    out = []
    for s in discovered():
        c = s.technique.code
        if c not in order or order.index(c) >= rank:
            continue
        if requires_unique(s) and not unique or puzzle.has_cages and not allows_cages(s):
            continue
        out.append(s)
    return out


def reducible(step: Step, state: State, unique: bool) -> bool:
    """True if an easier technique makes one of the step's eliminations or placements here."""
    mine = set(step.eliminations) | set(step.placements)
    for s in easier_than(step.code, state.puzzle, unique):
        for other in s.find(state):
            if effective(other, state) and mine & (set(other.eliminations) | set(other.placements)):
                return True
    return False


class Collector:
    def __init__(self, deadline: float):
        self.found: dict[str, dict[str, Any]] = {}
        self.deadline = deadline

    def missing(self) -> list[str]:
        return [t.code for t in TABLE if t.code not in self.found]

    def take(self, code: str, source: str, easiest: bool, state: State, step: Step) -> None:
        if code in self.found and (self.found[code]["easiest"] or not easiest):
            return
        self.found[code] = example_to_record(source, easiest, state, step)
        print(f"{code:26} {'easiest' if easiest else 'not reducible':14} {source}", flush=True)

    def solve_path(self, puzzle: Puzzle, source: str, profile: str = "deduce") -> list[tuple[State, Step]]:
        """Record every step the solver took; return the path's positions."""
        result = Solver(profile=profile).solve(puzzle)
        state = State.from_puzzle(puzzle)
        path = []
        for step in result.steps:
            if profile_of(step.code) == profile or profile == "deduce" and step.code == "bf":
                self.take(step.code, source, True, state.copy(), step)
            path.append((state.copy(), step))
            state.apply(step)
        return path

    def search_path(self, path: list[tuple[State, Step]], source: str, unique: bool, codes: list[str]) -> None:
        """Ask the missing techniques' own strategies along a solve path."""
        own = [s for s in discovered() if s.technique.code in codes]
        for state, taken in path:
            if time.time() > self.deadline:
                return
            for s in own:
                code = s.technique.code
                if code in self.found or requires_unique(s) and not unique:
                    continue
                if state.puzzle.has_cages and not allows_cages(s):
                    continue
                if s.technique.family == "forcing" and (taken.technique.family != "forcing"
                                                        or code in OPT_IN and taken.code != "bf"):
                    continue  # chains only where the solver itself needed them
                for step in s.find(state):
                    if effective(step, state) and not reducible(step, state, unique):
                        self.take(code, source, False, state, step)
                        break


def catalogue_mode(args: argparse.Namespace) -> int:
    t0 = time.time()
    col = Collector(t0 + args.seconds)
    paths = []
    for label, text, fmt in SHOWCASE:
        puzzle = read_puzzle(text, fmt)
        unique = count_solutions(puzzle, 2) == 1
        paths.append((col.solve_path(puzzle, label), label, unique))
        if not puzzle.has_cages and puzzle.size == 9:
            col.solve_path(puzzle, label, "se")
    rng = random.Random(args.seed)
    generated = 0
    while col.missing() and time.time() - t0 < args.seconds / 2:
        puzzle = minimal(random_grid(rng), rng)
        generated += 1
        path = col.solve_path(puzzle, f"a puzzle deduce generated ({puzzle.givens_string()})")
        if len(path) > 40 and any(s.technique.family not in ("singles",) for _, s in path):
            paths.append((path, f"a puzzle deduce generated ({puzzle.givens_string()})", True))
    for path, source, unique in paths:
        if not col.missing() or time.time() > col.deadline:
            break
        col.search_path(path, source, unique, col.missing())
    doc = {"format": FORMAT, "generated_by": "bench/find_examples.py --catalogue", "seed": args.seed,
           "examples": {t.code: col.found[t.code] for t in TABLE if t.code in col.found}}
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(doc, separators=(",", ":")) + "\n", encoding="utf-8")
    easiest = sum(1 for r in col.found.values() if r["easiest"])
    print(f"{len(col.found)} of {len(TABLE)} techniques ({easiest} easiest, {len(col.found) - easiest} "
          f"not reducible); {generated} puzzles generated; missing: {', '.join(col.missing()) or 'none'}; "
          f"{time.time() - t0:.0f} s; written to {OUT.relative_to(ROOT)}")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--want", help="technique codes, comma-separated")
    ap.add_argument("--catalogue", action="store_true", help="write deduce/data/examples.json")
    ap.add_argument("--seconds", type=float, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--as-used", action="store_true",
                    help="only count steps the solver took (where the technique was the easiest available)")
    args = ap.parse_args()
    if args.catalogue:
        return catalogue_mode(args)
    if not args.want:
        ap.error("give --want CODES or --catalogue")
    return want_mode(args)


if __name__ == "__main__":
    sys.exit(main())
