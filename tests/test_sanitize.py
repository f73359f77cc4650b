"""The C accelerator under AddressSanitizer and UndefinedBehaviorSanitizer
(behind the ``sanitize`` marker; ``.ci/run`` runs it).

``deduce/_accel/*.c`` is compiled with ``-fsanitize=address,undefined``
(undefined behaviour aborts rather than recovers), and the comparison tests
of ``tests/test_accel.py``, of every room's ``tests/test_accel_*.py`` and of the speed rooms'
``tests/test_speed_*.py`` (their kernel comparisons take ``test_accel``'s fixtures) run against
that module in a child Python with the sanitizer's runtime preloaded (``LD_PRELOAD``: the interpreter itself is
not built with it), Python's allocator switched to ``malloc`` so that
ASan sees every object, and leak checking off (the interpreter keeps much
of what it allocates until exit).  Skips when the compiler cannot build or
the runtime cannot be found.
"""

from __future__ import annotations

import os
import pathlib
import shlex
import shutil
import subprocess
import sys
import sysconfig

import pytest

from .test_accel import build_module

ROOT = pathlib.Path(__file__).resolve().parent.parent
FLAGS = ["-O1", "-g", "-fno-omit-frame-pointer", "-fsanitize=address,undefined", "-fno-sanitize-recover=undefined"]


def _runtime() -> str | None:
    """The path of the compiler's ASan runtime, or None."""
    cc = shlex.split(sysconfig.get_config_var("CC") or "cc")
    if not shutil.which(cc[0]):
        return None
    done = subprocess.run([*cc, "-print-file-name=libasan.so"], capture_output=True, text=True)
    path = done.stdout.strip()
    return path if done.returncode == 0 and os.path.isabs(path) and os.path.exists(path) else None


@pytest.mark.sanitize
def test_the_comparison_tests_pass_under_the_sanitizers(tmp_path: pathlib.Path) -> None:
    runtime = _runtime()
    if runtime is None:
        pytest.skip("the C compiler has no AddressSanitizer runtime here")
    try:
        module = build_module(tmp_path, FLAGS)
    except subprocess.CalledProcessError as exc:
        pytest.skip(f"the compiler cannot build with the sanitizers: {exc.stderr.decode()[-300:]}")
    env = dict(os.environ, LD_PRELOAD=runtime, PYTHONMALLOC="malloc", DEDUCE_ACCEL_MODULE=str(module),
               DEDUCE_PURE_PYTHON="1",  # (everything else pure: the sanitized module is the only C one)
               ASAN_OPTIONS="detect_leaks=0:abort_on_error=1", UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1")
    files = sorted(str(p.relative_to(ROOT)) for pattern in ("test_accel*.py", "test_speed_*.py")
                   for p in (ROOT / "tests").glob(pattern))
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-x", "-p", "no:cacheprovider", *files], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=3000)
    report = done.stdout[-3000:] + done.stderr[-3000:]
    assert done.returncode == 0, report
    assert "[100%]" in done.stdout and "ERROR: AddressSanitizer" not in report and "runtime error" not in report
