"""The README tells a newcomer where the game keeps their files on each system, how long the tests
take and how to run the fast tier (issue 26, item 11). The folders it names are the ones the code
uses: each row of its table is computed here with platformdirs, for each system."""

from __future__ import annotations

import re
from pathlib import Path

from platformdirs import macos, unix, windows

from game.store.paths import APP
from game.store.store import Store

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def _row(system: str) -> list[str]:
    """The paths a row of the README's table names (in backquotes), after its first cell."""
    line = next(x for x in README.splitlines() if x.startswith(f"| {system} |"))
    return re.findall(r"`([^`]*)`", line.split("|", 2)[2])


def test_the_readme_names_the_folders_the_game_uses_on_each_system(monkeypatch):
    home = str(Path("~").expanduser())
    monkeypatch.delenv("XDG_CONFIG_HOME", raising=False)
    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    linux = unix.Unix(APP)
    settings, data = (p.replace("~", home, 1) for p in _row("Linux"))
    assert settings == f"{linux.user_config_dir}/settings.json"
    assert data.rstrip("/") == linux.user_data_dir
    (settings,) = (p.replace("~", home, 1) for p in _row("macOS"))
    assert settings == f"{macos.MacOS(APP).user_config_dir}/settings.json"
    assert macos.MacOS(APP).user_config_dir == macos.MacOS(APP).user_data_dir  # "the same"
    monkeypatch.setattr(windows, "get_win_folder", lambda csidl: "%LOCALAPPDATA%")
    (settings,) = _row("Windows")
    win = windows.Windows(APP)
    assert settings == f"{win.user_config_dir}\\settings.json".replace("/", "\\")
    assert win.user_config_dir == win.user_data_dir


def test_the_readme_names_the_files_inside_the_folders(tmp_path):
    store = Store(tmp_path)
    settings, data = _row("`PINOCHLE_HOME=DIR`")
    assert store.settings_path.relative_to(tmp_path).as_posix() == settings.removeprefix("DIR/")
    assert store.data.relative_to(tmp_path).as_posix() == data.removeprefix("DIR/").rstrip("/")
    for path in (store.stats_path, store.progress_path):
        assert f"`{path.name}`" in README
    assert f"`{store.saves_dir.name}/<table>.json`" in README
    assert f"`{store.aside_dir.name}/`" in README


def test_the_readme_says_how_long_the_tests_take_and_how_to_run_the_fast_tier():
    assert re.search(r"whole suite[^.]* takes about \d+ minutes", README)
    assert '.venv/bin/python -m pytest -m "not slow"' in README and "fast tier" in README
