"""No test may fail for a slow or busy machine (issue 26, item 10: "Under load, two tests failed on
wall-clock limits ... Guard endless loops with CPU-time limits (RLIMIT_CPU) or work counters, not
wall-clock time").

Every test file is read for the ways a wall clock limits a test: a ``timeout=`` given to a
subprocess or a wait, ``signal.alarm`` or a real-time ``setitimer``, and an assertion that some
elapsed clock time is below a bound. The one allowed place is tests/limits.py, whose backstop only
catches a child blocked on I/O (which uses no CPU) and is many times any child's run.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
ALLOWED = {TESTS / "limits.py"}
CLOCKS = {"perf_counter", "time", "monotonic", "perf_counter_ns", "monotonic_ns", "time_ns"}


def _is_clock(node: ast.AST) -> bool:
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in CLOCKS and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "time")


def _uses_clock(node: ast.AST) -> bool:
    return any(_is_clock(n) for n in ast.walk(node))


def wall_clock_limits(tree: ast.AST) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            if any(k.arg == "timeout" for k in node.keywords):
                found.append((node.lineno, "a timeout= on the clock"))
            func = node.func
            if isinstance(func, ast.Attribute) and func.attr == "alarm":
                found.append((node.lineno, "signal.alarm"))
            if (isinstance(func, ast.Attribute) and func.attr == "setitimer" and node.args
                    and isinstance(node.args[0], ast.Attribute)
                    and node.args[0].attr == "ITIMER_REAL"):
                found.append((node.lineno, "a real-time interval timer"))
        if isinstance(node, ast.Assert) and isinstance(node.test, ast.Compare):
            compare = node.test
            left, ops, rights = compare.left, compare.ops, compare.comparators
            # "elapsed < bound": the clock on the small side of a comparison is an upper bound
            upper = (any(isinstance(op, ast.Lt | ast.LtE) for op in ops) and _uses_clock(left)) \
                or (any(isinstance(op, ast.Gt | ast.GtE) for op in ops)
                    and any(_uses_clock(r) for r in rights))
            if upper:
                found.append((node.lineno, "an assertion that clock time stays under a bound"))
    return found


def test_no_test_is_limited_by_the_wall_clock():
    offenders = []
    for path in sorted(TESTS.rglob("*.py")):
        if path in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        offenders += [f"{path.relative_to(TESTS.parent)}:{line}: {what}"
                      for line, what in wall_clock_limits(tree)]
    assert not offenders, "\n".join(offenders)


def test_the_check_finds_each_kind_of_wall_clock_limit():
    planted = '''
import signal, subprocess, time
subprocess.run(["x"], timeout=60)
signal.alarm(5)
signal.setitimer(signal.ITIMER_REAL, 1.0)
start = time.perf_counter()
assert time.perf_counter() - start < 2.0
assert 2.0 > time.monotonic() - start
'''
    assert sorted(line for line, _ in wall_clock_limits(ast.parse(planted))) == [3, 4, 5, 7, 8]
    allowed = '''
import signal, time
signal.setitimer(signal.ITIMER_PROF, 60)
assert time.perf_counter() - start >= 1.4
'''
    assert wall_clock_limits(ast.parse(allowed)) == []


def test_the_cpu_limit_stops_an_endless_loop_and_never_a_slow_machine():
    """What replaces the clock: a child that computes for ever is stopped by its CPU limit; a
    child kept waiting (as on a loaded machine: here it sleeps twice its CPU budget) is not."""
    import sys

    from tests.limits import run_cpu_limited

    waits = run_cpu_limited([sys.executable, "-c", "import time; time.sleep(2.2); print('done')"],
                            cpu_seconds=1)
    assert waits.returncode == 0 and waits.stdout == "done\n"
    loops = run_cpu_limited([sys.executable, "-c", "while True: pass"], cpu_seconds=1)
    assert loops.returncode < 0  # SIGXCPU, or SIGKILL at the hard limit
