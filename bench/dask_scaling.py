#!/usr/bin/env python3
"""Throughput of ``rate_all`` on a local Dask cluster, by workers and batch size.

Rates killers from ../shared/corpora/killer-krazydad.csv and classic
puzzles from classic-rated.csv (those Sudoku Explainer rates below
``--max-er``, so that a run stays a few minutes on a shared 2-core
machine) on a ``LocalCluster`` of 1 and 2 single-threaded worker processes,
for each batch size, and with ``--jobs 2`` (this machine's process pool) for
reference.  Prints puzzles per second, the scaling ratio (2 workers over 1
at the same batch size) and checks that every run gives the same ratings.

    python bench/dask_scaling.py [--killers 1000] [--classic 1000] [--max-er 7]
                                 [--batch-sizes 1,4,16,64] [--workers 1,2] [--corpora DIR]

The batch size deduce uses (``deduce.rating.cluster.BATCH_SIZE``) was chosen from
this script's output; see the README's "Rating a bank on a cluster".
"""

from __future__ import annotations

import argparse
import csv
import pathlib
import resource
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deduce import Puzzle  # noqa: E402
from deduce.formats import parse_killer_line  # noqa: E402
from deduce.rating import Rating, rate_all  # noqa: E402

CORPORA = ROOT.parent / "shared" / "corpora"


def load(corpora: pathlib.Path, killers: int, classic: int, max_er: float) -> list[Puzzle]:
    """Killers and classic puzzles, interleaved so every batch mixes both."""
    rows = list(csv.DictReader((corpora / "killer-krazydad.csv").open()))[:killers]
    ks = [parse_killer_line(r["puzz_color"][1:] + " " + r["puzz_hint"]) for r in rows]
    rated = csv.DictReader((corpora / "classic-rated.csv").open())
    cs = [Puzzle.from_string(r["puzzle"]) for r in rated if r["se_er"] and float(r["se_er"]) < max_er][:classic]
    mixed: list[Puzzle] = []
    for i in range(max(len(ks), len(cs))):
        mixed += ks[i:i + 1] + cs[i:i + 1]
    return mixed


def key(r: Rating) -> tuple:
    return (r.puzzle, r.status, r.er, r.ep, r.ed, r.score, r.level, r.hardest)


def cpu_of_children() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(puzzles: list[Puzzle], **where: object) -> tuple[float, float, float, list[tuple]]:
    """Wall seconds, workers' CPU seconds, this process's CPU seconds (the
    client, and the local scheduler) and the ratings."""
    client = where.get("client")

    def workers_cpu() -> float:
        if client is None:
            return cpu_of_children()
        return sum(client.run(time.process_time).values())  # type: ignore[attr-defined]

    cpu0, own0, start = workers_cpu(), time.process_time(), time.perf_counter()
    out = [key(r) for r in rate_all(puzzles, **where)]  # type: ignore[arg-type]
    wall = time.perf_counter() - start
    return wall, workers_cpu() - cpu0, time.process_time() - own0, out


def line(label: str, n: int, wall: float, cpu: float, own: float) -> str:
    return (f"{label:28} {wall:7.1f} s {n / wall:6.1f} puzzles/s   {n / cpu:6.1f} puzzles per worker CPU s   "
            f"client+scheduler CPU {own:5.1f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--killers", type=int, default=1000)
    ap.add_argument("--classic", type=int, default=1000)
    ap.add_argument("--max-er", type=float, default=7.0, help="classic puzzles SE rates below this")
    ap.add_argument("--batch-sizes", default="1,4,16,64")
    ap.add_argument("--workers", default="1,2")
    ap.add_argument("--corpora", type=pathlib.Path, default=CORPORA, help=f"default {CORPORA}")
    args = ap.parse_args()
    if not args.corpora.is_dir():
        print(f"no corpora at {args.corpora}", file=sys.stderr)
        return 2
    from deduce.rating.cluster import connect

    puzzles = load(args.corpora, args.killers, args.classic, args.max_er)
    sizes = [int(s) for s in args.batch_sizes.split(",")]
    workers = [int(w) for w in args.workers.split(",")]
    print(f"{len(puzzles)} puzzles ({args.killers} killers max, classic with SE ER < {args.max_er})")
    seconds, cpu, own, reference = timed(puzzles, jobs=2)
    print(line("--jobs 2 (process pool)", len(puzzles), seconds, cpu, own), flush=True)
    rate: dict[tuple[int, int], float] = {}
    for n in workers:
        client, close = connect("local", n)
        try:
            for size in sizes:
                seconds, cpu, own, got = timed(puzzles, client=client, batch_size=size)
                assert got == reference, f"{n} workers, batch {size}: ratings differ from --jobs 2"
                rate[n, size] = len(puzzles) / seconds
                print(line(f"dask {n} worker(s), batch {size}", len(puzzles), seconds, cpu, own), flush=True)
        finally:
            close()
    if 1 in workers and 2 in workers:
        for size in sizes:
            print(f"scaling 2 workers / 1 at batch {size}: {rate[2, size] / rate[1, size]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
