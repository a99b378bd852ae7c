"""Reasons shown to a player are in a player's words (issue 24: "The coach's reasons are in a
player's words ('your side is worth about 330; 85% to make 250'), not the bot's internals").

The coach of the tutorial and Hint at the table are the hard bot: every reason its modules
return is read here, and none may speak as the bot ("I cannot win this trick", "keep my good
cards", "we can draw theirs") or of how the search worked ("24 playouts each", "solved
exactly", "over 32 sampled deals"). Seen in the first hand's coach before this test: the
two-handed playoff's "(+38, 24 playouts each)" and the "I cannot win this trick" of every table.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

BOTS = Path(__file__).resolve().parents[2] / "game" / "bots"
HARD = ("hard", "hardbid", "exdecide", "stocksearch", "twohand", "playrules", "levels",
        "gamebid", "search")
BOT_VOICE = re.compile(r"\b(I|my|me|mine|we|us|our)\b")
INTERNALS = re.compile(r"playout|sampl|solved exactly|rollout|determiniz|margin \(|"
                       r"consistent with|[+-]\{", re.IGNORECASE)


def reasons(module: str) -> list[tuple[int, str]]:
    """The text of each reason a module returns (``return action, reason``), its fields shown
    as {…}."""
    tree = ast.parse((BOTS / f"{module}.py").read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Return) and isinstance(node.value, ast.Tuple) and \
                len(node.value.elts) == 2:
            text = "".join(_text(n) for n in ast.walk(node.value.elts[1])
                           if isinstance(n, (ast.Constant, ast.FormattedValue)))
            if text.strip():
                found.append((node.lineno, text))
    return found


def _text(node: ast.AST) -> str:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.FormattedValue):
        spec = node.format_spec
        signed = spec is not None and any(isinstance(v, ast.Constant) and "+" in str(v.value)
                                          for v in spec.values)  # type: ignore[attr-defined]
        return "+{…}" if signed else "{…}"
    return ""


@pytest.mark.parametrize("module", HARD)
def test_the_hard_bots_reasons_speak_to_the_player(module):
    texts = reasons(module)
    bad = [(line, t) for line, t in texts if BOT_VOICE.search(t) or INTERNALS.search(t)]
    assert not bad, f"game/bots/{module}.py: {bad}"


def test_the_scan_reads_the_reasons():
    """The scan itself: it finds the reasons, and the words this test exists for."""
    assert any("this trick cannot be won" in t for _, t in reasons("playrules"))
    planted = "return x, f'play the {c}: I cannot win, margin ({v:+.0f}, {n} playouts each)'"
    texts = ["".join(_text(n) for n in ast.walk(node.value.elts[1])
                     if isinstance(n, (ast.Constant, ast.FormattedValue)))
             for node in ast.walk(ast.parse(f"def f():\n    {planted}"))
             if isinstance(node, ast.Return)]
    assert BOT_VOICE.search(texts[0]) and INTERNALS.search(texts[0])
