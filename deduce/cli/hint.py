"""``deduce hint``: the next step only, from a partly filled grid."""

from __future__ import annotations

import argparse
from typing import Any

from ..engine import Solver
from ..formats import CANDIDATES, Entry, entry_state
from ..render.json import SCHEMA, step_to_json
from ..render.text import TextRenderer
from .common import EXIT_NO_SOLUTION, EXIT_OK, Output, _each, input_options, technique_options


def add_parsers(sub: Any) -> None:
    p = sub.add_parser("hint", help="the next step only, from a partly filled or pencil-marked grid")
    input_options(p)
    technique_options(p)
    p.add_argument("--level", choices=["nudge", "clue", "full"], default="full", help="how much to say")
    p.set_defaults(run=cmd_hint)


def cmd_hint(args: argparse.Namespace, entries: list[Entry], io: Output, solver: Solver) -> int:
    from ..hint import hint, position

    def handle(entry: Entry) -> int:
        puzzle = entry.puzzle
        assert puzzle is not None
        state = entry_state(entry) if entry.format == CANDIDATES else position(puzzle)
        h = hint(state, solver)
        if h.mistake:
            return _report_mistake(h.mistake, args, io, [puzzle.geometry.cell_name(c) for c in h.cells])
        if h.step is None:
            text = "No technique in the enabled set applies from here; trial and error is needed."
            if args.json:
                io.json({"schema": SCHEMA, "status": "stuck", "hint": text})
            else:
                io.print(text)
            return EXIT_OK
        renderer = TextRenderer(puzzle)
        if args.json:
            io.json({"schema": SCHEMA, "status": "hint", "step": step_to_json(h.step, puzzle, renderer)})
        elif args.level == "full":
            io.print(renderer.explain(h.step))
        else:
            io.print(renderer.text(h.step, args.level))
        return EXIT_OK

    return _each(entries, io, args, handle)


def _report_mistake(text: str, args: argparse.Namespace, io: Output, cells: list[str] | None = None) -> int:
    message = text[0].upper() + text[1:] + "."
    if args.json:
        io.json({"schema": SCHEMA, "status": "mistake", "mistake": message, "cells": cells or []})
    else:
        io.print(message)
    return EXIT_NO_SOLUTION


