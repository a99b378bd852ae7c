"""docs/contributing.md's recipes, followed in a copy of the checkout (issue 37, item 1): a new
preset, a new bot level and a new lesson, each made the way its recipe says and proved by the
recipe's own commands. How a recipe is read and followed: tests/recipes.py.

The commands run as written, with fewer deals, lessons and tests (``narrow``): the recipe is
what is checked here, not the bots' figures, which other tests and the benchmarks hold.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.recipes import (
    DOC,
    RecipeError,
    Step,
    copy_checkout,
    follow,
    insert_entry,
    parse,
    section,
)

GUIDE = DOC.read_text(encoding="utf-8")
DEALS = {"tools.calibrate_bots": "30", "tools.hand_stats": "20", "benchmarks.bots": "2",
         "game": "4"}
LESSON = "12-trump"  # a short core lesson: the one measured and checked at the new table


def narrow(step: Step) -> Step:
    """The command with fewer deals; the new table's lessons narrowed to one core lesson (its
    time measured, then checked on every table); the recipe's tests without worker processes."""
    argv = list(step.argv)
    module = argv[2] if argv[1] == "-m" else ""
    if module in DEALS:
        if "--deals" in argv:
            argv[argv.index("--deals") + 1] = DEALS[module]
        elif module != "game":
            argv += ["--deals", DEALS[module]]
    if module == "tools.time_lessons" and "--table" in argv:
        argv.append(LESSON)
    if argv[2:5] == ["game", "tutorial", "--check"] and len(argv) == 5:
        argv.append(LESSON)
    if module == "pytest":
        argv += ["-p", "no:cacheprovider", "-q"]
    return Step(step.line, argv=tuple(argv), fails=step.fails, shows=step.shows)


# -- a preset --------------------------------------------------------------------------------------
def preset_rules(repo: Path, name: str, _: str) -> None:
    """The rules written: racehorse played to 1000 (a title and a target of its own), and the
    README's row."""
    path = repo / "game" / "presets" / f"{name}.toml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"^title = .*$", 'title = "Short racehorse: racehorse to 1000"', text, count=1,
                  flags=re.MULTILINE)
    text = re.sub(r"^target = 1500", "target = 1000", text, count=1, flags=re.MULTILINE)
    path.write_text(text, encoding="utf-8")
    readme = repo / "README.md"
    lines = readme.read_text(encoding="utf-8").splitlines()
    last = max(i for i, x in enumerate(lines) if x.startswith("| `two-handed` | 004 |"))
    lines.insert(last + 1, f"| `{name}` | 000 | racehorse to 1000 |")
    readme.write_text("\n".join(lines) + "\n", encoding="utf-8")


def paste_models(repo: Path, _: str, printed: str) -> None:
    models, _, signatures = printed.partition("# PRESET_SIGNATURES")
    handeval = repo / "game" / "bots" / "handeval.py"
    insert_entry(handeval, "MODELS", [x for x in models.splitlines() if x.startswith("    ")])
    insert_entry(handeval, "PRESET_SIGNATURES",
                 [x for x in signatures.splitlines() if x.startswith("    ")])


def paste_stats(repo: Path, _: str, printed: str) -> None:
    insert_entry(repo / "game" / "bots" / "gamevalue.py", "HAND_STATS", printed.splitlines())


def rule_order_cells(repo: Path, name: str, _: str) -> None:
    """Racehorse's cells for the new table: its trick rules are racehorse's."""
    path = repo / "levels" / "rule_order.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    lines = [re.sub(r'\bracehorse = ("[^"]*")', rf"racehorse = \1, {name} = \1", x)
             if x.startswith("at = {") else x for x in lines]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


PRESET_HANDS = {"rules": preset_rules, "models": paste_models, "stats": paste_stats,
                "rule-order": rule_order_cells}


# -- a bot level -----------------------------------------------------------------------------------
def declare_level(repo: Path, name: str, _: str) -> None:
    path = repo / "game" / "bots" / "catalogue.py"
    text = path.read_text(encoding="utf-8")
    medium = '    LevelSettings("medium"),\n'
    assert medium in text
    path.write_text(text.replace(medium, f'{medium}    LevelSettings("{name}"),\n'),
                    encoding="utf-8")


BOT = '''"""The {name} level: medium's bids and exchanges, easy's play without counting cards."""

from __future__ import annotations

import random

from game.bots.levels import LevelBot, Style, heuristic_play
from game.rules.actions import Action
from game.rules.view import PlayerView


class {cls}(LevelBot):
    def __init__(self, style: Style) -> None:
        super().__init__("{name}", style)

    def play(self, view: PlayerView, rng: random.Random) -> tuple[Action, str]:
        return heuristic_play(view, counting=False)
'''


def write_bot(repo: Path, name: str, _: str) -> None:
    cls = name.title() + "Bot"
    (repo / "game" / "bots" / f"{name}.py").write_text(BOT.format(name=name, cls=cls),
                                                       encoding="utf-8")
    path = repo / "game" / "bots" / "registry.py"
    text = path.read_text(encoding="utf-8")
    imports, makers = "from game.bots.levels import", '"open": OpenBot}'
    assert imports in text and makers in text
    text = text.replace(imports, f"from game.bots.{name} import {cls}\n{imports}")
    path.write_text(text.replace(makers, f'"open": OpenBot, "{name}": {cls}}}'),
                    encoding="utf-8")


LEVEL_HANDS = {"catalogue": declare_level, "bot": write_bot}


# -- a lesson --------------------------------------------------------------------------------------
def write_lesson(repo: Path, name: str, _: str) -> None:
    """Started from a lesson of the same kind (two-handed's declaring out), as the recipe says:
    a title, a place and a question of its own."""
    lessons = repo / "levels" / "lessons"
    text = (lessons / "82-two-handed-declaring-out.toml").read_text(encoding="utf-8")
    order = int(name.split("-")[0])
    text = text.replace('title = "Two-handed: declaring out"',
                        'title = "Two-handed: when to claim"', 1)
    text = re.sub(r"^order = 82$", f"order = {order}", text, count=1, flags=re.MULTILINE)
    text = text.replace("What do you do?", "Do you claim the game now, or play on?", 1)
    (lessons / f"{name}.toml").write_text(text, encoding="utf-8")


LESSON_HANDS = {"lesson": write_lesson}

RECIPES = [
    pytest.param("A preset", "NAME", "racehorse-short", PRESET_HANDS, id="preset"),
    pytest.param("A bot level", "NAME", "steady", LEVEL_HANDS, id="level"),
    pytest.param("A lesson", "LESSON", "83-two-handed-claiming", LESSON_HANDS, id="lesson"),
]


@pytest.mark.parametrize("title, placeholder, name, hands", RECIPES)
def test_the_recipe_works_in_a_copy_of_the_checkout(title, placeholder, name, hands, tmp_path):
    recipe = parse(section(GUIDE, title), placeholder, name)
    repo = copy_checkout(tmp_path)
    touched = follow(recipe, repo, name, hands, narrow)
    assert touched == recipe.touched and touched  # follow raises on any other


# -- the checks fail -------------------------------------------------------------------------------
def _planted(body: str, touched: str = "`a.txt`") -> str:
    return f"## Planted\n\n```sh\n{body}\n```\n\nFiles touched: {touched}.\n"


def _write_a(repo: Path, name: str, _: str) -> None:
    (repo / "a.txt").write_text(name, encoding="utf-8")


OK = "python -c \"print('NAME')\"  # shows NAME\n# by hand [a]: write a.txt"


@pytest.mark.parametrize("body, touched, hands, says", [
    (OK + "\npython -m tools.no_such_tool NAME", "`a.txt`", {"a": _write_a},
     "'python -m tools.no_such_tool x' exited 1"),
    (OK + "\npython -c \"print(1)\"  # fails: it should", "`a.txt`", {"a": _write_a},
     "the recipe says this fails, and it did not"),
    ("python -c \"print(1)\"  # shows NAME\n# by hand [a]: write a.txt", "`a.txt`",
     {"a": _write_a}, "the recipe says this shows 'x', and it does not"),
    (OK, "`a.txt`, `b.txt`", {"a": _write_a}, "its 'Files touched' says ['a.txt', 'b.txt']"),
    (OK, "`a.txt`", {"a": _write_a, "b": _write_a}, "are not those the test does"),
    (OK + "\nmake all", "`a.txt`", {"a": _write_a}, "neither a command"),
], ids=["a-step-that-no-longer-works", "a-step-that-should-fail", "a-name-not-shown",
        "a-file-not-touched", "a-hand-step-gone", "not-a-command"])
def test_a_broken_recipe_fails(body, touched, hands, says, tmp_path):
    repo = tmp_path / "repo"
    (repo / "tools").mkdir(parents=True)
    (repo / "tools" / "__init__.py").write_text("", encoding="utf-8")
    with pytest.raises(RecipeError, match=re.escape(says)):
        follow(parse(_planted(body, touched), "NAME", "x"), repo, "x", hands)


def test_the_recipes_commands_run_the_copys_code(tmp_path):
    """The copy is what runs (PYTHONPATH): a recipe proved against the checkout's own game
    would prove nothing about the copy's changes."""
    repo = tmp_path / "repo"
    (repo / "game").mkdir(parents=True)
    (repo / "game" / "__main__.py").write_text("print('the copy')\n", encoding="utf-8")
    (repo / "game" / "__init__.py").write_text("", encoding="utf-8")
    recipe = parse(_planted("pinochle  # shows copy", "`none`"), "NAME", "x")
    with pytest.raises(RecipeError, match=re.escape("says ['none']")):
        follow(recipe, repo, "x", {})
