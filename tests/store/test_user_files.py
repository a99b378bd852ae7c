"""The player's files never stop the game: a bad file is reported in one line and kept, a folder
that refuses writes is reported once and the game plays on, and nothing already saved is lost.

The machine's tests run as root, which ignores file permissions, so refusals are planted where
the store touches the disk (``open``, ``os.replace``, ``os.open``); where the tests run as
an ordinary user, the same cases also run against a real read-only folder.
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from pathlib import Path

import pytest

from game.store import files, reading
from game.store.settings import Settings
from game.store.store import Store

BAD_TEXTS = {
    "a 5000-digit number": '{"think_ms": ' + "9" * 5000 + "}",
    "deep nesting": "[" * 100_000 + "]" * 100_000,
    "wrong shape": "[1, 2, 3]",
    "not JSON": "{not json",
    "NaN": '{"think_ms": NaN}',
    "binary": "\x00\x01\x02",
}


def _refuse(exc_errno: int):
    def refuse(*args: object, **kwargs: object) -> None:
        raise OSError(exc_errno, os.strerror(exc_errno))
    return refuse


@pytest.mark.parametrize("label", list(BAD_TEXTS))
def test_a_bad_settings_file_is_reported_kept_and_never_crashes(tmp_path, label):
    store = Store(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text(BAD_TEXTS[label], encoding="utf-8")
    assert store.load_settings() == Settings()
    assert len(store.messages) == 1 and "\n" not in store.messages[0]
    kept = list(store.aside_dir.glob("settings.bad-*.json"))
    assert len(kept) == 1 and kept[0].read_text(encoding="utf-8") == BAD_TEXTS[label]


@pytest.mark.parametrize("label", list(BAD_TEXTS))
def test_bad_statistics_progress_and_saves_are_reported_the_same_way(tmp_path, label):
    store = Store(tmp_path)
    for path in (store.stats_path, store.progress_path, store.save_path("racehorse")):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(BAD_TEXTS[label], encoding="utf-8")
    store.load_stats()
    store.load_progress()
    assert store.load_games() == []
    assert len(store.messages) == 3 and all("\n" not in m for m in store.messages)


def test_a_save_whose_house_rules_nest_deeply_is_reported(tmp_path):
    store = Store(tmp_path)
    path = store.save_path("house-x")
    path.parent.mkdir(parents=True)
    text = 'base = "racehorse"\nname = "x"\ntitle = "x"\ny = ' + "[" * 3000 + "]" * 3000
    path.write_text(json.dumps({"format": 1, "preset": None, "rules_text": text, "seed": 1,
                                "seats": ["human", "easy", "easy", "easy"], "actions": []}))
    assert store.load_games() == []
    assert "nests" in store.messages[0] and "\n" not in store.messages[0]


def test_a_folder_that_refuses_writes_is_reported_once_and_the_old_file_kept(tmp_path,
                                                                              monkeypatch):
    store = Store(tmp_path)
    store.save_settings(Settings(speed="fast"))
    monkeypatch.setattr(files, "open", _refuse(errno.EROFS), raising=False)
    for speed in ("slow", "instant"):
        assert store.save_settings(Settings(speed=speed)) is False
    assert len(store.messages) == 1 and "cannot be saved" in store.messages[0]
    monkeypatch.undo()
    assert store.load_settings().speed == "fast"  # what was saved before is intact
    assert [p.name for p in store.config.iterdir()] == ["settings.json"]  # no stray temp file


def test_a_full_disk_is_reported_once_and_the_game_plays_on(tmp_path, monkeypatch):
    store = Store(tmp_path)
    monkeypatch.setattr(files.os, "replace", _refuse(errno.ENOSPC))
    assert store.save_stats(store.load_stats()) is False
    assert store.save_stats(store.load_stats()) is False
    assert len(store.messages) == 1 and "No space" in store.messages[0]


def test_a_bad_file_that_cannot_be_moved_or_copied_is_left_alone_and_never_overwritten(
        tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.settings_path.parent.mkdir(parents=True)
    store.settings_path.write_text("{not json", encoding="utf-8")
    monkeypatch.setattr(files.os, "replace", _refuse(errno.EROFS))
    monkeypatch.setattr(files.shutil, "copy2", _refuse(errno.EROFS))
    assert store.load_settings() == Settings()
    assert "left in place" in store.messages[0]
    monkeypatch.undo()
    assert store.save_settings(Settings(speed="fast")) is False  # never replaces the player's
    assert store.settings_path.read_text(encoding="utf-8") == "{not json"


def test_a_readable_but_denied_file_is_not_renamed(tmp_path, monkeypatch):
    store = Store(tmp_path)
    store.save_settings(Settings(speed="fast"))
    real = reading.os.open

    def denied(path: Path, *args: object, **kwargs: object) -> int:
        if Path(path).name == "settings.json":
            raise PermissionError(errno.EACCES, "Permission denied")
        return real(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(reading.os, "open", denied)
    assert store.load_settings() == Settings()
    assert "cannot be read" in store.messages[0]
    assert store.save_settings(Settings(speed="slow")) is False  # not overwritten either
    monkeypatch.undo()
    assert list(store.aside_dir.glob("*.bad-*")) == []
    assert store.load_settings().speed == "fast"


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
def test_a_real_read_only_folder(tmp_path):
    store = Store(tmp_path)
    store.save_settings(Settings(speed="fast"))
    os.chmod(store.config, 0o555)
    try:
        assert store.save_settings(Settings(speed="slow")) is False
        assert len(store.messages) == 1
        assert Store(tmp_path).load_settings().speed == "fast"
    finally:
        os.chmod(store.config, 0o755)
        shutil.rmtree(tmp_path, ignore_errors=True)
