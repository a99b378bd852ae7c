"""``pinochle tutorial --check`` passes only when it checked something: no lessons, no puzzles or
a missing --levels folder is a failure in one line, never "0 lessons ... 0 failures" and exit 0
(what an install without its levels/ used to report)."""

from __future__ import annotations

import os
import shutil
import sys

import pytest

from game.cli import main
from game.store import content
from tests.limits import MEMORY, ROOT, run_cpu_limited


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


# Issue 26, item 4: "Only regular files are read, and never more than the limit." The rule
# documents that --seeds names are read by the check; a FIFO among them waited for a writer for
# ever, and a link to /dev/zero was read whole until memory ran out. Each runs in a child under
# a CPU and memory limit (tests/limits.py): the FIFO case blocks without computing when it fails.
@pytest.mark.parametrize("kind,what", [
    ("FIFO", "is a FIFO (named pipe), not a regular file"),
    ("link to /dev/zero", "is a character device, not a regular file")])
def test_a_fifo_or_device_among_the_rule_documents_is_refused_in_one_line(tmp_path, kind, what):
    seeds = tmp_path / "seeds"
    seeds.mkdir()
    (seeds / "000_a.txt").write_text("Rules of a table.\n", encoding="utf-8")
    bad = seeds / "001_b.txt"
    if kind == "FIFO":
        os.mkfifo(bad)
    else:
        bad.symlink_to("/dev/zero")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PINOCHLE_HOME=str(tmp_path / "home"), PYTHONPATH=str(ROOT))
    out = run_cpu_limited([sys.executable, "-m", "game", "tutorial", "--check", "--seeds", seeds],
                          cpu_seconds=120, memory=MEMORY, cwd=tmp_path, env=env)
    assert out.returncode == 2 and out.stdout == "", out.stderr[-2000:]
    assert out.stderr == f"pinochle: error: --seeds: {bad}: {what}\n"


# Issue 36, item 4: no silent skip. Without the rule documents the check has not checked the
# quotations: it fails saying so, or, asked to with --no-documents, says so in its first line.
def _small_levels(tmp_path):
    """A clone's levels/ with one lesson and one puzzle, and no shared/seeds beside it."""
    root = tmp_path / "clone" / "levels"
    for kind, name in (("lessons", "30-racehorse-passing.toml"),
                       ("puzzles", "40-rh-last-to-play.toml")):
        (root / kind).mkdir(parents=True)
        shutil.copy(content.LEVELS_DIR / kind / name, root / kind)
    for name in ("glossary.toml", "rule_order.toml"):
        shutil.copy(content.LEVELS_DIR / name, root)
    shutil.copytree(content.LEVELS_DIR / "quotes", root / "quotes")
    return root


def test_without_the_rule_documents_the_check_fails_saying_why(capsys, tmp_path):
    root = _small_levels(tmp_path)
    code, out, _ = _check(capsys, "--levels", str(root))
    assert code == 1
    assert f"FAIL rule documents: none found (no --seeds, and no ../shared/seeds beside the " \
           f"checkout of {root})" in out


def test_no_documents_asked_for_is_said_in_the_first_line(capsys, tmp_path):
    from game.commands.tutorial_cmd import NO_DOCUMENTS

    root = _small_levels(tmp_path)
    code, out, _ = _check(capsys, "--levels", str(root), "--no-documents")
    assert out.splitlines()[0] == NO_DOCUMENTS
    second = out.splitlines()[1]
    assert "(rule documents not read: shipped quotations only)" in second
    assert second.endswith("; 0 failures")
    assert code == 0
    code, out, _ = _check(capsys, "--levels", str(root), "--no-documents", "--json")
    assert out.startswith('{"no_documents": "WITHOUT THE RULE DOCUMENTS')
    assert code == 0


def test_seeds_and_no_documents_together_are_refused(capsys, tmp_path):
    code, out, err = _check(capsys, "--seeds", str(tmp_path), "--no-documents")
    assert code == 2 and out == ""
    assert err == "pinochle: error: --seeds and --no-documents: choose one\n"


def test_lessons_and_puzzles_named_are_checked_alone(capsys, tmp_path):
    """A contributor's loop (issue 37, item 1): ``tutorial --check NAME ...`` checks the lessons
    and puzzles named, as the whole check would, and nothing else."""
    levels = tmp_path / "levels"
    shutil.copytree(content.LEVELS_DIR, levels)
    puzzle = levels / "puzzles" / "40-rh-last-to-play.toml"
    puzzle.write_text(puzzle.read_text(encoding="utf-8").replace(
        'answers = ["play TH"]', 'answers = ["play QH"]'), encoding="utf-8")
    code, out, _ = _check(capsys, "--levels", str(levels), "--no-documents",
                          "31-racehorse-take-the-trick", "41-rh-nothing-for-them")
    assert code == 0 and out.splitlines()[1].startswith("1 lessons, 1 puzzles"), out
    code, out, _ = _check(capsys, "--levels", str(levels), "--no-documents",
                          "40-rh-last-to-play")
    assert code == 1 and out.splitlines()[1].startswith("0 lessons, 1 puzzles")
    assert "FAIL puzzles/40-rh-last-to-play.toml: answer play QH disagrees" in out


def test_a_name_that_is_no_lesson_or_puzzle_is_one_line(capsys, tmp_path):
    code, out, err = _check(capsys, "no-such-lesson")
    assert code == 2 and out == ""
    assert err == (f"pinochle: error: tutorial --check: no lesson or puzzle 'no-such-lesson' "
                   f"in {content.LEVELS_DIR}\n")
    assert main(["tutorial", "31-racehorse-take-the-trick"]) == 2
    assert capsys.readouterr().err == \
        "pinochle: error: tutorial: naming lessons or puzzles needs --check\n"
