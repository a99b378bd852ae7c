"""Issue 27: the table is made of parts, and what stands in front of it sees a narrow face.
Prompts, displays, menus and the hand picker receive a ``PromptTable`` or a ``DrawnTable``
(the way every scene receives an ``AppContext``), never the table scene's class; and the
code has one class called ``TableScene``."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAME = ROOT / "game"
# Who may name the table scene's class: what builds one (a new game, a resumed one, the demo,
# the table a kept hand is replayed over), the tutorial's coach, which is attached to one, and
# the tutors that build the table they coach (a lesson, a puzzle, the drill, the first hand),
# ``tutorial --check``'s driver, which works such a table's own toolbar as a learner does, and
# a network table's (issue 41), which is one.
BUILDERS = {"game/ui/table/start.py", "game/ui/demo.py", "game/ui/coached.py",
            "game/ui/scenes/history.py", "game/ui/scenes/lesson.py", "game/ui/scenes/puzzle.py",
            "game/ui/scenes/drill.py", "game/ui/scenes/firsthand.py", "game/ui/lessondrive.py",
            "game/ui/table/network.py"}


def imported_modules(path: Path) -> set[str]:
    """Every module ``path`` imports, at the top, in a function or under TYPE_CHECKING."""
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module)
            out.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
    return out


def scene_class_users(files: list[Path]) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in files
            if "game.ui.table.scene" in imported_modules(p)
            and str(p.relative_to(ROOT)) not in BUILDERS]


def test_only_the_builders_of_a_table_name_the_table_scenes_class():
    users = scene_class_users(sorted(GAME.rglob("*.py")))
    assert not users, f"these see the whole table scene, not a PromptTable: {users}"


def test_the_check_sees_a_prompt_that_takes_the_whole_scene(tmp_path):
    prompt = tmp_path / "prompt.py"
    prompt.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
                      "    from game.ui.table.scene import TableScene\n")
    assert "game.ui.table.scene" in imported_modules(prompt)


def test_there_is_one_class_called_table_scene():
    found = [str(p.relative_to(ROOT)) for p in sorted(GAME.rglob("*.py"))
             for node in ast.walk(ast.parse(p.read_text("utf-8")))
             if isinstance(node, ast.ClassDef) and node.name == "TableScene"]
    assert found == ["game/ui/table/scene.py"], found
