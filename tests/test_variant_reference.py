"""The variant reference (tests/variant_reference.py) against cases whose answers are stated by reasoning,
and against every one of the 288 4x4 sudoku grids filtered by each rule written out plainly here."""

from __future__ import annotations

import itertools
import random
from typing import Any, Callable, Sequence

import pytest

from tests import variant_reference as vr

Grid = Sequence[int]


def blank(n: int, givens: str = "") -> list[list[dict[str, Any]]]:
    cells = [int(ch) if ch not in ".0" else 0 for ch in givens] or [0] * (n * n)
    return [[{"value": cells[r * n + c], "given": True} if cells[r * n + c] else {} for c in range(n)]
            for r in range(n)]


def doc(n: int, givens: str = "", **keys: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"size": n, "grid": blank(n, givens)}
    for key, value in keys.items():
        out[key.replace("_plus", "+").replace("_minus", "-")] = value
    return out


def all_4x4() -> list[tuple[int, ...]]:
    """Every 4x4 sudoku grid, by brute force over row permutations."""
    perms = list(itertools.permutations(range(1, 5)))
    out = []
    for rows in itertools.product(perms, repeat=4):
        if any(len({row[c] for row in rows}) != 4 for c in range(4)):
            continue
        boxes = [{rows[r][c] for r in (br, br + 1) for c in (bc, bc + 1)} for br in (0, 2) for bc in (0, 2)]
        if all(len(b) == 4 for b in boxes):
            out.append(tuple(v for row in rows for v in row))
    return out


GRIDS = all_4x4()


def at(name: str, n: int = 4) -> int:
    r, c = name[1:].upper().split("C")
    return (int(r) - 1) * n + int(c) - 1


def test_there_are_288_grids() -> None:
    assert len(GRIDS) == 288


# -- every 4x4 grid: the reference's check and count agree with the rule written out plainly --------

def knight(g: Grid) -> bool:
    return all(g[r * 4 + c] != g[(r + dr) * 4 + c + dc] for r in range(4) for c in range(4) for dr, dc in vr.KNIGHT
               if 0 <= r + dr < 4 and 0 <= c + dc < 4)


def king(g: Grid) -> bool:
    return all(g[r * 4 + c] != g[(r + dr) * 4 + c + dc] for r in range(4) for c in range(4) for dr, dc in vr.KING
               if 0 <= r + dr < 4 and 0 <= c + dc < 4)


def orthogonal(g: Grid, ok: Callable[[int, int], bool], skip: set[frozenset[int]] = frozenset()) -> bool:
    return all(ok(g[a], g[b]) for a, b in vr.orthogonal_pairs(4) if frozenset((a, b)) not in skip)


def line(g: Grid, names: str) -> list[int]:
    return [g[at(x)] for x in names.split()]


def cells(names: str) -> list[str]:
    return names.upper().split()


CASES: list[tuple[str, dict[str, Any], Callable[[Grid], bool]]] = [
    ("diagonal+", doc(4, **{"diagonal+": True}), lambda g: len({g[3], g[6], g[9], g[12]}) == 4),
    ("diagonal-", doc(4, **{"diagonal-": True}), lambda g: len({g[0], g[5], g[10], g[15]}) == 4),
    ("antiknight", doc(4, antiknight=True), knight),
    ("antiking", doc(4, antiking=True), king),
    ("nonconsecutive", doc(4, nonconsecutive=True), lambda g: orthogonal(g, lambda a, b: abs(a - b) != 1)),
    ("disjointgroups", doc(4, disjointgroups=True),
     lambda g: all(len({g[r * 4 + c] for r in (i, i + 2) for c in (j, j + 2)}) == 4 for i in (0, 1) for j in (0, 1))),
    ("extraregion", doc(4, extraregion=[{"cells": cells("r1c2 r2c2 r2c3 r3c3")}]),
     lambda g: len(set(line(g, "r1c2 r2c2 r2c3 r3c3"))) == 4),
    ("odd/even", doc(4, odd=[{"cell": "R1C1"}, {"cell": "R2C3"}], even=[{"cell": "R4C4"}]),
     lambda g: g[0] % 2 == 1 and g[6] % 2 == 1 and g[15] % 2 == 0),
    ("thermometer", doc(4, thermometer=[{"lines": [cells("r2c1 r1c2 r2c3")]}]),
     lambda g: g[4] < g[1] < g[6]),
    ("slowthermometer", doc(4, slowthermometer=[{"lines": [cells("r1c1 r2c2 r3c1 r4c2")]}]),
     lambda g: g[0] <= g[5] <= g[8] <= g[13]),
    ("arrow", doc(4, arrow=[{"cells": ["R3C3"], "lines": [cells("r3c3 r2c2 r1c2")]}]),
     lambda g: g[10] == g[5] + g[1]),
    ("whispers", doc(4, whispers=[{"lines": [cells("r1c1 r2c2 r2c3")], "value": 2}]),
     lambda g: abs(g[0] - g[5]) >= 2 and abs(g[5] - g[6]) >= 2),
    ("renban", doc(4, renban=[{"lines": [cells("r1c1 r2c2 r3c3")]}]),
     lambda g: max(line(g, "r1c1 r2c2 r3c3")) - min(line(g, "r1c1 r2c2 r3c3")) == 2
     and len(set(line(g, "r1c1 r2c2 r3c3"))) == 3),
    ("palindrome", doc(4, palindrome=[{"lines": [cells("r1c1 r2c2 r3c3 r3c4 r4c3")]}]),
     lambda g: g[0] == g[14] and g[5] == g[11]),
    ("betweenline", doc(4, betweenline=[{"lines": [cells("r1c1 r1c2 r2c3 r3c3")]}]),
     lambda g: min(g[0], g[10]) < g[1] < max(g[0], g[10]) and min(g[0], g[10]) < g[6] < max(g[0], g[10])),
    ("regionsumline", doc(4, regionsumline=[{"lines": [cells("r1c1 r2c2 r2c3 r3c4")]}]),
     lambda g: g[0] + g[5] == g[6] == g[11]),
    ("zipperline", doc(4, zipperline=[{"lines": [cells("r1c1 r1c2 r2c3 r3c4")]}]),
     lambda g: g[0] + g[11] == g[1] + g[6]),
    ("zipperline odd", doc(4, zipperline=[{"lines": [cells("r1c1 r2c2 r3c3 r4c4 r4c3")]}]),
     lambda g: g[0] + g[14] == g[5] + g[15] == g[10]),
    ("difference", doc(4, difference=[{"cells": cells("r1c1 r1c2")}, {"cells": cells("r2c2 r3c2"), "value": "2"}]),
     lambda g: abs(g[0] - g[1]) == 1 and abs(g[5] - g[9]) == 2),
    ("ratio", doc(4, ratio=[{"cells": cells("r1c1 r2c1")}, {"cells": cells("r3c3 r3c4"), "value": "3"}]),
     lambda g: g[4] in (2 * g[0], g[0] / 2) and g[11] in (3 * g[10], g[10] / 3)),
    ("xv", doc(4, xv=[{"cells": cells("r1c1 r1c2"), "value": "V"}, {"cells": cells("r3c3 r2c3"), "value": "v"}]),
     lambda g: g[0] + g[1] == 5 and g[10] + g[6] == 5),
    ("littlekillersum", doc(4, littlekillersum=[{"cell": "R0C2", "direction": "DR", "value": "6"},
                                                {"cell": "R5C3", "direction": "UL", "value": "3"}]),
     lambda g: g[2] + g[7] == 6 and g[13] + g[8] == 3),
    ("sandwichsum", doc(4, sandwichsum=[{"cell": "R0C2", "value": "5"}, {"cell": "R3C0", "value": "0"}]),
     lambda g: _sandwich([g[r * 4 + 1] for r in range(4)]) == 5 and _sandwich(g[8:12]) == 0),
    ("xsum", doc(4, xsum=[{"cell": "R5C1", "value": "6"}, {"cell": "R2C5", "value": "6"}]),
     lambda g: _xsum([g[12], g[8], g[4], g[0]]) == 6 and _xsum([g[7], g[6], g[5], g[4]]) == 6),
    ("skyscraper", doc(4, skyscraper=[{"cell": "R0C3", "value": "2"}, {"cell": "R4C5", "value": "3"}]),
     lambda g: _seen([g[2], g[6], g[10], g[14]]) == 2 and _seen([g[15], g[14], g[13], g[12]]) == 3),
    ("killercage", doc(4, killercage=[{"cells": cells("r1c1 r2c3"), "value": "5"}, {"cells": cells("r3c3 r4c1")}]),
     lambda g: g[0] != g[6] and g[0] + g[6] == 5 and g[10] != g[12]),
]


def negative_case(name: str, key: str, relation: Callable[[int, int], bool],
                  value: str | None = None) -> tuple[str, dict[str, Any], Callable[[Grid], bool]]:
    """Every orthogonal pair of one grid that has ``relation`` gets a ``key`` mark, and all marks are given."""
    grid = GRIDS[100]
    marked = [(a, b) for a, b in vr.orthogonal_pairs(4) if relation(grid[a], grid[b])]
    names = [[f"R{x // 4 + 1}C{x % 4 + 1}" for x in pair] for pair in marked]
    items = [{"cells": pair} | ({"value": value} if value else {}) for pair in names]
    skip = {frozenset(pair) for pair in marked}

    def rule(g: Grid) -> bool:
        return all(relation(g[a], g[b]) for a, b in marked) and orthogonal(g, lambda a, b: not relation(a, b), skip)
    return name, doc(4, **{key: items, "negative": [key]}), rule


CASES += [
    negative_case("negative difference", "difference", lambda a, b: abs(a - b) == 1),
    negative_case("negative ratio", "ratio", lambda a, b: a == 2 * b or b == 2 * a),
    negative_case("negative xv", "xv", lambda a, b: a + b == 5, "V"),
]


def _sandwich(vals: list[int]) -> int:
    i, j = sorted((vals.index(1), vals.index(4)))
    return sum(vals[i + 1:j])


def _xsum(vals: list[int]) -> int:
    return sum(vals[:vals[0]])


def _seen(vals: list[int]) -> int:
    return sum(1 for i, v in enumerate(vals) if v > max(vals[:i], default=0))


@pytest.mark.parametrize(("name", "document", "rule"), CASES, ids=[c[0] for c in CASES])
def test_every_4x4_grid(name: str, document: dict[str, Any], rule: Callable[[Grid], bool]) -> None:
    puzzle = vr.read(document)
    expected = [g for g in GRIDS if rule(g)]
    for g in GRIDS:
        assert puzzle.check(g) == rule(g), (name, g, puzzle.broken(g))
    found = puzzle.solutions(limit=300)
    assert sorted(tuple(g) for g in found) == expected
    assert len(expected) < 288  # each case constrains
    assert expected or name in ("antiking", "nonconsecutive")  # and allows something (these two: no 4x4 grid)


def test_partial_tests_never_refuse_a_completable_partial_grid() -> None:
    """A rule says no to a partial grid only when no grid completes it: every subset of every solution passes."""
    rng = random.Random(4)
    for name, document, rule in CASES:
        puzzle = vr.read(document)
        for g in [g for g in GRIDS if rule(g)][:20]:
            for r in puzzle.rules:
                vals = [g[x] for x in r.cells]
                for _ in range(10):
                    partial = [v if rng.random() < 0.5 else 0 for v in vals]
                    assert r.test(partial), (name, r, partial)


@pytest.mark.parametrize("key", ["antiking", "nonconsecutive"])
def test_6x6_solutions_keep_the_rule(key: str) -> None:
    n = 6
    found = vr.read(doc(n, **{key: True})).solutions(limit=5, rng=random.Random(3))
    assert len(found) == 5
    for g in found:
        for a in range(n * n):
            for b in range(n * n):
                dr, dc = abs(a // n - b // n), abs(a % n - b % n)
                if key == "antiking" and max(dr, dc) == 1:
                    assert g[a] != g[b]
                if key == "nonconsecutive" and dr + dc == 1:
                    assert abs(g[a] - g[b]) != 1


# -- cases reasoned out -------------------------------------------------------------------------------

def test_thermometer_along_a_row_fixes_it() -> None:
    # a 4-cell thermometer in row 1 of a 4x4 forces 1234; each first row completes in 288/24 = 12 ways
    p = vr.read(doc(4, thermometer=[{"lines": [cells("r1c1 r1c2 r1c3 r1c4")]}]))
    sols = p.solutions(limit=100)
    assert len(sols) == 12 and all(s[:4] == [1, 2, 3, 4] for s in sols)
    # and a 9-cell one in row 1 of a 9x9 fixes 123456789
    p9 = vr.read(doc(9, thermometer=[{"lines": [[f"R1C{c}" for c in range(1, 10)]]}]))
    assert all(s[:9] == list(range(1, 10)) for s in p9.solutions(limit=3))


def test_arrow_in_a_row() -> None:
    # circle r1c1 = r1c2 + r1c3 with the digits 1-4: 3=1+2 or 4=1+3, each in two orders: 4 first rows x 12
    p = vr.read(doc(4, arrow=[{"cells": ["R1C1"], "lines": [cells("r1c1 r1c2 r1c3")]}]))
    sols = p.solutions(limit=100)
    assert len(sols) == 48
    assert {tuple(s[:4]) for s in sols} == {(3, 1, 2, 4), (3, 2, 1, 4), (4, 1, 3, 2), (4, 3, 1, 2)}


def test_pill_arrow_reads_its_digits_in_order() -> None:
    # a pill r1c1-r1c2 on a 9x9 equal to the sum of the 7 other cells of row 1: 10a+b = 45-a-b,
    # so 11a + 2b = 45: a=3, b=6 (a=1: b=17 no; a=5 negative... ) only 36
    p = vr.read(doc(9, arrow=[{"cells": ["R1C2", "R1C1"], "lines": [[f"R1C{c}" for c in range(2, 10)]]}]))
    sols = p.solutions(limit=3)
    assert sols and all(s[0] == 3 and s[1] == 6 for s in sols)


def test_sandwich_zero_puts_1_and_4_side_by_side() -> None:
    # 12 of the 24 orders of row 1 have 1 and 4 adjacent: 12 x 12 grids
    assert vr.read(doc(4, sandwichsum=[{"cell": "R1C0", "value": "0"}])).count(limit=500) == 144


def test_xsum_cases() -> None:
    # from the left of row 1: 10 needs X=4 (all four: 6 orders), 5 needs "2 3", 4 is impossible
    assert vr.read(doc(4, xsum=[{"cell": "R1C0", "value": "10"}])).count(limit=500) == 72
    assert vr.read(doc(4, xsum=[{"cell": "R1C0", "value": "5"}])).count(limit=500) == 24
    assert vr.read(doc(4, xsum=[{"cell": "R1C0", "value": "4"}])).count(limit=500) == 0


def test_skyscraper_of_four_sees_every_building() -> None:
    assert vr.read(doc(4, skyscraper=[{"cell": "R1C0", "value": "4"}])).count(limit=500) == 12
    assert vr.read(doc(4, skyscraper=[{"cell": "R1C5", "value": "4"}])).solutions(limit=1)[0][:4] == [4, 3, 2, 1]


def test_little_killer_of_four_ones_is_impossible() -> None:
    # r1c1 and r2c2 share box 1, so the main diagonal cannot be four 1s
    assert vr.read(doc(4, littlekillersum=[{"cell": "R0C0", "direction": "DR", "value": "4"}])).count() == 0


def test_whispers_of_five_never_hold_5() -> None:
    p = vr.read(doc(9, whispers=[{"lines": [cells("r5c1 r5c2 r5c3")]}]))
    sols = p.solutions(limit=20, rng=random.Random(1))
    assert len(sols) == 20 and all(5 not in (s[36], s[37], s[38]) for s in sols)


def test_entropic_line_in_a_6x6_takes_one_of_each_third() -> None:
    p = vr.read(doc(6, entropicline=[{"lines": [cells("r1c1 r1c2 r1c3 r2c3")]}]))
    for s in p.solutions(limit=20, rng=random.Random(2)):
        thirds = [(s[x] - 1) // 2 for x in (0, 1, 2, 8)]
        assert len(set(thirds[:3])) == 3 and len(set(thirds[1:])) == 3 and thirds[0] == thirds[3]


def test_givens_and_a_broken_grid() -> None:
    solution = GRIDS[0]
    p = vr.read(doc(4, "".join(map(str, solution))))
    assert p.solutions() == [list(solution)]
    bad = list(solution)
    bad[0], bad[1] = bad[1], bad[0]
    assert p.broken(bad)


@pytest.mark.parametrize(("document", "message"), [
    (doc(4, quadruple=[{"cells": ["R1C1"]}]), "'quadruple' is not known"),
    (doc(4, thermometer=[{"lines": [cells("r1c1 r1c3")]}]), "do not touch"),
    (doc(4, difference=[{"cells": cells("r1c1 r2c2")}]), "orthogonally adjacent"),
    (doc(4, renban=[{"lines": [cells("r1c1 r1c5")]}]), "outside the grid"),
    (doc(4, littlekillersum=[{"cell": "R1C1", "direction": "DR", "value": "3"}]), "not just outside"),
    (doc(4, littlekillersum=[{"cell": "R0C1", "direction": "DD", "value": "3"}]), "direction"),
    (doc(4, xv=[{"cells": cells("r1c1 r1c2"), "value": "Y"}]), "X or V"),
    (doc(4, littlekillersum=[{"cell": "R0C1", "cells": ["R1C2"], "direction": "DR", "value": "3"}]),
     "not the diagonal"),
    (doc(4, negative=["sum"]), "negative 'sum'"),
])
def test_refusals(document: dict[str, Any], message: str) -> None:
    with pytest.raises(vr.ReferenceError, match=message):
        vr.read(document)


def test_kinds_of() -> None:
    d = doc(4, xv=[{"cells": cells("r1c1 r1c2"), "value": "X"}], negative=["xv"],
            killercage=[{"cells": cells("r1c1 r1c2")}], antiking=True)
    assert vr.kinds_of(d) == ["antiking", "killercage", "killercage:nototal", "negative:xv", "xv"]
