"""The variant corpus (tests/data/variants/*.jsonl, made by bench/make_variant_corpus.py).

By default: every record is well formed, its solution keeps every rule by the
independent reference (tests/variant_reference.py), every constraint kind of the
issue is there at least three times, and a small sample is proved unique again.

Behind ``corpus``: deduce reads each puzzle from its f-puzzles JSON, from an
f-puzzles link and from a SudokuPad link (and from the links its own writers
make), solves it to the recorded solution with every step checked against it,
and solves at least 85% of what it reads by logic alone.  A puzzle with a
constraint kind deduce does not read yet is skipped with deduce's own words.
"""

from __future__ import annotations

import json
import pathlib
import random
import re
from collections import Counter
from typing import Any

import pytest

from tests import variant_reference as vr

DATA = pathlib.Path(__file__).parent / "data" / "variants"
LOGIC_SHARE = 0.85


def load() -> list[dict[str, Any]]:
    out = []
    for path in sorted(DATA.glob("*.jsonl")):
        for k, line in enumerate(path.read_text().splitlines(), 1):
            if line.strip():
                item = json.loads(line)
                item["where"] = f"{path.name}:{k}"
                out.append(item)
    return out


CORPUS = load()
IDS = [item["id"] for item in CORPUS]


def values(item: dict[str, Any]) -> list[int]:
    return [int(ch, 36) for ch in item["solution"]]


# -- default suite --------------------------------------------------------------------------------

def test_the_corpus_is_there_and_ids_are_unique() -> None:
    assert len(CORPUS) >= 90
    assert len(set(IDS)) == len(IDS)


def test_records_are_well_formed_and_solutions_keep_every_rule() -> None:
    for item in CORPUS:
        doc, n = item["fpuzzles"], item["size"]
        assert doc["size"] == n and len(item["solution"]) == n * n, item["where"]
        assert item["source"] and item["kinds"], item["where"]
        puzzle = vr.read(doc)
        assert puzzle.broken(values(item)) == [], item["where"]
        assert sorted(set(item["kinds"]) - {"jigsaw"}) == vr.kinds_of(doc), item["where"]


def test_every_kind_has_three_puzzles_and_sizes_vary() -> None:
    counts = Counter(kind for item in CORPUS for kind in item["kinds"])
    missing = {kind: counts[kind] for kind in vr.KINDS if counts[kind] < 3}
    assert not missing
    assert counts["jigsaw"] >= 3
    assert {item["size"] for item in CORPUS} >= {4, 6, 9}
    mixes = [item for item in CORPUS if "killercage" in item["kinds"] and len(set(item["kinds"])) > 2]
    assert len(mixes) >= 3


def test_a_sample_is_unique_by_the_reference() -> None:
    """Six small puzzles and two 9x9s, chosen by a fixed seed, proved unique again (the maker proved them all)."""
    rng = random.Random(2026)
    small = [item for item in CORPUS if item["size"] < 9]
    large = [item for item in CORPUS if item["size"] == 9 and item["givens"] >= 20]
    for item in rng.sample(small, 6) + rng.sample(large, 2):
        assert vr.read(item["fpuzzles"]).solutions(limit=2) == [values(item)], item["id"]


# -- behind the corpus marker: deduce -----------------------------------------------------------------

def _links(doc: dict[str, Any]) -> dict[str, str]:
    from deduce.formats.fpuzzles import FPUZZLES_URL, SUDOKUPAD_URL
    from deduce.formats.lzstring import compress_to_base64

    payload = compress_to_base64(json.dumps(doc, separators=(",", ":")))
    return {"f-puzzles link": FPUZZLES_URL + payload, "SudokuPad link": SUDOKUPAD_URL + payload}


_NOT_YET = re.compile(r"constraint '([^']+)' is not supported|cage without a sum is not supported")
_RESULTS: dict[str, Any] = {}


def _solve(item: dict[str, Any]) -> Any:
    """deduce's reading and solve of one puzzle (kept for the share test): the result, or the reason it is skipped."""
    import deduce

    if item["id"] in _RESULTS:
        return _RESULTS[item["id"]]
    text = json.dumps(item["fpuzzles"])
    try:
        puzzle = deduce.read_puzzle(text)
    except deduce.DeduceError as exc:
        message = str(exc).splitlines()[0]
        if not _NOT_YET.search(message):
            raise
        _RESULTS[item["id"]] = message
        return message
    _RESULTS[item["id"]] = (puzzle, deduce.Solver().solve(puzzle))
    return _RESULTS[item["id"]]


def _same(a: Any, b: Any, same_puzzle: Any) -> bool:
    """deduce's own comparison (geometry, alphabet, givens, cages), and every other field a Puzzle has
    (the variant constraints, as they arrive)."""
    import attrs

    rest = [f.name for f in attrs.fields(type(a)) if f.name not in ("geometry", "symbols", "givens", "cages")]
    return bool(same_puzzle(a, b)) and all(getattr(a, name) == getattr(b, name) for name in rest)


@pytest.mark.corpus
@pytest.mark.parametrize("item", CORPUS, ids=IDS)
def test_deduce_reads_and_solves(item: dict[str, Any]) -> None:
    import deduce
    from deduce.formats import same_puzzle, write_puzzle

    got = _solve(item)
    if isinstance(got, str):
        pytest.skip(f"deduce does not read this kind yet: {got}")
    puzzle, result = got
    for how, link in _links(item["fpuzzles"]).items():
        assert _same(deduce.read_puzzle(link), puzzle, same_puzzle), how
    for fmt in ("fpuzzles-link", "sudokupad-link"):
        assert _same(deduce.read_puzzle(write_puzzle(puzzle, fmt)), puzzle, same_puzzle), fmt
    assert result.solution_count == 1
    solution = [v - 1 for v in values(item)]
    assert list(result.solution) == solution
    for step in result.steps:
        for cell, symbol in step.eliminations:
            assert solution[cell] != symbol, f"{step}: removes the digit of cell {cell}"
        for cell, symbol in step.placements:
            assert solution[cell] == symbol, f"{step}: places a wrong digit"


@pytest.mark.corpus
def test_deduce_solves_most_by_logic_alone() -> None:
    """Issue 44's goal, 85%: with the constraints' links in the chains and their sums in the 45 rule deduce
    solves 97 of the 107 by logic alone (90.7%; 84 before either)."""
    results = [_solve(item) for item in CORPUS]
    read = [r for r in results if not isinstance(r, str)]
    if not read:
        pytest.skip("deduce reads none of the variant corpus yet")
    logic = sum(1 for _, result in read if result.solved and not result.backtracking)
    assert logic >= LOGIC_SHARE * len(read), f"{logic} of {len(read)} read puzzles solved by logic alone"
