"""The command line imports only the module of the command it runs
(``deduce.cli.COMMANDS``): the same outputs and exit statuses as with every
module loaded, every command still reachable, ``deduce --help`` complete,
and ``deduce solve`` loading neither the renderers nor the other commands."""

from __future__ import annotations

import io
import json
import pathlib
import re
import subprocess
import sys

import pytest

import deduce.cli as cli
from deduce.cli import COMMANDS, build_parser, command_of, main

DATA = pathlib.Path(__file__).parent / "data"
EASY = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
MANY = "1...............\n"            # a 4x4 with many solutions
CLASH = "11" + "." * 79 + "\n"         # two equal givens in a row
ALL_COMMANDS = [name for _, names in COMMANDS for name in names]


def _subcommands(parser) -> list[str]:
    sub = next(a for a in parser._actions if a.dest == "command")
    return list(sub.choices)


def run(args, stdin="", lazy=True, monkeypatch=None):
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.StringIO(stdin)
    try:
        if not lazy:
            monkeypatch.setattr(cli, "command_of", lambda argv: None)
        code = main(args, out, err)
    finally:
        sys.stdin = old
        if not lazy:
            monkeypatch.undo()
    return code, out.getvalue(), err.getvalue()


def test_the_table_names_what_each_module_adds():
    assert _subcommands(build_parser()) == ALL_COMMANDS
    for module, names in COMMANDS:
        for name in names:
            assert _subcommands(build_parser(name)) == list(names), module


def test_help_lists_every_command(capsys):
    code, _, _ = run(["--help"])
    out = capsys.readouterr().out   # (argparse prints help on sys.stdout)
    assert code == 0
    listed = re.findall(r"^    (\S+)", out.split("positional arguments:")[1].split("options:")[0], re.M)
    assert listed == ALL_COMMANDS


@pytest.mark.parametrize("name", ALL_COMMANDS)
def test_every_command_is_reachable(name, capsys):
    code, _, err = run([name, "--help"])
    out = capsys.readouterr().out
    assert code == 0, err
    assert out.startswith(f"usage: deduce {name} ")


@pytest.mark.parametrize("argv, expected", [
    (["solve", "x.txt"], "solve"),
    (["--debug", "count", "-"], "count"),
    (["explain", "--help"], "explain"),
    (["--help", "solve"], None),
    (["--he", "solve"], None),
    (["-h"], None),
    ([], None),
    (["--version"], None),
    (["bogus", "solve"], None),
    (["--", "solve"], None),
])
def test_the_command_read_from_the_line(argv, expected):
    assert command_of(argv) == expected


@pytest.mark.parametrize("args, stdin", [
    (["solve", str(DATA / "seed003-input.txt")], ""),
    (["solve", "--json"], EASY + "\n" + MANY + CLASH),
    (["solve", "--all"], MANY),
    (["solve", "--logic"], EASY + "\n"),
    (["count", "--limit", "5"], MANY + EASY + "\n"),
    (["explain"], EASY + "\n"),
    (["hint", "--level", "nudge"], EASY + "\n"),
    (["convert", "--to", "grid"], EASY + "\n"),
    (["techniques", "x-wing"], ""),
    (["solve", "--no-such-option"], EASY + "\n"),
    (["bogus"], ""),
    (["solve"], ""),
])
def test_the_same_output_as_with_every_module(args, stdin, monkeypatch):
    lazy = run(args, stdin)
    full = run(args, stdin, lazy=False, monkeypatch=monkeypatch)
    assert lazy == full
    assert lazy[1] or lazy[2]


def test_solve_loads_only_what_it_needs():
    """In a fresh process: the answer, and none of the other commands, renderers, rater or server."""
    script = ("import sys\nfrom deduce.cli import main\ncode = main(['solve', sys.argv[1]])\n"
              "print(sorted(m for m in sys.modules if m.startswith(('deduce', 'strategies'))))\n")
    done = subprocess.run([sys.executable, "-c", script, str(DATA / "seed003-input.txt")], capture_output=True,
                          text=True, check=True)
    out, loaded = done.stdout.rsplit("\n", 2)[:2]
    assert out + "\n" == (DATA / "seed003-output.txt").read_text()
    modules = set(json.loads(loaded.replace("'", '"')))
    assert "deduce.cli.solve" in modules
    unwanted = {f"deduce.cli.{name}" for name, _ in COMMANDS if name != "solve"} | {
        "deduce.render.json", "deduce.render.words", "deduce.render.marks", "deduce.rating", "deduce.server",
        "deduce.hint", "strategies"}
    assert not modules & unwanted, modules & unwanted


def test_rate_names_are_still_exported():
    from deduce.cli import Progress, RateTable
    from deduce.cli.rate import Progress as P
    from deduce.cli.rate import RateTable as R

    assert (Progress, RateTable) == (P, R)
    with pytest.raises(AttributeError):
        cli.no_such_name  # noqa: B018
