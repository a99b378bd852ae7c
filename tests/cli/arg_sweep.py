"""A generated sweep of malformed command-line arguments (issue 26, item 6): every option of every
subcommand, read from the parser itself, given every kind of bad value, and the command run.

Each case must end in a result or in one clear line on standard error: never a traceback, never a
hang. A window is never opened (the sweep replaces it with a marker: an argument that reaches the
window counts as accepted). Run as ``python -m tests.cli.arg_sweep FOLDER [PART]``: it prints one
JSON line per case and a last line with the counts; the test runs it in a child process under a
CPU limit, since a FIFO named as a file would block the process that opens it. PART is
``sample`` (every EVERY-th case: the fast tier), ``rest`` (the others, marked slow) or ``all``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path

from game import cli
from game.commands import play_cmd
from tests.tiers import in_part

EVERY = 7  # prime to the 25 cases of an option (24 kinds of value and a missing one)

# The smallest arguments with which each subcommand does its work quickly.
BASE: dict[str, list[str]] = {
    "variants": [], "rules": ["--variant", "racehorse"],
    "meld": ["--variant", "racehorse", "--trump", "S", "AS"],
    "legal": ["--variant", "racehorse", "--trump", "S", "--hand", "AS"],
    "simulate": ["--variant", "racehorse", "--hands", "1"],
    "play": ["--demo", "--hands", "1"],
    "match": ["--variant", "racehorse", "--a", "random", "--b", "random", "--deals", "1"],
    "tutorial": ["--check"],
    # With no game kept, history lists none and review refuses in one line: each option's bad
    # values are still read and refused before that, which is what the sweep is for.
    "history": [], "review": ["--budget", "0.05"],
    # The network table (issue 41): the window is replaced before any socket is opened.
    "host": ["--variant", "racehorse", "--listen", "127.0.0.1", "--no-announce"],
    "join": ["127.0.0.1:8765"],
}


def bad_values(folder: Path) -> dict[str, str]:
    """Every kind of bad value, by name; the files are made in ``folder``."""
    fifo = folder / "fifo.toml"
    if not fifo.exists():
        os.mkfifo(fifo)
    zero = folder / "zero.toml"
    if not os.path.lexists(zero):
        zero.symlink_to("/dev/zero")
    dangling = folder / "dangling.toml"
    if not os.path.lexists(dangling):
        dangling.symlink_to(folder / "nowhere.toml")
    directory = folder / "a-folder.toml"
    directory.mkdir(exist_ok=True)
    binary = folder / "binary.toml"
    binary.write_bytes(bytes(range(256)) * 8)
    return {
        "empty": "", "space": " ", "dash": "-", "negative": "-1", "zero": "0",
        "huge number": "9" * 40, "float": "2.5", "exponent": "1e999", "nan": "nan",
        "long text": "x" * 5_000, "long path": "/tmp/" + "y" * 5_000 + ".toml",
        "deep path": "/" + "d/" * 3_000 + "f.toml", "unicode": "♠♥☃\u202e",
        "control": "a\tb\rc", "option-like": "--json", "equals": "a=b=c",
        "missing file": str(folder / "missing.toml"), "no such folder": "/proc/nope/x.jsonl",
        "FIFO": str(fifo), "link to /dev/zero": str(zero), "dangling link": str(dangling),
        "folder": str(directory), "binary file": str(binary), "device": "/dev/null",
    }


def subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _without(args: list[str], option: str) -> list[str]:
    """``args`` without ``option`` and its value (so the bad value replaces the good one)."""
    out, skip = [], False
    for item in args:
        if skip:
            skip = False
        elif item == option:
            skip = True
        else:
            out.append(item)
    return out


def cases(folder: Path) -> Iterator[tuple[str, list[str]]]:
    values = bad_values(folder)
    empty = folder / "empty-levels"
    empty.mkdir(exist_ok=True)
    for kind, value in values.items():  # the window's own command, no subcommand
        yield f"(none) {kind}", [value]
    for name, parser in subcommands().items():
        base = BASE[name] + (["--levels", str(empty)] if name == "tutorial" else [])
        for action in parser._actions:
            if isinstance(action, argparse._HelpAction):
                continue
            if not action.option_strings:  # positionals: the bad value as a card
                for kind, value in values.items():
                    yield f"{name} <{action.dest}> {kind}", [name, *base[:-1], value]
                continue
            option = action.option_strings[0]
            if action.nargs == 0:  # a flag: given a value, or given twice
                yield f"{name} {option}=x", [name, *base, f"{option}=x"]
                yield f"{name} {option} twice", [name, *base, option, option]
                continue
            for kind, value in values.items():
                yield f"{name} {option} {kind}", [name, *_without(base, option), option, value]
            yield f"{name} {option} missing value", [name, *_without(base, option), option]


class WindowWanted(Exception):  # noqa: N818 - a marker, not an error
    """The arguments were accepted as far as opening a window."""


def run_case(args: list[str]) -> dict[str, object]:
    out, err = io.StringIO(), io.StringIO()
    result: dict[str, object] = {}
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result["code"] = cli.main(args)
        except WindowWanted:
            result["code"] = "window"
        except SystemExit as exc:  # --help, --version: argparse's own exits
            result["code"] = f"exit {exc.code}"
        except BaseException:  # noqa: BLE001 - every escape is what the sweep counts
            result["traceback"] = traceback.format_exc().splitlines()[-1]
    lines = err.getvalue().strip().splitlines()
    result["stderr_lines"] = len(lines)
    result["stderr"] = lines[0][:300] if lines else ""
    return result


def planned(folder: Path, part: str) -> list[tuple[str, list[str]]]:
    """The cases of ``part``, in order (numbered within each subcommand, so that the sample
    meets every subcommand, even one with few options)."""
    numbers: dict[str, int] = {}
    out = []
    for label, args in cases(folder):
        command = label.split(" ")[0]
        n = numbers[command] = numbers.get(command, -1) + 1
        if in_part(n, part, EVERY):
            out.append((label, args))
    return out


def main(argv: list[str]) -> int:
    folder = Path(argv[0]).resolve()
    part = argv[1] if len(argv) > 1 else "all"
    (folder / "cwd").mkdir(parents=True, exist_ok=True)
    os.chdir(folder / "cwd")  # accepted output folders (--screenshots -1) are made here

    def no_window(*args: object, **kwargs: object) -> object:
        raise WindowWanted

    play_cmd._app = no_window  # type: ignore[assignment]
    sys.stdin = io.StringIO("")  # meld --batch reads standard input
    counts = {"cases": 0, "refused in one line": 0, "accepted": 0, "tracebacks": 0,
              "unclear errors": 0}
    for label, args in planned(folder, part):
        print(json.dumps({"start": label}), flush=True)  # the last one shown is where it hung
        result = run_case(args)
        counts["cases"] += 1
        failed = isinstance(result.get("code"), int) and result["code"] not in (0,)
        if "traceback" in result:
            counts["tracebacks"] += 1
        elif failed and (result["stderr_lines"] != 1
                         or not str(result["stderr"]).startswith("pinochle: error: ")):
            counts["unclear errors"] += 1
        elif failed:
            counts["refused in one line"] += 1
        else:
            counts["accepted"] += 1
        print(json.dumps({"case": label, "args": [a[:60] for a in args], **result}), flush=True)
    print(json.dumps({"counts": counts}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
