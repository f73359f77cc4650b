"""deduce and pencilmark on the same variant puzzles, in one run.

    python bench/variants.py [--generate K] [--seconds S]

The puzzles: the variant seeds of deduce/showcase.py, and with
``--generate K`` K more of each kind of bench/variant_seeds.py (seeds 2, 3,
...), each an f-puzzles document with one solution.  For each program it
prints how many it reads, solves (to the known solution) and solves by logic
alone (deduce: no trial and error; pencilmark: its ``rate`` answers without
guessing within ``--seconds``), and the median seconds of a solve (deduce:
``Solver().solve``, its uniqueness search included; pencilmark: ``rate``).
pencilmark (a PyPI package, ``pip install pencilmark==1.0.0rc1``) reads the
documents through ``pencilmark.sources.fpuzzles``; without it, its columns
say so.  Timings on a shared machine are noisy: compare the two in one run.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deduce.backtrack import first_solutions
from deduce.engine import Solver
from deduce.formats import read_puzzle, write_puzzle
from deduce.showcase import SHOWCASE


def puzzles(generate: int) -> list[tuple[str, str]]:
    out = [(label, text) for label, text, fmt in SHOWCASE if fmt == "fpuzzles"]
    if generate:
        sys.path.insert(0, str(Path(__file__).resolve().parent))
        import variant_seeds

        for seed in range(2, 2 + generate):
            for kind in ("sudoku-x", "thermo", "kropki", "odd-even", "nonconsecutive"):
                p = variant_seeds.make(kind, random.Random(f"{seed}:{kind}"))
                out.append((f"{kind} {seed}", write_puzzle(p, "fpuzzles")))
    return out


def run_deduce(text: str, solution: tuple[int, ...]) -> dict[str, Any]:
    try:
        p = read_puzzle(text)
        read_puzzle(write_puzzle(p, "sudokupad-link"))  # (and from a link)
    except ValueError as exc:
        return {"read": False, "error": str(exc)}
    start = time.perf_counter()
    result = Solver(time_limit=120).solve(p)
    seconds = time.perf_counter() - start
    return {"read": True, "solved": result.solution == solution, "logic": result.status == "solved",
            "seconds": seconds}


def run_pencilmark(text: str, solution: tuple[int, ...], seconds: float) -> dict[str, Any]:
    try:
        import pencilmark
        from pencilmark.sources import fpuzzles as pf
    except ImportError:
        return {"read": None}
    try:
        p = pf.to_puzzle(json.loads(text), fetch=False)
    except Exception as exc:  # (a third party's error of any kind: counted as not read)
        return {"read": False, "error": f"{type(exc).__name__}: {exc}"}
    out: dict[str, Any] = {"read": True}
    try:
        out["solved"] = tuple(v - 1 for v in pencilmark.solve(p)) == solution
    except Exception as exc:
        out["solved"], out["error"] = False, f"{type(exc).__name__}: {exc}"
    start = time.perf_counter()
    try:
        card = pencilmark.rate(p, max_seconds=seconds)
        out["logic"] = card.get("difficulty") is not None and not card.get("reject")
    except Exception as exc:
        out["logic"], out["error"] = False, f"{type(exc).__name__}: {exc}"
    out["seconds"] = time.perf_counter() - start
    return out


def summary(name: str, rows: list[dict[str, Any]]) -> str:
    if rows and rows[0].get("read") is None:
        return f"{name:11} not installed"
    read = sum(bool(r.get("read")) for r in rows)
    solved = sum(bool(r.get("solved")) for r in rows)
    logic = sum(bool(r.get("logic")) for r in rows)
    times = [r["seconds"] for r in rows if "seconds" in r]
    median = f"{statistics.median(times):.2f}" if times else "-"
    return f"{name:11} read {read:3}/{len(rows)}  solved {solved:3}  by logic alone {logic:3}  median {median} s"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--generate", type=int, default=0, help="more puzzles of each kind (default none)")
    parser.add_argument("--seconds", type=float, default=60.0, help="pencilmark's time per puzzle")
    parser.add_argument("--verbose", action="store_true", help="one line per puzzle")
    args = parser.parse_args(argv)
    ours: list[dict[str, Any]] = []
    theirs: list[dict[str, Any]] = []
    for label, text in puzzles(args.generate):
        solution = tuple(first_solutions(read_puzzle(text), 2)[0])
        ours.append(run_deduce(text, solution))
        theirs.append(run_pencilmark(text, solution, args.seconds))
        if args.verbose:
            print(f"{label:40} deduce {ours[-1]}  pencilmark {theirs[-1]}", flush=True)
    print(summary("deduce", ours))
    print(summary("pencilmark", theirs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
