"""Following a recipe of docs/contributing.md in a copy of the checkout (issue 37, item 1: "a new
preset, a new bot level and a new lesson are each added by following docs/contributing.md alone,
in a clean clone, by a test").

A recipe is the first ``sh`` block of its section: each line is a command (``python ...``, or
``pinochle ...`` for ``python -m game ...``) or a step done by hand, ``# by hand [KEY]: ...``,
which the test does as the line says (its own code, named by KEY). A command's trailing comment
``# fails`` means it must fail there, ``# shows NAME`` that it must print the name. The
section's ``Files touched:`` line names every file the recipe changes or adds.
"""

from __future__ import annotations

import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "contributing.md"
# Not the checkout's: caches and the environment, made again in the copy as it runs.
SKIP = (".git", ".venv", "__pycache__", ".pytest_cache", ".mypy_cache", ".ruff_cache",
        "*.egg-info", "build", "dist", ".hypothesis")


class RecipeError(AssertionError):
    """A recipe step that does not work, named by its line."""


@dataclass(frozen=True)
class Step:
    line: str  # as written in the recipe, the name put in
    hand: str = ""  # the by-hand step's key; "" for a command
    argv: tuple[str, ...] = ()
    fails: bool = False
    shows: str = ""


@dataclass(frozen=True)
class Recipe:
    steps: tuple[Step, ...]
    touched: frozenset[str]


# A hand step: (the copy's root, the name put in, what the command before it printed).
Hand = Callable[[Path, str, str], None]


def section(text: str, title: str) -> str:
    start = text.index(f"\n## {title}")
    end = text.find("\n## ", start + 1)
    return text[start:end if end >= 0 else len(text)]


def parse(text: str, placeholder: str, name: str) -> Recipe:
    """The recipe in ``text`` (a section of the guide) with ``placeholder`` replaced by ``name``."""
    block = re.search(r"```sh\n(.*?)```", text, re.DOTALL)
    touched = re.search(r"Files touched:(.*?)(?:\n\n|$)", text, re.DOTALL)
    if block is None or touched is None:
        raise RecipeError("the section has no ```sh recipe or no 'Files touched:' line")
    steps = []
    for raw in block.group(1).splitlines():
        line = re.sub(rf"\b{placeholder}\b", name, raw).strip()
        if not line:
            continue
        hand = re.fullmatch(r"# by hand \[([\w-]+)\]: .+", line)
        if hand:
            steps.append(Step(line, hand=hand.group(1)))
            continue
        command, _, comment = line.partition("  #")
        argv = shlex.split(command)
        if argv[0] == "pinochle":
            argv = ["python", "-m", "game", *argv[1:]]
        if argv[0] != "python":
            raise RecipeError(f"{line!r}: neither a command (python, pinochle) nor a hand step")
        comment = comment.strip()
        shows = comment.removeprefix("shows ").split()[0] if comment.startswith("shows ") else ""
        steps.append(Step(line, argv=tuple(argv), fails=comment.startswith("fails"),
                          shows=shows))
    files = frozenset(re.sub(rf"\b{placeholder}\b", name, f)
                      for f in re.findall(r"`([^`]+)`", touched.group(1)))
    return Recipe(tuple(steps), files)


def copy_checkout(where: Path) -> Path:
    """The checkout copied to ``where/repo``, with the rule documents beside it as beside the
    checkout (``tutorial --check`` quotes them from ``../shared/seeds``)."""
    repo = where / "repo"
    shutil.copytree(ROOT, repo, ignore=shutil.ignore_patterns(*SKIP), symlinks=True)
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        (where / "shared").symlink_to(shared, target_is_directory=True)
    return repo


def snapshot(repo: Path) -> dict[str, str]:
    out = {}
    for path in repo.rglob("*"):
        rel = path.relative_to(repo)
        if path.is_file() and not any(part in SKIP or part.endswith(".egg-info")
                                      for part in rel.parts):
            out[rel.as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def run(repo: Path, step: Step, home: Path) -> str:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONPATH": str(repo), "PINOCHLE_HOME": str(home), "PYTHONDONTWRITEBYTECODE": "1"}
    done = subprocess.run([sys.executable, *step.argv[1:]], cwd=repo, env=env, text=True,
                          capture_output=True)
    said = f"{step.line!r} exited {done.returncode}:\n{done.stdout[-2000:]}{done.stderr[-2000:]}"
    if step.fails and done.returncode == 0:
        raise RecipeError(f"the recipe says this fails, and it did not: {said}")
    if not step.fails and done.returncode != 0:
        raise RecipeError(said)
    if step.shows and step.shows not in done.stdout:
        raise RecipeError(f"the recipe says this shows {step.shows!r}, and it does not: {said}")
    return done.stdout


def follow(recipe: Recipe, repo: Path, name: str, hands: Mapping[str, Hand],
           narrow: Callable[[Step], Step] = lambda s: s) -> set[str]:
    """Follow ``recipe`` in ``repo`` (a copy): every step in order, each command as ``narrow``
    makes it. The files it changed or added; RecipeError at the first step that fails, at a
    hand step the test does not know, or at a hand step the recipe no longer has."""
    keys = {s.hand for s in recipe.steps if s.hand}
    if keys != set(hands):
        raise RecipeError(f"the recipe's hand steps {sorted(keys)} are not those the test does "
                           f"{sorted(hands)}: say in the test what a new step does")
    before = snapshot(repo)
    home = repo.parent / "home"
    printed = ""
    for step in recipe.steps:
        if step.hand:
            hands[step.hand](repo, name, printed)
        else:
            printed = run(repo, narrow(step), home)
    after = snapshot(repo)
    changed = {f for f in before.keys() | after.keys() if before.get(f) != after.get(f)}
    if changed != set(recipe.touched):
        raise RecipeError(f"the recipe touched {sorted(changed)}; its 'Files touched' says "
                           f"{sorted(recipe.touched)}")
    return changed


def insert_entry(path: Path, table: str, lines: list[str]) -> None:
    """``lines`` added at the end of the dict ``table`` of module ``path``, as pasted by hand."""
    text = path.read_text(encoding="utf-8").splitlines()
    start = next(i for i, x in enumerate(text) if x.startswith(f"{table}:"))
    end = next(i for i in range(start, len(text)) if text[i] == "}")
    path.write_text("\n".join([*text[:end], *lines, *text[end:]]) + "\n", encoding="utf-8")
