#!/usr/bin/env python3
"""The killer-sudoku seed, solved the way its blog did by hand, on the public API.

The blog found r3c2 = 6 (rows 1-2), r3c7 = 8 (columns 8-9) and r3c4 = 7
(box 5) with the 45 rule, then r4c4 = 3 from its cage, and fell back to
brute force for the rest.  deduce finishes it by logic alone and explains
every step.  The seed's rule says digits may repeat inside a cage
("同一个笼内数字可重复"); run with ``--sum-only`` to solve it that way.

    python examples/killer_45.py [--sum-only] [--all-steps]
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys

from deduce import Solver, read_puzzle
from deduce.formats import write_solution
from deduce.render.words import TextRenderer

PUZZLE = pathlib.Path(__file__).with_name("killer_45.json")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sum-only", action="store_true", help="digits may repeat within a cage")
    ap.add_argument("--all-steps", action="store_true", help="print every step, not only the 45-rule ones")
    args = ap.parse_args()
    doc = json.loads(PUZZLE.read_text())
    if args.sum_only:
        for cage in doc["cages"]:
            cage["repeats"] = True
    puzzle = read_puzzle(json.dumps(doc))
    result = Solver().solve(puzzle)
    renderer = TextRenderer(puzzle)
    for i, step in enumerate(result.steps, 1):
        if args.all_steps or (step.code in ("innie", "innies-outies", "cage-single") and i <= 12):
            print(f"{i}. {renderer.explain(step)}")
    print(f"{len(result.steps)} steps; status: {result.status}"
          f"{' (trial and error was needed)' if result.backtracking else ' (logic alone)'}")
    if result.solution is not None:
        print(write_solution(puzzle, result.solution, "grid"))
    return 0 if result.solved else 1


if __name__ == "__main__":
    sys.exit(main())
