"""The hostile-file sweep (issue 26, "Done when"): every user file the game reads, times every kind
of bad file, each read the way the game reads it, counting tracebacks, hangs and data lost.

The user files: the player's settings, statistics, tutorial progress, a saved game, the saved game
of versions before one per table (read at launch, on the title and the tutorial's menu, then
written back); a house-rules file named on the command line (``rules`` and ``play --variant``) or
in the settings (a new game there); a ``match --checkpoint``; and a ``tutorial --check --levels``
folder's lesson, puzzle, glossary, timings and quotation files.

The kinds of bad file: truncated, binary, huge (over the size limit; a sparse file that claims
10 GB too), nested deeply, dotted keys (40 KB of ``a.a.a…``), a FIFO, a link to /dev/zero, a
folder, an unreadable file and a dangling link.

"Data lost": the bad file is neither where it was nor in the set-aside folder, or a regular file
there has other bytes than it had, unless it was JSON the game reads and wrote back with every
field it had, as it had it (a newer version's fields included); a checkpoint may drop a line cut
short, but its complete lines must still begin the file.

Run as ``python -m tests.store.file_sweep FOLDER [PART]``; one JSON line a case, the counts last.
As root, the test runs it without the capabilities that let root read any file, so that
"unreadable" is. PART is ``sample`` (every EVERY-th case: the fast tier), ``rest`` (the others,
marked slow) or ``all``.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import json
import os
import stat
import sys
import traceback
from collections.abc import Callable
from pathlib import Path

from tests.tiers import in_part

EVERY = 4  # prime to the 11 kinds: the sample meets every file and every kind
KINDS = ("truncated", "binary", "huge", "sparse", "deep nesting", "dotted keys", "FIFO",
         "link to /dev/zero", "folder", "unreadable", "dangling link")
HOUSE = 'base = "racehorse"\nname = "ours"\ntitle = "Ours"\n[passing]\ncount = 4\n'


def _good_json(name: str) -> str:
    from game.rules.actions import parse_action
    from game.store.progress import Progress
    from game.store.saves import SavedGame
    from game.store.settings import Settings
    from game.store.stats import Stats
    from game.store.tables import preset_table

    if name == "settings":
        return json.dumps(Settings().to_json())
    if name == "stats":
        return json.dumps(Stats().to_json())
    if name == "progress":
        return json.dumps(Progress().to_json())
    if name == "checkpoint":
        return '{"kind": "deals", "variant": "racehorse"}\n{"deal": 0, "tables": []}\n'
    saved = SavedGame(preset_table("racehorse"), 7, ["human", "easy", "easy", "easy"],
                      [parse_action("deal")])
    return json.dumps(saved.to_json())


def _content(kind: str, toml: bool, good: str) -> bytes:
    if kind == "truncated":
        return good.encode()[: max(1, len(good) // 2)]
    if kind == "binary":
        return bytes((i * 7919) % 256 for i in range(4096))
    if kind == "huge":
        return (b"# " if toml else b'{"x": "') + b"a" * 3_000_000 + (b"\n" if toml else b'"}')
    if kind == "deep nesting":
        return (b"a = " if toml else b"") + b"[" * 100_000 + b"]" * 100_000
    assert kind == "dotted keys"
    key = ".".join(["a"] * 20_000)
    return (key + " = 1\n").encode() if toml else json.dumps({key: 1}).encode()


def plant(path: Path, kind: str, toml: bool, good: str) -> None:
    """Put a bad file of ``kind`` at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if kind == "FIFO":
        os.mkfifo(path)
    elif kind == "link to /dev/zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
        (path / "inside.txt").write_text("the player's", encoding="utf-8")
    elif kind == "dangling link":
        path.symlink_to(path.parent / "gone-away")
    elif kind == "sparse":
        with path.open("wb") as fh:
            fh.truncate(10_000_000_000)
    elif kind == "unreadable":
        path.write_text(good, encoding="utf-8")
        path.chmod(0)
    else:
        path.write_bytes(_content(kind, toml, good))


def identity(path: Path) -> tuple[object, ...]:
    """What must survive of a file: its kind and bytes, its link's target, its node."""
    info = path.lstat()
    if stat.S_ISLNK(info.st_mode):
        return ("link", os.readlink(path))
    if stat.S_ISREG(info.st_mode):
        if info.st_size > 100_000_000:  # the sparse file: its node and size
            return ("sparse", info.st_ino, info.st_size)
        try:
            return ("file", hashlib.sha256(path.read_bytes()).hexdigest())
        except PermissionError:
            return ("unreadable", info.st_ino, info.st_size, info.st_mtime_ns)
    if stat.S_ISDIR(info.st_mode):
        return ("folder", sorted(p.name for p in path.iterdir()))
    return ("node", stat.S_IFMT(info.st_mode), info.st_ino)


def _fields(path: Path) -> dict[str, object] | None:
    """A JSON file's top-level fields, or None when it is not a JSON table."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def survived(path: Path, before: tuple[object, ...], aside: Path,
             fields: dict[str, object] | None) -> bool:
    if fields is not None and os.path.lexists(path):
        now = _fields(path)  # written back: every field it had, as it had it
        if now is not None and all(k in now and now[k] == v for k, v in fields.items()):
            return True
    candidates = [path] if os.path.lexists(path) else []
    with contextlib.suppress(OSError):
        candidates += list(aside.iterdir())
    for candidate in candidates:
        with contextlib.suppress(OSError):
            if identity(candidate) == before:
                return True
    return False


# -- how the game reads each file ------------------------------------------------------------
def launch(root: Path, start: bool = False) -> tuple[str | None, list[str]]:
    """The window's start: settings and statistics, the title (saved games), the tutorial's
    menu (progress), each written back; with ``start``, a new game at the settings' table
    (asking first, as the menu does, when one is in progress)."""
    from game.rules.errors import RulesError
    from game.store.store import Store
    from game.ui.app import App
    from game.ui.routes import ROUTES
    from game.ui.scene import Route
    from game.ui.table.house import setup_table
    from game.ui.table.start import game_in_progress, start_game

    store = Store(root)
    store.tidy()
    app = App(store, ROUTES, (1024, 640))
    app.first_run = False  # a returning player: no first-run page of looks
    app.fixed_dt = 1 / 30
    error = None
    try:
        app.open(Route.TITLE)
        for _ in range(3):
            app.step(1 / 30)
        app.open(Route.LESSONS)
        app.step(1 / 30)
        store.save_settings(app.settings)
        store.save_stats(app.stats)
        store.save_progress(store.load_progress())
        if start:
            try:
                table = setup_table(app.settings)
            except RulesError as exc:
                error = str(exc)
            else:
                if game_in_progress(app, table) is None:
                    start_game(app, table)
                    app.step(1 / 30)
    finally:
        app.shutdown()
    return error, list(store.messages)


def command(*args: str) -> tuple[int, str, str]:
    from game import cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = cli.main(list(args))
    return code, err.getvalue(), out.getvalue()


# A reader: (exit status, standard error, everything else the player is told)
Reader = Callable[[Path, Path], tuple[int, str, str]]


def _launch(root: Path, path: Path) -> tuple[int, str, str]:
    _, messages = launch(root)
    return 0, "", "\n".join(messages)


def _settings_variant(root: Path, path: Path) -> tuple[int, str, str]:
    settings = root / "config" / "settings.json"
    settings.parent.mkdir(parents=True, exist_ok=True)
    settings.write_text(json.dumps({"variant": str(path)}), encoding="utf-8")
    error, messages = launch(root, start=True)
    return ((2, f"pinochle: error: {error}\n", "") if error else
            (0, "", "\n".join(messages)))


def _levels(root: Path, path: Path) -> tuple[int, str, str]:
    return command("tutorial", "--check", "--levels", str(root / "levels"))


# (user file, where it lives under the case's root, is it TOML, the good text, how it is read)
FILES: list[tuple[str, str, bool, str, Reader]] = [
    ("settings", "config/settings.json", False, "settings", _launch),
    ("statistics", "data/stats.json", False, "stats", _launch),
    ("tutorial progress", "data/tutorial.json", False, "progress", _launch),
    ("saved game", "data/saves/racehorse.json", False, "save", _launch),
    ("old single save", "data/save.json", False, "save", _launch),
    ("house rules: rules --variant", "house.toml", True, HOUSE,
     lambda root, path: command("rules", "--variant", str(path))),
    ("house rules: play --variant", "house.toml", True, HOUSE,
     lambda root, path: command("play", "--variant", str(path))),
    ("house rules: in the settings", "house.toml", True, HOUSE, _settings_variant),
    ("match --checkpoint", "run.jsonl", False, "checkpoint",
     lambda root, path: command("match", "--variant", "racehorse", "--a", "random", "--b",
                                "random", "--deals", "1", "--checkpoint", str(path))),
    ("lesson", "levels/lessons/01-x.toml", True, 'id = "x"\n', _levels),
    ("puzzle", "levels/puzzles/01-x.toml", True, 'id = "x"\n', _levels),
    ("glossary", "levels/glossary.toml", True, '[meld]\nsay = "x"\n', _levels),
    ("timings", "levels/timings.toml", True, "[rates]\nwords = 3.0\n", _levels),
    ("quotations", "levels/quotes/000.toml", True, 'document = "000"\n', _levels),
]


class WindowWanted(Exception):  # noqa: N818 - a marker, not an error
    """The command was accepted as far as opening its window."""


def run_case(root: Path, file: tuple[str, str, bool, str, Reader], kind: str
             ) -> dict[str, object]:
    name, rel, toml, good_name, read = file
    good = good_name if toml else _good_json(good_name)
    path = root / rel
    plant(path, kind, toml, good)
    before = identity(path)
    fields = _fields(path) if before[0] == "file" else None
    original = path.read_bytes() if before[0] == "file" else None
    result: dict[str, object] = {"file": name, "kind": kind}
    if kind == "unreadable":
        result["effective"] = not os.access(path, os.R_OK)
    try:
        code, err, told = read(root, path)
        result["code"] = code
        lines = err.strip().splitlines()
        result["unclear"] = code != 0 and (len(lines) != 1
                                           or not lines[0].startswith("pinochle: error: "))
        result["said"] = lines[0][:200] if lines else ""
        # Every bad file is named to the player, but for those the game may take as nothing
        # there (a dangling link) or as a good file (a JSON table with fields it ignores).
        quiet = kind == "dangling link" or (kind == "dotted keys" and not toml)
        result["silent"] = not quiet and path.name not in err + told
    except WindowWanted:
        result["code"] = "window"
    except BaseException:  # noqa: BLE001 - every escape is what the sweep counts
        result["traceback"] = traceback.format_exc().splitlines()[-1][:300]
    result["lost"] = not survived(path, before, root / "data" / "set-aside", fields)
    if name == "match --checkpoint" and result["lost"] and original is not None:
        result["lost"] = not _complete_lines_kept(path, original)
    return result


def _complete_lines_kept(path: Path, original: bytes) -> bool:
    """A checkpoint may drop a last line an interruption cut short; every complete line must
    still begin the file."""
    complete = original[: original.rfind(b"\n") + 1]
    try:
        return bool(complete) and path.read_bytes().startswith(complete)
    except OSError:
        return False


def planned(part: str) -> list[tuple[int, int]]:
    """(file, kind) numbers of the cases of ``part``."""
    return [(i, j) for i in range(len(FILES)) for j in range(len(KINDS))
            if in_part(i * len(KINDS) + j, part, EVERY)]


def main(argv: list[str]) -> int:
    folder = Path(argv[0]).resolve()
    part = argv[1] if len(argv) > 1 else "all"
    from game.commands import play_cmd

    def no_window(*args: object, **kwargs: object) -> object:
        raise WindowWanted

    play_cmd._app = no_window  # type: ignore[assignment]
    sys.stdin = io.StringIO("")
    counts = {"cases": 0, "tracebacks": 0, "unclear errors": 0, "not named": 0,
              "data lost": 0}
    for i, j in planned(part):
        file, kind = FILES[i], KINDS[j]
        root = folder / f"case-{i:02d}-{j:02d}"
        root.mkdir(parents=True)
        os.chdir(root)
        os.environ["PINOCHLE_HOME"] = str(root)
        print(json.dumps({"start": f"{file[0]} x {kind}"}), flush=True)
        result = run_case(root, file, kind)
        counts["cases"] += 1
        counts["tracebacks"] += "traceback" in result
        counts["unclear errors"] += bool(result.get("unclear"))
        counts["not named"] += bool(result.get("silent"))
        counts["data lost"] += bool(result["lost"])
        print(json.dumps(result), flush=True)
    print(json.dumps({"counts": counts}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
