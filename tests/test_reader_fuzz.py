"""Fuzzing the readers: random text, mutations of valid documents in every
format, random JSON and random f-puzzles documents never raise anything
but deduce's own input errors (a small budget here; ``-m fuzz`` runs long)."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce.errors import DeduceError
from deduce.formats import READERS, WRITABLE, fitting_formats, read_puzzle, read_puzzles, write_puzzle
from deduce.formats.fpuzzles import fpuzzles_doc
from deduce.formats.lzstring import compress_to_base64

from .test_formats_support import CLASSIC, JIGSAW4, KILLER4, SIX_LETTERS

SMALL = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
LONG = settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))

LATIN = "0 0 1 1 1\n0 0 2 1 1\n3 0 2 2 2\n3 3 3 2 4\n3 4 4 4 4\n2\n01A\n32C\n"
SAMPLES = [read_puzzle(t) for t in (CLASSIC, JIGSAW4, KILLER4, SIX_LETTERS, LATIN)]
DOCUMENTS = [write_puzzle(p, fmt) for p in SAMPLES for fmt in fitting_formats(p)]
FORMATS = sorted(READERS)


def read_all(text: str, fmt: str | None = None) -> None:
    """Read ``text``: every entry holds a puzzle or a DeduceError; nothing else escapes."""
    for entry in read_puzzles(text, fmt):
        assert (entry.puzzle is None) != (entry.error is None)
        if entry.error is not None:
            assert isinstance(entry.error, DeduceError)
            assert str(entry.error) and str(entry.error).isprintable()


CHARS = st.characters(codec="utf-8", exclude_categories=("Cs",))
ALPHABET = st.sampled_from(list("0123456789.-*_x|+:'#;,\n\r\t {}[]\"ABCDEFGHIabcRCr²٣５ +/=?&\ufeff"))


@st.composite
def mutated(draw: st.DrawFn) -> tuple[str, str | None]:
    text = draw(st.sampled_from(DOCUMENTS))
    for _ in range(draw(st.integers(1, 4))):
        kind = draw(st.sampled_from(["delete", "insert", "replace", "truncate", "duplicate-line", "swap-lines"]))
        i = draw(st.integers(0, max(0, len(text) - 1)))
        if kind == "delete":
            text = text[:i] + text[i + draw(st.integers(1, 5)):]
        elif kind == "insert":
            text = text[:i] + draw(st.text(ALPHABET, min_size=1, max_size=5)) + text[i:]
        elif kind == "replace":
            text = text[:i] + draw(ALPHABET) + text[i + 1:]
        elif kind == "truncate":
            text = text[:i]
        else:
            lines = text.split("\n")
            k = draw(st.integers(0, len(lines) - 1))
            if kind == "duplicate-line":
                lines.insert(k, lines[k])
            else:
                lines[k], lines[-1] = lines[-1], lines[k]
            text = "\n".join(lines)
    return text, draw(st.sampled_from([None, *FORMATS]))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-10 ** 6, 10 ** 6) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5),
    max_leaves=30)
KEYS = st.sampled_from(["size", "symbols", "givens", "regions", "cages", "sum", "cells", "repeats", "title"])


@st.composite
def json_documents(draw: st.DrawFn) -> str:
    doc = draw(st.dictionaries(KEYS, JSON_VALUES, max_size=6))
    if draw(st.booleans()):
        doc["size"] = draw(st.integers(0, 30))
    return json.dumps(doc)


@st.composite
def fpuzzles_documents(draw: st.DrawFn) -> str:
    doc = fpuzzles_doc(draw(st.sampled_from(SAMPLES)))
    if draw(st.booleans()):
        r, c = draw(st.integers(0, 3)), draw(st.integers(0, 3))
        doc["grid"][r][c] = draw(st.dictionaries(st.sampled_from(["value", "given", "region"]), JSON_VALUES))
    if doc.get("killercage") and draw(st.booleans()):
        doc["killercage"][0][draw(st.sampled_from(["cells", "value"]))] = draw(JSON_VALUES)
    for _ in range(draw(st.integers(0, 2))):
        doc[draw(st.sampled_from(["size", "grid", "killercage", "arrow", "text", "diagonal+"]))] = draw(JSON_VALUES)
    text = json.dumps(doc)
    return draw(st.sampled_from([text, "https://www.f-puzzles.com/?load=" + compress_to_base64(text),
                                 "https://sudokupad.app/fpuzzles" + compress_to_base64(text)]))


def _random_text(text: str) -> None:
    read_all(text)


def _mutation(case: tuple[str, str | None]) -> None:
    read_all(*case)


def _json(text: str) -> None:
    read_all(text)
    read_all(text, "json")


def _fpuzzles(text: str) -> None:
    read_all(text)


PROPERTIES = [
    (_random_text, st.text(ALPHABET, max_size=400)),
    (_random_text, st.text(CHARS, max_size=200)),
    (_mutation, mutated()),
    (_json, json_documents()),
    (_json, JSON_VALUES.map(json.dumps)),
    (_fpuzzles, fpuzzles_documents()),
    (_fpuzzles, st.text(st.sampled_from(list("{}[],:'\"\\ftv01239.-ceawp#F")), max_size=120).map(
        lambda t: "https://sudokupad.app/scl" + compress_to_base64(t))),
]


@pytest.mark.parametrize("check,strategy", PROPERTIES, ids=lambda x: getattr(x, "__name__", "s"))
def test_readers_raise_only_parse_errors(check, strategy):
    SMALL(given(strategy)(check))()


@pytest.mark.fuzz
@pytest.mark.parametrize("check,strategy", PROPERTIES, ids=lambda x: getattr(x, "__name__", "s"))
def test_readers_raise_only_parse_errors_long(check, strategy):
    LONG(given(strategy)(check))()


def test_every_writable_format_is_in_the_fuzzed_documents():
    written = {fmt for p in SAMPLES for fmt in fitting_formats(p)}
    assert written == set(WRITABLE)
