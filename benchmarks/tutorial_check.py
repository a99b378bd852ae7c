"""How long ``pinochle tutorial --check`` takes, in CPU time, per half (issue 24: "Keep --check
under 15 s").

    python -m benchmarks.tutorial_check [--json]

The command runs in two processes side by side (``game/commands/tutorial_cmd.py``): a worker
checks the first hand and drives every lesson through the window, this process checks the
engine's side and drives the puzzles. Each half's CPU time is measured here the same way, one
after the other in this process (the worker's half first; the second finds the modules already
imported, so it reads a little under the command's own): on an idle two-core machine the
command's wall clock is about the larger of the two, and its total CPU time their sum (compare
``/usr/bin/time -v pinochle tutorial --check``, whose user + system time counts both
processes). CPU time, not the wall clock: the
machine is shared with long bot runs, and CPU time is what an idle machine's clock would read.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time

TARGET_SECONDS = 15.0


def measure() -> dict[str, float]:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from game.store.content import (
        LEVELS_DIR,
        load_preset,
        load_tutorial,
        load_tutorial_library,
        preset_names,
    )
    from game.tutorial.check import check_all
    from game.tutorial.check_text import documents_in, seeds_folder
    from game.ui.checkdrive import drive_all, drive_lessons_folder

    start = time.process_time()
    _, _, worker_failures = drive_lessons_folder(str(LEVELS_DIR))
    worker = time.process_time() - start
    start = time.process_time()
    lessons, puzzles, errors = load_tutorial(LEVELS_DIR)
    documents = seeds_folder(LEVELS_DIR, None)
    texts = documents_in(documents) if documents is not None else None
    report = check_all(lessons, puzzles, load_preset, errors, load_tutorial_library(LEVELS_DIR),
                       documents, guided=False, texts=texts)
    _, puzzle_failures = drive_all([], puzzles, load_preset, preset_names())
    main = time.process_time() - start
    failures = len(worker_failures) + len(report.failures) + len(puzzle_failures)
    return {"worker_cpu_s": round(worker, 2), "main_cpu_s": round(main, 2),
            "total_cpu_s": round(worker + main, 2),
            "idle_wall_estimate_s": round(max(worker, main), 2),
            "target_s": TARGET_SECONDS, "failures": failures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = measure()
    figures["machine"] = platform.platform()  # type: ignore[assignment]
    if args.json:
        print(json.dumps(figures))
        return
    print(f"worker half {figures['worker_cpu_s']} s CPU, this half {figures['main_cpu_s']} s "
          f"CPU: total {figures['total_cpu_s']} s, on an idle two-core machine about "
          f"{figures['idle_wall_estimate_s']} s of wall clock (target {TARGET_SECONDS:.0f} s); "
          f"{figures['failures']} failures")


if __name__ == "__main__":
    main()
