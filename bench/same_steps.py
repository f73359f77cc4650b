#!/usr/bin/env python3
"""Do two versions of deduce take the same steps?  (Speed work must not change a step.)

Solves a fixed sample with the code of git revision ``REV`` (exported to a
temporary folder) and with the working tree, each in its own process, and
compares every step record: technique, placements, eliminations, cells,
houses, symbols, variant, details and SE bonus.  Prints the first
difference of each puzzle that differs, and exits 1 if any does.

The sample (sizes are options): evenly spaced puzzles of ``top1465.txt``
and of ``classic-rated.csv`` (sorted by SE rating, so every level is in),
a few killers and jigsaws of the Janko collections, all with the default
profile; then puzzles of ``classic-rated.csv`` with the ``se`` and
``hodoku`` profiles (what rating runs).

    python bench/same_steps.py [REV] [--top N] [--rated N] [--variants N] [--profiles N]
    python bench/same_steps.py --both-ways [...]

``REV`` defaults to ``HEAD``.  ``--both-ways`` compares the working tree
with the C accelerator against the working tree in pure Python
(``DEDUCE_PURE_PYTHON=1``) instead: every step, its explanation at each
level (the text of every step of the default profile's solves) and the
ratings' steps (the ``se`` and ``hodoku`` profiles) must be the same.  Needs ``../shared`` (corpora) beside the
repository.  The old revision's records are kept in ``/tmp`` by commit and
sample, so re-runs only solve with the working tree.
"""

from __future__ import annotations

import argparse
import csv
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import tarfile
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent


def spaced(items: list, k: int) -> list:
    if not k or k >= len(items):
        return items
    return [items[i * len(items) // k] for i in range(k)]


def sample(args: argparse.Namespace, corpora: pathlib.Path) -> list[tuple[str, str, str, str]]:
    """``(label, profile, format, text)`` for every solve of the check."""
    out = []
    top = [ln.strip()[:81] for ln in (corpora / "top1465.txt").open() if ln.strip() and not ln.startswith("#")]
    out += [(f"top1465:{i}", "deduce", "line", p) for i, p in enumerate(spaced(top, args.top))]
    rows = list(csv.DictReader((corpora / "classic-rated.csv").open()))
    rows.sort(key=lambda r: float(r["se_er"] or 99))
    out += [(f"rated:er{r['se_er']}:{i}", "deduce", "line", r["puzzle"])
            for i, r in enumerate(spaced(rows, args.rated))]
    for name, kind in (("killer-janko.json", "janko-killer"), ("jigsaw-janko.json", "janko-jigsaw")):
        data = json.loads((corpora / name).read_text())["data"]
        nines = [(k, v["problem"]) for k, v in data.items() if k.endswith("9x9")]
        out += [(f"{kind}:{k}", "deduce", kind, text) for k, text in spaced(nines, args.variants)]
    for profile in ("se", "hodoku"):
        out += [(f"{profile}:er{r['se_er']}:{i}", profile, "line", r["puzzle"])
                for i, r in enumerate(spaced(rows, args.profiles))]
    return out


def dump(todo_path: str, out_path: str, texts: bool = False) -> None:
    """Worker: solve each entry of ``todo_path`` with the deduce on sys.path and write the records (with
    ``texts``, each step's explanation at every level too)."""
    from deduce.engine import Solver
    from deduce.formats import read_puzzle
    from deduce.registry import strategies_for

    todo = json.loads(pathlib.Path(todo_path).read_text())
    solvers = {}
    records = {}
    t0 = time.process_time()
    for label, profile, fmt, text in todo:
        if profile not in solvers:
            solvers[profile] = Solver(strategies_for(profile)) if profile != "deduce" else Solver()
        puzzle = read_puzzle(text, None if fmt == "line" else fmt)
        result = solvers[profile].solve(puzzle)
        records[label] = [repr((s.technique.code, s.placements, s.eliminations, s.cells, s.houses, s.symbols,
                                s.variant, s.details if s.technique.code != "bf" else (), s.se_bonus))
                          for s in result.steps] + [result.status]
        if texts:
            records[label] += [s.text(level, puzzle) for s in result.steps for level in ("nudge", "clue", "full")]
    pathlib.Path(out_path).write_text(json.dumps({"cpu": time.process_time() - t0, "records": records}))


def run_worker(tree: pathlib.Path, todo: pathlib.Path, out: pathlib.Path, pure: bool | None = None) -> subprocess.Popen:
    """A worker solving ``todo`` with the tree's deduce; ``pure`` True or False: the engine, and the texts too."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("DEDUCE_PURE_PYTHON", None)
    if pure:
        env["DEDUCE_PURE_PYTHON"] = "1"
    texts = ["--texts"] if pure is not None else []
    return subprocess.Popen([sys.executable, str(pathlib.Path(__file__).resolve()), "--dump", str(todo), str(out),
                             *texts], env=env, cwd=str(tree))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("rev", nargs="?", default="HEAD")
    ap.add_argument("--top", type=int, default=40, help="puzzles of top1465 (default profile)")
    ap.add_argument("--rated", type=int, default=40, help="puzzles of classic-rated (default profile)")
    ap.add_argument("--variants", type=int, default=3, help="9x9 killers and jigsaws each")
    ap.add_argument("--profiles", type=int, default=20, help="puzzles of classic-rated for each of se, hodoku")
    ap.add_argument("--both-ways", action="store_true",
                    help="compare the working tree with the C accelerator and in pure Python (not REV)")
    ap.add_argument("--dump", nargs=2, help=argparse.SUPPRESS)
    ap.add_argument("--texts", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.dump:
        dump(*args.dump, texts=args.texts)
        return 0
    sys.path.insert(0, str(ROOT / "bench"))
    from _shared import CORPORA

    commit = subprocess.run(["git", "rev-parse", args.rev], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout.strip()
    todo = sample(args, CORPORA)
    key = hashlib.sha1(json.dumps(todo).encode()).hexdigest()[:12]
    work = pathlib.Path(tempfile.gettempdir()) / "deduce-same-steps"
    work.mkdir(exist_ok=True)
    todo_path = work / f"todo-{key}.json"
    todo_path.write_text(json.dumps(todo))
    old_out = work / f"old-{commit[:12]}-{key}.json"
    new_out = work / f"new-{key}.json"
    if args.both_ways:
        check = subprocess.run([sys.executable, "-c", "import deduce; print(deduce.accelerated)"], cwd=ROOT,
                               capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(ROOT)))
        print(f"working tree, engine: {check.stdout.strip()} (old), then pure Python (new)")
        if check.stdout.strip() != "C accelerator":
            print("the working tree's accelerator is not in use: nothing to compare", file=sys.stderr)
            return 2
        commit = "accelerated"
        old_out = work / f"accel-{key}.json"
        new_out = work / f"pure-{key}.json"
        procs = [run_worker(ROOT, todo_path, old_out, pure=False), run_worker(ROOT, todo_path, new_out, pure=True)]
    else:
        procs = [run_worker(ROOT, todo_path, new_out)]
    if not args.both_ways and not old_out.exists():
        tree = work / f"tree-{commit[:12]}"
        if not tree.exists():
            archive = subprocess.run(["git", "archive", commit], cwd=ROOT, capture_output=True, check=True).stdout
            tree.mkdir()
            with tempfile.TemporaryFile() as f:
                f.write(archive)
                f.seek(0)
                with tarfile.open(fileobj=f) as tar:
                    tar.extractall(tree, filter="data")
        procs.append(run_worker(tree, todo_path, old_out))
    if any(p.wait() for p in procs):
        print("a worker failed", file=sys.stderr)
        return 2
    old = json.loads(old_out.read_text())
    new = json.loads(new_out.read_text())
    differ = 0
    for label, *_ in todo:
        a, b = old["records"][label], new["records"][label]
        if a == b:
            continue
        differ += 1
        i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
        print(f"{label}: step {i + 1} differs ({len(a)} vs {len(b)} steps)\n  old {a[i] if i < len(a) else '-'}\n"
              f"  new {b[i] if i < len(b) else '-'}")
    steps = sum(sum(1 for x in r if x.startswith("(")) for r in new["records"].values())
    print(f"{len(todo) - differ}/{len(todo)} solves identical ({steps} steps); CPU seconds "
          f"{commit[:12]} {old['cpu']:.1f} (when recorded), {'pure Python' if args.both_ways else 'working tree'} "
          f"{new['cpu']:.1f}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
