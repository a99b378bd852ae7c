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
                    memory: int | None = None, as_a_user: bool = False,
                    hang_seconds: int = HANG_SECONDS, **kwargs: object
                    ) -> subprocess.CompletedProcess[str]:
    """``subprocess.run(args)`` with the child's CPU time (and memory) limited; output as text.
    A child killed by its CPU limit has a negative return code (SIGXCPU or SIGKILL). With
    ``as_a_user``, a child of root loses the capabilities that let root read and write any file
    (file permissions then hold for it, as for a player). ``hang_seconds`` is the wall-clock
    backstop (see the module docstring), for a child that computes for minutes."""
    limit = cpu_limit(cpu_seconds, memory)

    def prepare() -> None:
        limit()
        if as_a_user:
            drop_file_privileges()

    return subprocess.run([str(a) for a in args], capture_output=True, text=True,
                          preexec_fn=prepare, timeout=hang_seconds,
                          **kwargs)  # type: ignore[call-overload]


def drop_file_privileges() -> None:
    """Root without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH, for this process and what it
    runs (Linux; elsewhere, and for other users, nothing changes)."""
    if os.geteuid() != 0 or not sys.platform.startswith("linux"):
        return
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):  # CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH
        libc.prctl(24, capability, 0, 0, 0)  # PR_CAPBSET_DROP: gone after the exec


def run_limited(code: str, cpu_seconds: int, memory: int = MEMORY
                ) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter under the CPU and memory limits, with SDL's dummy
    drivers. The child's output is returned (check ``returncode``)."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return run_cpu_limited([sys.executable, "-c", textwrap.dedent(code)], cpu_seconds, memory,
                           cwd=ROOT, env=env)


def start_cpu_limited(args: Sequence[str | os.PathLike[str]], cpu_seconds: int,
                      **kwargs: object) -> subprocess.Popen[str]:
    """A child started under a CPU limit, to be watched and signalled while it runs; its
    output is read with :func:`finish`."""
    return subprocess.Popen([str(a) for a in args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=cpu_limit(cpu_seconds),
                            **kwargs)  # type: ignore[call-overload]


def finish(child: subprocess.Popen[str]) -> tuple[str, str]:
    """The child's output once it has ended (the backstop only for a child blocked on I/O)."""
    out, err = child.communicate(timeout=HANG_SECONDS)
    return out, err
