"""The engine work of one request, as run inside a worker process.

Each API endpoint is the CLI command of the same name, run on the request's
puzzle text as its standard input (never a file: the file argument is
always ``-``, and no option that names a file is accepted), with the CLI's
own option names taken from the request body.  So a response is exactly
the record ``deduce COMMAND --json`` writes (schema 2), and a malformed
puzzle is the CLI's one line.  ``hint`` with a ``position`` (the player's
grid on the puzzle's own geometry) and the app's own requests (``board``,
``steps``) are answered here directly, with the same records.

:func:`run` is called with ``emit(kind, payload)``: ``("line", text)`` for
every JSON record written, as it is written (``explain`` streams), then
``("end", (exit_code, error_line))`` once.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, Callable, TextIO, cast

from ..errors import DeduceError, ParseError

Emit = Callable[[str, Any], None]

#: Options every command that reads a puzzle takes.
_READING = {"format": str, "symbols": str}
_TECHNIQUES = {"only": str, "exclude": str, "profile": str, "no-uniqueness": bool}

#: Endpoint -> the options its body may hold (CLI names, without the dashes) and their JSON types.
OPTIONS: dict[str, dict[str, type]] = {
    "solve": {**_READING, **_TECHNIQUES, "logic": bool},
    "count": {**_READING, "limit": int},
    # position: a string, or {"digits", "marks"} (deduce.hint.player_state reads and checks it)
    "hint": {**_READING, **_TECHNIQUES, "level": str, "position": object},
    "explain": {**_READING, **_TECHNIQUES},
    "rate": {**_READING, "no-uniqueness": bool, "nested": int},
    "convert": {**_READING, "to": str},
    # deduce generate's options, less those naming files, processes or clusters
    "generate": {"kind": str, "size": int, "box": str, "symbols": str, "level": str, "er": str, "score": str,
                 "technique": str, "first": bool, "exclude": str, "profile": str, "allow-backtracking": bool,
                 "symmetry": str, "givens": int, "minimal": bool, "sum-only": bool, "count": int, "seed": int,
                 "cage-sizes": str,
                 "max-single-cages": int,
                 "cages": int,
                 "region-symmetry": str},
    "board": {**_READING},
    "steps": {**_READING, **_TECHNIQUES, "position": object},
    # coachplus: the strategy pages, practice positions and exports (deduce/server/study.py)
    "technique": {"technique": str},
    "practice": {"technique": str, "seed": int},
    "export": {**_READING, "position": object, "marks": str, "colours": str, "to": str},
}
#: The API's endpoints (``POST /api/<name>``); ``explain`` and ``generate`` answer in JSON Lines.
API = ("solve", "count", "hint", "explain", "rate", "generate", "convert")
STREAMED = {"explain", "generate"}
#: The app's own requests (``POST /app/<name>``): a puzzle to draw, the steps of a solve from a position.
APP = ("board", "steps", "technique", "practice", "export")
#: Endpoints that take no puzzle.
NO_PUZZLE = {"generate", "technique", "practice"}
#: The most puzzles one ``generate`` request may ask for.
MAX_GENERATE = 20


#: Endpoints of the cheap lane when their puzzle is a 9×9 or smaller (see :func:`lane`): a flood of the
#: others (count, generate, anything on a larger grid) never takes the workers kept for these.
CHEAP = {"solve", "hint", "convert", "rate", "explain", "board", "steps"}
#: How many symbols (besides spaces and grid lines) a puzzle text of the cheap lane holds at most.
CHEAP_SYMBOLS = 200
#: The longest string option (the puzzle and the position are bounded by the body's size only).
MAX_STRING = 200


class Invalid(ValueError):
    """A request the server refuses (400), as one line."""


def lane(endpoint: str, body: Any) -> str:
    """``"cheap"`` or ``"expensive"``: the queue a request waits in.  A
    request is cheap when its endpoint is in :data:`CHEAP` and its puzzle
    text is a 9×9's at most (no more than :data:`CHEAP_SYMBOLS` symbols
    besides spaces and grid lines: a line, a grid or a pencil-mark grid);
    the text is only measured here, never read.

    >>> lane("hint", {"puzzle": "." * 81})
    'cheap'
    >>> lane("solve", {"puzzle": "." * 256}), lane("count", {"puzzle": "." * 81})
    ('expensive', 'expensive')
    """
    if endpoint not in CHEAP or not isinstance(body, dict):
        return "expensive"
    puzzle = body.get("puzzle")
    if not isinstance(puzzle, str) or len(puzzle) > 8 * CHEAP_SYMBOLS:
        return "expensive"
    symbols = len(puzzle.translate(_LAYOUT))
    return "cheap" if symbols <= CHEAP_SYMBOLS else "expensive"


_LAYOUT = {ord(ch): None for ch in " \t\r\n|-+=_"}


def bounds(endpoint: str, name: str) -> dict[str, Any]:
    """The JSON Schema bounds of option ``name`` of ``endpoint`` (``enum``,
    ``minimum``, ``maximum``, ``maxLength``): :func:`check_body` holds
    requests to them and the OpenAPI document states them.

    >>> bounds("hint", "level")["enum"]
    ['nudge', 'clue', 'full']
    >>> bounds("count", "limit")
    {'minimum': 1, 'maximum': 1000000000}
    """
    from ..cli.common import PROFILES
    from ..formats import READERS, WRITABLE
    from ..geometry import MAX_SIZE, MIN_SIZE
    from ..hint import LEVELS as HINT_LEVELS
    from ..technique import LEVELS
    from ..technique_table import NESTED_LEVELS

    if name == "level":
        if endpoint == "hint":
            return {"enum": list(HINT_LEVELS)}
        return {"enum": [x.lower() for x in LEVELS] + [x for x in LEVELS if x != x.lower()]}
    if name == "format":
        return {"enum": sorted(READERS)}
    if name == "to":
        if endpoint == "export":
            from .study import EXPORTS

            return {"enum": list(EXPORTS)}
        return {"enum": list(WRITABLE)}
    if name == "profile":
        return {"enum": sorted(PROFILES)}
    if name in ("kind", "symmetry", "region-symmetry"):
        return {"enum": list(_generate_choices(name))}
    if name == "limit":
        return {"minimum": 1, "maximum": 10 ** 9}
    if name == "nested":
        return {"enum": [0, *sorted(NESTED_LEVELS)]}
    if name == "size":
        return {"minimum": MIN_SIZE, "maximum": MAX_SIZE}
    if name == "count":
        return {"minimum": 1, "maximum": MAX_GENERATE}
    if name == "givens":
        return {"minimum": 0, "maximum": MAX_SIZE * MAX_SIZE}
    if name == "seed":
        return {"minimum": 0, "maximum": 2 ** 63 - 1}
    kind = OPTIONS[endpoint].get(name)
    if kind is str and name not in ("position",):
        return {"maxLength": MAX_STRING}
    return {}


def _generate_choices(name: str) -> tuple[str, ...]:
    try:
        if name == "kind":
            from ..generate.request import KINDS

            return tuple(KINDS)
        from ..generate.symmetry import SYMMETRIES

        return tuple(SYMMETRIES)
    except ImportError:   # a deduce without its generator: generate answers 501 whatever it is asked
        return ("classic",) if name == "kind" else ("none",)


def _check_bounds(endpoint: str, key: str, value: Any) -> None:
    limits = bounds(endpoint, _kebab(key))
    if "enum" in limits and value not in limits["enum"]:
        raise Invalid(f"{endpoint}: {key!r} must be one of {', '.join(map(str, limits['enum']))}, "
                      f"got {json.dumps(value)[:40]}")
    if "minimum" in limits and not limits["minimum"] <= value <= limits["maximum"]:
        raise Invalid(f"{endpoint}: {key!r} must be {limits['minimum']} to {limits['maximum']}, got {value}")
    if "maxLength" in limits and len(value) > limits["maxLength"]:
        raise Invalid(f"{endpoint}: {key!r} is over {limits['maxLength']} characters")


def _kebab(key: str) -> str:
    return key.replace("_", "-")


def check_body(endpoint: str, body: Any) -> dict[str, Any]:
    """The body's options, checked against :data:`OPTIONS` (raises :class:`Invalid`)."""
    if not isinstance(body, dict):
        raise Invalid("the request body must be a JSON object")
    known = OPTIONS[endpoint]
    options: dict[str, Any] = {}
    for key, value in body.items():
        name = _kebab(str(key))
        if name in ("puzzle", "timeout"):
            continue
        if name not in known:
            raise Invalid(f"{endpoint}: unknown option {key!r}; known: puzzle, timeout, {', '.join(known)}")
        want = known[name]
        if value is None:
            continue
        ok = isinstance(value, want) and not (want is int and isinstance(value, bool))
        if not ok:
            raise Invalid(f"{endpoint}: {key!r} must be {_TYPE_WORDS.get(want, 'a value')}, "
                          f"got {json.dumps(value)[:40]}")
        _check_bounds(endpoint, key, value)
        options[name] = value
    if endpoint not in NO_PUZZLE:
        puzzle = body.get("puzzle")
        if not isinstance(puzzle, str) or not puzzle.strip():
            raise Invalid(f"{endpoint}: 'puzzle' must be the puzzle's text, in any format deduce reads")
        options["puzzle"] = puzzle
    if "timeout" in body:
        seconds = body["timeout"]
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds > 0:
            raise Invalid(f"{endpoint}: 'timeout' must be a number of seconds above 0")
    return options


_TYPE_WORDS = {str: "a string", int: "a whole number", bool: "true or false"}


def argv_for(endpoint: str, options: dict[str, Any], seconds: float | None) -> list[str]:
    """The CLI arguments of a request: the command, ``-`` (standard input),
    ``--json`` and the options (``True`` flags as ``--name``)."""
    argv = [endpoint, "-", "--json"]
    if endpoint == "rate":
        argv += ["--jobs", "1"]   # in this worker, never a pool of its own
    for name, value in options.items():
        if name in ("puzzle", "position"):
            continue
        if value is True:
            argv.append(f"--{name}")
        elif value is not False:
            argv += [f"--{name}", str(value)]
    if seconds is not None and endpoint != "convert":
        argv += ["--timeout", f"{seconds:g}"]
    return argv


class _Lines(io.TextIOBase):
    """A text stream that emits each complete line as it is written."""

    def __init__(self, emit: Emit):
        self.emit = emit
        self.buffer = ""

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        self.buffer += text
        while "\n" in self.buffer:
            line, self.buffer = self.buffer.split("\n", 1)
            if line.strip():
                self.emit("line", line)
        return len(text)


def _first_error(text: str) -> str:
    """The CLI's one line (the first on standard error), without ``deduce: ``."""
    for line in text.splitlines():
        if line.strip():
            return line.removeprefix("deduce: ").strip()
    return ""


def run(endpoint: str, body: Any, seconds: float | None, emit: Emit) -> None:
    """Answer one request (see the module's docstring)."""
    try:
        options = check_body(endpoint, body)
        if endpoint in ("board", "steps") or (endpoint == "hint" and "position" in options):
            code = _direct(endpoint, options, seconds, emit)
            emit("end", (code, ""))
            return
        if endpoint == "generate":
            code = _generate(options, seconds, emit)
            emit("end", (code, ""))
            return
        if endpoint in ("technique", "practice", "export"):   # coachplus (deduce/server/study.py)
            from .study import answer

            emit("end", (answer(endpoint, options, seconds, emit, board=board, one_entry=_one_entry), ""))
            return
        # one puzzle per request, read before the command runs: a malformed one is 400 before any
        # record is streamed, and a text of several puzzles is refused rather than half answered
        _one_entry(options["puzzle"], options.get("format"), options.get("symbols"))
    except Invalid as exc:
        emit("end", (2, str(exc)))
        return
    except DeduceError as exc:
        emit("end", (2, " ".join(str(exc).split())))
        return
    _cli(endpoint, options, seconds, emit)


def _cli(endpoint: str, options: dict[str, Any], seconds: float | None, emit: Emit) -> None:
    from ..cli import main
    from ..render.json import SCHEMA

    err = io.StringIO()
    saved = sys.stdin
    sys.stdin = io.StringIO(options["puzzle"])
    text = io.StringIO()
    try:
        # convert writes the puzzle as text (no --json): one record holds it
        out: Any = text if endpoint == "convert" else _Lines(emit)
        argv = argv_for(endpoint, options, seconds)
        code = main([a for a in argv if a != "--json"] if endpoint == "convert" else argv, out=out, err=err)
    finally:
        sys.stdin = saved
    if endpoint == "convert" and code == 0:
        emit("line", json.dumps({"schema": SCHEMA, "status": "converted", "to": options.get("to"),
                                 "text": text.getvalue().rstrip("\n")}, ensure_ascii=False))
    emit("end", (code, _first_error(err.getvalue())))


# -- answered here: the player's position, and the app's own requests --------------------------

def _one_entry(text: str, fmt: str | None, symbols: str | None) -> Any:
    """The one puzzle of ``text`` (raises :class:`Invalid` with the CLI's line)."""
    from ..formats import read_puzzles

    entries = list(read_puzzles(text, fmt, symbols=symbols))
    if not entries:
        raise Invalid("no puzzle found")
    bad = entries[0].error
    if bad is not None:
        raise Invalid(" ".join(str(bad).split()))
    if len(entries) > 1:
        raise Invalid(f"one puzzle per request; the text holds {len(entries)} (send each in its own request)")
    return entries[0]


def player_state(puzzle: Any, position: Any) -> Any:
    """The player's position (a string or ``{"digits", "marks"}``), read by
    the core as ``deduce hint`` reads it: :func:`deduce.hint.player_state`."""
    from ..hint import player_state as read

    return read(puzzle, position)


def _solver(options: dict[str, Any]) -> Any:
    from ..cli.common import _solver as cli_solver

    return cli_solver(argparse.Namespace(only=options.get("only"), exclude=options.get("exclude"),
                                         profile=options.get("profile", "deduce"),
                                         no_uniqueness=options.get("no-uniqueness", False)))


def _direct(endpoint: str, options: dict[str, Any], seconds: float | None, emit: Emit) -> int:
    from .. import deadline
    from ..cli.common import EXIT_OK, EXIT_TIMEOUT
    from ..errors import SolveTimeout
    from ..render.json import SCHEMA

    entry = _one_entry(options["puzzle"], options.get("format"), options.get("symbols"))
    puzzle = entry.puzzle
    try:
        solver = _solver(options) if endpoint != "board" else None
    except (KeyError, ValueError) as exc:
        raise Invalid(str(exc).strip("'\"")) from None
    state = player_state(puzzle, options["position"]) if options.get("position") else None
    try:
        with deadline.limit(seconds):
            if endpoint == "board":
                emit("line", json.dumps(board(entry), ensure_ascii=False))
                return EXIT_OK
            if endpoint == "steps":
                return _steps(puzzle, state, solver, emit)
            return _hint(puzzle, state, solver, options.get("level", "full"), emit)
    except SolveTimeout as exc:
        emit("line", json.dumps({"schema": SCHEMA, "status": "timeout", "reason": str(exc)}))
        return EXIT_TIMEOUT


def _hint(puzzle: Any, state: Any, solver: Any, level: str, emit: Emit) -> int:
    from ..cli.common import Output
    from ..cli.hint import _report
    from ..hint import HINT, LEVELS, hint
    from ..render.json import SCHEMA, step_to_json
    from ..render.words import TextRenderer

    if level not in LEVELS:
        raise Invalid(f"hint: 'level' must be one of {', '.join(LEVELS)}, got {level!r}")
    try:
        h = hint(state, solver, puzzle)
    except ValueError as exc:
        raise Invalid(str(exc)) from None
    out = _Lines(emit)
    if h.status == HINT and h.step is not None:
        step = step_to_json(h.step, puzzle, TextRenderer(puzzle), state)
        emit("line", json.dumps({"schema": SCHEMA, "status": "hint", "step": step}, ensure_ascii=False))
        return 0
    return _report(h, puzzle, argparse.Namespace(json=True, level=level), Output(cast(TextIO, out), io.StringIO()))


def board(entry: Any) -> dict[str, Any]:
    """What the app draws a puzzle from: the offline page's data without
    steps (geometry, symbols, cages, givens, layout, roles), the names that
    records use for houses and cages, the solution when there is exactly one,
    and the puzzle written as a line (for links)."""
    from .. import backtrack
    from ..errors import Contradiction
    from ..render.html import board_data, page_title
    from ..render.json import SCHEMA
    from ..state import State

    puzzle = entry.puzzle
    data = board_data(puzzle, page_title(puzzle, entry.extra))
    try:
        start = State.from_puzzle(puzzle)
        data["start"] = {"v": list(start.value), "c": list(start.cand)}
    except Contradiction as exc:
        data["start"] = None
        data["reason"] = exc.reason
    data["cageNames"] = [puzzle.cage_name(i) for i in range(len(puzzle.cages))]
    data["schema"] = SCHEMA
    data["status"] = "board"
    data["format"] = entry.format
    found = backtrack.first_solutions(puzzle, 2) if data.get("start") else []
    data["solutions"] = min(len(found), 2)
    data["kind"] = "variant" if puzzle.constraints else "killer" if puzzle.cages else (
        "jigsaw" if puzzle.geometry.is_jigsaw else "classic")
    return data


def _steps(puzzle: Any, state: Any, solver: Any, emit: Emit) -> int:
    """``Solve from here``: the offline page's data for the solve from the
    player's position (or the start)."""
    from ..render.html import definitions, page_data, page_title

    target = state if state is not None else puzzle
    result = solver.solve(target)
    data = page_data(result, page_title(puzzle), start=state)
    data["definitions"] = definitions(result.steps)
    emit("line", json.dumps({"schema": 2, "status": result.status, "page": data}, ensure_ascii=False))
    return 0


def _generate(options: dict[str, Any], seconds: float | None, emit: Emit) -> int:
    """``deduce.generate``'s records, one line each (501 when it is absent)."""
    try:
        from .. import generate as gen_module  # written alongside (issue #33); absent until it lands
    except ImportError:
        emit("line", json.dumps({"status": "unavailable", "error": "this deduce has no generator yet"}))
        return 501
    generate = getattr(gen_module, "generate", None)
    if not callable(generate):
        generate = gen_module
    count = options.get("count", 1)
    if not 1 <= count <= MAX_GENERATE:
        raise Invalid(f"generate: 'count' must be 1 to {MAX_GENERATE}, got {count}")
    kwargs: dict[str, Any] = {"kind": options.get("kind", "classic"), "size": options.get("size", 9),
                              "count": count, "timeout": seconds}
    for name, value in options.items():   # the command line's names -> the function's
        if name not in ("kind", "size", "count"):
            kwargs[{"technique": "techniques"}.get(name, name.replace("-", "_"))] = value
    from ..errors import SolveTimeout
    from ..render.json import SCHEMA

    try:
        for record in generate(**kwargs):
            doc = record.to_json() if hasattr(record, "to_json") else record
            emit("line", json.dumps(doc, ensure_ascii=False))
    except SolveTimeout as exc:
        emit("line", json.dumps({"schema": SCHEMA, "status": "timeout", "reason": " ".join(str(exc).split())}))
        return 4
    except (ValueError, TypeError, ParseError) as exc:
        raise Invalid(f"generate: {' '.join(str(exc).split())}") from None
    return 0


def warm_up() -> None:
    """Import the engine and the techniques before the first request."""
    from .. import cli  # noqa: F401
    from ..formats import read_puzzle
    from ..hint import hint, position

    puzzle = read_puzzle("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......")
    hint(position(puzzle), _solver({}), puzzle)
