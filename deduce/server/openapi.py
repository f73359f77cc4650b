"""The OpenAPI 3.1 description of the API, served at ``/api/openapi.json``."""

from __future__ import annotations

from typing import Any

from .. import __version__
from ..render.json import SCHEMA
from .jobs import API, MAX_GENERATE, OPTIONS, STREAMED, bounds
from .limits import MAX_BODY

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
    "region-symmetry": "generate: a jigsaw's (or Latin square's) regions themselves symmetric, as "
                       "`--region-symmetry`",
}


#: The player's position (``hint``, and the app's ``steps`` and ``export``): its own entry of the document's
#: components, placed symbols and pencil marks apart (read by :func:`deduce.hint.player_state`).
POSITION: dict[str, Any] = {
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
                                          "placed 5"},
        {"type": "null"}]}


#: A puzzle for the document's examples (the README's classic).
_EXAMPLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"


def _option(endpoint: str, name: str, kind: type) -> dict[str, Any]:
    """One option's schema: its JSON type (or null: the default), its bounds, its description."""
    if name == "position":
        return {"$ref": "#/components/schemas/Position"}
    schema: dict[str, Any] = {"type": [_JSON_TYPES.get(kind, "string"), "null"]} if kind in _JSON_TYPES else {}
    limits = bounds(endpoint, name)
    if "enum" in limits:
        schema["enum"] = [*limits["enum"], None]
    schema.update({k: v for k, v in limits.items() if k != "enum"})
    if name in _DESCRIPTIONS:
        schema["description"] = _DESCRIPTIONS[name]
    return schema


def _body(endpoint: str, max_body: int) -> dict[str, Any]:
    props: dict[str, Any] = {}
    required = []
    if endpoint != "generate":
        props["puzzle"] = {"type": "string", "minLength": 1, "maxLength": max_body, "pattern": r"\S",
                           "description": "one puzzle, in any format deduce reads (a text of several is 400)",
                           "examples": [_EXAMPLE]}
        required.append("puzzle")
    props["timeout"] = {"type": "number", "exclusiveMinimum": 0,
                        "description": "seconds of engine work (at most the server's --timeout, or "
                                       "--generate-timeout for generate)"}
    for name, kind in OPTIONS[endpoint].items():
        props[name] = _option(endpoint, name, kind)
    if endpoint == "convert":
        required.append("to")
        props["to"] = {k: v for k, v in props["to"].items() if k != "type"} | {"type": "string"}
        props["to"]["enum"] = [x for x in props["to"]["enum"] if x is not None]
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


def _status(*statuses: str, **extra: Any) -> dict[str, Any]:
    props: dict[str, Any] = {"schema": {"type": "integer", "const": SCHEMA},
                             "status": {"type": "string", "enum": list(statuses)}}
    props.update(extra)
    return {"type": "object", "properties": props, "required": ["schema", "status"]}


_LINE = {"type": "string", "description": "one line"}
#: The documents of the answers that are not records.
SCHEMAS: dict[str, Any] = {
    "Record": {"type": "object", "properties": {"schema": {"type": "integer"}, "status": {"type": "string"}},
               "required": ["status"], "description": "the CLI's --json record (schema 2, docs/json.md)"},
    "Invalid": _status("invalid", error=_LINE),
    "Forbidden": _status("forbidden", error=_LINE),
    "Busy": _status("busy", reason=_LINE),
    "Unavailable": _status("unavailable", reason=_LINE, error=_LINE),
    "Timeout": {"type": "object", "properties": {"status": {"type": "string", "const": "timeout"}},
                "required": ["status"]},
    "Error": _status("error"),
    "Position": POSITION,
}


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/components/schemas/{name}"}


_RETRY = {"Retry-After": {"description": "seconds to wait before asking again", "required": True,
                          "schema": {"type": "string", "pattern": "^[0-9]+$"}}}
_ID = {"X-Request-Id": {"description": "this request's id (the client's own when it gives one), in the access "
                        "log too", "schema": {"type": "string"}}}


def _answer(text: str, schema: str, retry: bool = False) -> dict[str, Any]:
    return {"description": text, "headers": {**_ID, **(_RETRY if retry else {})},
            "content": {"application/json": {"schema": _ref(schema)}}}


def _errors(settings: Any) -> dict[str, Any]:
    max_body = getattr(settings, "max_body", MAX_BODY)
    return {
        "400": _answer("malformed puzzle, options, framing or Host: {\"status\": \"invalid\", \"error\": one line}",
                       "Invalid"),
        "403": _answer("a request from a page of another origin than --cors allows", "Forbidden"),
        "404": _answer("no such endpoint", "Invalid"),
        "405": _answer("a method this path does not take (its Allow header lists those it does)", "Invalid"),
        "408": _answer("the body did not arrive within --body-timeout", "Invalid"),
        "413": _answer(f"the request body is over {max_body} bytes (--max-body)", "Invalid"),
        "429": _answer("this address has --per-client requests in flight in this lane already", "Busy",
                       retry=True),
        "500": _answer("an internal failure: {\"status\": \"error\"} (the server goes on)", "Error"),
        "503": {"description": "every worker stayed busy for --queue-wait seconds ({\"status\": \"busy\"}), or "
                               "the server is stopping ({\"status\": \"unavailable\"})",
                "headers": {**_ID, **_RETRY},
                "content": {"application/json": {"schema": {"oneOf": [_ref("Busy"), _ref("Unavailable")]}}}},
        "504": _answer("the time limit ran out: {\"status\": \"timeout\"}", "Timeout"),
    }


def _responses(endpoint: str, settings: Any) -> dict[str, Any]:
    ok: dict[str, Any] = {"description": "the CLI's --json record (schema 2)", "headers": dict(_ID)}
    if endpoint in STREAMED:
        ok["description"] = "the CLI's --json records, one JSON document a line, as they are found"
        ok["content"] = {"application/x-ndjson": {"schema": {"type": "string"}}}
    else:
        ok["content"] = {"application/json": {"schema": _ref("Record")}}
    out = {"200": ok, **_errors(settings)}
    if endpoint == "generate":
        out["501"] = _answer("this deduce has no generator", "Unavailable")
    return out


def _get(summary: str, content: dict[str, Any], unavailable: bool = False) -> dict[str, Any]:
    responses: dict[str, Any] = {"200": {"description": summary, "headers": dict(_ID), "content": content}}
    if unavailable:
        responses["503"] = _answer("stopping, or no worker up", "Unavailable")
    return {"get": {"summary": summary, "responses": responses}}


def description(settings: Any = None) -> dict[str, Any]:
    """The OpenAPI document: every field's type, bounds, enums; every answer's status and schema."""
    max_body = getattr(settings, "max_body", MAX_BODY)
    paths: dict[str, Any] = {}
    for endpoint in API:
        paths[f"/api/{endpoint}"] = {"post": {
            "operationId": endpoint, "summary": _SUMMARIES[endpoint],
            "requestBody": {"required": True,
                            "content": {"application/json": {"schema": _body(endpoint, max_body)}}},
            "responses": _responses(endpoint, settings)}}
    record = {"application/json": {"schema": _ref("Record")}}
    paths["/healthz"] = _get("live: the server answers", record)
    paths["/readyz"] = _get("ready: its workers are up and it is not stopping", record, unavailable=True)
    paths["/metrics"] = _get("Prometheus metrics (text exposition format)",
                             {"text/plain": {"schema": {"type": "string"}}})
    limit = getattr(settings, "timeout", None)
    return {
        "openapi": "3.1.0",
        "info": {"title": "deduce", "version": __version__,
                 "description": "Solve, explain, hint, rate, generate and convert Sudoku-family puzzles. Bodies "
                                "are JSON objects with the puzzle's text and the command line's option names; "
                                "responses are the records of the command line's --json output (schema 2)."
                                + (f" Each request has at most {limit:g} s of engine work." if limit else "")},
        "paths": paths,
        "components": {"schemas": SCHEMAS},
    }
