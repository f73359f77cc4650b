"""Random 9x9 variant puzzles (behind the ``fuzz`` marker): mixes of every
family made here, solved, every step checked against the solution by the
engine (a step removing a solution candidate raises UnsoundStepError)."""

from __future__ import annotations

import random

import pytest

from deduce.backtrack import count_solutions, first_solutions
from deduce.engine import Solver
from deduce.errors import Contradiction
from deduce.puzzle import Puzzle
from strategies.variants.antichess import AntiKing, AntiKnight
from strategies.variants.diagonals import Diagonal
from strategies.variants.kropki import KropkiDot, KropkiNegative
from strategies.variants.nonconsecutive import NonConsecutive
from strategies.variants.parity import Parity
from strategies.variants.regions import DisjointGroups
from strategies.variants.thermometer import Thermometer

pytestmark = pytest.mark.fuzz


def random_puzzle(seed: int) -> Puzzle | None:
    rng = random.Random(seed)
    cons: list = []
    if rng.random() < .4:
        cons += [Diagonal("+"), Diagonal("-")]
    for cls, chance in ((AntiKnight, .25), (AntiKing, .05), (DisjointGroups, .15), (NonConsecutive, .15)):
        if rng.random() < chance:
            cons.append(cls())
    for _ in range(rng.randrange(4)):
        cells = [rng.randrange(81)]
        for _ in range(rng.randrange(1, 5)):
            r, c = divmod(cells[-1], 9)
            steps = [(r + dr) * 9 + c + dc for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                     if 0 <= r + dr < 9 and 0 <= c + dc < 9 and (r + dr) * 9 + c + dc not in cells]
            if steps:
                cells.append(rng.choice(steps))
        if len(cells) > 1:
            cons.append(Thermometer(tuple(cells), rng.random() < .3))
    try:
        found = first_solutions(Puzzle.empty(9, constraints=tuple(cons)), 1)
    except Contradiction:
        return None
    if not found:
        return None
    sol = found[0]
    if rng.random() < .5:  # some of the solution's dots, sometimes all of them
        every = rng.random() < .3
        for c in range(81):
            for d in (c + 1, c + 9):
                if d < 81 and not (d == c + 1 and c % 9 == 8) and (every or rng.random() < .4):
                    x, y = sol[c] + 1, sol[d] + 1
                    if abs(x - y) == 1:
                        cons.append(KropkiDot("difference", (c, d)))
                    elif x == 2 * y or y == 2 * x:
                        cons.append(KropkiDot("ratio", (c, d)))
        if every and not any(isinstance(k, NonConsecutive) for k in cons):
            cons += [KropkiNegative("difference"), KropkiNegative("ratio")]
    for c in rng.sample(range(81), rng.randrange(5)):
        cons.append(Parity("odd" if sol[c] % 2 == 0 else "even", c))
    p = Puzzle.empty(9, constraints=tuple(cons))
    givens = list(sol)
    for c in rng.sample(range(81), 81):
        keep, givens[c] = givens[c], -1
        if count_solutions(p.with_givens(givens), 2) != 1:
            givens[c] = keep
    return p.with_givens(givens)


@pytest.mark.parametrize("seed", range(12))
def test_random_variant_puzzles_are_solved_soundly(seed):
    p = random_puzzle(seed)
    if p is None:
        pytest.skip("the random constraints admit no grid")
    result = Solver(time_limit=300).solve(p)  # every step is checked against the solution
    assert result.status in ("solved", "solved-with-backtracking")
    assert all(k.broken(p, result.solution) is None for k in p.constraints)
