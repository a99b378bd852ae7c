"""The engine and the bots stay pure: no pygame, no file I/O, no global random."""

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PURE = [ROOT / "game" / "rules", ROOT / "game" / "bots"]


def test_importing_rules_and_bots_never_loads_pygame():
    code = ("import sys, importlib, pkgutil, game.rules\n"
            "for pkg in ('game.rules', 'game.bots', 'game.match.simulate', 'game.store.content'):\n"
            "    try:\n"
            "        mod = importlib.import_module(pkg)\n"
            "    except ModuleNotFoundError:\n"
            "        continue\n"
            "    for info in pkgutil.walk_packages(getattr(mod, '__path__', []), pkg + '.'):\n"
            "        importlib.import_module(info.name)\n"
            "print('pygame' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=ROOT, check=True)
    assert out.stdout.strip() == "False"


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_no_module_under_rules_or_bots_imports_pygame_or_does_io():
    checked = 0
    for folder in PURE:
        for path in folder.rglob("*.py"):
            names = _imports(path)
            assert "pygame" not in names, f"{path} imports pygame"
            assert not names & {"os", "pathlib", "pickle", "shelve"}, f"{path} does I/O"
            text = path.read_text(encoding="utf-8")
            assert "open(" not in text.replace("_open(", ""), f"{path} opens files"
            checked += 1
    assert checked > 10
