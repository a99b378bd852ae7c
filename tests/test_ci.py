"""CI proves the README (issue 27, item 6): ``.ci/run`` runs exactly the README's test command,
that command runs the whole suite (both tiers) on both cores, and it prints the slowest tests."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _readme_command(label: str) -> str:
    """The command in the first code block after the paragraph starting ``label``."""
    after = README[README.index(f"\n{label}"):]
    return re.search(r"```sh\n(.*?)\n```", after, re.S).group(1).strip()


def test_ci_runs_exactly_the_readmes_test_command():
    lines = [line for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith(("#", "set ", "cd "))]
    assert lines == [_readme_command("Test")]


def test_the_readmes_test_command_runs_both_tiers_on_both_cores_and_shows_the_slowest():
    command = _readme_command("Test")
    assert command.startswith("python3 -m venv .venv && ")
    pytest_args = shlex.split(command.split("&&")[-1])
    assert pytest_args == [".venv/bin/python", "-m", "pytest"]  # no -m: slow included
    test_extras = PYPROJECT["project"]["optional-dependencies"]["test"]
    assert any(re.fullmatch(r"pytest-xdist>=\d+(\.\d+)*", x) for x in test_extras), test_extras
    addopts = shlex.split(PYPROJECT["tool"]["pytest"]["ini_options"]["addopts"])
    assert "-n" in addopts and addopts[addopts.index("-n") + 1] == "auto"
    assert "--durations=20" in addopts


def test_the_groups_that_share_a_set_up_name_files_that_exist():
    """tests/conftest.py keeps each group's tests on one worker by file: a renamed file would
    silently leave its group."""
    from tests.conftest import SHARED

    assert SHARED and all((ROOT / path).is_file() for path in SHARED)


def test_the_play_and_test_commands_come_first():
    """The two set-up commands stay at the top of the README."""
    play, test = _readme_command("Play"), _readme_command("Test")
    assert README.index(play) < README.index(test) < README.index("## Playing")
    assert play.endswith(".venv/bin/pinochle")


def test_the_test_extras_hold_the_build_backend_the_packaging_test_builds_with():
    """tests/test_packaging.py builds the wheel without build isolation: the test environment
    must hold what pyproject.toml's build-system requires, at the same lower bound."""
    test_extras = PYPROJECT["project"]["optional-dependencies"]["test"]
    assert set(PYPROJECT["build-system"]["requires"]) <= set(test_extras)
