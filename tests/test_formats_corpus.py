"""Every puzzle of ../shared/corpora, written in each format it fits and
read back without ``--format``, is the same puzzle: the same geometry,
alphabet, givens, cages and constraints (``same_puzzle``), so the same
solutions.  The sample run by default also solves each puzzle and its
copies (up to 2 solutions) as a check of ``same_puzzle`` itself.  The whole
corpora run behind the ``corpus`` marker; a few puzzles of each run by
default.  Skips when ../shared is absent."""

from __future__ import annotations

import json
import pathlib
from typing import Iterator

import pytest

from deduce.backtrack import first_solutions
from deduce.formats import fitting_formats, read_puzzles, same_puzzle, write_puzzle
from deduce.puzzle import Puzzle

CORPORA = pathlib.Path(__file__).resolve().parent.parent.parent / "shared" / "corpora"
pytestmark = pytest.mark.skipif(not CORPORA.exists(), reason="../shared/corpora is absent")

TEXT_FILES = ["top1465.txt", "forum-hardest-1106.txt", "hardest-database-110626.txt", "classic-rated.csv",
              "killer-krazydad.csv", "hodoku-reglib-1.3.txt"]
JSON_FILES = {"jigsaw-janko.json": "jigsaw", "killer-janko.json": "killer"}


def corpus(name: str, sample: bool = False) -> Iterator[Puzzle]:
    """The puzzles of one corpus file, read without naming the format (``sample``: a few of them)."""
    path = CORPORA / name
    if name in JSON_FILES:
        texts = [item["problem"] for _, item in sorted(json.loads(path.read_text())["data"].items())]
        texts = texts[::len(texts) // 3][:3] if sample else texts
    else:
        texts = [path.read_text()]
        if sample:
            lines = texts[0].splitlines(keepends=True)
            texts = ["".join(lines[:40] + lines[len(lines) // 2:len(lines) // 2 + 3])]
    for text in texts:
        for entry in read_puzzles(text):
            assert entry.error is None, (name, entry.line, str(entry.error))
            assert entry.puzzle is not None
            if name in JSON_FILES:
                kind = JSON_FILES[name]
                assert entry.puzzle.geometry.is_jigsaw if kind == "jigsaw" else entry.puzzle.cages, entry.format
            yield entry.puzzle


def check_puzzle(puzzle: Puzzle, solve: bool = False) -> None:
    """Each fitting format reads back the same puzzle; with ``solve``, the copies' solutions are compared too
    (each copy solved afresh, not through the equality ``same_puzzle`` already checked)."""
    expected = first_solutions(puzzle, 2) if solve else None
    for fmt in fitting_formats(puzzle):
        entries = list(read_puzzles(write_puzzle(puzzle, fmt)))
        assert len(entries) == 1 and entries[0].puzzle is not None, (fmt, entries[0].error)
        again = entries[0].puzzle
        assert same_puzzle(again, puzzle), fmt
        if solve:
            assert first_solutions(again, 2) == expected, fmt


@pytest.mark.parametrize("name", TEXT_FILES + list(JSON_FILES))
def test_a_sample_of_each_corpus_round_trips(name):
    puzzles = list(corpus(name, sample=True))
    assert puzzles
    for puzzle in puzzles[:: max(1, len(puzzles) // 3)][:4]:
        check_puzzle(puzzle, solve=True)


@pytest.mark.corpus
@pytest.mark.parametrize("name", TEXT_FILES + list(JSON_FILES))
def test_every_corpus_puzzle_round_trips(name):
    count = 0
    for puzzle in corpus(name):
        check_puzzle(puzzle)
        count += 1
    assert count > 100
