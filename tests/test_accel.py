"""The C accelerator (``deduce/_accel/``, :mod:`strategies._accel`) makes the
static, grouped and dynamic propagations of the pure Python engine, node for
node, the static screen's reach, layer for layer, the fish searches
(standard, franken and mutant), base for base, the subsets (naked, hidden
and locked sets) and a
position's places masks, step for step, and the backtracking search of
:mod:`deduce.backtrack`, solution for solution.

The extension is the installed one, or (when it is not built, or switched
off by ``DEDUCE_PURE_PYTHON=1``) compiled here from ``deduce/_accel/*.c``
with the interpreter's C compiler (the tests skip when there is no
compiler), so the default suite checks it on every machine that could build
it, in both of ``.ci/run``'s runs; ``DEDUCE_ACCEL_MODULE`` names a module
built elsewhere to test instead (the sanitizer run,
``tests/test_sanitize.py``).  Compared, for every literal of each position: the literals
reached in order with their (reason, parents), the contradiction, and
whether a group or an almost locked set served as a node; on engine
positions and on random candidate grids of sizes 4 to 25 (one to ten
machine words per cell mask), with boxes and with jigsaw regions.  The fish
search is compared on random places of a symbol in the same grids, for every
size, shape and kind, and by the steps at the catalogue's fish examples; the
backtracking search on random puzzles (one solution, many or none; sizes 4
to 16, jigsaw) by their first solutions in order, and on whole small grids.
"""

from __future__ import annotations

import importlib.util
import itertools
import os
import pathlib
import random
import shlex
import shutil
import struct
import subprocess
import sysconfig

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from deduce import Puzzle, backtrack, deadline
from deduce import state as state_module
from deduce._accel_digest import SOURCES as SOURCE_NAMES
from deduce._accel_digest import source_digest
from deduce.catalogue import stored
from deduce.errors import Contradiction, SolveTimeout
from deduce.formats import parse_killer_line
from deduce.geometry import BOX_SHAPES, Geometry
from deduce.literal import lit
from deduce.state import State
from strategies import _accel
from strategies.aligned_exclusion import aligned_exclusions
from strategies.chain_producer import ChainProducer
from strategies.chains import Chains
from strategies.conclusions import GROUPED_REASONS
from strategies.fish import MAX_FINS, Fish, _cell_houses
from strategies.implications import HIDDEN, RECORD_CODES, Implications
from strategies.singles import FullHouse, HiddenSingle
from strategies.static_screen import StaticScreen
from strategies.subsets import HiddenSubset, LockedSubset, NakedSubset

from .test_aligned_exclusion import SE_RATED
from .test_chain_engine import PUZZLES, stuck

ROOT = pathlib.Path(__file__).resolve().parent.parent
SOURCES = ROOT / "deduce" / "_accel"
ALPHABET = "123456789ABCDEFGHIJKLMNOP"


def build_module(out_dir: pathlib.Path, flags: list[str]) -> pathlib.Path:
    """deduce/_accel/*.c compiled into ``out_dir`` as setup.py builds it
    (``flags`` added), with the digest of its sources; skips without a
    compiler."""
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    if not shutil.which(cc[0]):
        pytest.skip("no C compiler to build the accelerator with")
    out = out_dir / ("_deduce_accel" + sysconfig.get_config_var("EXT_SUFFIX"))
    digest = source_digest(str(SOURCES))
    sources = [str(SOURCES / name) for name in SOURCE_NAMES if name.endswith(".c")]
    subprocess.run([*cc, "-shared", "-fPIC", *flags, f"-DDEDUCE_ACCEL_SOURCE_DIGEST=\"{digest}\"",
                    f"-I{sysconfig.get_paths()['include']}", f"-I{SOURCES}", *sources, "-o", str(out)],
                   check=True, capture_output=True)
    return out


def load_module(path: pathlib.Path):
    spec = importlib.util.spec_from_file_location("deduce._deduce_accel", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def accel(tmp_path_factory):
    """The extension module: the one DEDUCE_ACCEL_MODULE names, the
    installed one, or one compiled here."""
    if os.environ.get("DEDUCE_ACCEL_MODULE"):
        return load_module(pathlib.Path(os.environ["DEDUCE_ACCEL_MODULE"]))
    if _accel._deduce_accel is not None:
        return _accel._deduce_accel
    return load_module(build_module(tmp_path_factory.mktemp("accel"), ["-O1"]))


@pytest.fixture
def with_accel(accel, monkeypatch):
    monkeypatch.setattr(_accel, "_deduce_accel", accel)
    return accel


def literals(state, symbol=None):
    for c, m in enumerate(state.cand):
        if state.value[c] < 0:
            for s in range(state.puzzle.size):
                if m >> s & 1 and symbol in (None, s):
                    yield lit(c, s, True)
                    yield lit(c, s, False)


def assert_same_propagations(state, mode, symbol=None):
    fast, plain = Implications(state, mode, symbol), Implications(state, mode, symbol)
    plain._fast = False
    checked = 0
    for x in literals(state, symbol):
        a, b = fast.propagate(x), plain.propagate(x)
        assert list(a.nodes.items()) == list(b.nodes.items()), (mode, symbol, x)
        assert list(reversed(a.nodes)) == list(reversed(b.nodes)), (mode, symbol, x)  # (SE's contradiction count)
        assert a.contradiction == b.contradiction, (mode, symbol, x)
        assert a.grouped == b.grouped, (mode, symbol, x)
        # a chain's length and whether a group serves in it, counted in C (Conclusion's complexity)
        keys = list(a.nodes)
        for targets in (keys[-1:], keys[-3:], keys[len(keys) // 2:len(keys) // 2 + 2]):
            chain = a.ancestor_set(targets)
            tags = (*GROUPED_REASONS, HIDDEN)
            tagged = sum(1 << k for k, tag in enumerate(tags) if any(a.nodes[y][0][0] == tag for y in chain))
            symbols = sum({1 << (y >> 1 & 31) for y in chain})
            # (from the C propagation's plain records, and from the Python one's pairs)
            assert a.ancestor_count(targets, tags) == (len(chain), tagged, symbols), (mode, symbol, x)
            assert b.ancestor_count(targets, tags) == (len(chain), tagged, symbols), (mode, symbol, x)
        checked += 1
    assert not checked or fast._fast, "the accelerator was not used"
    return checked


@pytest.mark.parametrize("text", PUZZLES)
def test_engine_positions_propagate_the_same(with_accel, text):
    state = stuck(text)
    symbol = next(literals(state)) >> 1 & 31  # one with places left
    for mode, one in (("static", None), ("grouped", None), ("groups", None), ("static", symbol), ("dynamic", None),
                      ("dynamic", symbol)):
        assert assert_same_propagations(state, mode, one) > 0


def test_grouped_aic_steps_are_the_same(with_accel, monkeypatch):
    state = stuck(PUZZLES[1])
    fast = [s.details for s in Chains("grouped-aic")._find_sorted(state)]
    monkeypatch.setattr(_accel, "_deduce_accel", None)
    fresh = State(Puzzle.from_string(PUZZLES[1]), state.cand.copy(), state.value.copy())
    assert fast == [s.details for s in Chains("grouped-aic")._find_sorted(fresh)]
    assert fast


def _jigsaw_6() -> Geometry:
    return Geometry.jigsaw(["000011", "022013", "221113", "243333", "244455", "445555"])  # seed 001's map


def _random_position(geometry: Geometry, seed: int, solved: float = 0.25, few: bool = False) -> State:
    """A grid of random candidates (each cell's own symbol among them) and some
    cells solved (about ``solved`` of them): not a consistent position, which is
    the harder test.  ``few``: each unsolved cell holds one to three symbols
    besides its own (many small cells, so many aligned sets)."""
    rng = random.Random(seed)
    n = geometry.size
    puzzle = Puzzle(geometry, ALPHABET[:n], (-1,) * (n * n))
    cand, value = [], []
    for _cell in range(n * n):
        own = rng.randrange(n)
        if rng.random() < solved:
            cand.append(1 << own)
            value.append(own)
            continue
        if few:
            m = 1 << own
            for _ in range(rng.randint(1, 3)):
                m |= 1 << rng.randrange(n)  # (| not +: a symbol drawn twice is still one candidate)
            cand.append(m)
            value.append(-1)
            continue
        m = 1 << own
        for s in range(n):
            if rng.random() < rng.choice((0.2, 0.4, 0.7)):
                m |= 1 << s
        cand.append(m)
        value.append(-1)
    return State(puzzle, cand, value)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16]), seed=st.integers(0, 2**32), jigsaw=st.booleans())
def test_random_positions_propagate_the_same(with_accel, size, seed, jigsaw):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    state = _random_position(geometry, seed)
    assert_same_propagations(state, "grouped")
    assert_same_propagations(state, "groups")  # (groups only: HoDoKu's grouped nice loops)
    assert_same_propagations(state, "static")
    assert_same_propagations(state, "static", seed % size)
    assert_same_propagations(state, "dynamic")
    assert_same_propagations(state, "dynamic", seed % size)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9]), seed=st.integers(0, 2**32), jigsaw=st.booleans())
def test_sparse_positions_pass_the_same_sets(with_accel, size, seed, jigsaw):
    # half the cells solved: houses with few empty cells, where an almost locked set may fill a
    # house (not a set there) and lie in another (counted there): the module finds the same sets
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    assert_same_propagations(_random_position(geometry, seed, solved=0.5), "grouped")


def test_a_25x25_position_propagates_the_same(with_accel):
    # ten machine words per cell mask
    assert 25 in BOX_SHAPES
    state = _random_position(Geometry.boxes(25), 7)
    assert assert_same_propagations(state, "grouped") > 1000


def test_a_propagation_comes_as_plain_data_and_its_records_are_made_once(with_accel):
    # the module gives ints and bytes only (the records' shape is Python's); a trace makes a record's
    # (reason, parents) once and the literals it implies share it; the pairs hold the reason names,
    # so those names' reference counts show whether every pair made was let go
    import gc
    import sys

    from strategies import implications as imp_module

    names = [getattr(imp_module, k) for k in ("SAME_CELL", "PEER", "NAKED", "HIDDEN", "GROUP")]
    state = stuck(PUZZLES[1])

    def run():
        imp = Implications(state, "grouped")
        props = [imp.propagate(x) for x in literals(state)]
        assert imp._fast
        index, raw, contradiction, grouped = imp._fast.propagate(props[0].start)
        assert all(type(k) is int and type(v) is int for k, v in index.items())
        assert type(raw) is bytes and type(grouped) is bool
        assert contradiction is None or all(type(v) is int for v in contradiction)
        shared = [rp for p in props for rp in p.nodes.values()]
        assert len({id(rp) for rp in shared}) < len(shared)  # the same record objects, reached again
        return len(props)

    run()  # (first use: the module's own ints and any lazily made objects)
    gc.collect()
    before = [sys.getrefcount(n) for n in names]
    assert run() > 100
    gc.collect()
    assert [sys.getrefcount(n) for n in names] == before


def assert_same_reach(state, symbol=None, houses=True):
    fast = StaticScreen(state, symbol, houses)
    accel, _accel._deduce_accel = _accel._deduce_accel, None
    try:
        plain = StaticScreen(state, symbol, houses)
    finally:
        _accel._deduce_accel = accel
    assert fast._fast is not None and plain._fast is None, "the accelerator was not used"
    assert (fast.has_strong, fast.useful_on, fast.useful_off) == (plain.has_strong, plain.useful_on, plain.useful_off)
    checked = 0
    for x in literals(state, symbol):
        assert fast.reach(x) == plain.reach(x), (symbol, houses, x)
        checked += 1
    # the units' bounds, made in one call in C, and their parts in Python
    on_lits = [x for x in literals(state, symbol) if x & 1]
    assert fast.units(on_lits) == plain.units(on_lits)
    assert [fast.double_bound(x) for x in on_lits] == [plain.double_bound(x) for x in on_lits]
    # the bound of every cell's and every region's branches (static cell/region forcing chains)
    for _, _, starts in ChainProducer.branch_groups(state):
        starts = [x for x in starts if symbol in (None, x >> 1 & 31)]
        assert fast.common_bound(starts) == plain.common_bound(starts), starts
    return checked


@pytest.mark.parametrize("text", PUZZLES)
def test_engine_positions_screen_the_same(with_accel, text):
    state = stuck(text)
    symbol = next(literals(state)) >> 1 & 31
    assert assert_same_reach(state) and assert_same_reach(state, symbol) and assert_same_reach(state, houses=False)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16, 25]), seed=st.integers(0, 2**32))
def test_random_positions_screen_the_same(with_accel, size, seed):
    state = _random_position(Geometry.boxes(size), seed)
    assert_same_reach(state)
    assert_same_reach(state, seed % size)


def test_without_the_module_the_python_propagation_is_used(monkeypatch):
    monkeypatch.setattr(_accel, "_deduce_accel", None)
    imp = Implications(stuck(PUZZLES[0]), "grouped")
    imp.propagate(next(literals(imp.state)))
    assert imp._fast is False


def assert_same_fish(geometry, peers, where, sizes):
    """``FishTables.search`` gives what ``Fish._searched`` gives, for every
    franken and mutant shape, kind and orientation, and
    ``FishTables.standard`` what ``Fish._standard_found`` gives, with and
    without fins; returns how many bases passed and fish were found."""
    passed = 0
    for size in sizes:
        fish = Fish(size)
        for limit, most in ((size, size), (size + max(geometry.box_shape or (geometry.size,)), size + MAX_FINS)):
            for base_types, cover_types in fish._orientations(geometry):
                plain = list(fish._standard_found(geometry, peers, where, base_types, cover_types, limit, most))
                tables = _accel.fish_tables(
                    geometry, peers, _cell_houses(geometry, tuple(cover_types)), 4, MAX_FINS)
                assert tables.standard(base_types, cover_types, where, size, limit, most, MAX_FINS) == plain
                passed += len(plain)
    for shape in ("franken", "mutant"):
        for size in sizes:
            for kind in ("basic", "finned"):
                fish = Fish(size, kind, shape)
                fins = 0 if kind == "basic" else 2
                need_box = 2 * geometry.size if shape == "franken" else -1
                for oi, (base_types, cover_types) in enumerate(fish._orientations(geometry)):
                    pool = [h for h in base_types if 0 < (where & geometry.house_masks[h]).bit_count() <= size + fins]
                    plain = list(fish._searched(geometry, peers, where, {}, oi, cover_types, pool, fins, need_box))
                    tables = _accel.fish_tables(
                    geometry, peers, _cell_houses(geometry, tuple(cover_types)), 4, MAX_FINS)
                    assert tables is not None, "the accelerator was not used"
                    assert tables.search(pool, where, size, fins, need_box) == plain, (shape, size, kind, oi)
                    passed += len(plain)
    return passed


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16, 25]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       density=st.sampled_from([0.1, 0.25, 0.4, 0.6]))
def test_random_places_make_the_same_fish(with_accel, size, seed, jigsaw, density):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    rng = random.Random(seed)
    where = sum(1 << c for c in range(size * size) if rng.random() < density)
    peers = Puzzle(geometry, ALPHABET[:size], (-1,) * (size * size)).peer_masks
    assert_same_fish(geometry, peers, where, (2,) if size > 9 else (2, 3, 4))


def assert_same_aligned_sets(state, changed=None):
    """The C ``aligned_sets`` passes the sets the Python search makes
    eliminations from, in its order: the same exclusions come out, pairs
    and triples; returns how many were found."""
    found = 0
    for size in (2, 3):
        fast = _accel.aligned_sets(state, size, changed)
        assert fast is not None, "the accelerator was not used"
        fast_found = list(aligned_exclusions(state, size, changed))
        accel, _accel._deduce_accel = _accel._deduce_accel, None
        try:
            plain = list(aligned_exclusions(state, size, changed))
        finally:
            _accel._deduce_accel = accel
        assert fast_found == plain, size
        found += len(plain)
    return found


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       few=st.booleans(), changed=st.integers(0, 2**256 - 1) | st.none())
def test_random_positions_make_the_same_aligned_exclusions(with_accel, size, seed, jigsaw, few, changed):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    state = _random_position(geometry, seed, 0.2, few)
    assert_same_aligned_sets(state, None if changed is None else changed & ((1 << size * size) - 1))


def test_solve_positions_make_the_same_aligned_exclusions(with_accel):
    # every position of SE-profile solves that use an aligned pair and an aligned triple exclusion
    import deduce

    found = 0
    for text, _er in SE_RATED:
        puzzle = deduce.as_puzzle(text)
        state = State.from_puzzle(puzzle)
        for step in deduce.Solver(profile="se").solve(puzzle).steps:
            found += assert_same_aligned_sets(State(puzzle, list(state.cand), list(state.value)))
            state.apply(step)
    assert found > 0


def test_a_25x25_position_makes_the_same_aligned_exclusions(with_accel):
    # ten machine words per cell mask
    # (only the sets touching three cells: the whole search in Python takes seconds)
    state = _random_position(Geometry.boxes(25), 11, 0.2, few=True)
    assert assert_same_aligned_sets(state, 1 << 3 | 1 << 300 | 1 << 620) > 0


def test_the_fish_search_finds_bases_on_classic_grids(with_accel):
    # the comparison above is not empty: random 9x9 places pass many screens
    geometry = Geometry.boxes(9)
    peers = Puzzle(geometry, ALPHABET[:9], (-1,) * 81).peer_masks
    rng = random.Random(3)
    assert sum(assert_same_fish(geometry, peers, sum(1 << c for c in range(81) if rng.random() < 0.3), (2, 3))
               for _ in range(5)) > 100


FISH_EXAMPLES = sorted(code for code in stored() if code.endswith(("x-wing", "swordfish", "jellyfish")))


@pytest.mark.parametrize("code", FISH_EXAMPLES)
def test_fish_examples_make_the_same_steps(accel, monkeypatch, code):
    example = stored()[code]
    producers = [fish for fish in (Fish(size, kind, shape) for shape in ("standard", "franken", "mutant")
                                   for size in (2, 3, 4) for kind in ("basic", "finned", "sashimi")
                                   if shape == "standard" or kind != "sashimi")
                 if fish.technique.code == code]
    assert producers

    def steps(module):
        monkeypatch.setattr(_accel, "_deduce_accel", module)
        # (fish are remembered per symbol and places, in the cache of each new state)
        return [step for producer in producers for step in producer.find(example.state())]

    fast, plain = steps(accel), steps(None)
    assert fast == plain and fast


def test_too_large_a_grid_for_the_fish_tables_is_left_to_python(with_accel):
    geometry = Geometry.boxes(9)
    peers = Puzzle(geometry, ALPHABET[:9], (-1,) * 81).peer_masks
    assert _accel.fish_tables(geometry, peers, _cell_houses(geometry, (9, 10)), 4, MAX_FINS) is not None
    assert _accel.fish_tables(geometry, peers, _cell_houses(geometry, (9, 10)), 5, MAX_FINS) is None
    assert _accel.fish_tables(geometry, peers, _cell_houses(geometry, (9, 10)), 4, 9) is None
    with pytest.raises(ValueError, match="too large"):
        with_accel.FishTables(700, [0] * 10, [0] * 700, [()] * 700)


def test_a_fish_with_the_most_fins_is_found_by_both(with_accel):
    # 16x16, rows 1 and 2 against columns 1 and 9: five fins in box 1 (at most MAX_FINS), r3c1 and
    # r4c1 see them all
    geometry = Geometry.boxes(16)
    peers = Puzzle(geometry, ALPHABET[:16], (-1,) * 256).peer_masks
    cells = [(0, c) for c in (0, 1, 2, 3, 8)] + [(1, c) for c in (0, 1, 2, 8)]
    cells += [(r, c) for r in range(2, 16) for c in (0, 8)]
    where = sum(1 << (16 * r + c) for r, c in cells)
    fish, rows, cols = Fish(2), list(range(16)), list(range(16, 32))
    plain = list(fish._standard_found(geometry, peers, where, rows, cols, 2 + 4, 2 + MAX_FINS))
    assert MAX_FINS == 5 and any(fins.bit_count() == MAX_FINS for *_, fins in plain)
    tables = _accel.fish_tables(geometry, peers, _cell_houses(geometry, tuple(cols)), 4, MAX_FINS)
    assert tables.standard(rows, cols, where, 2, 2 + 4, 2 + MAX_FINS, MAX_FINS) == plain


# -- the search (deduce/backtrack.py) -------------------------------------------


@pytest.fixture
def fast_search(accel, monkeypatch):
    """deduce.backtrack with the accelerator's search (prototypes built afresh)."""
    monkeypatch.setattr(backtrack, "_ACCEL", accel)   # (the prototypes are kept per engine: built afresh)
    return accel


#: Seconds the Python search may take on one random puzzle before the puzzle is left out: a few
#: random ones (16x16, few givens, one changed) need an exhaustive search far too long for a test.
PLAIN_SEARCH_SECONDS = 5.0


def assert_same_start(puzzle, limit, seconds=None):
    """The C search started from the givens (``givens_solutions``): None exactly when ``start_lists``
    finds two givens clashing, else the first ``limit`` solutions after as many nodes as from the lists
    (unless the searches take over ``seconds``: a random 16x16 with a changed given can have no
    solution and a tree too large to exhaust)."""
    search = backtrack.Search(puzzle)
    lists = search.start_lists()
    made = search.fast.givens_solutions(puzzle.givens, deadline.check, backtrack.CHECK_EVERY)
    assert (made is None) == (lists is None)
    if lists is not None:
        plain = search.fast.solutions(*lists, deadline.check, backtrack.CHECK_EVERY)
        try:
            with deadline.limit(seconds):
                assert list(itertools.islice(made, limit)) == list(itertools.islice(plain, limit))
        except SolveTimeout:
            return
        assert made.nodes == plain.nodes


def assert_same_solutions(target, limit, seconds=None):
    """The first ``limit`` solutions below ``target``'s start node, in order, from both searches, after
    as many nodes (None: the Python search took over ``seconds``, and the puzzle is left out); from a
    puzzle, the C search started from its givens too."""
    if isinstance(target, Puzzle):
        assert_same_start(target, limit, seconds)
    try:
        search, node = backtrack._start(target)
    except Contradiction:
        return 0  # two givens clash (found before either search starts)
    if node is None:
        return 0
    assert search.fast is not None, "the accelerator was not used"
    try:
        with deadline.limit(seconds):
            plain = list(itertools.islice(search.solutions(node), limit))
    except SolveTimeout:
        return None
    fast = search.fast_solutions(node)
    assert list(itertools.islice(fast, limit)) == plain
    assert fast.nodes == search.nodes  # the same nodes visited on the way
    return len(plain)


def _random_givens(geometry: Geometry, seed: int, density: float) -> Puzzle:
    """Givens copied from one solution of the empty grid, with some changed at random: puzzles with one
    solution, many, or none."""
    rng = random.Random(seed)
    n = geometry.size
    empty = Puzzle(geometry, ALPHABET[:n], (-1,) * (n * n))
    solution = next(backtrack.iter_solutions(empty))
    symbols = list(range(n))
    rng.shuffle(symbols)
    givens = [symbols[v] if rng.random() < density else -1 for v in solution]
    for _ in range(rng.choice((0, 0, 1, 2))):
        givens[rng.randrange(n * n)] = rng.randrange(n)
    return Puzzle(geometry, ALPHABET[:n], tuple(givens))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 9, 16]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       density=st.sampled_from([0.0, 0.15, 0.3, 0.45, 0.6]))
def test_random_puzzles_search_the_same(fast_search, size, seed, jigsaw, density):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    try:
        puzzle = _random_givens(geometry, seed, density)
    except ValueError:
        return  # two equal givens in a house: the reader refuses it, there is nothing to search
    assert_same_solutions(puzzle, 40 if size <= 9 else 3, PLAIN_SEARCH_SECONDS)


@pytest.mark.parametrize("text", PUZZLES)
def test_engine_positions_search_the_same(fast_search, text):
    assert assert_same_solutions(stuck(text), 3) == 1
    assert assert_same_solutions(Puzzle.from_string(text), 3) == 1


def test_every_solution_of_small_grids_in_the_same_order(fast_search):
    assert assert_same_solutions(Puzzle.empty(4), 1000) == 288
    assert assert_same_solutions(Puzzle(_jigsaw_6(), "ABCDEF", (-1,) * 36), 200) == 200
    assert assert_same_solutions(Puzzle.empty(25), 2) == 2


def test_the_start_from_givens_refuses_clashes_and_bad_values(fast_search):
    clash = Puzzle.from_string("11" + "." * 79)   # (read as a puzzle; the search finds the clash)
    assert_same_start(clash, 2)
    with pytest.raises(Contradiction, match="given twice"):   # (said by the Python start, as before)
        backtrack.count_solutions(clash)
    tables = backtrack.Search(Puzzle.empty(9)).fast
    for values, error in (((-1,) * 80, ValueError), ((-1,) * 80 + (9,), ValueError), ((-1,) * 80 + (-2,), ValueError),
                          ((-1,) * 80 + (1.0,), TypeError), ("." * 81, TypeError)):
        with pytest.raises(error):
            tables.givens_solutions(values, None, 1)
    with pytest.raises(ValueError):
        tables.givens_solutions((-1,) * 81, None, 0)


def test_the_accelerated_search_keeps_the_deadline(fast_search):
    with pytest.raises(SolveTimeout), deadline.limit(0.2):
        for _ in backtrack.iter_solutions(Puzzle.empty(16)):
            pass


def test_killers_are_searched_in_python(fast_search):
    killer = parse_killer_line("aaBBCCDDEEFFGGHH 7,3,7,5,5,4,6,3")  # a 4x4 killer (tests/test_killer.py)
    search, _node = backtrack._start(killer)
    assert search.cages and search.fast is None


def assert_same_house_steps(state):
    """Full houses, hidden singles and every size of naked, hidden and locked
    set: the same steps, in the same order, with the accelerator as without."""
    producers = [FullHouse(), HiddenSingle()] + [NakedSubset(k) for k in (2, 3, 4)] + \
        [HiddenSubset(k) for k in (2, 3, 4)] + [LockedSubset(k) for k in (2, 3)]

    def steps(module):
        _accel._deduce_accel = module
        return [(type(p).__name__, getattr(p, "size", 1), s.placements, s.eliminations, s.cells, s.houses, s.symbols,
                 s.variant, s.details) for p in producers for s in p.find(state)]

    module = _accel._deduce_accel
    try:
        fast = steps(module)
        assert fast == steps(None)
    finally:
        _accel._deduce_accel = module
    return fast


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16, 25]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       solved=st.sampled_from([0.0, 0.25, 0.6]))
def test_random_positions_make_the_same_singles_and_subsets(with_accel, size, seed, jigsaw, solved):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    assert_same_house_steps(_random_position(geometry, seed, solved))


@pytest.mark.parametrize("text", PUZZLES)
def test_engine_positions_make_the_same_singles_and_subsets(with_accel, text):
    assert_same_house_steps(stuck(text))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9, 16, 25]), seed=st.integers(0, 2**32), solved=st.sampled_from([0.0, 0.25, 1.0]))
def test_random_positions_have_the_same_places(accel, monkeypatch, size, seed, solved):
    state = _random_position(Geometry.boxes(size), seed, solved)

    def places(module):
        monkeypatch.setattr(state_module, "_ACCEL", module)
        return state.symbol_masks(), state.symbol_masks(solved=True), state.unsolved_mask()

    fast, python = places(accel), places(None)
    assert fast == python
    assert fast[2] == sum(1 << c for c, v in enumerate(state.value) if v < 0)


SUBSET_EXAMPLES = {"np": ("NakedSubset", 2), "nt": ("NakedSubset", 3), "nq": ("NakedSubset", 4),
                   "hp": ("HiddenSubset", 2), "ht": ("HiddenSubset", 3), "hq": ("HiddenSubset", 4),
                   "locked-pair": ("LockedSubset", 2), "locked-triple": ("LockedSubset", 3)}


@pytest.mark.parametrize("code", SUBSET_EXAMPLES)
def test_the_subset_examples_are_found_by_both(with_accel, code):
    found = assert_same_house_steps(stored()[code].state())
    assert SUBSET_EXAMPLES[code] in {(name, size) for name, size, *_ in found}


def test_the_tables_refuse_malformed_input(accel):
    # a bit past the last cell, a house number out of range, a grid of the wrong shape: errors, not crashes
    with pytest.raises(ValueError, match="past the last cell"):
        accel.FishTables(4, [1 | 1 << 60, 3], [0] * 4, [()] * 4)
    with pytest.raises(ValueError, match="out of range"):
        accel.FishTables(4, [1, 3], [0] * 4, [(5,)] * 4)
    tables = accel.FishTables(4, [1, 3], [0] * 4, [(0,)] * 4)
    with pytest.raises(ValueError, match="past the last cell"):
        tables.search([0], 1 << 9, 2, 0, -1)
    with pytest.raises(ValueError, match="wrong shape"):
        accel.SearchTables(2, [[1]], [[0, 2, 4]] * 4, [[0, 1]] * 6, [], [])
    with pytest.raises(TypeError):
        accel.SearchTables(2, [[1.5]] * 4, [[0, 2, 4]] * 4, [[0, 1]] * 6, [], [])
    # a chain whose parent is not a node, a node that is not (reason, parents), a literal out of range
    with pytest.raises(KeyError):
        accel.ancestor_count({3: (("x",), (5,))}, [3], ())
    with pytest.raises(ValueError, match="reason, parents"):
        accel.ancestor_count({3: ("x", 5)}, [3], ())
    with pytest.raises(ValueError, match="out of range"):
        accel.ancestor_count({-3: (("x",), ())}, [-3], ())
    assert accel.ancestor_count({3: (("x",), (5,)), 5: (("y",), ())}, [3, 7], ("z", "y")) == (2, 0b10, 0b110)
    # a context's numbers out of range: errors naming them
    n, ncells = 4, 16
    words = bytes(8 * ncells)
    args = [n, ncells, 12, 1, 0, -1, [1] * ncells, [-1] * ncells, bytes(8 * n), words, bytes(8 * 12),
            [0, 4, 8] * ncells, b"", 4, 40]
    ctx = accel.Context(*args)
    with pytest.raises(ValueError, match="a literal of this grid"):
        ctx.propagate(16 << 6)
    # a trace whose parent is not a node, or whose numbers lie outside it
    index, raw, *_ = ctx.propagate(1)
    assert accel.trace_count(index, raw, [1], ()) == (1, 0, 0b1)
    with pytest.raises(ValueError, match="node number"):
        accel.trace_count({1: 5}, raw, [1], ())

    def trace(node_rec, parent_count, flat):
        return struct.pack(f"{10 + len(flat)}i", 1, 1, node_rec, 0, 0, 0, 0, parent_count, 1, 0, *flat)

    with pytest.raises(KeyError):
        accel.trace_count({1: 0}, trace(0, 1, [7]), [1], ())
    with pytest.raises(ValueError, match="parents out of range"):
        accel.trace_count({1: 0}, trace(0, 1, []), [1], ())
    with pytest.raises(ValueError, match="record number"):
        accel.trace_count({1: 0}, trace(3, 0, []), [1], ())
    with pytest.raises(ValueError, match="wrong size"):
        accel.trace_count({1: 0}, trace(0, 0, [])[:-8], [1], ())
    assert accel.trace_count({1: 0, 7: 1}, struct.pack("13i", 2, 1, 0, -1, 3, 0, 0, 0, 1, 1, 0, 7, 0), [1], (3,)) \
        == (2, 0b1, 0b1001)
    with pytest.raises(ValueError, match="max_depth"):
        accel.Context(*args[:-1], -1)
    with pytest.raises(ValueError, match="cand"):
        accel.Context(*args[:6], [1 << 5] * ncells, *args[7:])
    with pytest.raises(ValueError, match="cell_houses"):
        accel.Context(*args[:11], [0, 4, 12] * ncells, *args[12:])
    # subset tables: a cell out of range, a malformed group, candidates or values out of range, too large a set
    with pytest.raises(ValueError, match="out of range"):
        accel.HouseTables(4, 16, [((0, 16), (0, 1))])
    with pytest.raises(ValueError, match="items, scope"):
        accel.HouseTables(4, 16, [(0, 1)])
    tables = accel.HouseTables(4, 16, [((0, 1, 2, 3), (0, 1, 2, 3))])
    assert tables.naked([3, 3, 7, 8] + [1] * 12, [-1] * 16, 2) == [(0, (0, 1), 3)]
    assert tables.hidden([3, 3, 7, 12] + [1] * 12, [-1] * 16, 1) == [(0, (3,), (3,))]
    with pytest.raises(ValueError, match="candidates"):
        tables.naked([1 << 4] * 16, [-1] * 16, 2)
    with pytest.raises(ValueError, match="values"):
        tables.hidden([1] * 16, [4] * 16, 2)
    with pytest.raises(ValueError, match="subsets of"):
        tables.naked([1] * 16, [-1] * 16, 9)
    with pytest.raises(ValueError, match="values"):
        tables.naked([1] * 16, [-2] * 16, 2)
    # a position's places: candidates or values out of range
    with pytest.raises(ValueError, match="candidates"):
        accel.symbol_masks([1 << 4], [-1], 4, False)
    with pytest.raises(ValueError, match="values"):
        accel.symbol_masks([1, 1], [-1, 4], 4, True)
    assert accel.symbol_masks([3, 2, 0], [-1, -1, 0], 2, True) == [0b101, 0b011]
    assert accel.unsolved_mask([0, -1, 3, -1]) == 0b1010


def test_a_search_that_raised_is_over(fast_search):
    search, node = backtrack._start(Puzzle.empty(4))
    calls = []

    def check():
        calls.append(1)
        if len(calls) == 1:
            raise SolveTimeout(0.0)

    solutions = search.fast.solutions(*search.cell_lists(node), check, backtrack.CHECK_EVERY)
    with pytest.raises(SolveTimeout):
        list(solutions)
    assert list(solutions) == []  # like a generator that raised


def test_a_search_cannot_be_resumed_from_its_own_check(fast_search):
    search, node = backtrack._start(Puzzle.empty(4))
    holder = []

    def check():
        next(holder[0])

    holder.append(search.fast.solutions(*search.cell_lists(node), check, backtrack.CHECK_EVERY))
    with pytest.raises(ValueError, match="already running"):
        list(holder[0])



# -- which engine runs, and why ---------------------------------------------------

@pytest.fixture
def fresh_loader(monkeypatch):
    """deduce._accelerator asked afresh (its answer is kept per process), and again after the test."""
    from deduce import _accelerator

    _accelerator._loaded.cache_clear()
    yield _accelerator
    _accelerator._loaded.cache_clear()


def test_a_module_built_from_other_sources_is_refused_with_one_warning(fresh_loader, monkeypatch):
    import sys
    import types

    stale = types.ModuleType("deduce._deduce_accel")
    stale.SOURCE_DIGEST, stale.LIT_CELL_SHIFT = "0123456789abcdef", 6
    monkeypatch.delenv("DEDUCE_PURE_PYTHON", raising=False)
    monkeypatch.setitem(sys.modules, "deduce._deduce_accel", stale)
    with pytest.warns(RuntimeWarning, match="refused as stale") as warned:
        assert fresh_loader.load() is None
        assert fresh_loader.load() is None and fresh_loader.engine() == fresh_loader.engine()
    assert len(warned) == 1
    engine = fresh_loader.engine()
    assert not engine and str(engine).startswith("pure Python (refused as stale: built from sources 0123456789abcdef")


def test_a_module_packing_literals_otherwise_is_refused(fresh_loader, monkeypatch):
    import sys
    import types

    from deduce._accel_digest import SOURCES_DIR

    odd = types.ModuleType("deduce._deduce_accel")
    odd.SOURCE_DIGEST, odd.LIT_CELL_SHIFT = source_digest(SOURCES_DIR), 5
    monkeypatch.delenv("DEDUCE_PURE_PYTHON", raising=False)
    monkeypatch.setitem(sys.modules, "deduce._deduce_accel", odd)
    with pytest.warns(RuntimeWarning, match="packs literals otherwise"):
        assert fresh_loader.load() is None
    odd.LIT_CELL_SHIFT = 6
    fresh_loader._loaded.cache_clear()
    assert fresh_loader.load() is odd and fresh_loader.engine()
    assert str(fresh_loader.engine()) == "C accelerator"


def test_the_switch_and_a_missing_module_are_said(fresh_loader, monkeypatch):
    import sys

    monkeypatch.setenv("DEDUCE_PURE_PYTHON", "1")
    assert str(fresh_loader.engine()) == "pure Python (switched off by DEDUCE_PURE_PYTHON=1)"
    fresh_loader._loaded.cache_clear()
    monkeypatch.setenv("DEDUCE_PURE_PYTHON", "0")  # ("0" asks for nothing)
    monkeypatch.setitem(sys.modules, "deduce._deduce_accel", None)  # (import fails: as if never built)
    assert str(fresh_loader.engine()).startswith("pure Python (not built: no C compiler")


def test_the_built_module_matches_its_sources_and_the_strategies_limits(accel):
    from deduce._accel_digest import SOURCES_DIR

    assert source_digest(SOURCES_DIR) == accel.SOURCE_DIGEST
    assert lit(1, 0, False) == 1 << accel.LIT_CELL_SHIFT
    assert accel.RECORD_CODES.split() == list(RECORD_CODES)
    assert accel.FISH_MAX_SIZE >= 4 and accel.FISH_MAX_FINS >= MAX_FINS and accel.SUBSET_MAX_K >= 4
    assert sorted(p.name for p in SOURCES.iterdir() if p.suffix in (".c", ".h")) == sorted(SOURCE_NAMES)


@pytest.mark.parametrize("text", [*PUZZLES, "11" + "." * 79, "1" + "." * 8 + "1" + "." * 71, "." * 81])
def test_the_c_search_starts_from_the_cells_as_from_the_packed_root(text):
    puzzle = Puzzle.from_string(text)
    search = backtrack.Search(puzzle)
    for state in (None, State.from_puzzle(puzzle) if text.count("1") < 2 else None):
        node = search.start(state) if state is not None else None
        if state is None:
            try:
                node = search.start()
            except Contradiction:
                node = None
        lists = search.start_lists(state)
        assert lists == (search.cell_lists(node) if node is not None else None)


def test_version_names_the_engine_in_use(capsys):
    import deduce
    from deduce.cli import main

    assert main(["--version"]) == 0
    assert capsys.readouterr().out == f"deduce {deduce.__version__}, engine: {deduce.accelerated}\n"


def test_malformed_als_links_are_refused(with_accel):
    with pytest.raises(ValueError, match="link out of range"):
        with_accel.als_xy_whole([0, 1], [5], [1], [3], b"\0" * 72, b"\0" * 8, 9, 1)  # a link to set 5 of 1
    with pytest.raises(ValueError, match="malformed links or symbols"):
        with_accel.als_xy_whole([0, 0], [], [], [1 << 9], b"\0" * 72, b"\0" * 8, 9, 1)  # a 10th symbol
    with pytest.raises(ValueError, match="wrong size"):
        with_accel.als_xy_whole([0, 0], [], [], [3], b"\0" * 8, b"\0" * 8, 9, 1)  # reach too short
    assert with_accel.als_xy_whole([0, 0], [], [], [3], b"\0" * 72, b"\0" * 8, 9, 1) == []


def _hodoku_tables(state, groups, accel_module):
    """HoDoKu's tables at ``state`` made with the module ``accel_module`` (None: pure Python)."""
    from strategies import _hodoku_tabling

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_accel, "_deduce_accel", accel_module)
        return _hodoku_tabling._Tables(state, groups)


def assert_same_hodoku_tables(state, accel, groups=True):
    """The C ``hodoku_grid`` makes HoDoKu's grid (strategies/_hodoku_tabling.py)
    as Python does: the same nodes and direct consequences in the same order,
    so per premise the same reach, levels and entries in HoDoKu's order;
    returns how many tables."""
    fast, plain = _hodoku_tables(state, groups, accel), _hodoku_tables(state, groups, None)
    fg, pg = fast.grid, plain.grid
    assert (fg.nodes, fg.masks, fg.places, fg.cand) == (pg.nodes, pg.masks, pg.places, pg.cand)
    assert fg.direct_lits == pg.direct_lits
    assert {x: list(ys) for x, ys in fg.direct.items() if ys} == {x: list(ys) for x, ys in pg.direct.items() if ys}
    assert fg.direct_masks == pg.direct_masks
    return _same_tables(fast, plain)


def _same_tables(fast, plain):
    """Tables (``_Tables.of``) made with the accelerator and in Python hold the same, premise by premise."""
    assert list(fast.of) == list(plain.of)
    for key, table in plain.of.items():
        other = fast.of[key]
        assert (other.first, other.reach, other.levels) == (table.first, table.reach, table.levels), key
        assert (other.lits, other.parent, other.pos) == (table.lits, table.parent, table.pos), key
    return len(plain.of)


def test_stuck_positions_make_the_same_hodoku_tables(with_accel, monkeypatch):
    from strategies import _hodoku_tabling

    made = 0
    for text in PUZZLES:
        state = stuck(text)
        made += assert_same_hodoku_tables(state, with_accel) + assert_same_hodoku_tables(state, with_accel, False)
    # tables that fill up (ordered in Python, as HoDoKu takes their entries) beside ones that do not
    monkeypatch.setattr(_hodoku_tabling, "MAX_ENTRIES", 40)
    made += assert_same_hodoku_tables(stuck(PUZZLES[0]), with_accel)
    assert made > 400


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), solved=st.sampled_from([0.0, 0.25, 0.6]), groups=st.booleans(),
       max_entries=st.sampled_from([1, 30, 1000]))
def test_random_positions_make_the_same_hodoku_tables(with_accel, seed, solved, groups, max_entries):
    # HoDoKu's tables are made for its own grid alone (9x9, 3x3 boxes: hodoku_classic), never for a
    # jigsaw or a larger one; random candidates make every kind of group and house link
    from strategies import _hodoku_tabling

    state = _random_position(Geometry.boxes(9), seed, solved)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_hodoku_tabling, "MAX_ENTRIES", max_entries)
        assert assert_same_hodoku_tables(state, with_accel, groups) > 0


def assert_same_net_grid(state, accel):
    """The C ``hodoku_net_starts`` makes the forcing nets' grid (strategies/_hodoku_nets.py's
    NetGrid: each candidate's table start from _fill, then its group links) as Python does: the same
    literals in the same order and the same bit sets; returns how many literals have a start."""
    from strategies import _hodoku_nets

    made = []
    for module in (accel, None):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(_accel, "_deduce_accel", module)
            made.append((_hodoku_nets._NetTables(state), _hodoku_nets.net_results(state)))
    (fast_tables, fast_nets), (plain_tables, plain_nets) = made
    assert fast_nets == plain_nets
    _same_tables(fast_tables, plain_tables)  # widened from the net grid's starts made in C
    fast, plain = fast_tables.grid, plain_tables.grid
    assert fast.direct_lits == plain.direct_lits
    assert fast.direct_masks == plain.direct_masks
    made = sum(1 for x in accel.hodoku_net_starts(plain.cand) if x is not None)
    assert made == 2 * sum(bin(m).count("1") for m in plain.cand)  # every candidate's literal, both ways
    return made


def test_stuck_positions_make_the_same_net_grids(with_accel):
    from strategies import _hodoku_nets, _hodoku_tabling

    assert _hodoku_nets.LOOK_AHEAD == 4  # deduce/_accel/nets.c's NET_LOOK_AHEAD
    assert sum(assert_same_net_grid(stuck(text), with_accel) for text in PUZZLES) > 400
    with pytest.MonkeyPatch.context() as mp:  # tables that fill up (ordered in Python)
        mp.setattr(_hodoku_tabling, "MAX_ENTRIES", 40)
        assert_same_net_grid(stuck(PUZZLES[0]), with_accel)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), solved=st.sampled_from([0.0, 0.25, 0.6]))
def test_random_positions_make_the_same_net_grids(with_accel, seed, solved):
    # random candidates: cells left empty, singles that clash, more than four rounds of them
    # (the grids alone: a random grid's tables fill up, which takes minutes in Python)
    from strategies import _hodoku_nets

    state = _random_position(Geometry.boxes(9), seed, solved)
    grids = []
    for module in (with_accel, None):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(_accel, "_deduce_accel", module)
            grids.append(_hodoku_nets.NetGrid(state))
    assert (grids[0].direct_lits, grids[0].direct_masks) == (grids[1].direct_lits, grids[1].direct_masks)


def test_the_net_kernel_refuses_malformed_input(accel):
    with pytest.raises(ValueError, match="hodoku_net_starts: candidates"):
        accel.hodoku_net_starts([511] * 80)  # not 81 cells
    with pytest.raises(ValueError, match="hodoku_net_starts: candidates"):
        accel.hodoku_net_starts([511] * 80 + [512])  # a tenth symbol
    with pytest.raises(ValueError, match="hodoku_net_starts: candidates"):
        accel.hodoku_net_starts([-1] + [511] * 80)
    with pytest.raises(TypeError):
        accel.hodoku_net_starts(5)
    assert accel.hodoku_net_starts([0] * 81) == [None] * 1458


def assert_same_hodoku_als_chains(state, accel):
    """The C ``hodoku_als_walk`` finds HoDoKu's ALS chains (strategies/_hodoku_als.py) as Python's
    walk does: the same chains in the same order; returns how many."""
    from strategies import _hodoku_als
    from strategies.als import als_links

    made = []
    for module in (accel, None):
        with pytest.MonkeyPatch.context() as mp:
            mp.setattr(_accel, "_deduce_accel", module)
            made.append(_hodoku_als.als_chains(state, als_links(state)))
    assert made[0] == made[1]
    return len(made[1][1])


def test_stuck_positions_find_the_same_hodoku_als_chains(with_accel, monkeypatch):
    from strategies import _hodoku_als

    assert sum(assert_same_hodoku_als_chains(stuck(text), with_accel) for text in PUZZLES) > 0
    # the bounds: a search cut short, chains cut at four links
    monkeypatch.setattr(_hodoku_als, "MAX_VISITS", 300)
    monkeypatch.setattr(_hodoku_als, "MAX_LINKS", 4)
    for text in PUZZLES:
        assert_same_hodoku_als_chains(stuck(text), with_accel)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(seed=st.integers(0, 2**32), solved=st.sampled_from([0.25, 0.6]), visits=st.sampled_from([50, 3000]))
def test_random_positions_find_the_same_hodoku_als_chains(with_accel, seed, solved, visits):
    from strategies import _hodoku_als

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_hodoku_als, "MAX_VISITS", visits)
        assert_same_hodoku_als_chains(_random_position(Geometry.boxes(9), seed, solved), with_accel)


def test_the_hodoku_als_walk_refuses_malformed_input(accel):
    reach = b"\0" * (2 * 9 * 8)
    assert accel.hodoku_als_walk([0, 1, 1], [1], [0], [-1], [3, 3], reach, 9, 1, 50, 100) == []
    with pytest.raises(ValueError, match="not forward"):
        accel.hodoku_als_walk([0, 1, 2], [1, 0], [0, 0], [-1, -1], [3, 3], reach, 9, 1, 50, 100)  # a loop back
    with pytest.raises(ValueError, match="links"):
        accel.hodoku_als_walk([0, 1, 1], [5], [0], [-1], [3, 3], reach, 9, 1, 50, 100)  # a link to set 5 of 2
    with pytest.raises(ValueError, match="offsets"):
        accel.hodoku_als_walk([0, 2, 1], [1], [0], [-1], [3, 3], reach, 9, 1, 50, 100)
    with pytest.raises(ValueError, match="second commons"):
        accel.hodoku_als_walk([0, 1, 1], [1], [0], [9], [3, 3], reach, 9, 1, 50, 100)  # a tenth symbol
    with pytest.raises(ValueError, match="wrong size"):
        accel.hodoku_als_walk([0, 1, 1], [1], [0], [-1], [3, 3], reach[:-8], 9, 1, 50, 100)
    with pytest.raises(ValueError, match="out of range"):
        accel.hodoku_als_walk([0, 1, 1], [1], [0], [-1], [3, 3], reach, 9, 1, 61, 100)


def test_the_tabling_kernels_refuse_malformed_input(accel):
    with pytest.raises(ValueError, match="hodoku_grid: candidates"):
        accel.hodoku_grid([511] * 80, True)  # not 81 cells
    with pytest.raises(ValueError, match="hodoku_grid: candidates"):
        accel.hodoku_grid([511] * 80 + [512], True)  # a tenth symbol


def assert_same_als_sets(state, max_cells, links=True):
    """The C ``als_sets`` finds :func:`strategies.als.almost_locked_sets`' sets, in its order, and
    ``als_links`` their restricted commons as :func:`strategies.als._links` does (with the sets of
    ``MAX_ALS_CELLS`` cells); returns how many sets."""
    from strategies import als

    fast = als.almost_locked_sets(state, max_cells)
    assert _accel.als_sets(state, max_cells) is not None, "the accelerator was not used"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_accel, "_deduce_accel", None)
        plain = als.almost_locked_sets(state, max_cells)
    assert fast == plain
    if not links:
        return len(plain)
    fast_links = als._links(state)[1]
    assert _accel.als_links(state, plain) is not None
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(_accel, "_deduce_accel", None)
        plain_links = als._links(State(state.puzzle, list(state.cand), list(state.value)))[1]
    assert list(fast_links.items()) == list(plain_links.items())  # (the table's order too)
    return len(plain)


def test_stuck_positions_make_the_same_als_sets(with_accel):
    assert sum(assert_same_als_sets(stuck(text), 7) for text in PUZZLES) > 100


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(size=st.sampled_from([4, 6, 9]), seed=st.integers(0, 2**32), jigsaw=st.booleans(),
       solved=st.sampled_from([0.3, 0.6]), max_cells=st.integers(0, 8))
def test_random_positions_make_the_same_als_sets(with_accel, size, seed, jigsaw, solved, max_cells):
    geometry = _jigsaw_6() if jigsaw and size == 6 else Geometry.boxes(size)
    state = _random_position(geometry, seed, solved, few=True)
    state.cand[:] = [m & (1 << size) - 1 or 1 for m in state.cand]  # (the few symbols are summed, not joined)
    assert assert_same_als_sets(state, max_cells) >= 0


def test_a_16x16_position_makes_the_same_als_sets(with_accel):
    # (more than 64 cells and 9 symbols: masks of several words; small sets only, the Python search
    # of a 16x16 grid's larger sets and their table takes minutes)
    state = _random_position(Geometry.boxes(16), 11, 0.6, few=True)
    state.cand[:] = [m & (1 << 16) - 1 or 1 for m in state.cand]
    assert assert_same_als_sets(state, 3, links=False) > 0


def test_the_als_sets_kernel_refuses_malformed_input(accel):
    state = stuck(PUZZLES[0])
    peers = _accel._puzzle_tables(state)[0]
    houses = [c for h in state.puzzle.geometry.houses for c in h]
    sizes = [len(h) for h in state.puzzle.geometry.houses]
    cand, value = list(state.cand), list(state.value)
    assert len(accel.als_sets(cand, value, peers, houses, sizes, 9, 4)) > 0
    with pytest.raises(ValueError, match="values"):
        accel.als_sets(cand, value[:-1], peers, houses, sizes, 9, 4)
    with pytest.raises(ValueError, match="candidates"):
        accel.als_sets(cand[:-1] + [1 << 9], value, peers, houses, sizes, 9, 4)
    with pytest.raises(ValueError, match="house cells"):
        accel.als_sets(cand, value, peers, houses[:-1] + [81], sizes, 9, 4)
    with pytest.raises(ValueError, match="add up"):
        accel.als_sets(cand, value, peers, houses, sizes[:-1], 9, 4)
    with pytest.raises(ValueError, match="word array"):
        accel.als_sets(cand, value, peers[:-8], houses, sizes, 9, 4)
    with pytest.raises(ValueError, match="out of range"):
        accel.als_sets(cand, value, peers, houses, sizes, 9, 32)
    sets = accel.als_sets(cand, value, peers, houses, sizes, 9, 4)
    assert accel.als_links(sets, 9, 2) and accel.als_links([], 9, 2) == {}
    with pytest.raises(TypeError, match="Als record"):
        accel.als_links([sets[0][:3]], 9, 2)
    with pytest.raises(ValueError, match="a mask per symbol"):
        accel.als_links([sets[0][:3] + (sets[0][3][:-1], sets[0][4])], 9, 2)
    with pytest.raises(ValueError, match="too wide"):
        accel.als_links(sets, 9, 1)  # masks of 81 cells in one word
    with pytest.raises(ValueError, match="out of range"):
        accel.als_links(sets, 9, 11)
