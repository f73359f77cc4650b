#!/usr/bin/env python3
"""Where deduce's ``hodoku`` path first leaves HoDoKu's, step by step, by
what each step places and removes (not by technique name: a step of the
same technique with other eliminations is where paths really part).

HoDoKu's paths are its own ``/vp`` output, made outside this repository
(HoDoKu 2.2.0: ``java sudoku.Main /vp /bs FILE`` writes ``FILE.out.txt``)::

    python bench/hodoku_diff.py FILE.out.txt [--jobs 2] [--list]

prints how many puzzles take HoDoKu's path step for step and, for the
others, the first differing step counted by (HoDoKu's technique, deduce's);
``--list`` prints each such step, HoDoKu's line above deduce's.
"""

from __future__ import annotations

import argparse
import collections
import re
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deduce import Puzzle
from deduce.rating.hodoku import HodokuSolver

Effect = tuple[frozenset[tuple[int, int]], frozenset[tuple[int, int]]]


def _cells(token: str) -> list[int]:
    m = re.fullmatch(r"r(\d+)c(\d+)", token)
    if m is None:
        raise ValueError(f"not a cell group: {token!r}")
    return [(int(r) - 1) * 9 + int(c) - 1 for r in m.group(1) for c in m.group(2)]


def effect(text: str) -> Effect | None:
    """HoDoKu's ``r1c2,r34c5<>6, r7c8=9`` as (placements, eliminations),
    digits 0-8; None if it is not in that form."""
    placed: set[tuple[int, int]] = set()
    removed: set[tuple[int, int]] = set()
    for group in text.split(", "):
        m = re.fullmatch(r"(.*?)(<>|=)(\d+)", group.strip())
        if m is None:
            return None
        try:
            cells = [c for t in m.group(1).split(",") for c in _cells(t)]
        except ValueError:
            return None
        for digit in m.group(3):
            (placed if m.group(2) == "=" else removed).update((c, int(digit) - 1) for c in cells)
    return frozenset(placed), frozenset(removed)


def read_vp(text: str) -> dict[str, list[tuple[str, Effect | None, str]]]:
    """Per puzzle, HoDoKu's steps: (technique name, effect, the line)."""
    paths: dict[str, list[tuple[str, Effect | None, str]]] = {}
    steps: list[tuple[str, Effect | None, str]] = []
    for line in text.splitlines():
        m = re.match(r"^([0-9.]{81}) #\d+ ", line)
        if m:
            steps = paths.setdefault(m.group(1), [])
            continue
        s = line.strip()
        if not line.startswith("   ") or not (": " in s or " => " in s):
            continue
        head, _, tail = s.partition(" => ")
        name = head.split(": ")[0]
        steps.append((name, effect(tail if tail else head.split(": ", 1)[-1]), s))
    return paths


def first_difference(job: tuple[str, list[tuple[str, Effect | None, str]]]) -> tuple[str, str, str, str] | None:
    """(HoDoKu's technique, deduce's, HoDoKu's line, deduce's step) where the paths part, or None."""
    puzzle, theirs = job
    ours = HodokuSolver().solve(Puzzle.from_string(puzzle)).steps
    for step, (name, eff, line) in zip(ours, theirs):
        if eff != (frozenset(step.placements), frozenset(step.eliminations)):
            return name, step.technique.code, line, str(step)
    if len(ours) != len(theirs):
        return "length", f"{len(ours)} steps against {len(theirs)}", "", ""
    return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("vp", type=Path, help="HoDoKu's /bs ... /vp output file")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--list", action="store_true", help="print every first differing step")
    args = ap.parse_args()
    paths = read_vp(args.vp.read_text())
    counts: collections.Counter[tuple[str, str]] = collections.Counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for puzzle, found in zip(paths, pool.map(first_difference, paths.items(), chunksize=4)):
            if found is None:
                continue
            name, code, line, step = found
            counts[re.sub(r" in [rcb]\d+(c\d+)?$", "", name), code] += 1
            if args.list:
                print(f"{puzzle}\n  HoDoKu: {line}\n  deduce: {step}")
    print(f"HoDoKu's path step for step: {len(paths) - sum(counts.values())} of {len(paths)}")
    for (name, code), n in counts.most_common():
        print(f"{n:5}  HoDoKu {name}, deduce {code}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
