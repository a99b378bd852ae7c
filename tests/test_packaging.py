"""What ships: the wheel (and so a plain ``pip install .``) carries the art, sounds, font, lessons
and presets, and the installed game finds them from any folder; the checkout, and so an editable
install, finds its own live folders.

Building the wheel and a fresh environment, then running the installed game's whole
``tutorial --check``, takes about a minute of CPU: those tests are marked slow (the README's
command runs them; the fast tier leaves them out)."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import platformdirs
import pygame
import pytest

from game import resources
from game.store import content
from game.tutorial.check_text import seeds_folder
from game.ui import assets
from tests.limits import run_cpu_limited

ROOT = Path(__file__).resolve().parents[1]
DEPENDENCIES = ("pygame-ce", "platformdirs")


def _run(args, cpu: int = 300, **kwargs) -> subprocess.CompletedProcess:
    """Run a command under a limit of CPU seconds (never a wall-clock limit: issue 26 saw the
    installed tutorial --check take 22.5 s of CPU and fail a 120 s wall limit under load)."""
    out = run_cpu_limited(args, cpu, **kwargs)
    assert out.returncode == 0, f"{' '.join(map(str, args))} exited {out.returncode}:\n" \
        f"{out.stdout[-2000:]}\n{out.stderr[-2000:]}"
    return out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The wheel pip builds from the checkout: what ``pip install .`` would install. Built with
    the build backend pyproject.toml names, installed in this environment by the test extras:
    pip need not make a fresh environment for it and fetch hatchling again."""
    out = tmp_path_factory.mktemp("wheel")
    _run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
          "--wheel-dir", out, ROOT], cpu=300)
    (built,) = out.glob("*.whl")
    return built


@pytest.fixture(scope="module")
def installed(wheel, tmp_path_factory) -> Path:
    """A fresh virtual environment with nothing but the wheel installed; pygame-ce and
    platformdirs are lent from this interpreter (a .pth naming their folders) so that no index
    is needed. A .pth line only appends a folder to sys.path, so this environment's own editable
    install of the checkout is not lent with them."""
    env = tmp_path_factory.mktemp("venv")
    venv.create(env, with_pip=False)
    python = _command(env, "python")
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"])
                .stdout.strip())
    lent = {str(Path(module.__file__).resolve().parents[1]) for module in (pygame, platformdirs)}
    (site / "_lent_dependencies.pth").write_text("\n".join(sorted(lent)) + "\n")
    _run([sys.executable, "-m", "pip", "--python", python, "install", "--no-deps", "--no-index",
          "--quiet", wheel], cpu=300)
    return env


def _command(env: Path, name: str) -> Path:
    return env / "Scripts" / f"{name}.exe" if os.name == "nt" else env / "bin" / name


def _outside_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PINOCHLE_HOME=str(tmp_path / "home"))
    return env


@pytest.mark.slow
def test_the_wheel_carries_sprites_sounds_font_lessons_and_presets(wheel):
    with zipfile.ZipFile(wheel) as whl:
        names = set(whl.namelist())
        metadata = next(whl.read(n).decode() for n in names if n.endswith(".dist-info/METADATA"))
    for folder in resources.NAMES:
        shipped = {f"game/_data/{p.relative_to(ROOT).as_posix()}"
                   for p in (ROOT / folder).rglob("*") if p.is_file()}
        assert shipped, f"the checkout has no {folder}/"
        missing = sorted(shipped - names)
        assert not missing, f"{len(missing)} files missing from the wheel: {missing[:3]} ..."
    for needed in ("game/_data/sprites/fonts/DejaVuSans.ttf", "game/_data/sounds/deal.wav",
                   "game/_data/sprites/cards/2x/AS.png", "game/_data/levels/lessons",
                   "game/_data/levels/puzzles", "game/presets/racehorse.toml", "game/cli.py"):
        assert any(n.startswith(needed) for n in names), f"the wheel lacks {needed}"
    presets = {f"game/presets/{p.name}" for p in (ROOT / "game" / "presets").glob("*.toml")}
    assert len(presets) == len(content.preset_names()) and presets <= names
    assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
    for dependency in DEPENDENCIES:
        assert f"Requires-Dist: {dependency}" in metadata


@pytest.mark.slow
def test_the_installed_wheel_finds_its_data_and_plays_from_any_folder(installed, tmp_path):
    env, cwd = _outside_env(tmp_path), tmp_path / "elsewhere"
    cwd.mkdir()
    python = _command(installed, "python")
    where = _run([python, "-c", "import game, game.store.content as c, game.ui.assets as a\n"
                  "print(game.__file__, a.SPRITES, a.SOUNDS, a.FONTS, c.LEVELS_DIR, sep='\\n')"],
                 cwd=cwd, env=env, cpu=60).stdout.splitlines()[-5:]  # after pygame's hello
    for path in map(Path, where):
        assert path.resolve().is_relative_to(installed.resolve()), f"{path} is not installed"
        assert path.exists()

    # The whole tutorial checked through the command, once, from the wheel: every lesson and
    # puzzle the checkout ships (test_the_wheel_carries_... holds the wheel to them), played
    # through the window's controls beside the engine's checks.
    seeds = seeds_folder(content.LEVELS_DIR, None)
    check = _run([_command(installed, "pinochle"), "tutorial", "--check", "--json",
                  *(["--seeds", seeds] if seeds is not None else [])],
                 cwd=cwd, env=env, cpu=300)
    report = json.loads(check.stdout)
    assert report["failures"] == []
    assert report["lessons"] >= 25 and report["puzzles"] >= 30
    assert report["tracks"]["table"] >= 7 and report["tracks"]["first-hand"] == 1
    # Through the window: the first hand on each of the 7 tables and every puzzle, at two
    # sizes, beside the lessons; every refused card's reason read against its card.
    assert report["driven"] >= 2 * (7 + report["puzzles"]) and report["reasons"] >= 20

    shots = tmp_path / "shots"
    demo = _run([_command(installed, "pinochle"), "play", "--demo", "--variant", "racehorse",
                 "--hands", "1", "--screenshots", shots], cwd=cwd, env=env, cpu=300)
    assert "demo: 1 hands of racehorse played" in demo.stdout
    assert list(shots.glob("*.png")), f"no screenshots written: {demo.stdout}"


def test_the_checkout_uses_its_own_folders():
    """Run from the checkout, or installed editable (hatchling puts the checkout on sys.path),
    the game reads the live folders at the repository root, never a copy."""
    if Path(resources.__file__).resolve().parent != ROOT / "game":
        pytest.skip("game is imported from an install, not from this checkout")
    for name in resources.NAMES:
        assert resources.data_dir(name).resolve() == ROOT / name
    assert assets.SPRITES.resolve() == ROOT / "sprites"
    assert content.LEVELS_DIR.resolve() == ROOT / "levels"


def test_resources_is_a_leaf_module():
    tree = ast.parse(Path(resources.__file__).read_text(encoding="utf-8"))
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import)
                for alias in node.names]
    imported += [node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)]
    assert not [m for m in imported if m == "game" or m.startswith("game.")]
