#!/usr/bin/env python3
"""How many puzzles of the variant corpus deduce solves by logic alone, and in how much CPU time.

    python bench/variant_links.py [--limit N] [--ids a,b,...]

Reads each puzzle of ``tests/data/variants/made.jsonl`` from its f-puzzles
JSON, solves it with the default profile and checks every step against the
recorded solution (a step removing a digit of the solution or placing a
wrong one is counted as unsound); prints the puzzles read, solved, solved by
logic alone (no trial and error) and unsound, the CPU seconds of all the
solves and of the slowest, and the puzzles logic does not finish.  To
compare two versions (the constraints' links in the chains or not), run it
in each worktree: CPU seconds, not wall time, on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import deduce  # noqa: E402

DATA = ROOT / "tests" / "data" / "variants" / "made.jsonl"


def run(item: dict) -> dict:
    try:
        puzzle = deduce.read_puzzle(json.dumps(item["fpuzzles"]))
    except deduce.DeduceError as exc:
        return {"id": item["id"], "read": False, "error": str(exc).splitlines()[0]}
    start = time.process_time()
    result = deduce.Solver(time_limit=300).solve(puzzle)
    seconds = time.process_time() - start
    solution = [int(ch, 36) - 1 for ch in item["solution"]]
    unsound = sum(1 for step in result.steps
                  if any(solution[c] == s for c, s in step.eliminations)
                  or any(solution[c] != s for c, s in step.placements))
    return {"id": item["id"], "read": True, "solved": list(result.solution or ()) == solution,
            "logic": bool(result.solved and not result.backtracking), "unsound": unsound, "seconds": seconds}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="the first N puzzles only")
    ap.add_argument("--ids", default="", help="these puzzles only (comma-separated ids)")
    args = ap.parse_args()
    items = [json.loads(line) for line in DATA.read_text().splitlines() if line.strip()]
    if args.ids:
        wanted = set(args.ids.split(","))
        items = [item for item in items if item["id"] in wanted]
    if args.limit:
        items = items[:args.limit]
    results = [run(item) for item in items]
    read = [r for r in results if r["read"]]
    slowest = max(read, key=lambda r: r["seconds"], default=None)
    print(f"read {len(read)} of {len(results)}, solved {sum(r['solved'] for r in read)}, "
          f"by logic alone {sum(r['logic'] for r in read)}, unsound steps {sum(r['unsound'] for r in read)}")
    if slowest is not None:
        print(f"CPU seconds: {sum(r['seconds'] for r in read):.1f} in all, the slowest {slowest['id']} "
              f"{slowest['seconds']:.1f}")
    print("not by logic alone:", ", ".join(r["id"] for r in read if not r["logic"]) or "none")
    for r in results:
        if not r["read"]:
            print(f"not read: {r['id']}: {r['error']}")


if __name__ == "__main__":
    main()
