"""Constraint sums in the killer's equations (issue 44 item 3): an arrow's cells add up to its circle, a little
killer's diagonal to its clue, a region-sum line's pieces and a zipper line's pairs to one total; the 45 rule
(strategies/innies_outies.py) counts those sums with the cages.

Soundness against brute force on small random 4x4 instances (every grid of the puzzle's rules enumerated), and
a hand-made 9x9 position where the 45 rule on a box combines two cages and an arrow, found and explained.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce import Cage, Puzzle, State
from deduce.cagemath import LinearSum
from deduce.constraint import ConstraintError
from deduce.render.words import TextRenderer
from strategies.innies_outies import InniesOuties, constraint_sums, equations
from strategies.variants.arrow import Arrow
from strategies.variants.little_killer import STEP, LittleKiller, diagonal
from strategies.variants.region_sum import RegionSumLine
from strategies.variants.zipper import ZipperLine

from .test_variants_core import assert_steps_sound, completions, grids4
from .test_variants_lines import _walk

PRODUCERS = (InniesOuties("single"), InniesOuties("multi"))


def _cage(rng: random.Random, grid: tuple[int, ...], n: int) -> Cage | None:
    cells = [rng.randrange(n * n)]
    for _ in range(rng.randrange(1, 3)):
        options = [d for c in cells for d in (c + 1, c + n) if d < n * n and (d != c + 1 or d % n)
                   and d not in cells and grid[d] not in {grid[x] for x in cells}]
        if options:
            cells.append(rng.choice(options))
    return Cage(sum(grid[c] + 1 for c in cells), tuple(sorted(cells))) if len(cells) > 1 else None


def random_sum_puzzle(rng: random.Random, n: int = 4) -> Puzzle:
    """A random 4x4 grid, a few cages and sum constraints true of it (arrows, little killers, region-sum and
    zipper lines), most of the time; now and then one at random (then few grids, or none, fit)."""
    grid = rng.choice(grids4())
    cages: list[Cage] = []
    taken: set[int] = set()
    for _ in range(rng.randrange(3)):
        cage = _cage(rng, grid, n)
        if cage is not None and not taken & set(cage.cells):
            cages.append(cage)
            taken |= set(cage.cells)
    out: list = []
    for _ in range(rng.randrange(1, 5)):
        kind = rng.choice(["arrow", "killer", "region-sum", "zipper"])
        if kind == "killer":
            clue = rng.choice([(0, c) for c in range(1, n + 1)] + [(r, 0) for r in range(1, n + 1)])
            direction = rng.choice(sorted(STEP))
            cells = diagonal(clue, direction, n)
            if not cells:
                continue
            value = sum(grid[c] + 1 for c in cells) if rng.random() < 0.8 else rng.randrange(1, 12)
            item: object = LittleKiller(clue, direction, value, n)
        else:
            cells = _walk(rng, n, rng.randrange(2, 5))
            if len(cells) < 2:
                continue
            if kind == "arrow":
                item = Arrow(cells[:1], (cells,))
            else:
                item = RegionSumLine(cells) if kind == "region-sum" else ZipperLine(cells)
        try:
            Puzzle.empty(n, cages=cages, constraints=(*out, item))
        except ConstraintError:
            continue
        if rng.random() < 0.8 and item.broken(Puzzle.empty(n), grid) is not None:  # type: ignore[attr-defined]
            continue
        out.append(item)
    return Puzzle.empty(n, cages=cages, constraints=tuple(out))


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10 ** 9), st.integers(2, 9))
def test_sum_steps_never_remove_a_candidate_some_completion_allows(seed, placed):
    """Positions with up to ``placed`` - 1 cells placed on the way to a completion: the 45 rule's steps keep
    every completion that fits them."""
    assert_steps_sound(random_sum_puzzle(random.Random(seed)), random.Random(seed + 1), PRODUCERS, placed)


def test_every_sum_holds_on_every_completion():
    """What each family says in :meth:`sums` is true of every grid its rule allows (so the equations are sound)."""
    rng = random.Random(44)
    checked = 0
    for _ in range(60):
        p = random_sum_puzzle(rng)
        sums = constraint_sums(p)
        for g in completions(p):
            for s in sums:
                assert s.holds(g), (s, p)
                checked += 1
    assert checked > 100


def test_the_random_positions_reach_the_new_equations():
    """The soundness test above is not idle: on its positions the 45 rule finds steps with a sum standing in."""
    rng = random.Random(7)
    found = 0
    for _ in range(200):
        p = random_sum_puzzle(rng)
        state = State.from_puzzle(p)
        for producer in PRODUCERS:
            found += sum(1 for step in producer.find(state) if step.detail("swaps", ()))
    assert found >= 10


# -- a hand-made position: the 45 rule on box 1 with two cages and an arrow ---------------------------------

def _box_arrow_puzzle() -> Puzzle:
    # box 1: cage r1c1-r1c3 + r2c1 = 30, cage r2c2 + r2c3 + r3c1 = 9, left over r3c2 and r3c3, the arrow's cells;
    # the arrow's circle r4c2 lies outside the box.
    cages = (Cage(30, (0, 1, 2, 9)), Cage(9, (10, 11, 18)))
    arrow = Arrow((28,), ((28, 19, 20),))
    return Puzzle.empty(9, cages=cages, constraints=(arrow,))


def test_the_45_rule_combines_an_arrow_with_cages_and_a_box():
    p = _box_arrow_puzzle()
    assert constraint_sums(p) == (LinearSum((19, 20), (28,), 0, "arrow from r4c2"),)
    assert any(e.swaps and e.innies == (28,) and not e.outies and e.target == 6 for e in equations(p))
    steps = [s for s in InniesOuties("single").find(State.from_puzzle(p)) if s.detail("swaps", ())]
    assert steps and tuple(steps[0].placements) == ((28, 5),)
    text = TextRenderer(p).explain(steps[0])
    assert "Box 1 holds 45." in text or "box 1 holds 45." in text, text
    assert "The arrow from r4c2 says r3c2 + r3c3 = r4c2, so r4c2 counts in place of r3c2 and r3c3." in text, text
    assert "30 + 9 = 39" in text and "r4c2 = 6" in text, text
    assert steps[0].text("nudge", p) and steps[0].text("clue", p)


def test_without_the_arrow_the_box_leaves_two_cells():
    """The same cages alone: the 45 rule on box 1 gives r3c2 + r3c3 = 6, no single value."""
    p = Puzzle.empty(9, cages=_box_arrow_puzzle().cages)
    assert not constraint_sums(p)
    assert not any(e.swaps for e in equations(p))
    assert not [s for s in InniesOuties("single").find(State.from_puzzle(p)) if 28 in dict(s.placements)]


def test_a_pill_gives_a_sum_once_its_leading_digit_is_given_and_a_region_sum_line_gives_one_per_pair_of_pieces():
    p = Puzzle.empty(9)
    pill = Arrow((0, 1), ((1, 10, 19),))
    assert pill.sums(p) == ()
    given = Puzzle.empty(9, constraints=(pill,)).with_givens((0,) + (-1,) * 80)  # r1c1 = 1
    assert pill.sums(given) == (LinearSum((10, 19), (1,), 10, pill.label(given)),)  # 1? : r2c2 + r3c2 = 10 + r1c2
    line = RegionSumLine((2, 3, 4, 13))  # r1c3 (box 1), r1c4-r1c5 + r2c5 (box 2)
    assert line.sums(p) == (LinearSum((2,), (3, 4, 13), 0, line.label(p)),)
    zipper = ZipperLine((0, 1, 2, 3, 4))
    assert zipper.sums(p) == (LinearSum((0, 4), (2,), 0, zipper.label(p)), LinearSum((1, 3), (2,), 0, zipper.label(p)))
