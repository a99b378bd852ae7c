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
import functools
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GAME = ROOT / "game"

# (layer, module-name pattern), lowest first. A module takes the first pattern it matches.
LAYERS: list[tuple[str, str]] = [
    ("rules core", r"game\.rules(\.(actions|bids|cards|combos|deal|errors|events|explain|kernel"
                   r"|meld|outcome|partner|phase|rescale|rulefile|ruleset|seating|tricks))?$"),
    ("rules game tables", r"game\.rules\.(auction_game|stock_game)(\.(state|meld|consts))?$"),
    ("rules compiled", r"game\.rules\.compiled$"),
    ("rules state", r"game\.rules\.state$"),
    ("rules games", r"game\.rules\.(game_end|auction_game\.\w+|stock_game\.\w+)$"),
    ("rules facade", r"game\.rules\.(engine|view|handview|claim|notation|facts|tablefacts|compose"
                     r"|gamehands)$"),
    ("presets", r"game\.presets$"),
    ("bots", r"game\.bots(\.\w+)?$"),
    ("resources", r"game\.resources$"),
    ("store", r"game\.store(\.\w+)?$"),
    ("match", r"game\.match(\.\w+)?$"),
    ("tutorial", r"game\.tutorial(\.\w+)?$"),
    ("net", r"game\.net(\.\w+)?$"),
    ("ui base", r"game\.ui(\.(theme|anim|assets|widgets|menupage|scene|progress))?$"),
    ("ui table", r"game\.ui\.table(\.\w+)?$"),
    ("ui overlay pieces", r"game\.ui\.(overlay|handpick|menu|coached|coached_controls"
                          r"|coached_panel|coached_popups|coached_hand)$"),
    ("ui scenes", r"game\.ui\.scenes(\.\w+)?$"),
    ("ui app", r"game\.ui\.(app|routes|lessondrive|revisitdrive|replycheck|firsthanddrive|"
               r"checkdrive)$"),
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


def _from_base(module: str, node: ast.ImportFrom) -> str:
    """The module a ``from ... import`` in ``module`` names, relative imports resolved."""
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    base = node.module or ""
    if node.level:
        up = package.split(".")[: len(package.split(".")) - node.level + 1]
        base = ".".join(up + ([base] if base else []))
    return base


def imports_of(module: str) -> set[str]:
    """The game modules ``module`` imports, anywhere in its text."""
    path = MODULES[module]
    found: set[str | None] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {_resolve(a.name) for a in node.names if a.name.startswith("game")}
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(module, node)
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
    "engine", "view", "notation", "claim", "facts", "tablefacts", "compose", "state", "actions",
    "cards",
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



# -- the facade's own names -----------------------------------------------------------------
# A public rules module that imports a machine's name passes it on: ``from game.rules.state
# import HandState`` is an import of ``auction_game/state.py`` however it is spelled. So every
# name the upper floors take from the rules is followed to the module that defines it, and
# that module must be public: the facade's own functions and types, or the shared vocabulary.
MACHINES = ("game.rules.auction_game", "game.rules.stock_game", "game.rules.game_end")


def _top_level(tree: ast.Module) -> list[ast.stmt]:
    """A module's own statements, inside ``if`` and ``try`` blocks too (``TYPE_CHECKING``)."""
    out: list[ast.stmt] = []
    todo: list[ast.stmt] = list(tree.body)
    while todo:
        node = todo.pop()
        if isinstance(node, ast.If | ast.Try):
            todo += node.body + node.orelse + getattr(node, "finalbody", [])
            for handler in getattr(node, "handlers", []):
                todo += handler.body
        else:
            out.append(node)
    return out


def names_in(module: str) -> tuple[set[str], dict[str, tuple[str, str]]]:
    """(the names ``module`` defines, {a name it imports: (from module, name there)})."""
    return _names_at(module, MODULES[module])


@functools.cache
def _names_at(module: str, path: Path) -> tuple[set[str], dict[str, tuple[str, str]]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    defined: set[str] = set()
    passed: dict[str, tuple[str, str]] = {}
    for node in _top_level(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.add(node.name)
        elif isinstance(node, ast.Assign | ast.AnnAssign | ast.AugAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, ast.ImportFrom):
            base = _from_base(module, node)
            passed |= {a.asname or a.name: (base, a.name) for a in node.names}
        elif isinstance(node, ast.Import):
            passed |= {a.asname: (a.name, "") for a in node.names if a.asname}
    return defined, passed


def home_of(module: str, name: str) -> str | None:
    """The game module that defines what ``from module import name`` gives (a module, when
    the name is one); None when it comes from outside ``game``."""
    for _ in range(20):  # a chain of re-exports is a few links long
        if not name or f"{module}.{name}" in MODULES:
            return f"{module}.{name}" if name else module
        if module not in MODULES:
            return None
        defined, passed = names_in(module)
        if name in defined or name not in passed:
            return module
        module, name = passed[name]
    raise AssertionError(f"{module}.{name}: a circle of re-exports")


def rules_names(module: str) -> list[tuple[str, str, str]]:
    """(name, the rules module it is imported from, the module that defines it) for every name
    ``module`` takes from the rules, anywhere in its text: ``from game.rules.x import y``, and
    ``x.y`` where ``x`` is a rules module it imported."""
    tree = ast.parse(MODULES[module].read_text(encoding="utf-8"))
    aliases: dict[str, str] = {}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _from_base(module, node)
            if not base.startswith("game.rules"):
                continue
            for alias in node.names:
                home = home_of(base, alias.name)
                if home is None:
                    continue
                out.append((alias.name, base, home))
                if home in MODULES:
                    aliases[alias.asname or alias.name] = home
        elif isinstance(node, ast.Import):
            aliases |= {a.asname: a.name for a in node.names
                        if a.asname and a.name.startswith("game.rules")}
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                and node.value.id in aliases:
            home = home_of(aliases[node.value.id], node.attr)
            if home is not None:
                out.append((node.attr, aliases[node.value.id], home))
    return out


def private(home: str) -> bool:
    return home.startswith("game.rules") and _resolve(home) not in PUBLIC_RULES


def facade_leaks(modules: list[str]) -> list[str]:
    """Each name an upper module takes from the rules that a state machine (or any other
    private rules module) defines, whichever public module passed it on."""
    bad = []
    for module in modules:
        if not module.startswith(UPPER):
            continue
        for name, via, home in rules_names(module):
            if private(_resolve(home) or home):
                bad.append(f"{module} takes {name} from {via}, which only passes on {home}'s")
    return bad


def test_upper_floors_take_only_the_facades_own_names():
    assert facade_leaks(list(MODULES)) == []


@pytest.mark.parametrize("source", [
    "from game.rules.state import HandState\n",  # the machines' hand types, named by state.py
    "from game.rules.view import still_needed\n",  # a machine's function view.py uses
    "from game.rules import engine\nFLOW = engine.auction_flow\n",
    "from game.rules.facts import tallies\n",  # a machine's module, by facts.py's name for it
    "def f():\n    from game.rules.compose import StockHand\n    return StockHand\n",
])
@pytest.mark.parametrize("floor", ["game.ui.planted", "game.match.planted",
                                   "game.tutorial.planted"])
def test_a_machine_name_through_any_rules_module_fails(tmp_path, monkeypatch, source, floor):
    path = tmp_path / "planted.py"
    path.write_text(source, encoding="utf-8")
    monkeypatch.setitem(MODULES, floor, path)
    assert facade_leaks([floor]), source


def test_a_new_public_module_that_passes_a_machine_on_fails(tmp_path, monkeypatch):
    """A facade module added tomorrow is held like today's: re-exporting is not defining."""
    facade, user = tmp_path / "doors.py", tmp_path / "user.py"
    facade.write_text("from game.rules.stock_game.score import rounded as rounded\n",
                      encoding="utf-8")
    user.write_text("from game.rules.doors import rounded\n", encoding="utf-8")
    monkeypatch.setitem(MODULES, "game.rules.doors", facade)
    monkeypatch.setitem(MODULES, "game.ui.user", user)
    monkeypatch.setitem(globals(), "PUBLIC_RULES", PUBLIC_RULES | {"game.rules.doors"})
    assert facade_leaks(["game.ui.user"]) == [
        "game.ui.user takes rounded from game.rules.doors, which only passes on "
        "game.rules.stock_game.score's"]


# A state's hand is a machine's own type: the upper floors ask the facade about it (observe,
# facts) instead of reading its fields. A name ending in "state" is how the code spells a
# GameState, so this catches ``match.state.hand.trump`` and ``getattr(state.hand, ...)``.
_STATE = re.compile(r"(^|[._])state$|_state$")


def hand_reads(source: str) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Attribute) and node.attr == "hand" \
                and _STATE.search(ast.unparse(node.value)):
            found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def test_upper_floors_never_read_a_states_hand():
    bad = [f"{module} {hit}" for module, path in sorted(MODULES.items())
           if module.startswith(UPPER) for hit in hand_reads(path.read_text(encoding="utf-8"))]
    assert not bad, "ask game.rules.view or game.rules.facts instead:\n" + "\n".join(bad)


@pytest.mark.parametrize("planted", [
    "trump = match.state.hand.trump\n",
    "bidder = getattr(state.hand, 'bidder', -1)\n",
    "hands = self.pre_state.hand.hands\n",
])
def test_a_planted_hand_read_is_found(planted):
    assert hand_reads(planted), planted


# The bots read the machines' tables and scoring for speed (a search scores thousands of
# playouts a second, where building a view for each would cost more than the search). Each one
# that does is named here with what it reads and why; a bot not named may not, and a name
# that no longer reads a machine is taken off (the list stays the truth).
BOT_READERS = {
    "game.bots.analysis_stock": "two-handed rounding of trick points, in every playout's score",
    "game.bots.continuation": "the sampled auction's own state, to call for every seat of "
                              "thousands of auctions without building a view for each",
    "game.bots.gamevalue": "the game-end rules (target, ties, overtime) for a hand's value",
    "game.bots.handscore": "the auction games' hand scoring and tallies, per playout",
    "game.bots.stocksearch": "two-handed meld options and tabled cards, per searched turn",
    "game.bots.stocksim": "two-handed meld, consts and rounding, in the simulated deals",
    "game.bots.twohand": "two-handed rounding of trick points, in its evaluation",
}


def machine_readers(modules: list[str]) -> set[str]:
    """The bots modules that import a state machine's module or one of its names."""
    out = set()
    for module in modules:
        if not module.startswith("game.bots"):
            continue
        targets = GRAPH.get(module, set()) | {home for _, _, home in rules_names(module)}
        if any((_resolve(t) or t).startswith(MACHINES) for t in targets):
            out.add(module)
    return out


def test_the_bots_that_read_the_machines_are_named():
    readers = machine_readers(list(MODULES))
    assert sorted(readers - set(BOT_READERS)) == [], "name them in BOT_READERS, with why"
    assert sorted(set(BOT_READERS) - readers) == [], "they no longer read a machine"


def test_an_unnamed_bot_reading_a_machine_is_found(tmp_path, monkeypatch):
    path = tmp_path / "planted.py"
    path.write_text("from game.rules.state import StockHand\n", encoding="utf-8")
    monkeypatch.setitem(MODULES, "game.bots.planted", path)
    assert machine_readers(["game.bots.planted"]) == {"game.bots.planted"}

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


# -- long files -------------------------------------------------------------------------------
# About 400 lines is a guide, not a law: a file is split where its ideas split, never trimmed
# (a docstring shortened, a mixin invented) to meet a count. A file longer than the guide is
# listed here with the reason splitting it would cut one idea in two; the list is held true
# both ways (a long file not listed fails, and so does a listed one that is no longer long).
MAX_LINES = 400
LONG_FILES = {
    "game/ui/table/scene.py":
        "the table scene's loop and the places it asks its parts (moves, a coach, the "
        "session): when the table asks whom is one idea, read top to bottom",
    "game/ui/coached.py":
        "the coach: its answers to each question the table asks of a coach, and the panel's "
        "place they depend on; the pop-ups and the panel's drawing are already apart",
    "game/rules/notation.py":
        "the position notation, written and read: one grammar, each field's writer beside its "
        "reader, with the examples of the moves and hands it writes (run by the suite)",
}


def long_files(paths: list[Path]) -> dict[str, int]:
    """The files over the guide, by path from the checkout, with their lengths."""
    out = {}
    for path in paths:
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            out[path.relative_to(ROOT).as_posix()] = n
    return out


def test_a_file_over_the_guide_is_listed_with_its_reason():
    long = long_files(sorted(GAME.rglob("*.py")))
    unlisted = [f"{path} ({n})" for path, n in long.items() if path not in LONG_FILES]
    assert not unlisted, ("split it where its ideas split, or list it in LONG_FILES with the "
                          "reason it is one idea: " + ", ".join(unlisted))
    stale = sorted(set(LONG_FILES) - set(long))
    assert not stale, f"no longer over {MAX_LINES} lines: take them off LONG_FILES: {stale}"
    assert all(len(reason.split()) >= 5 for reason in LONG_FILES.values())


def test_a_long_file_not_listed_is_found(tmp_path, monkeypatch):
    monkeypatch.setattr(sys.modules[__name__], "ROOT", tmp_path)
    planted = tmp_path / "game" / "big.py"
    planted.parent.mkdir()
    planted.write_text('"""x."""\n' + "x = 1\n" * MAX_LINES, encoding="utf-8")
    assert long_files([planted]) == {"game/big.py": MAX_LINES + 1}
    assert "game/big.py" not in LONG_FILES
