"""ruff is configured in pyproject.toml and the code is clean under it."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_is_clean():
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.fail("ruff is not installed: install the test extras (pip install -e '.[test]')")
    out = subprocess.run([ruff, "check", "game", "tests", "benchmarks", "tools"],
                         capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


def _tool(name: str) -> str:
    path = shutil.which(name) or str(Path(sys.executable).with_name(name))
    if not Path(path).exists():
        pytest.fail(f"{name} is not installed: install the test extras (pip install -e '.[test]')")
    return path


def test_mypy_strict_passes_on_the_engine_bots_match_and_store():
    """pyproject.toml's [tool.mypy] names the folders and sets strict."""
    out = subprocess.run([_tool("mypy")], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr
