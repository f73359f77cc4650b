#!/usr/bin/env python3
"""deduce and pencilmark on the variant corpus (tests/data/variants/*.jsonl), in one run.

For each engine: how many puzzles it reads, solves (to the recorded solution) and
solves by logic alone, and the median seconds per puzzle (reading and solving,
over the puzzles it read; a puzzle that runs out of time counts at the limit),
then the puzzles one engine solves and the other does not, and the medians over
the puzzles both solve by logic (the fair comparison of speed).  Each puzzle
runs in its own forked process with a time limit (--timeout, 30 s by default),
so a hang of either engine cannot stop the bench.

* deduce, through its public API: ``deduce.read_puzzle`` on the f-puzzles JSON
  and on the SudokuPad link written from it (the two must be the same puzzle),
  then ``deduce.Solver().solve``; "logic alone" is a solve without the
  backtracking fallback.  What it refuses is listed as "not read" with its error.
* pencilmark (a bench dependency: ``pip install pencilmark==1.0.0rc1``):
  ``pencilmark.sources.load`` on the same document (no network), then
  ``pencilmark.solve`` for the solution and ``pencilmark.rate`` for the
  step-by-step solve, timed; "logic alone" is a card whose techniques do not
  include unbounded trial and error ("Trial", pencilmark's full-search proof).

    python bench/variants.py [--timeout 30] [--jobs 1] [--verbose] [--only KIND] [--engines deduce,pencilmark]
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import pathlib
import statistics
import sys
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from typing import Any

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORPUS = ROOT / "tests" / "data" / "variants"


def load_corpus(only: str = "") -> list[dict[str, Any]]:
    items = []
    for path in sorted(CORPUS.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            if line.strip():
                item = json.loads(line)
                if not only or any(k.startswith(only) for k in item["kinds"]) or item["id"].startswith(only):
                    items.append(item)
    return items


def run_deduce(item: dict[str, Any]) -> dict[str, Any]:
    import deduce
    from deduce.formats import same_puzzle, write_puzzle

    t = time.perf_counter()
    try:
        puzzle = deduce.read_puzzle(json.dumps(item["fpuzzles"]))
        again = deduce.read_puzzle(write_puzzle(puzzle, "sudokupad-link"))
    except deduce.DeduceError as exc:
        return {"read": False, "error": str(exc).splitlines()[0] if str(exc) else type(exc).__name__}
    if not same_puzzle(puzzle, again):
        return {"read": False, "error": "its SudokuPad link reads as another puzzle"}
    result = deduce.Solver().solve(puzzle)
    seconds = time.perf_counter() - t
    got = "".join(str(v + 1) for v in result.solution) if result.solution is not None else None
    solved = got == item["solution"] and result.solution_count == 1
    return {"read": True, "solved": solved, "logic": solved and not result.backtracking, "seconds": seconds,
            "status": result.status}


def run_pencilmark(item: dict[str, Any]) -> dict[str, Any]:
    import pencilmark  # type: ignore[import-untyped]
    from pencilmark import sources

    t = time.perf_counter()
    try:
        pj = sources.load(item["fpuzzles"], fetch=False)
    except Exception as exc:   # pencilmark's refusals have several classes
        return {"read": False, "error": f"{type(exc).__name__}: {str(exc).splitlines()[0] if str(exc) else ''}"}
    try:
        card = pencilmark.rate(pj)
    except Exception as exc:
        return {"read": True, "solved": False, "logic": False, "seconds": time.perf_counter() - t,
                "status": f"{type(exc).__name__}: {exc}"[:120]}
    seconds = time.perf_counter() - t
    try:
        got = "".join(str(v) for v in pencilmark.solve(pj))
    except Exception as exc:
        return {"read": True, "solved": False, "logic": False, "seconds": seconds,
                "status": f"{type(exc).__name__}: {exc}"[:120]}
    solved = got == item["solution"]
    codes = {c.get("code") for c in card.get("contains", [])}
    logic = solved and "Trial" not in codes and card.get("band") != "Unknown"
    return {"read": True, "solved": solved, "logic": logic, "seconds": seconds,
            "status": card.get("band", "") + ("" if solved else " (other solution)")}


def compare(items: list[dict[str, Any]], results: dict[str, list[dict[str, Any]]], a: str, b: str) -> None:
    """The puzzles one engine solves (by logic) and the other does not, and both medians over the puzzles both
    solve by logic."""
    by = {e: {r["id"]: r for r in results[e]} for e in (a, b)}
    ids = [item["id"] for item in items]
    for x, y in ((b, a), (a, b)):
        missed = [i for i in ids if by[x][i].get("solved") and not by[y][i].get("solved")]
        logic = [i for i in ids if by[x][i].get("logic") and not by[y][i].get("logic")]
        print(f"  {x} solves, {y} does not ({len(missed)}): {' '.join(missed) or '-'}")
        print(f"  {x} solves by logic, {y} does not ({len(logic)}): {' '.join(logic) or '-'}")
    both = [i for i in ids if by[a][i].get("logic") and by[b][i].get("logic")]
    if both:
        medians = [statistics.median(by[e][i]["seconds"] for i in both) for e in (a, b)]
        faster = sum(1 for i in both if by[a][i]["seconds"] < by[b][i]["seconds"])
        print(f"  over the {len(both)} both solve by logic: median {a} {medians[0]:.3f}s, {b} {medians[1]:.3f}s; "
              f"{a} faster on {faster}")


ENGINES = {"deduce": run_deduce, "pencilmark": run_pencilmark}


def _child(engine: str, item: dict[str, Any], conn: Any) -> None:
    try:
        conn.send(ENGINES[engine](item))
    except BaseException as exc:   # report, never hang the parent
        conn.send({"read": True, "solved": False, "logic": False, "seconds": 0.0,
                   "status": f"crashed: {type(exc).__name__}: {exc}"[:120]})


def run_limited(engine: str, item: dict[str, Any], timeout: float) -> dict[str, Any]:
    ctx = mp.get_context("fork")
    parent, child = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(engine, item, child))
    t = time.perf_counter()
    proc.start()
    child.close()
    out = None
    if parent.poll(timeout):
        try:
            out = parent.recv()
        except EOFError:
            out = None
    proc.join(1)
    if proc.is_alive():
        proc.kill()
        proc.join()
    if out is None:
        return {"read": True, "solved": False, "logic": False, "seconds": max(timeout, time.perf_counter() - t),
                "status": f"timed out after {timeout:.0f}s" if proc.exitcode in (None, -9) else "crashed"}
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--timeout", type=float, default=30.0, help="seconds per puzzle and engine")
    ap.add_argument("--only", default="", help="only puzzles with a kind (or id) starting with this")
    ap.add_argument("--engines", default="deduce,pencilmark")
    ap.add_argument("--jobs", type=int, default=1, help="puzzles run at once (timings are noisier above 1)")
    ap.add_argument("--verbose", action="store_true", help="one line per puzzle and engine")
    args = ap.parse_args()
    engines = [e for e in args.engines.split(",") if e]
    items = load_corpus(args.only)
    if not items:
        print(f"no puzzles in {CORPUS}")
        return 1
    # the engines' imports and first solves (loading their techniques) happen once, before the forks
    warm = "1..." "3..2" "...3" "..2."
    if "deduce" in engines:
        import deduce

        deduce.solve(warm)
    if "pencilmark" in engines:
        try:
            import pencilmark
            from pencilmark import sources  # noqa: F401
        except ImportError:
            print("pencilmark is not installed (pip install pencilmark==1.0.0rc1): skipped")
            engines.remove("pencilmark")
        else:
            pencilmark.rate(warm)
    results: dict[str, list[dict[str, Any]]] = {e: [] for e in engines}
    t0 = time.perf_counter()
    jobs = [(engine, item) for item in items for engine in engines]
    with ThreadPoolExecutor(args.jobs) as pool:   # each job is its own forked process
        outs = pool.map(lambda job: run_limited(job[0], job[1], args.timeout), jobs)
        for (engine, item), out in zip(jobs, outs):
            out["id"] = item["id"]
            results[engine].append(out)
            if args.verbose:
                print(f"  {engine:10} {item['id']:38} "
                      + ("not read: " + out["error"] if not out["read"] else
                         f"{'logic' if out['logic'] else 'solved' if out['solved'] else 'NOT solved'} "
                         f"{out['seconds']:.2f}s {out.get('status', '')}"), flush=True)
    print(f"{len(items)} variant puzzles ({CORPUS.relative_to(ROOT)}), {time.perf_counter() - t0:.0f}s, "
          f"time limit {args.timeout:.0f}s per puzzle and engine")
    print(f"{'engine':12}{'read':>6}{'solved':>8}{'logic':>7}{'median s':>10}{'timed out':>11}")
    for engine in engines:
        rs = results[engine]
        read = [r for r in rs if r["read"]]
        solved = sum(1 for r in rs if r.get("solved"))
        logic = sum(1 for r in rs if r.get("logic"))
        median = statistics.median(r["seconds"] for r in read) if read else float("nan")
        timed = sum(1 for r in rs if str(r.get("status", "")).startswith("timed out"))
        print(f"{engine:12}{len(read):6}{solved:8}{logic:7}{median:10.3f}{timed:11}")
    for engine in engines:
        errors = Counter(r["error"] for r in results[engine] if not r["read"])
        for error, k in errors.most_common():
            print(f"  {engine} not read ({k}): {error}")
        for r in results[engine]:
            if r["read"] and not r.get("solved"):
                print(f"  {engine} not solved: {r['id']}: {r.get('status', '')}")
    if len(engines) == 2:
        compare(items, results, *engines)
    # per kind: solved by logic / puzzles, for each engine
    kinds = sorted({k for item in items for k in item["kinds"]})
    print("by kind (logic / read / puzzles):")
    for kind in kinds:
        ids = {item["id"] for item in items if kind in item["kinds"]}
        cells = []
        for engine in engines:
            rs = [r for r in results[engine] if r["id"] in ids]
            cells.append(f"{engine} {sum(1 for r in rs if r.get('logic'))}/{sum(1 for r in rs if r['read'])}/{len(rs)}")
        print(f"  {kind:22} " + "   ".join(cells))
    return 0


if __name__ == "__main__":
    sys.exit(main())
