"""Running code under a time and a memory limit, in a child process, so that a hang or a runaway
allocation fails one test instead of the whole run (or the machine)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MEMORY = 1_500_000_000  # bytes of address space for the child: a hang in memory shows fast


def run_limited(code: str, seconds: float, memory: int = MEMORY
                ) -> subprocess.CompletedProcess[str]:
    """Run ``code`` in a fresh interpreter with RLIMIT_AS = ``memory``; TimeoutExpired after
    ``seconds``. The child's output is returned (check ``returncode``)."""
    prelude = ("import resource\n"
               f"resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)],
                          capture_output=True, text=True, timeout=seconds, cwd=ROOT, env=env)
