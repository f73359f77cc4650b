"""The table of the C accelerator's entry points and their Python twins
(:mod:`deduce._accel_twins`) is the sources' own: every function and method
the C exports is there, in the file it is defined in, its twin exists, and
the comparison tests named for it call it.  Read from the sources, so it
holds with or without a compiler."""

from __future__ import annotations

import importlib
import pathlib
import re

import pytest

from deduce._accel_twins import TWINS

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "deduce" / "_accel"


def _method_tables() -> dict[str, list[str]]:
    """The ``PyMethodDef`` arrays of the sources: array name -> entry names."""
    out = {}
    for path in SOURCES.glob("*.c"):
        text = path.read_text(encoding="utf-8")
        for name, body in re.findall(r"static PyMethodDef (\w+)\[\] = \{(.*?)\n\};", text, re.S):
            out[name] = re.findall(r'\{"(\w+)",', body)
    return out


def entry_points() -> set[str]:
    """``function`` and ``Type.method`` for everything the module exports."""
    tables = _method_tables()
    points = set(tables.pop("accel_functions"))
    for path in SOURCES.glob("*.c"):
        text = path.read_text(encoding="utf-8")
        for type_name, methods in re.findall(r'\.tp_name = "_deduce_accel\.(\w+)",[^}]*?\.tp_methods = (\w+),', text,
                                             re.S):
            points |= {f"{type_name}.{m}" for m in tables[methods]}
    return points


def defined_in(kernel: str) -> str:
    """The file whose source defines ``kernel``: a function's own definition, a method's type."""
    name = kernel.split(".")
    for path in SOURCES.glob("*.c"):
        text = path.read_text(encoding="utf-8")
        if len(name) == 2 and f'.tp_name = "_deduce_accel.{name[0]}"' in text:
            return path.name
        if len(name) == 1 and re.search(rf"^(static )?PyObject \*{name[0]}\(", text, re.M):
            return path.name
    return "?"


def test_every_entry_point_of_the_sources_is_in_the_table_once() -> None:
    kernels = [t.kernel for t in TWINS]
    assert len(kernels) == len(set(kernels)), "an entry point is listed twice"
    points = entry_points()
    assert len(points) > 30
    assert set(kernels) == points, (f"not in deduce/_accel_twins.py: {sorted(points - set(kernels))}; "
                                    f"listed but not exported: {sorted(set(kernels) - points)}")


@pytest.mark.parametrize("twin", TWINS, ids=lambda t: t.kernel)
def test_each_entry_point_lives_where_the_table_says_and_its_twin_exists(twin) -> None:
    assert defined_in(twin.kernel) == twin.c_file
    module_name, *attributes = twin.python.split(".")
    obj = None
    for i in range(len(attributes), 0, -1):  # the longest importable prefix, then attributes
        try:
            obj = importlib.import_module(".".join([module_name, *attributes[:i - 1]]))
        except ImportError:
            continue
        for attribute in attributes[i - 1:]:
            obj = getattr(obj, attribute)
        break
    assert callable(obj) or isinstance(obj, property), f"{twin.python} is not a function, property or class"


@pytest.mark.parametrize("twin", TWINS, ids=lambda t: t.kernel)
def test_each_entry_point_has_a_comparison_test_that_calls_it(twin) -> None:
    name = twin.kernel.split(".")[-1]
    owner = twin.kernel.split(".")[0]
    assert twin.tests, "no comparison test named"
    for test in twin.tests:
        text = (ROOT / test).read_text(encoding="utf-8")
        assert re.search(rf"\b{name}\b", text), f"{test} never calls {name}"
        if owner != name:
            assert owner in text or "_accel" in text, f"{test} never makes a {owner}"
