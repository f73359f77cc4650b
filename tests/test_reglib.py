"""HoDoKu's regression library as a test: every case whose technique deduce
implements must pass (the expected step is found, nothing unsound is
found); the skipped technique ids are printed with the reason."""

from __future__ import annotations

from collections import Counter, defaultdict

import pytest

from . import reglib

pytestmark = pytest.mark.skipif(not reglib.PATH.exists(), reason="../shared/corpora is absent")


def test_reglib_cases_of_implemented_techniques(capsys):
    by_code: dict[str, list] = defaultdict(list)
    for case in reglib.cases():
        by_code[case.code].append(case)
    failures = []
    passed: Counter[str] = Counter()
    skipped: dict[str, str] = {}
    skipped_count: Counter[str] = Counter()
    for code, items in sorted(by_code.items()):
        if not reglib.strategies_for(code):
            skipped[code] = "not implemented in deduce"
            skipped_count[code] = len(items)
            continue
        for case in items:
            if (case.code, case.variant) in reglib.SKIPPED_VARIANTS:
                skipped[f"{code}-{case.variant}"] = reglib.SKIPPED_VARIANTS[(case.code, case.variant)]
                skipped_count[f"{code}-{case.variant}"] += 1
                continue
            if case.line in reglib.SKIPPED_CASES:
                skipped[f"{code} line {case.line}"] = reglib.SKIPPED_CASES[case.line]
                skipped_count[f"{code} line {case.line}"] += 1
                continue
            ok, why = reglib.check(case)
            if ok:
                passed[code] += 1
            else:
                failures.append(f"line {case.line} ({code}{'-' + case.variant if case.variant else ''}): {why}")
    with capsys.disabled():
        print(f"\nreglib: {sum(passed.values())} cases passed over {len(passed)} technique ids")
        for code, why in skipped.items():
            print(f"  skipped {code} ({skipped_count[code]} cases): {why}")
    assert not failures, "\n".join(failures[:40]) + f"\n({len(failures)} failures)"
    assert sum(passed.values()) > 0
