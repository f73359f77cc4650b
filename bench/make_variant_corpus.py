#!/usr/bin/env python3
"""Make the variant corpus tests/data/variants/made.jsonl (seeded, reproducible).

Each puzzle starts from a random full grid that keeps the puzzle's global rules
(found by the reference solver of tests/variant_reference.py with a random value
order), gets constraints that are true of that grid (thermometers along
increasing paths, dots where their relation holds, arrows whose sums hold,
outside sums read off the grid, ...), then givens: while the reference finds two
solutions, the true digit of a cell where they differ is given; then every given
is taken away again, in random order, if the reference still proves the
solution unique.  What is left needs its constraints: removing any given makes
it ambiguous.  Every line is checked once more at the end (unique, and the
solution keeps every rule).

    python bench/make_variant_corpus.py [--seed 44] [--only KIND] [--out tests/data/variants/made.jsonl]
"""

from __future__ import annotations

import argparse
import itertools
import json
import multiprocessing
import pathlib
import random
import sys
import time
from typing import Any, Callable, Sequence

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests import variant_reference as vr  # noqa: E402

OUT = ROOT / "tests" / "data" / "variants" / "made.jsonl"
KING = vr.KING
FLOOR = {9: 24, 6: 9, 4: 4}   # givens kept unless a puzzle is made minimal
NODES = 4_000           # a uniqueness search giving up past this many nodes keeps the given
GIVE_UPS = 8            # ... and after this many such searches a puzzle keeps the givens it has


def name(x: int, n: int) -> str:
    return f"R{x // n + 1}C{x % n + 1}"


def names(cells: Sequence[int], n: int) -> list[str]:
    return [name(x, n) for x in cells]


# -- regions ----------------------------------------------------------------------------------------

def box_regions(n: int) -> list[int]:
    br, bc = vr.BOX[n]
    return [(x // n // br) * (n // bc) + x % n // bc for x in range(n * n)]


def connected(cells: set[int], n: int) -> bool:
    if not cells:
        return True
    start = next(iter(cells))
    seen, stack = {start}, [start]
    while stack:
        x = stack.pop()
        r, c = divmod(x, n)
        for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0)):
            y = (r + dr) * n + c + dc
            if 0 <= r + dr < n and 0 <= c + dc < n and y in cells and y not in seen:
                seen.add(y)
                stack.append(y)
    return len(seen) == len(cells)


def jigsaw_regions(n: int, rng: random.Random, swaps: int) -> list[int]:
    """Boxes bent by swapping border cells between neighbouring regions, every region kept connected."""
    region = box_regions(n)
    done = tries = 0
    while done < swaps and tries < swaps * 200:
        tries += 1
        a = rng.randrange(n * n)
        r, c = divmod(a, n)
        nbrs = [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
                if 0 <= r + dr < n and 0 <= c + dc < n]
        others = [y for y in nbrs if region[y] != region[a]]
        if not others:
            continue
        b_region = region[rng.choice(others)]
        a_region = region[a]
        # a cell b of b_region next to a_region (not a) goes the other way
        candidates = [b for b in range(n * n) if region[b] == b_region and b != a and any(
            region[y] == a_region for y in orth(b, n))]
        if not candidates:
            continue
        b = rng.choice(candidates)
        region[a], region[b] = b_region, a_region
        if connected({x for x in range(n * n) if region[x] == a_region}, n) and \
                connected({x for x in range(n * n) if region[x] == b_region}, n):
            done += 1
        else:
            region[a], region[b] = a_region, b_region
    return region


def orth(x: int, n: int) -> list[int]:
    r, c = divmod(x, n)
    return [(r + dr) * n + c + dc for dr, dc in ((0, 1), (1, 0), (0, -1), (-1, 0))
            if 0 <= r + dr < n and 0 <= c + dc < n]


def kings(x: int, n: int) -> list[int]:
    r, c = divmod(x, n)
    return [(r + dr) * n + c + dc for dr, dc in KING if 0 <= r + dr < n and 0 <= c + dc < n]


# -- documents --------------------------------------------------------------------------------------

def document(n: int, regions: list[int], givens: Sequence[int]) -> dict[str, Any]:
    jigsaw = regions != box_regions(n) if n in vr.BOX else True
    grid = []
    for r in range(n):
        row = []
        for c in range(n):
            item: dict[str, Any] = {}
            v = givens[r * n + c]
            if v:
                item = {"value": v, "given": True}
            if jigsaw:
                item["region"] = regions[r * n + c]
            row.append(item)
        grid.append(row)
    return {"size": n, "grid": grid}


# -- lines true of a grid ---------------------------------------------------------------------------

def thirds(v: int, n: int) -> int:
    return (v - 1) // (n // 3)


def line_rules(n: int, regions: list[int]) -> dict[str, tuple[Callable[[list[int], list[int]], bool],
                                                              Callable[[list[int], list[int]], bool]]]:
    """kind -> (prefix still possible, whole line holds); each given the line's cells and values."""
    def zipper(cells: list[int], v: list[int]) -> bool:
        k = len(v)
        sums = {v[i] + v[k - 1 - i] for i in range(k // 2)}
        return len(sums) == 1 and (k % 2 == 0 or v[k // 2] in sums)

    def region_sum(cells: list[int], v: list[int]) -> bool:
        sums, cur, last = [], 0, None
        for x, val in zip(cells, v):
            if last is not None and regions[x] != last:
                sums.append(cur)
                cur = 0
            cur, last = cur + val, regions[x]
        sums.append(cur)
        return len(sums) >= 2 and len(set(sums)) == 1

    def between(cells: list[int], v: list[int]) -> bool:
        lo, hi = min(v[0], v[-1]), max(v[0], v[-1])
        return all(lo < x < hi for x in v[1:-1])

    def anything(cells: list[int], v: list[int]) -> bool:
        return True

    return {
        "thermometer": (lambda cells, v: all(a < b for a, b in itertools.pairwise(v)),) * 2,
        "slowthermometer": (lambda cells, v: all(a <= b for a, b in itertools.pairwise(v)),
                            lambda cells, v: all(a <= b for a, b in itertools.pairwise(v)) and len(set(v)) < len(v)),
        "renban": (lambda cells, v: len(set(v)) == len(v) and max(v) - min(v) < 6,
                   lambda cells, v: len(set(v)) == len(v) and max(v) - min(v) == len(v) - 1),
        "palindrome": (anything, lambda cells, v: v == v[::-1]),
        "betweenline": (anything, between),
        "regionsumline": (anything, region_sum),
        "zipperline": (anything, zipper),
        "entropicline": (lambda cells, v: all(len({thirds(x, n) for x in v[i:i + 3]}) == len(v[i:i + 3])
                                              for i in range(len(v))),) * 2,
    }


def find_line(grid: list[int], n: int, used: set[int], rng: random.Random, prefix_ok: Callable, whole_ok: Callable,
              lengths: Sequence[int], tries: int = 3000, step: Callable[[int, int], list[int]] = kings
              ) -> list[int] | None:
    free = [x for x in range(n * n) if x not in used]
    for _ in range(tries):
        target = rng.choice(lengths)
        cells = [rng.choice(free)]
        while len(cells) < target:
            options = [y for y in step(cells[-1], n) if y not in used and y not in cells
                       and prefix_ok(cells + [y], [grid[x] for x in cells + [y]])]
            if not options:
                break
            cells.append(rng.choice(options))
        if len(cells) == target and whole_ok(cells, [grid[x] for x in cells]):
            return cells
    return None


def add_lines(doc: dict, kind: str, count: int, grid: list[int], n: int, regions: list[int], used: set[int],
              rng: random.Random, value: int | None = None) -> int:
    if kind == "whispers":
        d = value or {9: 5, 6: 3, 4: 2}[n]
        rules = (lambda cells, v: all(abs(a - b) >= d for a, b in itertools.pairwise(v)),) * 2
    else:
        rules = line_rules(n, regions)[kind]
    lengths = {"thermometer": (3, 4, 5, 6), "renban": (3, 4, 5), "palindrome": (3, 4, 5, 6),
               "betweenline": (3, 4, 5), "zipperline": (3, 4, 5, 6, 7), "regionsumline": (3, 4, 5, 6),
               "entropicline": (3, 4, 5, 6, 7)}.get(kind, (3, 4, 5, 6))
    lengths = [k for k in lengths if k <= n + (n > 4)] or [3]
    made = 0
    for _ in range(count):
        cells = find_line(grid, n, used, rng, rules[0], rules[1], lengths)
        if cells is None:
            continue
        used.update(cells)
        item: dict[str, Any] = {"lines": [names(cells, n)]}
        if kind == "whispers" and (value or n != 9):
            item["value"] = str(d)
        doc.setdefault(kind, []).append(item)
        made += 1
    return made


def add_arrows(doc: dict, count: int, grid: list[int], n: int, used: set[int], rng: random.Random,
               pills: int = 0) -> int:
    made = 0
    for i in range(count):
        pill = i < pills
        for _ in range(3000):
            free = [x for x in range(n * n) if x not in used]
            a = rng.choice(free)
            circle = [a]
            if pill:
                bs = [y for y in orth(a, n) if y not in used]
                if not bs:
                    continue
                circle = sorted([a, rng.choice(bs)])
            target = int("".join(str(grid[x]) for x in circle))
            start = rng.choice(circle)
            shaft: list[int] = []
            total = 0
            while total < target:
                last = shaft[-1] if shaft else start
                options = [y for y in kings(last, n) if y not in used and y not in circle and y not in shaft
                           and total + grid[y] <= target]
                if not options or len(shaft) >= 6:
                    break
                y = rng.choice(options)
                shaft.append(y)
                total += grid[y]
            if total == target and shaft:
                used.update(circle + shaft)
                doc.setdefault("arrow", []).append({"cells": names(circle, n), "lines": [names([start] + shaft, n)]})
                made += 1
                break
    return made


# -- dots -------------------------------------------------------------------------------------------

def relation(kind: str, value: int) -> Callable[[int, int], bool]:
    if kind == "difference":
        return lambda a, b: abs(a - b) == value
    if kind == "ratio":
        return lambda a, b: a == value * b or b == value * a
    return lambda a, b: a + b == value


def add_dots(doc: dict, kind: str, count: int, grid: list[int], n: int, rng: random.Random,
             values: Sequence[int] = (), every: bool = False, taken: set | None = None) -> int:
    """``count`` marks where the relation holds (all of them with ``every``); xv values are 10 (X) and 5 (V)."""
    taken = taken if taken is not None else set()
    if kind == "xv":
        values = values or (10, 5)
    else:
        values = values or ((1,) if kind == "difference" else (2,))
    pairs = [(a, b, v) for a, b in vr.orthogonal_pairs(n) for v in values
             if relation(kind, v)(grid[a], grid[b]) and frozenset((a, b)) not in taken]
    rng.shuffle(pairs)
    chosen = pairs if every else pairs[:count]
    for a, b, v in chosen:
        if frozenset((a, b)) in taken:
            continue
        taken.add(frozenset((a, b)))
        item: dict[str, Any] = {"cells": names((a, b), n)}
        if kind == "xv":
            item["value"] = "X" if v == 10 else "V"
        elif v != (1 if kind == "difference" else 2):
            item["value"] = str(v)
        doc.setdefault(kind, []).append(item)
    if every:
        doc.setdefault("negative", []).append(kind)
    return len(chosen)


# -- outside clues ----------------------------------------------------------------------------------

def add_little_killers(doc: dict, count: int, grid: list[int], n: int, rng: random.Random) -> int:
    options = []
    for i in range(n):
        options += [((-1, i), d) for d in ("DR", "DL")] + [((n, i), d) for d in ("UR", "UL")]
        options += [((i, -1), d) for d in ("DR", "UR")] + [((i, n), d) for d in ("DL", "UL")]
    rng.shuffle(options)
    made, seen = 0, set()
    for (r, c), d in options:
        cells = vr.diagonal_from(n, r, c, d)
        if len(cells) < 2 or frozenset(cells) in seen or made >= count:
            continue
        seen.add(frozenset(cells))
        doc.setdefault("littlekillersum", []).append(
            {"cell": f"R{r + 1}C{c + 1}", "cells": names(cells, n), "direction": d,
             "value": str(sum(grid[x] for x in cells))})
        made += 1
    return made


def add_outside(doc: dict, kind: str, count: int, grid: list[int], n: int, rng: random.Random) -> int:
    sides = [(-1, i) for i in range(n)] + [(i, -1) for i in range(n)]
    if kind != "sandwichsum":
        sides += [(n, i) for i in range(n)] + [(i, n) for i in range(n)]
    rng.shuffle(sides)
    for r, c in sides[:count]:
        vals = [grid[x] for x in vr.outside_line(n, r, c)]
        if kind == "sandwichsum":
            i, j = sorted((vals.index(1), vals.index(n)))
            value = sum(vals[i + 1:j])
        elif kind == "xsum":
            value = sum(vals[:vals[0]])
        else:
            value = sum(1 for i, v in enumerate(vals) if v > max(vals[:i], default=0))
        doc.setdefault(kind, []).append({"cell": f"R{r + 1}C{c + 1}", "value": str(value)})
    return min(count, len(sides))


# -- cages and regions ------------------------------------------------------------------------------

def add_cages(doc: dict, share: float, grid: list[int], n: int, used: set[int], rng: random.Random,
              totals: float = 1.0, sizes: Sequence[int] = (2, 3, 3, 4)) -> int:
    """Cages of distinct digits over about ``share`` of the grid; a share ``totals`` of them carry their sum."""
    cells = [x for x in range(n * n) if x not in used]
    rng.shuffle(cells)
    made = 0
    goal = int(share * n * n)
    covered = 0
    for start in cells:
        if covered >= goal or start in used:
            continue
        cage = [start]
        target = rng.choice(sizes)
        while len(cage) < target:
            options = [y for x in cage for y in orth(x, n) if y not in used and y not in cage
                       and grid[y] not in {grid[z] for z in cage}]
            if not options:
                break
            cage.append(rng.choice(options))
        if len(cage) < 2:
            continue
        used.update(cage)
        covered += len(cage)
        item: dict[str, Any] = {"cells": names(sorted(cage), n)}
        if rng.random() < totals:
            item["value"] = str(sum(grid[x] for x in cage))
        doc.setdefault("killercage", []).append(item)
        made += 1
    return made


def random_region(n: int, rng: random.Random, avoid: set[int]) -> list[int]:
    while True:
        cells = [rng.choice([x for x in range(n * n) if x not in avoid])]
        while len(cells) < n:
            options = [y for x in cells for y in orth(x, n) if y not in cells and y not in avoid]
            if not options:
                break
            cells.append(rng.choice(options))
        if len(cells) == n:
            return sorted(cells)


WINDOKU = [[(r0 + i) * 9 + c0 + j for i in range(3) for j in range(3)] for r0 in (1, 5) for c0 in (1, 5)]


# -- the puzzles ------------------------------------------------------------------------------------

#: (id, size, what to add, options); each key of "add" is a constraint kind and its count
SPECS: list[tuple[str, int, dict[str, Any], dict[str, Any]]] = []


def spec(ident: str, n: int, add: dict[str, Any], **options: Any) -> None:
    """A puzzle to make; the third and fourth of a kind keep only the givens they need (minimal)."""
    if ident.endswith(("-3", "-4")) and not ident.startswith("mix-"):
        options.setdefault("minimal", True)
    SPECS.append((ident, n, add, options))


for n_, k_ in ((9, 1), (6, 2), (9, 3)):
    spec(f"sudoku-x-{k_}", n_, {"diagonal+": True, "diagonal-": True})
spec("diagonal-plus-1", 9, {"diagonal+": True})
spec("diagonal-minus-1", 6, {"diagonal-": True})
for n_, k_ in ((9, 1), (6, 2), (4, 3)):
    spec(f"antiknight-{k_}", n_, {"antiknight": True})
    spec(f"disjointgroups-{k_}", n_, {"disjointgroups": True})
    spec(f"extraregion-{k_}", n_, {"extraregion": 1 if n_ != 9 else "windoku"})
    spec(f"odd-even-{k_}", n_, {"odd": n_ * n_ // 6, "even": n_ * n_ // 6})
for n_, k_ in ((9, 1), (6, 2), (9, 3)):
    spec(f"antiking-{k_}", n_, {"antiking": True})
    spec(f"nonconsecutive-{k_}", n_, {"nonconsecutive": True})
for kind, counts in (("thermometer", {9: 6, 6: 4, 4: 2}), ("slowthermometer", {9: 6, 6: 4, 4: 2}),
                     ("renban", {9: 6, 6: 4, 4: 2}), ("palindrome", {9: 6, 6: 4, 4: 2}),
                     ("betweenline", {9: 6, 6: 4, 4: 2}), ("regionsumline", {9: 6, 6: 4, 4: 2}),
                     ("zipperline", {9: 6, 6: 4, 4: 2}), ("whispers", {9: 6, 6: 4, 4: 2})):
    for n_, k_ in ((9, 1), (6, 2), (4, 3), (9, 4)):
        spec(f"{kind}-{k_}", n_, {kind: counts[n_]})
spec("whispers-difference-4", 9, {"whispers": 6}, whisper=4)
for n_, k_ in ((9, 1), (6, 2), (9, 3), (6, 4)):
    spec(f"entropicline-{k_}", n_, {"entropicline": {9: 6, 6: 4}[n_]})
for n_, k_ in ((9, 1), (6, 2), (4, 3), (9, 4)):
    spec(f"arrow-{k_}", n_, {"arrow": {9: 6, 6: 4, 4: 2}[n_]})
    spec(f"difference-{k_}", n_, {"difference": {9: 14, 6: 8, 4: 4}[n_]})
    spec(f"ratio-{k_}", n_, {"ratio": {9: 12, 6: 7, 4: 4}[n_]})
    spec(f"xv-{k_}", n_, {"xv": {9: 14, 6: 8, 4: 4}[n_]})
    spec(f"littlekillersum-{k_}", n_, {"littlekillersum": {9: 10, 6: 7, 4: 4}[n_]})
    spec(f"sandwichsum-{k_}", n_, {"sandwichsum": {9: 10, 6: 7, 4: 4}[n_]})
    spec(f"xsum-{k_}", n_, {"xsum": {9: 12, 6: 8, 4: 5}[n_]})
    spec(f"skyscraper-{k_}", n_, {"skyscraper": {9: 12, 6: 8, 4: 5}[n_]})
spec("arrow-pill-1", 9, {"arrow": 6}, pills=2)
spec("arrow-pill-2", 9, {"arrow": 5}, pills=3)
spec("arrow-pill-3", 6, {"arrow": 4}, pills=1)
spec("difference-valued-1", 9, {"difference": 14}, values=(1, 2, 3))
spec("ratio-valued-1", 9, {"ratio": 12}, values=(2, 3))
for n_, k_ in ((9, 1), (6, 2), (4, 3), (9, 4)):
    spec(f"negative-difference-{k_}", n_, {"difference": "every"})
    spec(f"negative-ratio-{k_}", n_, {"ratio": "every"})
    spec(f"negative-xv-{k_}", n_, {"xv": "every"})
spec("negative-kropki-1", 9, {"ratio": "every", "difference": "every"})
spec("negative-kropki-2", 6, {"ratio": "every", "difference": "every"})
for n_, k_ in ((9, 1), (6, 2), (4, 3)):
    spec(f"killercage-{k_}", n_, {"killercage": 0.7})
    spec(f"killercage-nototal-{k_}", n_, {"killercage": 0.8}, totals=0.0)
spec("killercage-nototal-4", 9, {"killercage": 0.8}, totals=0.5)
# a second 6x6 of the kinds whose 9x9s are slowest to make
for kind_, add_ in (("negative-difference", {"difference": "every"}), ("negative-ratio", {"ratio": "every"}),
                    ("negative-xv", {"xv": "every"}), ("sandwichsum", {"sandwichsum": 7}),
                    ("skyscraper", {"skyscraper": 8}), ("nonconsecutive", {"nonconsecutive": True}),
                    ("xsum", {"xsum": 8}), ("littlekillersum", {"littlekillersum": 7})):
    spec(f"{kind_}-5", 6, add_)
# mixes with killer cages and jigsaw regions
spec("mix-jigsaw-killer-arrow-1", 9, {"arrow": 3, "killercage": 0.4}, jigsaw=True)
spec("mix-jigsaw-thermo-kropki-2", 9, {"thermometer": 3, "difference": 6, "ratio": 5}, jigsaw=True)
spec("mix-jigsaw-littlekiller-3", 6, {"littlekillersum": 4, "killercage": 0.3}, jigsaw=True)
spec("mix-jigsaw-x-4", 6, {"diagonal+": True, "diagonal-": True, "renban": 2}, jigsaw=True)
spec("mix-killer-arrow-thermo-5", 9, {"killercage": 0.35, "arrow": 3, "thermometer": 3})
spec("mix-killer-antiknight-6", 9, {"antiknight": True, "killercage": 0.4})
spec("mix-whispers-renban-xv-7", 9, {"whispers": 3, "renban": 3, "xv": 8})
spec("mix-sandwich-x-8", 9, {"diagonal+": True, "diagonal-": True, "sandwichsum": 6})
spec("mix-jigsaw-killer-nototal-9", 6, {"killercage": 0.5, "odd": 4, "even": 4}, jigsaw=True, totals=0.5)
spec("mix-between-palindrome-zipper-10", 9, {"betweenline": 2, "palindrome": 2, "zipperline": 2})
spec("mix-jigsaw-arrow-kropki-11", 6, {"arrow": 2, "difference": 4, "ratio": 3}, jigsaw=True)
spec("mix-jigsaw-killer-thermo-12", 6, {"killercage": 0.4, "thermometer": 2}, jigsaw=True)
spec("mix-killer-xv-whispers-13", 6, {"killercage": 0.4, "xv": 4, "whispers": 2})


GLOBAL = ("diagonal+", "diagonal-", "antiknight", "antiking", "nonconsecutive", "disjointgroups")


def random_grid(doc: dict, rng: random.Random) -> list[int] | None:
    """A random full grid keeping ``doc``'s rules: short random searches, restarted."""
    puzzle = vr.read(doc)
    for _ in range(40):
        try:
            found = puzzle.solutions(limit=1, rng=rng, max_nodes=1500)
        except vr.SearchLimit:
            continue
        return found[0] if found else None
    return None


def make(ident: str, n: int, add: dict[str, Any], options: dict[str, Any], rng: random.Random
         ) -> dict[str, Any] | None:
    regions = jigsaw_regions(n, rng, {9: 14, 6: 8, 4: 3}[n]) if options.get("jigsaw") else box_regions(n)
    doc = document(n, regions, [0] * (n * n))
    for key in GLOBAL:
        if add.get(key):
            doc[key] = True
    region_spec = add.get("extraregion")
    if region_spec == "windoku":
        doc["extraregion"] = [{"cells": names(cells, n)} for cells in WINDOKU]
    elif region_spec:
        doc["extraregion"] = [{"cells": names(random_region(n, rng, set()), n)}]
    grid = random_grid(doc, rng)
    if grid is None:
        return None
    used: set[int] = set()
    taken: set = set()
    for key, count in add.items():
        if key in GLOBAL or key == "extraregion":
            continue
        if key in ("odd", "even"):
            cells = [x for x in range(n * n) if grid[x] % 2 == (key == "odd")]
            rng.shuffle(cells)
            doc[key] = [{"cell": name(x, n)} for x in sorted(cells[:count])]
        elif key == "arrow":
            add_arrows(doc, count, grid, n, used, rng, options.get("pills", 0))
        elif key in ("difference", "ratio", "xv"):
            add_dots(doc, key, count if isinstance(count, int) else 0, grid, n, rng, options.get("values", ()),
                     every=count == "every", taken=taken)
        elif key == "littlekillersum":
            add_little_killers(doc, count, grid, n, rng)
        elif key in ("sandwichsum", "xsum", "skyscraper"):
            add_outside(doc, key, count, grid, n, rng)
        elif key == "killercage":
            add_cages(doc, count, grid, n, used, rng, options.get("totals", 1.0))
        else:
            add_lines(doc, key, count, grid, n, regions, used, rng, options.get("whisper"))
    puzzle = vr.read(doc)
    assert puzzle.check(grid), (ident, puzzle.broken(grid))
    floor = 0 if options.get("minimal") else FLOOR[n]
    givens = choose_givens(doc, n, regions, grid, rng, floor)
    if givens is None:
        return None
    final = document(n, regions, givens)
    final.update({k: v for k, v in doc.items() if k not in ("size", "grid")})
    check = vr.read(final)
    sols = check.solutions(limit=2)
    if len(sols) != 1 or sols[0] != grid:
        return None
    needs = needed(final, n, regions, givens)
    focus = ["negative" if v == "every" else k for k, v in add.items() if k not in ("odd", "even")]
    focus += ["odd"] if "odd" in add else []
    if not all(f in needs for f in focus):
        return None   # unique without its own constraint: not a test of it
    return {"id": ident, "size": n, "kinds": vr.kinds_of(final) + (["jigsaw"] if options.get("jigsaw") else []),
            "needs": needs, "givens": sum(1 for v in givens if v), "fpuzzles": final,
            "solution": vr.grid_string(grid),
            "source": "made by bench/make_variant_corpus.py (seeded); unique by tests/variant_reference.py"}


def needed(final: dict, n: int, regions: list[int], givens: list[int]) -> list[str]:
    """The f-puzzles keys without which the puzzle has several solutions (by the reference)."""
    out = []
    for key in final:
        if key in ("size", "grid"):
            continue
        doc = {k: v for k, v in final.items() if k not in ("size", "grid", key)
               and not (key in ("odd", "even") and k in ("odd", "even"))}
        if key in ("difference", "ratio", "xv") and key in final.get("negative", []):
            continue   # the marks of an "all given" rule are judged with it
        result = count(doc, n, regions, givens)
        if result is not None and result >= 2:
            out.append(key)
    return out


def count(doc: dict, n: int, regions: list[int], givens: list[int]) -> int | None:
    trial = document(n, regions, givens)
    trial.update({k: v for k, v in doc.items() if k not in ("size", "grid")})
    try:
        return vr.read(trial).count(limit=2, max_nodes=NODES)
    except vr.SearchLimit:
        return None


def choose_givens(doc: dict, n: int, regions: list[int], grid: list[int], rng: random.Random,
                  floor: int = 0) -> list[int] | None:
    givens = [0] * (n * n)
    give_ups = 0
    for _ in range(n * n):
        trial = document(n, regions, givens)
        trial.update({k: v for k, v in doc.items() if k not in ("size", "grid")})
        try:
            sols = vr.read(trial).solutions(limit=2, rng=rng, max_nodes=NODES)
        except vr.SearchLimit:
            sols = None
            give_ups += 1
            if give_ups > GIVE_UPS:
                return None
        if sols is not None and len(sols) == 1:
            break
        if sols:
            other = next((s for s in sols if s != grid), sols[0])
            differ = [x for x in range(n * n) if other[x] != grid[x] and not givens[x]]
        else:
            differ = [x for x in range(n * n) if not givens[x]]
        x = rng.choice(differ)
        givens[x] = grid[x]
    else:
        return None
    order = [x for x in range(n * n) if givens[x]]
    rng.shuffle(order)
    for x in order:
        if sum(1 for v in givens if v) <= floor:
            break
        givens[x] = 0
        result = count(doc, n, regions, givens)
        if result != 1:
            givens[x] = grid[x]
        if result is None:
            give_ups += 1
            if give_ups > GIVE_UPS:
                break   # the rest stay: searches this long make the maker slow
    return givens


def make_one(job: tuple[int, str]) -> tuple[str, str | None, str]:
    """One spec, seeded by its id (so the result does not depend on the others or on --jobs)."""
    seed, ident = job
    ident, n, add, options = next(s for s in SPECS if s[0] == ident)
    t = time.perf_counter()
    for attempt in range(6):
        record = make(ident, n, add, options, random.Random(f"{seed}:{ident}:{attempt}"))
        if record is not None:
            record["source"] += f", seed {seed}, attempt {attempt}"
            note = (f"{n}x{n}, {record['givens']} givens, {', '.join(record['kinds'])} "
                    f"({time.perf_counter() - t:.1f}s)")
            return ident, json.dumps(record, separators=(",", ":")), note
    return ident, None, "not made"


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seed", type=int, default=44)
    ap.add_argument("--only", default="", help="only the puzzles whose id starts with this")
    ap.add_argument("--max-size", type=int, default=16, help="only the puzzles up to this size")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (the output does not depend on it)")
    ap.add_argument("--out", type=pathlib.Path, default=OUT)
    args = ap.parse_args()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    order = {ident: i for i, (ident, *_) in enumerate(SPECS)}
    # the slow ones (minimal 9x9s) last, so that a run cut short keeps the most kinds
    jobs = sorted(((args.seed, ident) for ident, *_ in SPECS
                   if ident.startswith(args.only) and SPECS[order[ident]][1] <= args.max_size),
                  key=lambda job: (job[1].endswith(("-3", "-4")) and SPECS[order[job[1]]][1] == 9, order[job[1]]))
    t0 = time.perf_counter()
    lines: dict[str, str] = {}
    partial = args.out.with_suffix(".partial")
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool, partial.open("w") as log:
        for ident, line, note in pool.imap_unordered(make_one, jobs):
            print(f"  {ident}: {note}", flush=True)
            if line is not None:
                lines[ident] = line
                log.write(line + "\n")
                log.flush()
    args.out.write_text("".join(lines[ident] + "\n" for ident in sorted(lines, key=order.__getitem__)))
    partial.unlink()
    print(f"{len(lines)} puzzles in {time.perf_counter() - t0:.0f}s -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
