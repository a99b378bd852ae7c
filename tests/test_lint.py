"""ruff is configured in pyproject.toml and the code is clean under it."""

import shutil
import subprocess
import sys
import tomllib
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


def test_mypy_is_strict_on_the_whole_package():
    """pyproject.toml's [tool.mypy] checks all of game/ (the window, the tutorial and the
    commands too, issue 27) strictly, with no folder or module let off."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["mypy"]
    assert config["files"] == ["game"] and config["strict"] is True
    assert "overrides" not in config, "a module is let off the strict check"


def test_mypy_strict_passes_on_the_whole_package():
    out = subprocess.run([_tool("mypy")], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 0, out.stdout + out.stderr


MAX_COMPLEXITY = 25  # radon's cyclomatic complexity, per function or method


def _complex(source: str) -> list[str]:
    from radon.complexity import cc_visit

    out = []
    for block in cc_visit(source):
        items = [block, *getattr(block, "methods", [])]
        for item in items:
            if item.complexity > MAX_COMPLEXITY:
                out.append(f"{item.name} ({item.complexity})")
    return out


def test_no_function_is_too_complex_to_read():
    bad = []
    for path in sorted((ROOT / "game").rglob("*.py")):
        bad += [f"{path.relative_to(ROOT)}: {x}" for x in _complex(path.read_text("utf-8"))]
    assert not bad, "\n".join(bad)


def test_the_complexity_check_fails_on_a_tangled_function():
    body = "".join(f"    if x == {i}:\n        return {i}\n" for i in range(MAX_COMPLEXITY + 1))
    assert _complex("def tangled(x):\n" + body + "    return -1\n")

