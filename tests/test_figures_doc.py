"""``bench/FIGURES.md`` checked against the source (issue #43, item 5):
what its kernel table names exists, what it says was removed is gone, every
C file is in it, and the commands it gives exist with their options.  (The
figures themselves are measurements: ``bench/speed.py`` and
``bench/kernel_share.py`` make them; only the names can drift.)"""

from __future__ import annotations

import ast
import pathlib
import re

ROOT = pathlib.Path(__file__).resolve().parent.parent
FIGURES = ROOT / "bench" / "FIGURES.md"
ACCEL = ROOT / "deduce" / "_accel"
#: C files with no kernel of their own (helpers every kernel shares).
HELPERS = {"common.c"}


def _text() -> str:
    return FIGURES.read_text(encoding="utf-8")


def kernel_rows() -> list[list[str]]:
    """The cells of each row of the table "What each C kernel saves"."""
    lines = _text().split("## What each C kernel saves", 1)[1].splitlines()
    rows = [line for line in lines if line.startswith("| ") and not line.startswith("| kernel")]
    return [[cell.strip() for cell in row.strip("|").split("|")] for row in rows]


def c_names() -> set[str]:
    """Every name the C module gives Python: its functions and methods
    (``{"name", ...}`` in a method table) and its types (``tp_name``)."""
    names: set[str] = set()
    for path in ACCEL.glob("*.c"):
        text = path.read_text(encoding="utf-8")
        names |= set(re.findall(r'\{\s*"(\w+)"\s*,\s*\(?(?:PyCFunction|\w)', text))
        names |= {m.rsplit(".", 1)[-1] for m in re.findall(r'\.tp_name\s*=\s*"([\w.]+)"', text)}
    return names


def python_names(module: str) -> set[str]:
    """The top-level functions, classes and assignments of ``module`` (a dotted name under the root)."""
    tree = ast.parse((ROOT / (module.replace(".", "/") + ".py")).read_text(encoding="utf-8"))
    out = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            out.add(node.name)
        elif isinstance(node, ast.Assign):
            out |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return out


def _exists(name: str, c: set[str]) -> bool:
    if name.endswith(".c"):
        return (ACCEL / name).is_file()
    if name.startswith(("strategies.", "deduce.")):
        module, attr = name.rsplit(".", 1)
        return attr in python_names(module)
    return all(part in c for part in name.split("."))   # (``HouseTables.hidden``: the type and its method)


def test_the_kernel_table_names_what_exists():
    c = c_names()
    assert {"Context", "Screen", "trace_count"} <= c, "the reading of the C method tables found too little"
    missing, still_there = [], []
    for cells in kernel_rows():
        removed = "**removed**" in cells[-1]
        for k, cell in enumerate(cells):
            for name in re.findall(r"`([\w.]+)`", cell):
                if k and "." not in name:
                    continue   # (past the kernel's own cell, only files and dotted names: `solve` is the command)
                if removed and k == 0 and not name.endswith(".c"):
                    if _exists(name, c):
                        still_there.append(f"{name} ({cells[0][:50]}...)")
                elif not _exists(name, c):
                    missing.append(f"{name} ({cells[0][:50]}...)")
    assert not missing, "bench/FIGURES.md's kernel table names what the source lacks: " + ", ".join(missing)
    assert not still_there, "bench/FIGURES.md says these were removed, the C still has them: " + ", ".join(still_there)


def test_every_c_file_is_in_the_figures():
    text = _text()
    absent = sorted(p.name for p in ACCEL.glob("*.c") if p.name not in HELPERS and f"`{p.name}`" not in text)
    assert not absent, f"C files bench/FIGURES.md does not name (give each kernel a row): {absent}"


def test_the_commands_exist_with_their_options():
    text = " ".join(_text().split())   # (a command may be cut across two lines)
    commands = re.findall(r"`python (bench/\w+\.py)((?: --[\w-]+(?: \d+)?)*)`", text)
    assert commands, "no `python bench/...` command found in bench/FIGURES.md"
    for script, options in commands:
        source = (ROOT / script).read_text(encoding="utf-8")
        for option in re.findall(r"--[\w-]+", options):
            assert f'"{option}"' in source, f"bench/FIGURES.md gives {script} {option}, which it does not take"
