"""The OpenAPI 3.1 description of the API, served at ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

from .. import __version__
from .jobs import API, MAX_GENERATE, OPTIONS, STREAMED

_JSON_TYPES = {str: "string", int: "integer", bool: "boolean"}

_SUMMARIES = {
    "solve": "Solve by search (or step by step with \"logic\"): the record of `deduce solve --json`.",
    "count": "Count solutions up to \"limit\": the record of `deduce count --json`.",
    "hint": "The next step from a position (\"position\": the player's digits, or a pencil-mark grid), or what "
            "is wrong with it: the record of `deduce hint --json`.",
    "explain": "Every step, streamed as JSON Lines as found, then the result: `deduce explain --json`.",
    "rate": "Ratings (Sudoku Explainer ER/EP/ED, HoDoKu score and level): `deduce rate --json`.",
    "generate": f"New puzzles by kind, size, level or technique, as JSON Lines (at most {MAX_GENERATE}); 501 when "
                "this deduce has no generator.",
    "convert": "The puzzle written in another format (\"to\"): {\"status\": \"converted\", \"text\"}.",
}

_DESCRIPTIONS = {
    "format": "input format (detected when not given), as `--format`",
    "symbols": "the alphabet, e.g. ABCDEF, as `--symbols`",
    "only": "techniques to use only (codes, names or families, comma-separated)",
    "exclude": "techniques never to use",
    "profile": "technique set: deduce, full, se or hodoku",
    "no-uniqueness": "never use uniqueness techniques",
    "logic": "solve step by step with the techniques",
    "limit": "stop counting here (default 1000)",
    "level": "hint: nudge, clue or full; generate: the difficulty asked",
    "nested": "also nested forcing chains up to this level (2-5)",
    "to": "output format (as `deduce convert --to`)",
}


#: The player's position (hint, the app's steps): placed symbols and pencil marks apart (deduce.hint.player_state).
_POSITION = {
    "description": "the player's grid on the puzzle's own grid: an object with the placed symbols and the pencil "
                   "marks apart, or a string (N² symbols, or a pencil-mark grid)",
    "oneOf": [
        {"type": "object", "required": ["digits"], "additionalProperties": False, "properties": {
            "digits": {"type": "string", "description": "N² symbols in reading order, . (or 0) for an empty cell: "
                                                        "the givens and the symbols the player placed"},
            "marks": {"type": "array", "items": {"type": ["string", "null"]},
                      "description": "N² strings, each the candidates the player wrote in that cell (e.g. \"157\"); "
                                     "\"\" or null: no marks written (every symbol the placed ones allow); one "
                                     "candidate is a candidate, never a placed symbol; ignored where a symbol is "
                                     "placed"}}},
        {"type": "string", "description": "N² symbols (. for empty): placed symbols only; or a pencil-mark grid, "
                                          "N rows of N cells, each its candidates: a cell with one candidate is a "
                                          "candidate unless it is a given written as its own symbol, and +5 is a "
                                          "placed 5"}]}


def _body(endpoint: str) -> dict[str, Any]:
    props: dict[str, Any] = {}
    required = []
    if endpoint != "generate":
        props["puzzle"] = {"type": "string", "description": "the puzzle, in any format deduce reads"}
        required.append("puzzle")
    props["timeout"] = {"type": "number", "exclusiveMinimum": 0,
                        "description": "seconds of engine work (at most the server's --timeout)"}
    for name, kind in OPTIONS[endpoint].items():
        if name == "position":
            props[name] = _POSITION
            continue
        props[name] = {"type": _JSON_TYPES[kind]}
        if name in _DESCRIPTIONS:
            props[name]["description"] = _DESCRIPTIONS[name]
    if endpoint == "convert":
        required.append("to")
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


_STATUS = {"type": "object", "properties": {"schema": {"type": "integer"}, "status": {"type": "string"},
                                           "error": {"type": "string"}, "reason": {"type": "string"}},
           "required": ["status"]}


def _responses(endpoint: str, streamed: bool) -> dict[str, Any]:
    ok: dict[str, Any] = {"description": "the CLI's --json record (schema 2)"}
    if streamed:
        ok["content"] = {"application/x-ndjson": {"schema": {"type": "string"}}}
    else:
        ok["content"] = {"application/json": {"schema": _STATUS}}

    def plain(text: str) -> dict[str, Any]:
        return {"description": text, "content": {"application/json": {"schema": _STATUS}}}

    out = {"200": ok, "400": plain("malformed puzzle or options: {\"status\": \"invalid\", \"error\": one line}"),
           "413": plain("the request body is over 1 MiB"),
           "500": plain("an internal failure: {\"status\": \"error\"} (the server goes on)"),
           "503": plain("every worker stayed busy: {\"status\": \"busy\"}, try again"),
           "504": plain("the time limit ran out: {\"status\": \"timeout\"}")}
    if endpoint == "generate":
        out["501"] = plain("this deduce has no generator")
    return out


def description(settings: Any = None) -> dict[str, Any]:
    """The OpenAPI document."""
    paths = {}
    for endpoint in API:
        paths[f"/api/{endpoint}"] = {"post": {
            "operationId": endpoint, "summary": _SUMMARIES[endpoint],
            "requestBody": {"required": True, "content": {"application/json": {"schema": _body(endpoint)}}},
            "responses": _responses(endpoint, endpoint in STREAMED)}}
    limit = getattr(settings, "timeout", None)
    return {
        "openapi": "3.1.0",
        "info": {"title": "deduce", "version": __version__,
                 "description": "Solve, explain, hint, rate, generate and convert Sudoku-family puzzles. Bodies "
                                "are JSON objects with the puzzle's text and the command line's option names; "
                                "responses are the records of the command line's --json output (schema 2)."
                                + (f" Each request has at most {limit:g} s of engine work." if limit else "")},
        "paths": paths,
    }
