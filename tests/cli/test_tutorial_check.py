"""``pinochle tutorial --check`` passes only when it checked something: no lessons, no puzzles or
a missing --levels folder is a failure in one line, never "0 lessons ... 0 failures" and exit 0
(what an install without its levels/ used to report)."""

from __future__ import annotations

import shutil

from game.cli import main
from game.store import content


def _check(capsys, *args):
    code = main(["tutorial", "--check", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_folder_without_lessons_or_puzzles_fails(capsys, tmp_path):
    code, _, err = _check(capsys, "--levels", str(tmp_path))
    assert code == 1
    assert err == f"pinochle: error: no lessons and no puzzles to check in {tmp_path}\n"


def test_an_install_without_its_levels_fails(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(content, "LEVELS_DIR", tmp_path / "levels")
    code, out, err = _check(capsys)
    assert code == 1 and out.startswith("0 lessons, 0 puzzles")
    assert err.count("\n") == 1 and "no lessons and no puzzles" in err


def test_lessons_without_puzzles_fail(capsys, tmp_path):
    lesson = sorted((content.LEVELS_DIR / "lessons").glob("*.toml"))[0]
    (tmp_path / "lessons").mkdir()
    shutil.copy(lesson, tmp_path / "lessons")
    code, out, err = _check(capsys, "--levels", str(tmp_path))
    assert code == 1 and out.startswith("1 lessons, 0 puzzles")
    assert err == f"pinochle: error: no puzzles to check in {tmp_path}\n"


def test_a_missing_levels_folder_is_one_line(capsys, tmp_path):
    code, out, err = _check(capsys, "--levels", str(tmp_path / "nowhere"), "--json")
    assert code == 2 and out == ""
    assert err == f"pinochle: error: --levels {tmp_path / 'nowhere'}: no such folder\n"
