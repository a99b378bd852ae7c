"""The player's files on any machine (issue 26): bad files set aside once, out of the loader's
way (item 2); only regular files read, never more than the limit (item 4); writes that keep what
the player set up, links and all, and no temporary files left by a kill (item 7); a house file
named after itself (item 8); a saved game's rules text bounded like any TOML (item 3).

A FIFO blocks whoever opens it without a writer, so the FIFO cases run in a child process under
a CPU limit (tests/limits.py): a planted fault there is a child that never ends.
"""

from __future__ import annotations

import json
import os
import tracemalloc
from pathlib import Path

import pytest

from game.rules.actions import parse_action
from game.store import reading
from game.store.content import read_house_rules, ruleset_from_text
from game.store.reading import FileRefusedError, read_bytes
from game.store.saves import SavedGame
from game.store.schema import MAX_BYTES
from game.store.settings import Settings
from game.store.store import Store
from game.store.tables import house_table
from tests.limits import run_limited

CORRUPT = "{not json"


def _corrupt_save(store: Store, key: str = "racehorse") -> Path:
    path = store.save_path(key)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(CORRUPT, encoding="utf-8")
    return path


# -- item 2: set aside once, where the loader does not look ----------------------------------
def test_a_corrupt_save_is_set_aside_outside_saves_and_reported_once(tmp_path):
    """Before: every title visit renamed racehorse.bad-<stamp>.json again (.bad-….bad-…) and
    added a red line."""
    store = Store(tmp_path)
    _corrupt_save(store)
    for _ in range(5):  # five visits to the title screen
        assert store.load_games() == []
    assert len(store.messages) == 1
    assert list(store.saves_dir.iterdir()) == []
    kept = list(store.aside_dir.iterdir())
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == CORRUPT
    assert kept[0].name.count(".bad-") == 1
    # a new session, a new title: nothing left to read, nothing reported
    again = Store(tmp_path)
    assert again.load_games() == [] and again.messages == []


def test_files_an_earlier_version_set_aside_in_saves_are_moved_out_once(tmp_path):
    store = Store(tmp_path)
    store.saves_dir.mkdir(parents=True)
    old = store.saves_dir / "racehorse.bad-20240101-120000.json"
    old.write_text(CORRUPT, encoding="utf-8")
    store.load_games()
    store.load_games()
    assert not old.exists()
    assert (store.aside_dir / old.name).read_text(encoding="utf-8") == CORRUPT
    assert len(store.messages) == 1 and "earlier version" in store.messages[0]


def test_the_title_is_told_once_where_set_aside_files_went(tmp_path):
    store = Store(tmp_path)
    for i in range(9):
        _corrupt_save(store, f"house-t{i}-0123456789")
    store.load_games()
    store.load_games()
    notices = store.notices()
    assert len(store.messages) == 9 and notices[:-1] == store.messages
    assert notices[-1].count(str(store.aside_dir)) == 1
    assert sum(str(store.aside_dir) in line for line in notices) == 1
    assert len(list(store.aside_dir.iterdir())) == 9


# -- item 4: regular files only, never more than the limit + 1 byte ---------------------------
def test_read_bytes_reads_at_most_the_limit_plus_one_byte(tmp_path, monkeypatch):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 5_000_000)
    got = []
    real = reading.os.read

    def counting(fd: int, n: int) -> bytes:
        data = real(fd, n)
        got.append(len(data))
        return data

    monkeypatch.setattr(reading.os, "read", counting)
    with pytest.raises(FileRefusedError, match="larger than 1234 bytes"):
        read_bytes(path, 1234)
    assert sum(got) == 1235


@pytest.mark.parametrize("kind", ["zero", "folder", "dangling"])
def test_devices_folders_and_dangling_links_are_refused_without_reading(tmp_path, kind):
    path = tmp_path / "settings.json"
    if kind == "zero":
        path.symlink_to("/dev/zero")
    elif kind == "folder":
        path.mkdir()
    else:
        path.symlink_to(tmp_path / "gone.json")
    store = Store(tmp_path)
    store.config.mkdir()
    os.replace(path, store.settings_path)
    assert store.load_settings() == Settings()
    if kind == "dangling":  # nothing there: defaults, and the link is not replaced
        assert store.messages == []
        assert store.save_settings(Settings(speed="fast")) is False
        assert store.settings_path.is_symlink()
    else:
        assert len(store.messages) == 1 and "not a regular file" in store.messages[0]
        assert store.save_settings(Settings(speed="fast")) is False  # left as it is
    assert os.path.lexists(store.settings_path)


FIFO_CHILD = """
import json, os, sys
from pathlib import Path
from game.store.content import load_ruleset
from game.store.store import Store
from game.rules.errors import RulesError
root = Path(sys.argv[1])
store = Store(root)
for path in (store.settings_path, store.stats_path, store.save_path("racehorse")):
    path.parent.mkdir(parents=True, exist_ok=True)
    os.mkfifo(path)
os.mkfifo(root / "house.toml")
store.load_settings(); store.load_stats(); store.load_games()
try:
    load_ruleset(str(root / "house.toml"))
    print("ACCEPTED")
except RulesError as exc:
    print("REFUSED", exc)
print(json.dumps(store.messages))
"""


def test_a_fifo_in_place_of_a_file_is_refused_and_never_waited_on(tmp_path):
    """Before: opening the FIFO waited for a writer for ever."""
    out = run_limited(FIFO_CHILD.replace("sys.argv[1]", repr(str(tmp_path))), cpu_seconds=60)
    assert out.returncode == 0, out.stderr[-2000:]
    lines = out.stdout.strip().splitlines()
    assert lines[-2].startswith("REFUSED") and "FIFO" in lines[-2]
    messages = json.loads(lines[-1])
    assert len(messages) == 3 and all("FIFO" in m and "\n" not in m for m in messages)
    for name in ("config/settings.json", "data/stats.json", "data/saves/racehorse.json"):
        assert (tmp_path / name).exists()  # left as they were


# -- item 7: writes keep what the player set up ------------------------------------------------
def test_a_linked_settings_file_is_written_through_its_link(tmp_path):
    """Before: the first save replaced the link with a plain file; the linked copy went stale."""
    store = Store(tmp_path)
    dotfiles = tmp_path / "dotfiles"
    dotfiles.mkdir()
    target = dotfiles / "pinochle-settings.json"
    target.write_text(json.dumps(Settings(speed="slow").to_json()), encoding="utf-8")
    store.config.mkdir()
    store.settings_path.symlink_to(target)
    assert store.load_settings().speed == "slow"
    assert store.save_settings(Settings(speed="fast"))
    assert store.settings_path.is_symlink() and store.settings_path.resolve() == target
    assert json.loads(target.read_text(encoding="utf-8"))["speed"] == "fast"
    assert sorted(p.name for p in dotfiles.iterdir()) == ["pinochle-settings.json"]  # no temp


def test_temporary_files_of_a_killed_save_are_removed_at_start(tmp_path):
    """Before: `.racehorse.json.<pid>.tmp` of a save interrupted by a kill stayed for ever."""
    store = Store(tmp_path)
    store.save_settings(Settings())
    store.saves_dir.mkdir(parents=True)
    dead = 2**22 + 12345  # above Linux's largest process id: no such process
    stale = [store.saves_dir / f".racehorse.json.{dead}.tmp",
             store.config / f".settings.json.{dead}.tmp", store.data / f".stats.json.{dead}.tmp"]
    live = store.saves_dir / f".cutthroat.json.{os.getppid()}.tmp"  # a save in progress
    other = store.saves_dir / "notes.tmp"  # not the game's
    folder = store.saves_dir / f".x.json.{dead}.tmp"  # not a file the game writes
    for path in (*stale, live, other):
        path.write_text("{}", encoding="utf-8")
    folder.mkdir()
    assert Store(tmp_path).tidy() == 3
    assert not any(p.exists() for p in stale)
    assert live.exists() and other.exists() and folder.is_dir()
    assert (store.config / "settings.json").exists()


# -- item 8: a house file without a name is named after its file -------------------------------
def test_a_house_file_without_a_name_is_named_after_the_file_and_called_a_house_table(tmp_path):
    path = tmp_path / "method3.toml"
    path.write_text('base = "partnership-150"\n[tricks]\npoints = { A = 10, T = 10, K = 10 }\n',
                    encoding="utf-8")
    _, rules = read_house_rules(path)
    assert rules.name == "method3"
    assert rules.title.startswith("method3:") and "house table" in rules.title
    assert "Partnership 150" in rules.title  # the base it starts from is still said
    named = ruleset_from_text('base = "racehorse"\nname = "ours"\n', str(path))
    assert (named.name, named.title.split(":")[0]) == ("ours", "ours")


def test_a_game_saved_under_its_tables_old_name_is_renamed_not_resurrected(tmp_path):
    """A house game saved before item 8 sits under its base's name; the store moves it to its
    table's new name, so that the game's end clears it rather than leaving the old file."""
    house = tmp_path / "method3.toml"
    text = 'base = "partnership-150"\n[tricks]\npoints = { A = 10, T = 10, K = 10 }\n'
    house.write_text(text, encoding="utf-8")
    store = Store(tmp_path)
    saved = SavedGame(house_table(text, str(house)), 5, ["human", "easy", "easy", "easy"],
                      [parse_action("deal")])
    old = store.save_path(saved.key.replace("method3", "partnership-150"))
    old.parent.mkdir(parents=True)
    old.write_text(json.dumps(saved.to_json()), encoding="utf-8")
    (game,) = store.load_games()
    assert game.key == saved.key and store.save_path(saved.key).exists() and not old.exists()
    store.clear_game(saved.key)
    assert store.load_games() == []


# -- item 3, in a saved game: the title screen stays cheap --------------------------------------
def test_a_saved_game_carrying_dotted_key_rules_is_refused_cheaply(tmp_path):
    """Before: such a save made every title screen take 7.8 s and 1.6 GB."""
    store = Store(tmp_path)
    # 20 KB: 400 MB before (kept small: the fault, planted, must not take the machine down)
    rules_text = 'base = "racehorse"\n' + ".".join(["a"] * 10_000) + " = 1\n"
    path = store.save_path("house-x-0123456789")
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": 1, "preset": None, "rules_text": rules_text,
                                "seed": 1, "seats": ["human", "easy", "easy", "easy"],
                                "actions": []}), encoding="utf-8")
    tracemalloc.start()
    games = store.load_games()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert games == [] and "deep" in store.messages[0]
    assert peak < 20 * len(rules_text) + 5_000_000, f"{peak:,} bytes"


def test_a_house_file_is_read_only_up_to_the_limit(tmp_path):
    path = tmp_path / "huge.toml"
    with path.open("wb") as fh:  # sparse: claims 10 GB, costs nothing
        fh.truncate(10_000_000_000)
    with pytest.raises(Exception, match="larger than 2 MB"):
        read_house_rules(path)
    assert MAX_BYTES == 2_000_000


# -- the sweep's findings: fields of a newer version, a file that is not a checkpoint ----------
def test_fields_this_version_does_not_know_are_written_back(tmp_path):
    """Found by the hostile-file sweep: a settings file with a field of a newer version lost
    that field on the first save."""
    store = Store(tmp_path)
    store.config.mkdir()
    store.settings_path.write_text(json.dumps({"speed": "slow", "future_option": [1, 2]}),
                                   encoding="utf-8")
    settings = store.load_settings()
    settings.speed = "fast"
    assert store.save_settings(settings)
    data = json.loads(store.settings_path.read_text(encoding="utf-8"))
    assert data["future_option"] == [1, 2] and data["speed"] == "fast"


def test_a_file_that_is_not_a_checkpoint_is_never_truncated(tmp_path):
    """Found by the hostile-file sweep: a one-line file without a last newline, named as a
    checkpoint by mistake, was taken for a line cut short and emptied."""
    from game.store.checkpoint import CheckpointError, read

    notes = tmp_path / "notes.txt"
    notes.write_text("my notes, one long line and no newline at the end", encoding="utf-8")
    with pytest.raises(CheckpointError, match="line 1"):
        read(notes, {"kind": "deals"})
    assert notes.read_text(encoding="utf-8").startswith("my notes")
    # a real checkpoint cut short in its last line still resumes
    run = tmp_path / "run.jsonl"
    run.write_text('{"kind": "deals"}\n{"deal": 0}\n{"deal": 1, "tab', encoding="utf-8")
    assert read(run, {"kind": "deals"}).records == [{"deal": 0}]
    assert run.read_text(encoding="utf-8") == '{"kind": "deals"}\n{"deal": 0}\n'
