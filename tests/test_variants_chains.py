"""The links variant constraints give join the chains (strategies/variants/_links.py).

* soundness: on small random variant positions (4x4 and 6x6, random dots,
  lines, arrows, XV, diagonals, non-consecutive, each kept by a random full
  grid, some givens, some candidates removed), every step of the X-chains,
  AICs, grouped AICs and forcing chains removes no candidate that some
  completion keeps and places only what every completion holds (completions
  by brute force);
* a hand-made position where an AIC needs a white dot's weak link: found,
  and explained link by link in words and in the picture;
* a puzzle without constraints takes the engine's own path (no links).
"""

from __future__ import annotations

import random
from typing import Any, Iterator

import pytest

from deduce.constraint import ConstraintError
from deduce.puzzle import Puzzle
from deduce.render.words import TextRenderer
from deduce.state import State
from strategies.chains import Chains
from strategies.forcing import ForcingChains
from strategies.variants import _links
from strategies.variants.arrow import Arrow
from strategies.variants.between import BetweenLine
from strategies.variants.diagonals import Diagonal
from strategies.variants.kropki import KropkiDot
from strategies.variants.little_killer import LittleKiller
from strategies.variants.nonconsecutive import NonConsecutive
from strategies.variants.palindrome import Palindrome
from strategies.variants.region_sum import RegionSumLine
from strategies.variants.renban import Renban
from strategies.variants.thermometer import Thermometer
from strategies.variants.whispers import GermanWhisper
from strategies.variants.xv import XVMark
from strategies.variants.zipper import ZipperLine

#: Random positions tried (a third of them 6x6).
SEEDS = 40

PRODUCERS = [Chains("x-chain"), Chains("aic"), Chains("grouped-aic"), ForcingChains("cell-region"),
             ForcingChains("nishio"), ForcingChains("dynamic")]


# -- brute force ----------------------------------------------------------------------------------

def completions(puzzle: Puzzle, cand: list[int], limit: int = 5000) -> list[list[int]]:
    """Every full grid within ``cand`` keeping every rule (peers, relations, then each constraint whole)."""
    n = puzzle.size
    peers = puzzle.peer_masks
    rels: dict[int, list[tuple[int, tuple[int, ...]]]] = {}
    for r in puzzle.relations:
        rels.setdefault(r.b, []).append((r.a, r.allowed))
        back = r.reverse()
        rels.setdefault(back.b, []).append((back.a, back.allowed))
    order = sorted(range(puzzle.ncells), key=lambda c: cand[c].bit_count())
    values = [-1] * puzzle.ncells
    out: list[list[int]] = []

    def fits(c: int, s: int) -> bool:
        m = peers[c]
        while m:
            low = m & -m
            m ^= low
            if values[low.bit_length() - 1] == s:
                return False
        return all(values[a] < 0 or allowed[values[a]] >> s & 1 for a, allowed in rels.get(c, ()))

    def walk(k: int) -> None:
        if len(out) >= limit:
            return
        if k == len(order):
            if all(con.broken(puzzle, values) is None for con in puzzle.constraints):
                out.append(values.copy())
            return
        c = order[k]
        for s in range(n):
            if cand[c] >> s & 1 and fits(c, s):
                values[c] = s
                walk(k + 1)
                values[c] = -1

    walk(0)
    return out


def full_grid(n: int, rng: random.Random, constraints: tuple[Any, ...] = ()) -> list[int] | None:
    """A random full grid of size n (rows, columns and boxes, and ``constraints``), or None."""
    puzzle = Puzzle.empty(n, constraints=constraints)
    cand = [(1 << n) - 1] * (n * n)
    # (a random first row and column fixed, then the first completion)
    row = list(range(n))
    rng.shuffle(row)
    for c, s in enumerate(row):
        cand[c] = 1 << s
    grids = completions(puzzle, cand, limit=20)
    return rng.choice(grids) if grids else None


def _path(n: int, rng: random.Random, length: int) -> tuple[int, ...]:
    cells = [rng.randrange(n * n)]
    while len(cells) < length:
        c = cells[-1]
        r, k = divmod(c, n)
        nxt = [(r + dr) * n + k + dk for dr, dk in ((0, 1), (1, 0), (0, -1), (-1, 0))
               if 0 <= r + dr < n and 0 <= k + dk < n and (r + dr) * n + k + dk not in cells]
        if not nxt:
            break
        cells.append(rng.choice(nxt))
    return tuple(cells)


def random_constraints(n: int, rng: random.Random) -> list[Any]:
    """Constraints of every kind that gives links, at random (most will not fit the grid)."""
    out: list[Any] = []
    for _ in range(60):
        kind = rng.choice(["white", "black", "thermo", "slow", "xv", "whisper", "renban", "palindrome", "arrow",
                           "between", "zipper", "regionsum"])
        path = _path(n, rng, rng.randrange(2, 5))
        if len(path) < 2:
            continue
        if kind in ("white", "black"):
            out.append(KropkiDot("difference" if kind == "white" else "ratio", path[:2]))
        elif kind in ("thermo", "slow"):
            out.append(Thermometer(path, kind == "slow"))
        elif kind == "xv":
            out.append(XVMark(path[:2], rng.choice("XV")))
        elif kind == "whisper":
            out.append(GermanWhisper(path, n // 2))
        elif kind == "renban":
            out.append(Renban(path))
        elif kind == "palindrome":
            out.append(Palindrome(path))
        elif kind == "between":
            out.append(BetweenLine(path))
        elif kind == "zipper":
            out.append(ZipperLine(path))
        elif kind == "regionsum":
            out.append(RegionSumLine(path))
        elif len(path) >= 2:
            out.append(Arrow((path[0],), (path,)))
    if rng.random() < 0.3:
        out.insert(0, NonConsecutive())
    return out


def instance(seed: int) -> tuple[Puzzle, State, list[int]]:
    """A random variant position with at least one completion: (puzzle, position, one completion)."""
    rng = random.Random(seed)
    n = 4 if seed % 3 else 6
    # (a diagonal or two, an extra house, in some: the grid made to keep them)
    diagonals = tuple(Diagonal(d) for d in rng.choice([(), (), "+", "-", "+-"]))
    grid = full_grid(n, rng, diagonals)
    if grid is None:
        diagonals = ()
        grid = full_grid(n, rng)
    assert grid is not None
    kept: list[Any] = list(diagonals)
    want = len(kept) + rng.randrange(3, 8)
    for con in random_constraints(n, rng):
        if len(kept) >= want:
            break
        try:
            p = Puzzle.empty(n, constraints=kept + [con])
        except ConstraintError:
            continue
        if con.broken(p, grid) is None:
            kept.append(con)
    share = 0.15 if n == 4 else 0.4
    givens = [grid[c] if rng.random() < share else -1 for c in range(n * n)]
    puzzle = Puzzle.empty(n, constraints=kept).with_givens(givens)
    state = State.from_puzzle(puzzle)
    for c in range(n * n):  # some candidates of no interest to the grid removed
        for s in range(n):
            if s != grid[c] and state.value[c] < 0 and state.cand[c] >> s & 1 and rng.random() < 0.2:
                state.eliminate(c, s)
    return puzzle, state, grid


def chain_steps(state: State, per_producer: int = 8) -> Iterator[Any]:
    for producer in PRODUCERS:
        for k, step in enumerate(producer.find(state), 1):
            yield step
            if k >= per_producer:
                break


# -- soundness ------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(SEEDS))
def test_chain_steps_with_constraint_links_keep_every_completion(seed: int) -> None:
    puzzle, state, grid = instance(seed)
    grids = completions(puzzle, state.cand)
    assert grid in grids
    kept = [{g[c] for g in grids} for c in range(puzzle.ncells)]
    for step in chain_steps(state):
        for c, s in step.eliminations:
            assert s not in kept[c], f"seed {seed}: {step} removes {s + 1} from cell {c}, which a completion keeps"
        for c, s in step.placements:
            assert kept[c] == {s}, f"seed {seed}: {step} places {s + 1} in cell {c}"


def test_the_random_positions_use_the_constraints_links() -> None:
    """The soundness test is about constraint links: most of its positions have some, and chains use them."""
    with_links = used = 0
    for seed in range(SEEDS):
        _, state, _ = instance(seed)
        if _links.links_for(state) is None:
            continue
        with_links += 1
        for step in chain_steps(state, per_producer=3):
            reasons = {rec[1][0] for _, chain, _ in step.detail("branches", ()) for rec in chain}
            if reasons & set(_links.REASONS):
                used += 1
                break
    assert with_links >= 35 and used >= 10, (with_links, used)


# -- a hand-made position -------------------------------------------------------------------------

def _dot_position() -> tuple[Puzzle, State]:
    """r1c1 {5,8} and r2c1 {6,7} on a white dot, r2c5 {6,8}; the rest of the grid open.

    (8)r1c1=(5)r1c1-(7)r2c1=(6)r2c1-(6)r2c5=(8)r2c5: 5 and 7 cannot sit on a white dot,
    so either r1c1 or r2c5 is 8, and r2c2, r2c3 (box 1, row 2) and r1c4-r1c6 (row 1, box 2) lose 8."""
    puzzle = Puzzle.empty(9, constraints=[KropkiDot("difference", (0, 9))])
    state = State.from_puzzle(puzzle)
    for cell, keep in ((0, {5, 8}), (9, {6, 7}), (13, {6, 8})):
        for s in range(9):
            if s + 1 not in keep:
                state.eliminate(cell, s)
    return puzzle, state


def test_an_aic_through_a_white_dot_is_found_and_explained() -> None:
    puzzle, state = _dot_position()
    table = _links.links_for(state)
    assert table is not None and len(table.pairs) == 1
    want = {(10, 7), (11, 7), (3, 7), (4, 7), (5, 7)}  # r2c2, r2c3, r1c4, r1c5, r1c6 <> 8
    found = None
    for step in Chains("aic").find(state):
        aic = step.detail("aic")
        if aic is not None and any(house <= -2 for _, house in aic[1]) and want <= set(step.eliminations):
            found = step
            break
    assert found is not None, "no AIC through the white dot"
    for _, s in found.eliminations:
        assert s == 7, found.eliminations  # (8: both ends of the chain)
    text = TextRenderer(puzzle).levels(found)["explanation"]
    # (the dot's link, weak or strong, in its own words: the shortest chain takes the strong one,
    # r1c1 not 8 leaves r2c1 only 6)
    assert ("cannot both be true: they are on the white dot r1c1-r2c1" in text
            or "no other candidate of r2c1 fits the white dot r1c1-r2c1" in text), text
    from deduce.render.marks import marks as step_marks

    marks = step_marks(found, puzzle, state)
    assert {(0, "pattern"), (9, "pattern")} <= set(marks.cells)
    assert any({link.start[0], link.end[0]} == {0, 9} for link in marks.links)


def test_a_dot_link_in_words() -> None:
    puzzle, _ = _dot_position()
    r = TextRenderer(puzzle)
    code = _links.relation_code(0)
    assert (_links.link_words(r, code, (4, (0,)), (6, (9,)), strong=False)
            == "r1c1=5 and r2c1=7 cannot both be true: they are on the white dot r1c1-r2c1")
    assert (_links.link_words(r, code, (7, (0,)), (5, (9,)), strong=True)
            == "without 8 in r1c1, no other candidate of r2c1 fits the white dot r1c1-r2c1")


def test_a_forcing_chain_explains_a_constraint_link_by_its_constraint() -> None:
    puzzle, state = _dot_position()
    texts = []
    for step in ForcingChains("dynamic").find(state):
        reasons = {rec[1][0] for _, chain, _ in step.detail("branches") for rec in chain}
        if reasons & {_links.WEAK, _links.SUPPORT}:
            texts.append(TextRenderer(puzzle).levels(step)["explanation"])
            break
    assert texts and "white dot r1c1-r2c1" in texts[0], texts


def test_a_puzzle_without_links_takes_the_engines_own_path() -> None:
    from strategies.implications import implications

    classic = State.from_puzzle(Puzzle.empty(9))
    assert _links.links_for(classic) is None
    assert implications(classic, "static", None).links is None
    # an anti-knight's peers are the puzzle's peers: no links of its own
    from strategies.variants.antichess import AntiKnight

    assert _links.links_for_puzzle(Puzzle.empty(9, constraints=[AntiKnight()])) is None


def test_implied_relations_are_the_rules_consequences() -> None:
    """A thermometer's far cells, an arrow's circle and cells, a renban's pairs, a between line's, a zipper
    line's, a little killer's, a region-sum line's: every pair of values a relation forbids is one no grid
    keeping the constraint holds there."""
    n = 4
    constraints = [Thermometer((0, 1, 2)), Arrow((4,), ((4, 5, 6),)), Renban((8, 9, 10)), BetweenLine((12, 13, 14)),
                   BetweenLine((0, 1, 5, 4)), ZipperLine((1, 5, 9)), LittleKiller((0, 1), "DR", 6, 4),
                   LittleKiller((0, 0), "DR", 8, 4), RegionSumLine((1, 2, 6)), RegionSumLine((5, 6, 2))]
    for con in constraints:
        p = Puzzle.empty(n, constraints=[con])
        grids = completions(p, [(1 << n) - 1] * (n * n), limit=100_000)
        for rel in _links.implied_relations(con, p):
            seen = {(g[rel.a], g[rel.b]) for g in grids}
            for x, y in seen:
                assert rel.allowed[x] >> y & 1, (con, rel, x, y)
            assert any(not rel.allowed[x] >> y & 1 for x in range(n) for y in range(n))


def test_peers_by_a_constraint_are_named_by_it() -> None:
    from strategies._chain_records import peer_reason
    from strategies.variants.antichess import AntiKnight

    puzzle = Puzzle.empty(9, constraints=[AntiKnight(), Diagonal("+")])
    r = TextRenderer(puzzle)
    assert peer_reason(r, 0, 1) == "same row as r1c2"
    assert peer_reason(r, 72, 40) == "same diagonal r9c1-r1c9 as r5c5"
    assert peer_reason(r, 2, 13) == "anti-knight with r2c5"


def test_a_link_that_needs_the_assumption_is_not_static() -> None:
    one = [(2, (_links.SUPPORT, 0), (4,))]
    two = [(2, (_links.SUPPORT, 0), (4, 6))]
    assert _links.static_links(one) and not _links.static_links(two)
    assert not _links.static_links([(3, (_links.EXTRA_HIDDEN, 0), (4, 6))])
