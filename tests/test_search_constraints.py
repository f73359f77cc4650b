"""The search's incremental constraint narrowing (deduce/_search_constraints.py) narrows as a narrowing
from scratch does: the same nodes, the same solutions; and it may skip a constraint none of whose cells
changed because every narrowing family reads and writes only its own cells."""

from __future__ import annotations

import json
import pathlib
import random

import pytest

from deduce import backtrack
from deduce.formats import read_puzzle
from deduce.puzzle import Puzzle

MADE = pathlib.Path(__file__).resolve().parent / "data" / "variants" / "made.jsonl"
ENTRIES = [json.loads(line) for line in MADE.read_text().splitlines() if line.strip()]


def puzzle_of(entry: dict) -> Puzzle:
    return read_puzzle(json.dumps(entry["fpuzzles"]), "fpuzzles")


class KeepsNothing(list):
    """A fixed-point stack that never keeps one: every node narrows from scratch."""

    def append(self, item):
        pass


def search(puzzle: Puzzle, incremental: bool) -> tuple[list, int]:
    s = backtrack.Search(puzzle)
    if not incremental:
        s.kept = KeepsNothing()
    node = s.start()
    sols = [] if node is None else [x for _, x in zip(range(2), s.solutions(node))]
    return sols, s.nodes


#: one puzzle of each constraint family whose search takes some nodes, cheap enough for the default suite
SAMPLE = ["nonconsecutive-1", "littlekillersum-2", "littlekillersum-5", "regionsumline-1", "negative-kropki-1",
          "negative-ratio-1", "arrow-pill-1", "zipperline-1", "renban-1", "betweenline-1", "xsum-1",
          "skyscraper-1", "sandwichsum-2", "thermometer-3", "whispers-3", "entropicline-4", "palindrome-3",
          "mix-jigsaw-killer-thermo-12", "mix-killer-xv-whispers-13", "odd-even-3"]


@pytest.mark.parametrize("name", SAMPLE)
def test_the_incremental_narrowing_searches_the_same_nodes_to_the_same_solutions(name):
    (entry,) = [e for e in ENTRIES if e["id"] == name]
    puzzle = puzzle_of(entry)
    sols, nodes = search(puzzle, incremental=True)
    assert (sols, nodes) == search(puzzle, incremental=False)
    assert len(sols) == 1 and [puzzle.symbols[v] for v in sols[0]] == list(entry["solution"])


def narrowing_constraints() -> list[tuple[str, Puzzle, object]]:
    out, seen = [], set()
    for entry in ENTRIES:
        puzzle = puzzle_of(entry)
        for c in puzzle.constraints:
            if c.NARROWS and (type(c), puzzle.size) not in seen:
                seen.add((type(c), puzzle.size))
                out.append((entry["id"], puzzle, c))
    return out


def test_every_narrowing_family_reads_and_writes_only_its_own_cells():
    rng = random.Random(44)
    found = narrowing_constraints()
    assert len({type(c) for _, _, c in found}) >= 9
    for name, puzzle, c in found:
        own = set(c.covered())
        assert own, f"{name}: {type(c).__name__} covers no cells, so the search asks it every time"
        full = (1 << puzzle.size) - 1
        for _ in range(30):
            base = [rng.randint(1, full) for _ in range(puzzle.ncells)]
            first, second = base.copy(), base.copy()
            for cell in range(puzzle.ncells):
                if cell not in own:
                    second[cell] = rng.randint(1, full)
            other = second.copy()
            ok1, ok2 = c.narrow(puzzle, first), c.narrow(puzzle, second)
            assert ok1 == ok2, (name, type(c).__name__)
            if ok1:
                assert [first[x] for x in sorted(own)] == [second[x] for x in sorted(own)], (name, type(c).__name__)
            assert all(first[x] == base[x] and second[x] == other[x] for x in range(puzzle.ncells) if x not in own)
