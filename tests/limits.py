"""Running code under a CPU-time and a memory limit, in a child process, so that an endless loop or
a runaway allocation fails one test instead of the whole run (or the machine).

The limits are on work, not on the clock (issue 26, item 10): RLIMIT_CPU counts the seconds the
child computes, which a busy or slow machine does not inflate, so a correct program never fails
for being made to wait. Only a child that blocks without computing (a read from a FIFO that
never gets a writer) cannot be stopped by its CPU limit; for that alone there is HANG_SECONDS, a
wall-clock backstop many times longer than any of these children takes.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import textwrap
from collections.abc import Callable, Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 1_500_000_000  # bytes of address space for the child: a hang in memory shows fast
# The backstop for a child blocked on I/O (see the module docstring); shorter when a planted
# fault is being watched fail.
HANG_SECONDS = int(os.environ.get("PINOCHLE_TEST_HANG_SECONDS", "600"))


def cpu_limit(seconds: int, memory: int | None = None) -> Callable[[], None]:
    """A ``preexec_fn`` that limits the child's CPU seconds (SIGXCPU, then SIGKILL) and,
    when given, its address space."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_CPU, (seconds, seconds + 5))
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    return limit


def run_cpu_limited(args: Sequence[str | os.PathLike[str]], cpu_seconds: int,
                    memory: int | None = None, **kwargs: object
                    ) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(args)`` with the child's CPU time (and memory) limited; output as text.
    A child killed by its CPU limit has a negative return code (SIGXCPU or SIGKILL)."""
    return subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          preexec_fn=cpu_limit(cpu_seconds, memory),
                          timeout=HANG_SECONDS, **kwargs)  # type: ignore[call-overload]


def run_limited(code: str, cpu_seconds: int, memory: int = MEMORY
                ) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter under the CPU and memory limits, with SDL's dummy
    drivers. The child's output is returned (check ``returncode``)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return run_cpu_limited([sys.executable, "-c", textwrap.dedent(code)], cpu_seconds, memory,
                           cwd=ROOT, env=env)
