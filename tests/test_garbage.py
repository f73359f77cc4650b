"""Step searches leave nothing for the cyclic garbage collector.

``deduce.collector`` holds the young generation's collections back while a
step is searched, because a search's short-lived containers are freed by
reference counting.  A nested function that calls itself (or its sibling)
through its closure is a reference cycle: made once per search, thousands of
times per puzzle, such cycles cost a sixth of ``explain``'s time in
collections (``bench/PROFILE.md``, tenth pass).  Each producer's search at
its catalogue example, and a whole solve, must leave no cyclic garbage.
"""

from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

import pytest

from deduce import Puzzle, Solver
from deduce.catalogue import stored
from deduce.registry import discovered

EXAMPLES = stored()
#: Examples whose technique a producer finds (backtracking, ``bf``, is the engine's fallback, not a producer).
PRODUCED = sorted(code for code in EXAMPLES if any(s.technique.code == code for s in discovered()))
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


@contextmanager
def cyclic_garbage() -> Iterator[list[object]]:
    """The objects only the cyclic collector could free, made in the block."""
    gc.collect()
    flags = gc.get_debug()
    gc.set_debug(gc.DEBUG_SAVEALL)
    found: list[object] = []
    try:
        yield found
        gc.collect()
        found.extend(gc.garbage)
    finally:
        gc.set_debug(flags)
        gc.garbage.clear()


def _describe(objects: list[object]) -> list[str]:
    return sorted({getattr(o, "__qualname__", type(o).__name__) for o in objects if callable(o)}
                  or {type(o).__name__ for o in objects})


def test_the_check_sees_a_cycle():
    def maker() -> int:
        def again(k: int) -> int:
            return 0 if k == 0 else again(k - 1)
        return again(2)

    with cyclic_garbage() as found:
        maker()
    assert "test_the_check_sees_a_cycle.<locals>.maker.<locals>.again" in _describe(found)


def test_every_example_but_the_fallback_is_checked():
    assert set(EXAMPLES) - set(PRODUCED) == {"bf"}


@pytest.mark.parametrize("code", PRODUCED)
def test_producers_leave_no_cycles(code):
    example = EXAMPLES[code]
    producers = [s for s in discovered() if s.technique.code == code]
    for producer in producers:  # once to fill lazily built tables (imports, geometry caches)
        next(iter(producer.find(example.state())), None)
    with cyclic_garbage() as found:
        steps = [step for producer in producers for step in producer.find(example.state())]
    assert steps, f"{code}: nothing found at its own example"
    assert not found, f"{code}: cyclic garbage from {_describe(found)}"


def test_a_whole_solve_leaves_no_cycles():
    solver = Solver()
    solver.solve(Puzzle.from_string(HARD))
    with cyclic_garbage() as found:
        result = solver.solve(Puzzle.from_string(HARD))
    assert result.status == "solved"
    assert not found, f"cyclic garbage from {_describe(found)}"
