"""The layers of docs/architecture.md, checked against the code's own imports.

Every ``import`` and ``from ... import`` in ``game/`` counts, wherever it is written: at the top,
inside a function, or under ``if TYPE_CHECKING``. A module may import only modules of its own
layer or of lower layers, and the graph of modules has no circle at all.

Two more rules hold the upper floors to the rules' public doors: they import only the rules
modules in ``PUBLIC_RULES`` (the facade and the shared vocabulary, never a state machine's own
modules), and nothing outside ``game/rules/seating.py`` works out seats with arithmetic.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

# (layer, module-name pattern), lowest first. A module takes the first pattern it matches.
LAYERS: list[tuple[str, str]] = [
    ("rules core", r"game\.rules(\.(actions|bids|cards|combos|deal|errors|events|explain|kernel"
                   r"|meld|outcome|phase|rescale|rulefile|ruleset|seating|tricks))?$"),
    ("rules game tables", r"game\.rules\.(auction_game|stock_game)(\.(state|meld|consts))?$"),
    ("rules compiled", r"game\.rules\.compiled$"),
    ("rules state", r"game\.rules\.state$"),
    ("rules games", r"game\.rules\.(game_end|auction_game\.\w+|stock_game\.\w+)$"),
    ("rules facade", r"game\.rules\.(engine|view|claim|notation|facts|compose|gamehands)$"),
    ("presets", r"game\.presets$"),
    ("bots", r"game\.bots(\.\w+)?$"),
    ("resources", r"game\.resources$"),
    ("store", r"game\.store(\.\w+)?$"),
    ("match", r"game\.match(\.\w+)?$"),
    ("tutorial", r"game\.tutorial(\.\w+)?$"),
    ("net", r"game\.net(\.\w+)?$"),
    ("ui base", r"game\.ui(\.(theme|anim|assets|widgets|scene))?$"),
    ("ui table", r"game\.ui\.table(\.\w+)?$"),
    ("ui overlay pieces", r"game\.ui\.(overlay|handpick|menu|coached|coached_controls"
                          r"|coached_panel|coached_hand)$"),
    ("ui scenes", r"game\.ui\.scenes(\.\w+)?$"),
    ("ui app", r"game\.ui\.(app|routes|lessondrive|replycheck|firsthanddrive|checkdrive)$"),
    ("ui demo", r"game\.ui\.(demo|netdemo)$"),
    ("commands", r"game\.commands(\.\w+)?$"),
    ("entry points", r"game(\.cli|\.__main__)?$"),
]
# Within these layers, modules may not import one another (siblings, not a stack).
SIBLINGS = {"ui scenes"}
# The two state machines never import each other.
APART = [("game.rules.auction_game", "game.rules.stock_game")]


def _modules() -> dict[str, Path]:
    out = {}
    for path in GAME.rglob("*.py"):
        parts = path.relative_to(ROOT).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


MODULES = _modules()


def _resolve(name: str) -> str | None:
    while name and name not in MODULES:
        name = name.rpartition(".")[0]
    return name or None


def imports_of(module: str) -> set[str]:
    """The game modules ``module`` imports, anywhere in its text."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str | None] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {_resolve(a.name) for a in node.names if a.name.startswith("game")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([base] if base else []))
            if not base.startswith("game"):
                continue
            for alias in node.names:
                # "from game.rules import events" names a module; "from game.x import f" its own.
                sub = f"{base}.{alias.name}"
                found.add(sub if sub in MODULES else _resolve(base))
    return {t for t in found if t is not None and t != module}


def layer_of(module: str) -> int:
    for i, (_, pattern) in enumerate(LAYERS):
        if re.match(pattern, module):
            return i
    raise AssertionError(f"{module} is in no layer of tests/test_architecture.py")


GRAPH = {m: imports_of(m) for m in MODULES}


def test_every_module_has_a_layer():
    for module in MODULES:
        layer_of(module)


def test_imports_point_down_the_layers():
    bad = []
    for module, targets in GRAPH.items():
        mine = layer_of(module)
        for target in targets:
            theirs = layer_of(target)
            if theirs > mine:
                bad.append(f"{module} ({LAYERS[mine][0]}) imports {target} ({LAYERS[theirs][0]})")
            elif theirs == mine and LAYERS[mine][0] in SIBLINGS:
                bad.append(f"{module} imports its sibling {target}")
    for a, b in APART:
        for module, targets in GRAPH.items():
            for x, y in ((a, b), (b, a)):
                if module.startswith(x) and any(t.startswith(y) for t in targets):
                    bad.append(f"{module} imports the other state machine ({y})")
    assert not bad, "\n".join(bad)


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on: set[str] = set()
    found: list[list[str]] = []
    counter = [0]

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                found.append(sorted(comp))

    for v in graph:
        if v not in index:
            visit(v)
    return found


def test_no_import_circles_anywhere_in_game():
    assert circles(GRAPH) == []


def test_the_circle_finder_finds_a_planted_circle():
    planted = {k: set(v) for k, v in GRAPH.items()}
    planted["game.rules.cards"].add("game.rules.engine")
    assert any("game.rules.cards" in c and "game.rules.engine" in c for c in circles(planted))


@pytest.mark.parametrize("source", [
    "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.ui.app import App\n",
    "def f():\n    from game.ui.scenes.menus import TitleScene\n    return TitleScene\n",
])
def test_the_layer_check_sees_late_and_type_only_imports(tmp_path, source, monkeypatch):
    """A function-level or TYPE_CHECKING import of a higher layer is caught like any other."""
    path = tmp_path / "planted.py"
    path.write_text(source, encoding="utf-8")
    monkeypatch.setitem(MODULES, "game.rules.planted", path)
    assert any(layer_of(t) > layer_of("game.rules.cards") for t in imports_of("game.rules.planted"))


def test_docs_architecture_lists_the_layers_in_order():
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    positions = [text.find(f"**{name}**") for name, _ in LAYERS]
    missing = [name for (name, _), pos in zip(LAYERS, positions, strict=True) if pos < 0]
    assert not missing, f"docs/architecture.md does not name the layers {missing}"
    assert positions == sorted(positions), "docs/architecture.md lists the layers out of order"


# -- the rules' doors ---------------------------------------------------------------------------
# The floors above the bots see the rules through these modules only: the facade (engine, view,
# notation, claim, facts, compose) and the vocabulary every floor speaks (cards, actions,
# events, the rule set, its seating, its compiled tables). The state machines' own modules
# (auction_game/, stock_game/, game_end, deal) stay private, so they can change behind the facade.
PUBLIC_RULES = {f"game.rules.{m}" for m in (
    "engine", "view", "notation", "claim", "facts", "compose", "state", "actions", "cards",
    "errors", "events", "phase", "ruleset", "seating", "meld", "tricks", "explain", "rulefile",
    "rescale", "compiled", "kernel", "bids", "outcome", "gamehands")} | {"game.rules"}
UPPER = ("game.match", "game.store", "game.tutorial", "game.net", "game.ui", "game.commands",
         "game.cli", "game.__main__", "game.resources")
# Bots may read the machines' tables and scoring helpers for speed (their searches score
# thousands of playouts a second), but never move a state but through engine.apply: the
# machines' flow modules, where the transitions live, are closed to them.
BOT_CLOSED = ("game.rules.auction_game.flow", "game.rules.stock_game.flow")


def door_breaches(graph: dict[str, set[str]]) -> list[str]:
    bad = []
    for module, targets in graph.items():
        for target in sorted(targets):
            if not target.startswith("game.rules"):
                continue
            if module.startswith(UPPER) and target not in PUBLIC_RULES:
                bad.append(f"{module} reaches past the rules' facade into {target}")
            if module.startswith("game.bots") and target.startswith(BOT_CLOSED):
                bad.append(f"{module} imports {target}: bots move a state by engine.apply only")
    return bad


def test_upper_floors_reach_the_rules_only_through_the_facade():
    assert door_breaches(GRAPH) == []


@pytest.mark.parametrize(("module", "target"), [
    ("game.ui.scenes.play", "game.rules.auction_game.needs"),
    ("game.tutorial.positions", "game.rules.stock_game.state"),
    ("game.match.simulate", "game.rules.game_end"),
    ("game.bots.stockplay", "game.rules.stock_game.flow"),
])
def test_a_planted_door_breach_fails(module, target):
    planted = {k: set(v) for k, v in GRAPH.items()}
    planted.setdefault(module, set()).add(target)
    assert any(target in line and module in line for line in door_breaches(planted))


# -- one seating ----------------------------------------------------------------------------------
SEATING = GAME / "rules" / "seating.py"
# What names a count of seats: `rules.players`, `n_players`, `len(seats)`...
_SEAT_COUNT = re.compile(r"\bplayers\b|\bn_players\b|\bseats\b|\bn_seats\b")
_TEAM_LISTS = ([0, 2, 1, 3], [[0, 2], [1, 3]])


def _seat_count_names(tree: ast.AST) -> set[str]:
    """Local names bound to a seat count (``n = rules.players``), per module: an alias of the
    count is as much seat arithmetic as the count itself."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and _SEAT_COUNT.search(ast.unparse(node.value)):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
    return names


def _literal(node: ast.expr) -> object:
    """A list or tuple of whole numbers (or of such lists) as a list; None for anything else."""
    if isinstance(node, ast.Constant) and isinstance(node.value, int):
        return node.value
    if isinstance(node, ast.List | ast.Tuple):
        items = [_literal(e) for e in node.elts]
        return None if None in items else items
    return None


def seat_arithmetic(source: str) -> list[str]:
    """Each place ``source`` works out seats by hand: a remainder by four or by a seat count
    (``(seat + 2) % 4``, ``(first + i) % n`` with ``n = rules.players``), a seat count compared
    with four (``rules.players == 4``), a team list written out (``[0, 2, 1, 3]``)."""
    tree = ast.parse(source)
    aliases = _seat_count_names(tree)

    def is_count(node: ast.expr) -> bool:
        return (isinstance(node, ast.Name) and node.id in aliases) or bool(
            _SEAT_COUNT.search(ast.unparse(node)))

    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
            right = node.right
            if (isinstance(right, ast.Constant) and right.value == 4) or is_count(right):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Compare) and len(node.comparators) == 1:
            left, right = node.left, node.comparators[0]
            for a, b in ((left, right), (right, left)):
                if isinstance(b, ast.Constant) and b.value == 4 and is_count(a):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.List | ast.Tuple) and _literal(node) in _TEAM_LISTS:
            found.append(f"line {node.lineno}: a team list {ast.unparse(node)}")
    return found


def test_no_seat_arithmetic_outside_the_seating():
    bad = [f"{path.relative_to(ROOT)} {hit}" for path in sorted(GAME.rglob("*.py"))
           if path != SEATING for hit in seat_arithmetic(path.read_text(encoding="utf-8"))]
    assert not bad, "ask game.rules.seating instead:\n" + "\n".join(bad)


@pytest.mark.parametrize("planted", [
    "def partner(seat):\n    return (seat + 2) % 4\n",
    "def nxt(rules, seat):\n    return (seat + 1) % rules.players\n",
    "def order(view, first):\n    n = view.rules.players\n"
    "    return [(first + i) % n for i in range(n)]\n",
    "def partners(rules):\n    return rules.players == 4\n",
    "def four(t):\n    return 4 != t.players\n",
    "TEAMS = ((0, 2), (1, 3))\n",
    "ORDER = [0, 2, 1, 3]\n",
])
def test_planted_seat_arithmetic_is_found(planted):
    assert seat_arithmetic(planted), planted


@pytest.mark.parametrize("innocent", [
    "x = (i + 1) % len(TABS)\n",  # a menu's tab wraps round
    "ok = len(suits) == 4\n",  # four suits, not four seats
    "box = (0, 2, 4)\n",
    "step = (0, 2)\n",  # a pair of numbers is not a table of sides
])
def test_the_seat_check_leaves_other_arithmetic_alone(innocent):
    assert seat_arithmetic(innocent) == []
