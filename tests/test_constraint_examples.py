"""``deduce techniques KEY`` for every key of the constraint registry (issue 44): its name, its rule, the
techniques it feeds (or that it acts through peers) and a stored example, the first step of a small puzzle
where the constraint matters.

The keys whose own technique's stored example does not hold them (anti-knight, anti-king, cages without a
total, extra regions, disjoint groups, slow thermometers) have one stored as
``deduce/data/examples/constraint-<key>.json``: ``python -m tests.test_constraint_examples`` writes them from
``tests/data/variants/made.jsonl`` (a step matters when, on the puzzle without the constraint and with the
candidates its peers removed put back, the step's technique no longer makes it).
"""

from __future__ import annotations

import json
import pathlib
import sys
from typing import Any

import attrs
import pytest

from deduce import catalogue
from deduce.catalogue import FORMAT, constraint_example_path, constraint_keys, holds_key, instance_keys
from deduce.engine import Solver
from deduce.formats import read_puzzle
from deduce.geometry import bits_of
from deduce.puzzle import Puzzle
from deduce.registry import discovered
from deduce.state import State
from deduce.step import Step

from .test_cli import run

MADE = pathlib.Path(__file__).resolve().parent / "data" / "variants" / "made.jsonl"
PACKAGE = pathlib.Path(catalogue.__file__).resolve().parent
COMMAND = "python -m tests.test_constraint_examples"
KEYS = sorted(constraint_keys())


@pytest.mark.parametrize("key", KEYS)
def test_deduce_techniques_answers_for_every_constraint_key_with_an_example(key):
    code, out, err = run(["techniques", key])
    assert code == 0, err
    kind = constraint_keys()[key].KIND
    assert f"constraint key {key!r}" in out and "Rule: " in out and "Techniques: " in out
    assert "Example (" in out and "from this position:" in out, f"no example for {key}: run {COMMAND}"
    assert kind.lower() in out.lower()


@pytest.mark.parametrize("key", KEYS)
def test_each_example_holds_its_constraint_and_its_step_is_sound(key):
    found = catalogue.stored_constraint_example(key)
    assert found is not None, f"no example for {key}: run {COMMAND}"
    ex, _ = found
    state = ex.state()
    assert holds_key(state.puzzle, key)
    from deduce.backtrack import first_solutions

    (solution,) = first_solutions(state.puzzle, limit=2)[:1]
    assert all(solution[c] != d for c, d in ex.step.eliminations)
    assert all(solution[c] == d for c, d in ex.step.placements)
    assert all(state.cand[c] >> solution[c] & 1 for c in range(state.puzzle.ncells))


def test_peer_only_constraints_say_so_and_where_they_matter():
    for key in ("antiknight", "antiking", "killercage/no-total"):
        _, out, _ = run(["techniques", key])
        assert "acts through peers" in out and "matters: " in out, key


def test_a_name_that_is_no_technique_nor_constraint_is_still_refused_in_one_line():
    code, _, err = run(["techniques", "antiknights-move"])
    assert code == 2 and len(err.strip().splitlines()) == 1


# -- writing the stored examples -------------------------------------------------------


def without(puzzle: Puzzle, key: str) -> Puzzle:
    return attrs.evolve(puzzle, constraints=tuple(c for c in puzzle.constraints
                                                  if key not in instance_keys(c, puzzle.size)))


def from_values(puzzle: Puzzle, values: list[int]) -> list[int]:
    full = (1 << puzzle.size) - 1
    out = []
    for c, v in enumerate(values):
        if v >= 0:
            out.append(1 << v)
            continue
        m = full
        for p in puzzle.peers[c]:
            if values[p] >= 0:
                m &= ~(1 << values[p])
        out.append(m)
    return out


def still_made(step: Step, puzzle: Puzzle, cand: list[int], values: list[int]) -> bool:
    state = State(puzzle, list(cand), list(values))
    want_p, want_e = set(step.placements), set(step.eliminations)
    for strategy in discovered():
        if strategy.technique.code != step.code:
            continue
        for other in strategy.find(state):
            if want_p <= set(other.placements) and want_e <= set(other.eliminations):
                return True
    return False


def matters_words(puzzle: Puzzle, key: str, step: Step, values: list[int], put_back: list[int]) -> str:
    name, plain = puzzle.geometry.cell_name, without(puzzle, key)
    houses = puzzle.geometry.houses + puzzle.extra_houses
    said = []
    cells = set(step.cells) | {c for c, _ in step.placements} | {c for c, _ in step.eliminations}
    cells |= {c for h in step.houses if 0 <= h < len(houses) for c in houses[h]}
    for c in sorted(cells):
        for d in bits_of(put_back[c]):
            if step.symbols and d not in step.symbols:
                continue
            by = [p for p in puzzle.peers[c] if values[p] == d and p not in plain.peers[c]]
            if by:
                said.append(f"{name(c)} is not {puzzle.symbols[d]}, since {name(by[0])} holds it")
    kind = catalogue.name_in(puzzle, key)
    if said:
        return "; ".join(said[:4]) + f" (cells the {kind} rule makes differ)"
    return f"the {kind} makes this step itself"


def first_step(puzzle: Puzzle, key: str) -> tuple[State, Step, str] | None:
    plain = without(puzzle, key)
    state = State.from_puzzle(puzzle)
    for step in Solver().solve(puzzle).steps:
        if step.code == "bf":
            return None
        with_c, without_c = from_values(puzzle, state.value), from_values(plain, state.value)
        put_back = [w & ~k for w, k in zip(without_c, with_c)]
        cand = [m | b for m, b in zip(state.cand, put_back)]
        if not still_made(step, plain, cand, state.value):
            return state.copy(), step, matters_words(puzzle, key, step, state.value, put_back)
        state.apply(step)
    return None


def write(keys: list[str] | None = None) -> None:
    """Store an example for each key without one (for the keys given, again)."""
    entries = [json.loads(line) for line in MADE.read_text().splitlines() if line.strip()]
    for key in keys or KEYS:
        found = catalogue.stored_constraint_example(key)
        if found is not None and keys is None:
            continue
        wanted = key.replace("negative: ", "negative:").replace("killercage/no-total", "killercage:nototal")
        fits = sorted((e for e in entries if wanted in e["kinds"] and "jigsaw" not in e["kinds"]),
                      key=lambda e: (len(e["kinds"]), -e["givens"]))
        for entry in fits:
            puzzle = read_puzzle(json.dumps(entry["fpuzzles"]), "fpuzzles")
            got = first_step(puzzle, key)
            if got is None:
                continue
            state, step, matters = got
            record: dict[str, Any] = {"format": FORMAT, "key": key, "code": step.code, "generated_by": COMMAND,
                                      "matters": matters, "example": catalogue.example_to_record(
                                          f"tests/data/variants/made.jsonl: {entry['id']}", False, state, step)}
            path = PACKAGE / constraint_example_path(key)
            path.write_text(json.dumps(record, separators=(",", ":")) + "\n", encoding="utf-8")
            print(f"{key}: {entry['id']}, {step.code} ({matters})")
            break
        else:
            print(f"{key}: no example found", file=sys.stderr)


if __name__ == "__main__":
    write(sys.argv[1:] or None)


def test_the_stored_constraint_examples_are_what_the_command_writes():
    """Each stored example is the first step where its constraint matters on its source puzzle, found again."""
    entries = {json.loads(line)["id"]: json.loads(line) for line in MADE.read_text().splitlines() if line.strip()}
    files = sorted(PACKAGE.glob("data/examples/constraint-*.json"))
    assert files
    for path in files:
        doc = json.loads(path.read_text())
        entry = entries[doc["example"]["source"].rpartition(": ")[2]]
        got = first_step(read_puzzle(json.dumps(entry["fpuzzles"]), "fpuzzles"), doc["key"])
        assert got is not None, f"{path.name}: run {COMMAND} {doc['key']!r}"
        state, step, matters = got
        assert catalogue.step_to_record(step) == doc["example"]["step"], f"run {COMMAND} {doc['key']!r}"
        assert list(state.cand) == doc["example"]["candidates"] and matters == doc["matters"]
