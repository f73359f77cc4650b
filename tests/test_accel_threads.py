"""The C kernels in threads: no scratch shared between calls, the GIL released around the searches.

* ``Context.contradicting`` (chains.c, the GIL released around its propagations, one Context's
  scratch guarded by its lock), ``hodoku_net_starts`` (nets.c, the GIL released around the fills)
  and ``aligned_sets`` (aligned.c, the GIL released around the search) run in two threads at once,
  each kernel beside another and beside itself (on other positions and on the same Context), and
  answer what they answer one call after another;
* no writable ``static`` variable is left in the C sources (a buffer shared by every call would
  make two threads' searches clash): scratch lives in the call or in the object.  The Python API's
  own tables (``PyMethodDef`` and the like, written only while a type or the module is made) are
  the exceptions.
"""

from __future__ import annotations

import pathlib
import re
import threading

import pytest

from deduce.solve_cache import SolveCache
from deduce.state import State
from strategies import _accel
from strategies.implications import implications

from .test_accel import accel, with_accel  # noqa: F401  (fixtures)
from .test_chain_engine import PUZZLES, stuck

SOURCES = pathlib.Path(__file__).resolve().parent.parent / "deduce" / "_accel"

#: the Python API's tables, which CPython takes as writable and reads once the type or module is made
API_TABLES = ("PyMethodDef", "PyGetSetDef", "PyMemberDef", "PyModuleDef", "PyTypeObject")

ROUNDS = 3   # calls per thread: each call is a few milliseconds, so the threads overlap


@pytest.fixture(scope="module")
def positions():
    """The stuck positions of the chain engine's puzzles (made once for the module)."""
    return [stuck(text) for text in PUZZLES]


def _context(state: State):
    fresh = State(state.puzzle, state.cand.copy(), state.value.copy())
    fresh.cache = SolveCache()
    return implications(fresh, "dynamic", None).fast_context()


def _on_literals(state: State) -> list[int]:
    return [c << 6 | s << 1 | 1 for c in range(len(state.value)) if state.value[c] < 0
            for s in range(state.puzzle.size) if state.cand[c] >> s & 1]


def _jobs(accel, positions):  # noqa: F811
    """Per kernel, one job per position: a call and its answer made serially."""
    jobs: dict[str, list] = {"contradicting": [], "net_starts": [], "aligned": []}
    for state in positions:
        ctx, xs = _context(state), _on_literals(state)
        jobs["contradicting"].append((lambda ctx=ctx, xs=xs: ctx.contradicting(xs), ctx.contradicting(xs)))
        cand = [0 if v >= 0 else m for m, v in zip(state.cand, state.value)]
        jobs["net_starts"].append((lambda cand=cand: accel.hodoku_net_starts(cand),
                                   accel.hodoku_net_starts(cand)))
        start = State.from_puzzle(state.puzzle)   # (the stuck positions have no aligned sets left)
        for size in (2, 3):
            args = (start.cand, start.value, _accel._puzzle_tables(start)[0], size, None)
            jobs["aligned"].append((lambda args=args: accel.aligned_sets(*args), accel.aligned_sets(*args)))
    assert any(expected for _, expected in jobs["contradicting"])   # (contradictions to find)
    assert any(expected for _, expected in jobs["aligned"])         # (sets to find)
    return jobs


def _run_together(*work) -> list[list]:
    """Each item of work (a list of calls) in its own thread, started together; their answers."""
    start = threading.Barrier(len(work))
    answers: list[list] = [[] for _ in work]
    errors: list[BaseException] = []

    def run(k: int) -> None:
        try:
            start.wait()
            for _ in range(ROUNDS):
                answers[k].extend(call() for call in work[k])
        except BaseException as exc:  # (re-raised in the test's thread)
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(work))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return answers


@pytest.mark.parametrize("pair", [("contradicting", "net_starts"), ("contradicting", "contradicting"),
                                  ("net_starts", "net_starts"), ("aligned", "contradicting"), ("aligned", "aligned")])
def test_two_threads_get_the_serial_answers(with_accel, positions, pair):  # noqa: F811
    jobs = _jobs(with_accel, positions)
    # the same kernel twice runs on the positions in opposite orders (other positions at once)
    work = [jobs[pair[0]], jobs[pair[1]][::-1] if pair[0] == pair[1] else jobs[pair[1]]]
    answers = _run_together(*[[call for call, _ in w] for w in work])
    for got, w in zip(answers, work):
        assert got == [expected for _, expected in w] * ROUNDS


def test_one_context_in_two_threads(with_accel, positions):  # noqa: F811
    """Two threads asking one Context take turns (its lock): each gets the serial answer."""
    ctx, xs = _context(positions[0]), _on_literals(positions[0])
    expected = ctx.contradicting(xs)
    prop = ctx.propagate(xs[0])
    answers = _run_together([lambda: ctx.contradicting(xs)], [lambda: ctx.contradicting(xs[::-1])],
                            [lambda: ctx.propagate(xs[0])])
    assert answers == [[expected] * ROUNDS, [expected[::-1]] * ROUNDS, [prop] * ROUNDS]


def _writable_statics(text: str) -> list[str]:
    """The declarations of writable static variables in C source text (functions, prototypes,
    constants and the Python API's tables left out)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    found = []
    for line in text.splitlines():
        m = re.match(r"\s*static\s+(.*)", line)
        if not m:
            continue
        rest = m.group(1)
        head = rest.split("=")[0]
        if re.match(r"(inline\s+)?[\w\s\*]+\(", head) and "[" not in head.split("(")[0]:
            continue   # a function or its prototype
        if re.match(r"(const\b|\w+\s+const\b)", rest) or re.search(r"\*\s*const\b", head):
            continue   # read only
        if any(re.match(rf"(struct\s+)?{t}\b", rest) for t in API_TABLES):
            continue
        found.append(line.strip())
    return found


def test_no_writable_static_in_the_c():
    sources = sorted(SOURCES.glob("*.[ch]"))
    assert len(sources) > 5
    found = {path.name: bad for path in sources if (bad := _writable_statics(path.read_text()))}
    assert found == {}, f"writable static variables (move them into the call or the object): {found}"


def test_the_static_check_sees_what_it_must():
    """The check itself: a buffer, a counter and a pointer are found; functions, constants and
    the API's tables are not."""
    text = """
static int scratch[64];
static unsigned walk;
    static uint32_t *stamp;     /* in a function too */
static PyObject *lit_cache[1 << 16];
static int read_it(PyObject *x, int *out) {
static inline int low(uint64_t m) { return 0; }
static const int TABLE[3] = {1, 2, 3};
static PyMethodDef methods[] = {
static struct PyModuleDef module_def = {
"""
    assert [line.split()[-1] for line in _writable_statics(text)] == [
        "scratch[64];", "walk;", "*stamp;", "16];"]
