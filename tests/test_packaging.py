"""The package as shipped: no import cycle, the licence in the wheel, the
metadata a packager expects, and (behind the ``install`` marker) the
README's set-up commands in a fresh virtual environment."""

from __future__ import annotations

import ast
import json
import os
import pathlib
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
PACKAGES = ("deduce", "strategies")
_SKIP = shutil.ignore_patterns(".git", ".venv", "build", "dist", "*.egg-info", "__pycache__", ".hypothesis",
                               ".mypy_cache", ".pytest_cache", ".ruff_cache", "artifacts", "results", "*.so")


# -- no import cycle at run time --------------------------------------------

def _module_name(path: pathlib.Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imports(path: pathlib.Path, name: str, known: set[str]) -> set[str]:
    """Modules of ours that ``path`` imports when run, at module level or in
    a function (imports under ``if TYPE_CHECKING:`` never run)."""
    base = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and _type_checking(child.test):
                for stmt in child.orelse:
                    visit_one(stmt)
                continue
            visit_one(child)

    def visit_one(node: ast.AST) -> None:
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                mod = ".".join(base[:len(base) - node.level + 1] + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            for alias in node.names:
                found.add(f"{mod}.{alias.name}" if f"{mod}.{alias.name}" in known else mod)
        visit(node)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return {m for m in found if m in known and m != name}


def import_cycles() -> list[list[str]]:
    paths = {_module_name(p): p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py")}
    graph = {name: _imports(path, name, set(paths)) for name, path in paths.items()}
    cycles, done = [], set()
    for start in sorted(graph):
        stack = [(start, [start])]
        while stack:
            node, path = stack.pop()
            for nxt in sorted(graph[node]):
                if nxt == start:
                    cycle = sorted(path)
                    if tuple(cycle) not in done:
                        done.add(tuple(cycle))
                        cycles.append(path)
                elif nxt not in path and nxt > start:
                    stack.append((nxt, path + [nxt]))
    return cycles


def test_no_import_cycle_at_run_time() -> None:
    assert import_cycles() == []


def test_the_cycle_finder_finds_a_cycle(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> None:
    pkg = tmp_path / "deduce"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("from . import a\n")
    (pkg / "a.py").write_text("def f():\n    from .b import g\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nfrom . import a\n")
    (pkg / "c.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .d import x\n")
    (pkg / "d.py").write_text("from .c import y\n")
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    monkeypatch.setattr(sys.modules[__name__], "PACKAGES", ("deduce",))
    assert sorted(map(sorted, import_cycles())) == [["deduce.a", "deduce.b"]]


# -- metadata -----------------------------------------------------------------

def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def test_metadata_a_packager_expects() -> None:
    project = _pyproject()["project"]
    assert project["license"] == "MIT" and (ROOT / "LICENSE").read_text().startswith("MIT License")
    assert "Typing :: Typed" in project["classifiers"] and project["keywords"]
    requires = _pyproject()["build-system"]["requires"]
    assert any(re.fullmatch(r"setuptools>=(\d+)", r) and int(r.split(">=")[1]) >= 77 for r in requires)
    assert "-ra" in _pyproject()["tool"]["pytest"]["ini_options"]["addopts"].split()
    assert _pyproject()["tool"]["mypy"]["disallow_untyped_defs"] is True
    assert (ROOT / "deduce" / "py.typed").exists()


def _wheel(source: pathlib.Path, out: pathlib.Path) -> pathlib.Path:
    pytest.importorskip("setuptools")
    import setuptools

    if int(setuptools.__version__.split(".")[0]) < 77:
        pytest.skip(f"setuptools {setuptools.__version__} here; building needs >= 77")
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--no-index",
                           "-q", "-w", str(out), str(source)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return next(out.glob("*.whl"))


def test_a_wheel_from_a_clean_tree_carries_the_licence(tmp_path: pathlib.Path) -> None:
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=_SKIP)
    with zipfile.ZipFile(_wheel(source, tmp_path / "dist")) as whl:
        names = whl.namelist()
        licence = [n for n in names if n.endswith(".dist-info/licenses/LICENSE")]
        assert licence and whl.read(licence[0]).decode().startswith("MIT License")
        metadata = whl.read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
        entry_points = whl.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    assert "License-Expression: MIT" in metadata and "Classifier: Typing :: Typed" in metadata
    assert "deduce/py.typed" in names and "deduce/_version.py" in names
    shipped = {n for n in names if n.endswith(".py")}
    sources = {str(f.relative_to(ROOT)) for pkg in PACKAGES for f in (ROOT / pkg).rglob("*.py")}
    assert sources <= shipped, sources - shipped  # every module of every subpackage
    assert not any(n.startswith(("tests/", "examples/", "bench/")) for n in names)
    assert "builtin = strategies:builtin_strategies" in entry_points
    # the C accelerator's sources ship (a built module is checked against them), and the module is
    # built into the wheel where a compiler is
    from deduce._accel_digest import SOURCES

    assert {f"deduce/_accel/{name}" for name in SOURCES} <= set(names)
    assert any(n.startswith("deduce/_deduce_accel") for n in names) == _has_compiler()


def test_the_example_plugin_builds_with_its_entry_point(tmp_path: pathlib.Path) -> None:
    source = tmp_path / "plugin"  # a copy: building leaves metadata beside the sources
    shutil.copytree(ROOT / "examples" / "plugin", source, ignore=_SKIP)
    with zipfile.ZipFile(_wheel(source, tmp_path / "dist")) as whl:
        names = whl.namelist()
        entry_points = whl.read(next(n for n in names if n.endswith(".dist-info/entry_points.txt"))).decode()
    assert "deduce_box_hs.py" in names
    assert "[deduce.strategies]" in entry_points and "box-hs = deduce_box_hs:BoxHiddenSingle" in entry_points


# -- the README's set-up, as written ------------------------------------------

def readme_setup_commands() -> list[str]:
    """The indented command lines of the README's "Set-up on a fresh machine" section."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Set-up on a fresh machine", 1)[1].split("\n## ", 1)[0]
    return [line.strip() for line in section.splitlines() if line.startswith("    ") and line.strip()]


def test_the_readme_setup_makes_a_venv_first() -> None:
    commands = readme_setup_commands()
    assert commands[0].startswith("python3 -m venv .venv")
    assert any("deduce explain" in c for c in commands) and any("pytest" in c for c in commands)
    assert "python3-venv" in (ROOT / "README.md").read_text(encoding="utf-8")
    assert "python3 -m venv .venv" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")


def _has_compiler() -> bool:
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    headers = pathlib.Path(sysconfig.get_paths()["include"]) / "Python.h"
    return bool(shutil.which(cc[0])) and headers.exists()


def _run_setup(tmp_path: pathlib.Path, name: str, env: dict[str, str] | None = None) -> pathlib.Path:
    """The README's commands but the tests', as written, in a fresh copy of the tree (pip reads packages
    from the configured index); then ``deduce --version`` into ``version.txt``."""
    source = tmp_path / name
    shutil.copytree(ROOT, source, ignore=_SKIP)
    commands = [c for c in readme_setup_commands() if "pytest" not in c]  # the suite itself runs here already
    script = " && ".join(commands) + " && deduce --version > version.txt"
    done = subprocess.run(["bash", "-c", script], cwd=source, capture_output=True, text=True, timeout=900,
                          env=None if env is None else {**os.environ, **env})
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "Full house" in done.stdout or "Hidden single" in done.stdout
    return source


@pytest.mark.install
def test_the_readme_setup_works_in_a_fresh_venv(tmp_path: pathlib.Path) -> None:
    """The README's first command installs deduce with the C accelerator
    when a compiler is there, and it rates as the pure Python engine does."""
    source = _run_setup(tmp_path, "deduce")
    version = (source / "version.txt").read_text()
    if not _has_compiler():
        assert "engine: pure Python (not built" in version, version
        return
    assert "engine: C accelerator" in version, version
    hard = ".9......6..689....2.37.6.9.1...2.....549.832.....7...4.2.6.78.9....356..3......5.\n"
    (source / "hard.txt").write_text(hard)
    script = (". .venv/bin/activate && python -c 'import deduce; assert deduce.accelerated'"
              " && deduce rate --json hard.txt > accel.json"
              " && DEDUCE_PURE_PYTHON=1 deduce --version > pure-version.txt"
              " && DEDUCE_PURE_PYTHON=1 deduce rate --json hard.txt > pure.json")
    done = subprocess.run(["bash", "-c", script], cwd=source, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    assert "pure Python (switched off by DEDUCE_PURE_PYTHON=1)" in (source / "pure-version.txt").read_text()
    ratings = [json.loads((source / f).read_text()) for f in ("accel.json", "pure.json")]
    for r in ratings:
        r.pop("seconds", None)
    assert ratings[0] == ratings[1] and ratings[0]["er"] >= 7


@pytest.mark.install
def test_without_a_compiler_the_readme_setup_still_installs_pure_python(tmp_path: pathlib.Path) -> None:
    """``CC=false``: the same command succeeds, and ``deduce --version``
    says pure Python and why."""
    source = _run_setup(tmp_path, "deduce", {"CC": "false"})
    version = (source / "version.txt").read_text()
    assert "engine: pure Python (not built: no C compiler" in " ".join(version.split()), version
    assert not list((source / "deduce").glob("_deduce_accel*"))
