"""A network table's figures (issue 41): a choice reaches every device and is drawn within
50 ms at the 95th percentile, on the loopback address, with the host and 4 windows on this
machine; a window waiting for the others uses under 2 % of a core.

    python -m benchmarks.net_latency [--seconds 120] [--json]

Four real windows (SDL's dummy video driver, so no display is needed) run ``pinochle host`` /
``pinochle join`` on 127.0.0.1; a bot answers each seat's prompts through the table's own
prompts, and the windows idle between frames exactly as a person's window does. Each window
writes when each of its choices left and when each update of the host was first drawn
(``PINOCHLE_NET_TIMINGS``); a choice's latency is from its leaving to the last of the four
windows drawing the host's answer (the next position). Then a fifth run leaves one window's
seat to a person who does not move: the host's window and the three others wait for them, and
their CPU time over ``--idle`` seconds is read from /proc.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TARGET_MS = 50.0
IDLE_TARGET = 0.02
PORT = 18741


def _env(home: Path, timings: Path | None) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PINOCHLE_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    if timings is not None:
        env["PINOCHLE_NET_TIMINGS"] = str(timings)
    return env


def _windows(folder: Path, port: int, players: list[str | None], timed: bool,
             fill_after: float | None = None) -> list[subprocess.Popen[bytes]]:
    """The host's window and three joining ones; ``players``: each window's bot level, or
    None for a person who does not move."""
    cmd = [sys.executable, "-m", "game"]
    procs = []
    for i, level in enumerate(players):
        home = folder / f"w{i}"
        home.mkdir(parents=True, exist_ok=True)
        timings = folder / f"w{i}.timings" if timed else None
        auto = ["--autoplay", level] if level is not None else []
        if i == 0:
            args = [*cmd, "host", "--variant", "racehorse", "--port", str(port), "--listen",
                    "127.0.0.1", "--no-announce", "--name", "Host", *auto]
            if fill_after is not None:
                args += ["--watch", "--fill-after", str(fill_after)]
        else:
            args = [*cmd, "join", f"127.0.0.1:{port}", "--name", f"P{i}", *auto]
        procs.append(subprocess.Popen(args, env=_env(home, timings),
                                      stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        if i == 0:
            _listening(port)
    return procs


def _listening(port: int, patience: float = 60.0) -> None:
    """Wait until the host's window has opened its table (a loaded machine starts it slowly)."""
    end = time.monotonic() + patience
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 1.0).close()
            return
        except OSError:
            time.sleep(0.2)


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        p.terminate()
    for p in procs:
        try:
            p.wait(10)
        except subprocess.TimeoutExpired:
            p.kill()


def latency(seconds: float) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        procs = _windows(folder, PORT, ["random"] * 4, timed=True)
        time.sleep(seconds + 20.0)  # the lobby and the start, then the play measured
        _stop(procs)  # each window wrote its lines as they happened
        sent: list[tuple[int, float]] = []
        drawn: list[dict[int, float]] = []
        for i in range(4):
            path = folder / f"w{i}.timings"
            mine: dict[int, float] = {}
            for line in path.read_text().splitlines() if path.exists() else []:
                kind, n, t = line.split()
                if kind == "sent":
                    sent.append((int(n), float(t)))
                else:
                    mine.setdefault(int(n), float(t))
            drawn.append(mine)
    lat = []
    for n, t in sent:
        answers = [min((k for k in d if k > n), default=None) for d in drawn]
        if any(a is None for a in answers):
            continue
        times = [d[a] for d, a in zip(drawn, answers, strict=True) if a is not None]
        lat.append((max(times) - t) * 1000)
    lat.sort()
    if not lat:
        return {"choices": 0}
    return {"choices": len(lat), "median_ms": round(statistics.median(lat), 1),
            "p95_ms": round(lat[int(0.95 * (len(lat) - 1))], 1), "max_ms": round(lat[-1], 1)}


def _cpu(pid: int) -> float:
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def idle(seconds: float) -> list[float]:
    """CPU share of each window while the table waits for a person who does not move (the
    last window's): the host's window and the others are waiting for them."""
    with tempfile.TemporaryDirectory() as tmp:
        procs = _windows(Path(tmp), PORT + 1, ["random", "random", "random", None],
                         timed=False)
        try:
            time.sleep(40.0)  # the lobby, the start, the deal and the play up to the person
            before = [_cpu(p.pid) for p in procs]
            start = time.perf_counter()
            time.sleep(seconds)
            spent = time.perf_counter() - start
            return [round((_cpu(p.pid) - b) / spent, 4) for p, b in zip(procs, before,
                                                                        strict=True)]
        finally:
            _stop(procs)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=120.0)
    parser.add_argument("--idle", type=float, default=20.0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    figures = {"latency": latency(args.seconds), "idle_cpu": idle(args.idle)}
    if args.json:
        print(json.dumps(figures))
    else:
        lat = figures["latency"]
        print(f"choices measured: {lat.get('choices', 0)}; drawn on all four windows: median "
              f"{lat.get('median_ms')} ms, p95 {lat.get('p95_ms')} ms (target {TARGET_MS:.0f}"
              f"), worst {lat.get('max_ms')} ms")
        print("idle CPU while waiting for a person: " + ", ".join(
            f"{c:.1%}" for c in figures["idle_cpu"]) + f" (target < {IDLE_TARGET:.0%})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
