#!/usr/bin/env python3
"""Sudoku Explainer's ER at the very top: deduce's ``rate --nested 5`` on the
rated puzzles of ``../shared/corpora/hardest-database-110626.txt``.

Prints one row per puzzle (its number among the rated ones, the puzzle,
Sudoku Explainer's ER/EP/ED from the file, deduce's, whether deduce's ER
is within 0.3 of SE's, the CPU seconds of the rating) and the count.  The
issue's target: the first 50 rated puzzles, at least 35 within 0.3, each
within 5 minutes of CPU (``--timeout 300``, the default, counted in CPU
seconds of the process unless ``--clock wall``).  Every step of
every path is checked against the puzzle's solution (a wrong step is an
error, not a rating).

    python bench/hardest_nested.py [--first 50] [--rest] [--only 1,5,16] [--timeout 300] [--clock cpu|wall]
                                   [--nested 5] [--output rows.jsonl [--resume]]

``--rest`` rates the rated puzzles after the first ``--first`` (the check
that the method generalises); ``--output`` keeps one JSON line per puzzle
as it is rated, and ``--resume`` skips those already there (for runs split
in several goes or processes, ``--only`` with disjoint lists).  The CPU
seconds are the process's own (``time.process_time``), so they hold on a
shared machine; say the load beside them.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import sys
import time
import types

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _shared import CORPORA  # noqa: E402

from deduce import Puzzle, deadline  # noqa: E402
from deduce.rating import Rater  # noqa: E402

DEFAULT = CORPORA / "hardest-database-110626.txt"
#: ER agreement counted: within this of Sudoku Explainer's.
WITHIN = 0.3


def rated(path: pathlib.Path) -> list[tuple[int, str, float, float | None, float | None]]:
    """(number among the rated puzzles from 1, puzzle, SE ER, EP, ED) of every
    line with an ER (columns: puzzle, label, poster, q1, q2, ER, EP, ED, ...)."""
    out = []
    for line in path.read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split(",")
        if len(fields) < 8 or not fields[5]:
            continue
        ep, ed = (float(f) if f else None for f in fields[6:8])
        out.append((len(out) + 1, fields[0], float(fields[5]), ep, ed))
    return out


def cpu_clock() -> None:
    """Make the time limits deduce checks count this process's CPU seconds
    (the bench rates in-process): on a machine shared with other work, a
    wall-clock limit of 300 s stops a search after far less than 300 s of
    its own work."""
    deadline.time = types.SimpleNamespace(monotonic=time.process_time)  # type: ignore[attr-defined]


def watch_se(rater: Rater) -> dict:
    """What the ER solve (the ``se`` profile's) of the last rating gave, kept
    in the returned dict under ``"se"``: whether *it* ended in trial and
    error (a rating's ``backtracking`` also counts the HoDoKu solve's)."""
    last: dict = {}
    solver = rater.solver("se")
    solve = solver.solve

    def watched(*args: object, **kwargs: object) -> object:
        last["se"] = result = solve(*args, **kwargs)  # type: ignore[arg-type]
        return result

    solver.solve = watched  # type: ignore[method-assign]
    return last


def rate_one(rater: Rater, last: dict, number: int, text: str,
             se: tuple[float, float | None, float | None]) -> dict:
    """One row: SE's figures, deduce's, and the CPU seconds."""
    start = time.process_time()
    last.clear()
    rating = rater.rate_safely(Puzzle.from_string(text))  # (a step against the solution: status "error")
    seconds = time.process_time() - start
    ours = (rating.er, rating.ep, rating.ed)
    close = rating.er is not None and abs(rating.er - se[0]) <= WITHIN + 1e-9
    result = last.get("se")
    return {"n": number, "puzzle": text, "se": list(se), "deduce": list(ours), "status": rating.status,
            "hardest": rating.hardest, "trial_and_error": bool(result is not None and result.backtracking),
            "within": close, "seconds": round(seconds, 1)}


def show(row: dict) -> str:
    fmt = lambda v: "  -  " if v is None else f"{v:4.1f}"  # noqa: E731
    se, ours = row["se"], row["deduce"]
    return (f"{row['n']:4d} {row['puzzle']}  SE {fmt(se[0])} {fmt(se[1])} {fmt(se[2])}"
            f"  deduce {fmt(ours[0])} {fmt(ours[1])} {fmt(ours[2])}  {'yes' if row['within'] else 'no '}"
            f"  {row['seconds']:6.1f}s  {row['hardest']}{' (then trial and error)' if row['trial_and_error'] else ''}"
            f"{'' if row['status'].startswith('solved') else ' ' + row['status']}")


def summary(rows: list[dict], label: str) -> str:
    if not rows:
        return f"{label}: none rated"
    within = sum(r["within"] for r in rows)
    slow = sum(r["seconds"] > 300 or r["status"] == "timeout" for r in rows)
    guessed = sum(r["trial_and_error"] for r in rows)
    low = [r for r in rows if r["se"][0] < 11.2]
    return (f"{label}: {within} of {len(rows)} within {WITHIN} of SE's ER "
            f"({sum(r['within'] for r in low)} of {len(low)} below 11.2, "
            f"{within - sum(r['within'] for r in low)} of {len(rows) - len(low)} at 11.2 and above); "
            f"EP equal {sum(r['deduce'][1] == r['se'][1] for r in rows)}, ED equal "
            f"{sum(r['deduce'][2] == r['se'][2] for r in rows)}; ending in trial and error: {guessed}; "
            f"over 300 s or timed out: {slow}; "
            f"CPU {sum(r['seconds'] for r in rows):.0f} s in all, the slowest {max(r['seconds'] for r in rows):.0f} s")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=pathlib.Path, default=DEFAULT)
    ap.add_argument("--first", type=int, default=50, help="the first N rated puzzles (default 50)")
    ap.add_argument("--rest", action="store_true", help="the rated puzzles after the first N instead")
    ap.add_argument("--only", help="comma-separated numbers among the rated puzzles")
    ap.add_argument("--timeout", type=float, default=300.0, help="seconds per puzzle (default 300)")
    ap.add_argument("--nested", type=int, default=5, help="nesting level (default 5)")
    ap.add_argument("--clock", choices=("cpu", "wall"), default="cpu",
                    help="what --timeout counts: this process's CPU seconds (default: the issue's measure, "
                         "steady on a shared machine) or wall-clock seconds (as deduce rate --timeout)")
    ap.add_argument("--output", type=pathlib.Path, help="JSON lines, one per puzzle, written as rated")
    ap.add_argument("--resume", action="store_true", help="skip the puzzles already in --output")
    args = ap.parse_args(argv)
    if not args.file.exists():
        print(f"{args.file}: not found (the shared corpora are not here)", file=sys.stderr)
        return 2
    puzzles = rated(args.file)
    chosen = puzzles[args.first:] if args.rest else puzzles[:args.first]
    if args.only:
        wanted = {int(n) for n in args.only.split(",")}
        chosen = [p for p in puzzles if p[0] in wanted]
    done: dict[int, dict] = {}
    if args.resume and args.output and args.output.exists():
        for line in args.output.read_text().splitlines():
            row = json.loads(line)
            done[row["n"]] = row
    if args.clock == "cpu":
        cpu_clock()
    rater = Rater(nested=args.nested, time_limit=args.timeout)
    last = watch_se(rater)
    rows = []
    out = args.output.open("a") if args.output else None
    try:
        for number, text, er, ep, ed in chosen:
            row = done.get(number)
            if row is None:
                row = rate_one(rater, last, number, text, (er, ep, ed))
                if out:
                    out.write(json.dumps(row) + "\n")
                    out.flush()
            rows.append(row)
            print(show(row), flush=True)
    finally:
        if out:
            out.close()
    print(summary(rows, f"rated puzzles {'after' if args.rest else 'up to'} {args.first}"
                  if not args.only else "chosen puzzles"))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
