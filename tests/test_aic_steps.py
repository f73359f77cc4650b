"""One step per chain (issue 32, item 4): an alternating inference chain
removes, in one step, every candidate that sees both its ends, and a
continuous loop every candidate that sees both sides of one of its weak
links; the step is written in Eureka notation beside "if ... then ..."
words, and its JSON record carries the chain and all its eliminations.

The expected eliminations are recomputed here from the definition (a
candidate goes when its truth would make both ends false), and every one
is checked against the solution."""

from __future__ import annotations

import functools
import itertools

import pytest

import deduce
from deduce import Puzzle, State
from deduce.backtrack import first_solutions
from deduce.render.eureka import eureka
from deduce.render.json import step_to_json
from deduce.render.words import TextRenderer
from strategies.chains import Chains

#: the default profile's path of each holds (found by the solve itself; no answer kept here):
#: an AIC with two eliminations, a continuous loop with five, grouped AICs through almost locked sets
AIC_TWO = "9..2....6..3.8......69.532...8...1.2.5..7..3.2.4...6...695.87......4.2..8....3..5"
LOOP = ".7.9......3.7.2.85..1...6.........38.832.659.15.........7...8..86.1.3.5......9.1."
GROUPED = "...8.4...82.....534.......9.9..7..1.7...1...2..1...5...6.5.1.4...96.21...4.....2."


@functools.cache
def chain_steps(text: str) -> tuple[Puzzle, tuple[int, ...], list[tuple[State, deduce.Step]]]:
    """The puzzle, its solution and each chain step of its solve with the position before it."""
    puzzle = Puzzle.from_string(text)
    solution = tuple(first_solutions(puzzle, 1)[0])
    state = State.from_puzzle(puzzle)
    out = []
    for step in deduce.solve(puzzle).steps:
        if step.code in ("aic", "x-chain", "grouped-aic"):
            out.append((state.copy(), step))
        state.apply(step)
    return puzzle, solution, out


def _face(node: tuple, way_in: bool) -> tuple[int, tuple[int, ...]]:
    if node[2] < 0:
        return node[0], tuple(node[1])
    return (node[0], tuple(node[3])) if way_in else (node[2], tuple(node[4]))


def _kills(state: State, cell: int, sym: int, face: tuple[int, tuple[int, ...]]) -> bool:
    """The definition of a weak link: ``(cell, sym)`` true makes the face false."""
    fs, cells = face
    if fs != sym:
        return cells == (cell,)
    peers = state.puzzle.peer_masks[cell]
    return cell not in cells and all(peers >> c & 1 for c in cells)


def expected(state: State, aic: tuple) -> set[tuple[int, int]]:
    nodes, links, loop = aic
    pairs = [(_face(nodes[0], True), _face(nodes[-1], False))]
    if loop:
        pairs += [(_face(a, False), _face(b, True)) for (kind, _), a, b in zip(links, nodes, nodes[1:])
                  if kind == "-"]
        pairs.append((_face(nodes[-1], False), _face(nodes[0], True)))
    n = state.puzzle.size
    return {(c, s) for c in range(n * n) if state.value[c] < 0 for s in range(n)
            if state.cand[c] >> s & 1 and any(_kills(state, c, s, a) and _kills(state, c, s, b) for a, b in pairs)}


@pytest.mark.parametrize("text", [AIC_TWO, LOOP, GROUPED])
def test_one_step_per_chain_with_every_elimination_it_justifies(text):
    _puzzle, solution, steps = chain_steps(text)
    shaped = [(state, step) for state, step in steps if step.detail("aic") is not None]
    assert shaped
    assert any(len(step.eliminations) >= 2 for _, step in shaped)
    for state, step in shaped:
        assert set(step.eliminations) == expected(state, step.detail("aic")), step
        assert all(solution[c] != s for c, s in step.eliminations)
    # and no later step removes what an earlier chain already could (one step per deduction)
    removed = [set(step.eliminations) for _, step in shaped]
    assert all(not (a & b) for a, b in itertools.combinations(removed, 2))


def test_a_continuous_loop_removes_along_every_weak_link():
    _puzzle, _solution, steps = chain_steps(LOOP)
    loops = [(state, step) for state, step in steps if (step.detail("aic") or (0, 0, False))[2]]
    assert loops
    state, step = loops[0]
    nodes, links, _ = step.detail("aic")
    # more than the two ends alone justify
    ends_only = expected(state, (nodes, links, False))
    assert ends_only < set(step.eliminations)


def test_strong_and_weak_links_alternate_and_sets_are_nodes():
    _puzzle, _solution, steps = chain_steps(GROUPED)
    kinds = set()
    for _state, step in steps:
        aic = step.detail("aic")
        if aic is None:
            continue
        nodes, links, _ = aic
        kinds.update("set" if node[2] >= 0 else "group" if len(node[1]) > 1 else "one" for node in nodes)
        flat = ["="] if nodes[0][2] >= 0 else []
        for (kind, _), node in zip(links, nodes[1:]):
            flat += [kind] + (["="] if node[2] >= 0 else [])
        assert flat[0] == flat[-1] == "=" and all(a != b for a, b in itertools.pairwise(flat))
    assert {"set", "group", "one"} <= kinds


def test_words_are_eureka_and_if_then():
    puzzle, _solution, steps = chain_steps(LOOP)
    r = TextRenderer(puzzle)
    for state, step in steps:
        aic = step.detail("aic")
        if aic is None:
            continue
        text = r.text(step)
        chain = eureka(puzzle, aic[0], aic[1])
        assert chain.startswith("(") and "=" in chain and "-" in chain
        assert chain in text.splitlines()[0]
        assert "\nIf " in text and "then" in text and "suppose" not in text.lower() and "impossible" not in text
        assert r.removed(step.eliminations) in text
        # the clue leaves the answer out
        clue = r.text(step, "clue")
        assert r.removed(step.eliminations) not in clue
        # the JSON record: the chain and every elimination
        doc = step_to_json(step, puzzle, r, state)
        assert doc["chain"] == chain and doc["loop"] is aic[2]
        assert len(doc["eliminations"]) == len(step.eliminations)
        kinds = [k["kind"] for k in doc["marks"]["links"]]
        assert kinds.count("strong") == sum(kind == "=" for kind, _ in aic[1])
        assert kinds.count("weak") == sum(kind == "-" for kind, _ in aic[1])


def test_a_chain_inside_a_nested_assumption_keeps_one_elimination():
    _puzzle, _solution, steps = chain_steps(LOOP)
    state, step = next((s, st) for s, st in steps if len(st.eliminations) > 1)
    inner = Chains(step.code, whole=False)
    assert repr(inner) == f"Chains({step.code!r}, whole=False)" and repr(Chains(step.code)) == f"Chains({step.code!r})"
    found = list(itertools.islice(inner.find(state), 20))
    assert found and all(len(s.eliminations) + len(s.placements) == 1 and s.detail("aic") is None for s in found)
    assert set(step.eliminations) <= {e for s in inner.find(state) for e in s.eliminations}


#: HoDoKu 2.2.0 solves this with a continuous nice loop, then an AIC (its path is in tests/data/hodoku-paths.txt)
HODOKU_LOOP = "..73....69..8.5..1...19..833.......9......67.......8..19.62.....7..5....2.6......"


def test_hodoku_takes_the_nice_loop_with_most_eliminations():
    from deduce.rating import HodokuSolver

    puzzle = Puzzle.from_string(HODOKU_LOOP)
    state = State.from_puzzle(puzzle)
    for step in HodokuSolver().iter_solve(puzzle):
        if step.code == "aic":  # type: ignore[union-attr]
            break
        state.apply(step)  # type: ignore[arg-type]
    else:
        raise AssertionError("no AIC in HoDoKu's path")
    found = [s for s in Chains("aic").find(state) if s.detail("aic") is not None]
    assert len(step.eliminations) == max(len(s.eliminations) for s in found) >= 2
    assert step.detail("aic")[2]  # HoDoKu's continuous nice loop
    # deduce's own order takes the easiest chain first: a shorter one, with fewer eliminations
    assert len(found[0].eliminations) < len(step.eliminations)


def test_grouped_chains_without_sets_pass_through_groups_only():
    """HoDoKu's grouped nice loops (its "ALS in tabling chains" off): the
    ``groups`` mode follows groups but never an almost locked set."""
    _puzzle, solution, steps = chain_steps(GROUPED)
    state = next(s for s, step in steps if step.code == "grouped-aic")
    plain = Chains("grouped-aic", sets=False)
    assert plain.mode == "groups" and repr(plain) == "Chains('grouped-aic', sets=False)"
    found = list(itertools.islice(plain.find(state), 30))
    assert found
    for step in found:
        assert all(solution[c] != s for c, s in step.eliminations)
        reasons = {rec[1][0] for _s, chain, con in step.detail("branches")
                   for rec in (*chain, *((con,) if con else ())) if rec[1]}
        assert "als" not in reasons and "group" in reasons
        assert all(node[2] < 0 for node in (step.detail("aic") or ((),))[0] if node)
    with_sets = list(itertools.islice(Chains("grouped-aic").find(state), 30))
    assert any(node[2] >= 0 for s in with_sets if s.detail("aic") for node in s.detail("aic")[0])
