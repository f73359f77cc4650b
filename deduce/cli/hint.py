"""``deduce hint``: the next step only, from a partly filled grid.

The grid is the player's position; the original puzzle, when known, comes
from ``--givens FILE`` (one puzzle, or one per input puzzle in order) or,
in a JSON document, from ``givens`` with the player's grid in
``position``.  With it a wrong symbol is located by the solution.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

from ..errors import DeduceError
from ..formats import CANDIDATES, Entry, read_puzzles
from ..formats.marks import player_position
from ..hint import HINT, MISTAKE, MULTIPLE, Hint, hint, position
from ..puzzle import Puzzle
from ..render.json import SCHEMA, step_to_json
from ..render.words import TextRenderer
from .common import (
    EXIT_BAD_INPUT,
    EXIT_MULTIPLE,
    EXIT_NO_SOLUTION,
    EXIT_OK,
    Output,
    _each,
    _read_input,
    _solver,
    input_options,
    technique_options,
)


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("hint", help="the next step only, from a partly filled or pencil-marked grid")
    input_options(p)
    technique_options(p)
    p.add_argument("--level", choices=["nudge", "clue", "full"], default="full", help="how much to say")
    p.add_argument("--givens", metavar="FILE",
                   help="the original puzzle (one, or one per input puzzle), to locate a wrong symbol")
    p.set_defaults(run=None, standalone=cmd_hint)


def split_positions(text: str) -> tuple[str, list[Puzzle | None]] | None:
    """JSON input whose documents carry ``position``: (the players' grids as
    JSON Lines, each document's original puzzle or None).  None when the
    input is not such JSON."""
    stripped = text.strip()
    if not stripped.startswith(("{", "[")):
        return None
    try:
        whole = json.loads(stripped)
        docs = whole if isinstance(whole, list) else [whole]
    except json.JSONDecodeError:
        try:
            docs = [json.loads(line) for line in text.splitlines() if line.strip()]
        except json.JSONDecodeError:
            return None
    if not any(isinstance(d, dict) and "position" in d for d in docs):
        return None
    from ..formats import puzzle_from_json

    lines: list[str] = []
    originals: list[Puzzle | None] = []
    for doc in docs:
        if isinstance(doc, dict) and "position" in doc:
            original = dict(doc)
            player = dict(doc)
            player["givens"] = player.pop("position")
            original.pop("position")
            try:
                originals.append(puzzle_from_json(original))
            except DeduceError:
                originals.append(None)  # the player's grid reports what is wrong with the document
            lines.append(json.dumps(player))
        else:
            originals.append(None)
            lines.append(json.dumps(doc))
    return "\n".join(lines), originals


def cmd_hint(args: argparse.Namespace, io: Output) -> int:
    try:
        text = _read_input(args.file)
        split = split_positions(text)
        originals: list[Puzzle | None] = []
        if split is not None:
            text, originals = split
        entries = list(read_puzzles(text, args.fmt, symbols=args.symbols))
        solver = _solver(args)
        if args.givens:
            given = list(read_puzzles(_read_input(args.givens), None, symbols=args.symbols))
            bad = next((e for e in given if e.error is not None), None)
            if bad is not None:
                io.warn(f"{args.givens}: {bad.error}")
                return EXIT_BAD_INPUT
            if len(given) not in (1, len(entries)):
                io.warn(f"{args.givens}: {len(given)} puzzles for {len(entries)} grids (give one, or one per grid)")
                return EXIT_BAD_INPUT
            originals = [e.puzzle for e in given] * (len(entries) if len(given) == 1 else 1)
    except OSError as exc:
        io.warn(f"{exc.filename or args.file}: {exc.strerror or exc}")
        return EXIT_BAD_INPUT
    except (DeduceError, KeyError) as exc:
        io.warn(str(exc).strip("'\""))
        return EXIT_BAD_INPUT
    if not entries:
        io.warn(f"{args.file}: no puzzle found")
        return EXIT_BAD_INPUT
    index = {id(e): i for i, e in enumerate(entries)}

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        original = originals[index[id(entry)]] if originals else None
        # a pencil-mark grid: one candidate is a candidate, unless placed (+5)
        state = player_position(entry, original) if entry.format == CANDIDATES else position(puzzle)
        puzzle = state.puzzle
        try:
            h = hint(state, solver, original)
        except ValueError as exc:
            io.warn(f"line {entry.line}: {exc}")
            return EXIT_BAD_INPUT
        if h.status == HINT and h.step is not None:
            renderer = TextRenderer(puzzle)
            if args.json:
                io.json({"schema": SCHEMA, "status": "hint", "step": step_to_json(h.step, puzzle, renderer)})
            elif args.level == "full":
                io.print(renderer.explain(h.step))
            else:
                io.print(renderer.text(h.step, args.level))
            return EXIT_OK
        return _report(h, puzzle, args, io)

    try:
        return _each(entries, io, args, handle)
    except BrokenPipeError:
        return EXIT_OK


def _report(h: Hint, puzzle: Puzzle, args: argparse.Namespace, io: Output) -> int:
    """A mistake, a solved grid, several solutions or no applicable technique, in words."""
    if args.json:
        doc: dict[str, Any] = {"schema": SCHEMA, "status": h.status, "nudge": h.text("nudge"),
                               "clue": h.text("clue"), "explanation": h.text("full"),
                               "cells": [puzzle.geometry.cell_name(c) for c in h.cells]}
        if h.status == MISTAKE:
            doc["mistake"] = h.text("full")
        else:
            doc["hint"] = h.text("full")
        io.json(doc)
    else:
        io.print(h.text(args.level))
    return {MISTAKE: EXIT_NO_SOLUTION, MULTIPLE: EXIT_MULTIPLE}.get(h.status, EXIT_OK)
