"""Check pinochle's deals are scored in checks as well as points (issue 29: "Score check's deals
in checks as well as points"). 003: "If you are playing $1 stakes, each check you gain means that
the other 2 players owe you a dollar." A match on ``check`` reports each level's checks per deal
and A's margin over B in checks with its interval, beside the points (which leave checks out)."""

from __future__ import annotations

import json
import random

from game.bots.registry import make_bot
from game.cli import main
from game.match.duplicate import MatchSpec, run_match, seatings
from game.rules.actions import Deal
from game.rules.engine import actor, apply, at_deal, new_game
from game.rules.events import HandScored
from game.rules.view import observe
from game.store.content import load_preset


def _checks_by_seat(rules, seed, deal, table, seats, bots):
    """The engine's checks per seat for one table of a match deal, played here on its own."""
    state = at_deal(new_game(rules, seed), deal, rules.seating.wrapped(deal))
    state, _ = apply(state, Deal())
    i = 0
    while True:
        seat = actor(state)
        view = observe(state, seat)
        action = bots[seats[seat]].choose(view, random.Random(f"match/{seed}/{deal}/{table}/{i}"))
        i += 1
        state, events = apply(state, action)
        for ev in events:
            if isinstance(ev, HandScored):
                return ev.result.tallies


def test_a_check_match_counts_each_levels_checks_as_the_engine_does():
    rules = load_preset("check")
    spec = MatchSpec("check", "medium", "easy", 3)
    report = run_match(spec, 4)
    bots = {"a": make_bot("medium"), "b": make_bot("easy")}
    for t in report.tables:
        seats = seatings(rules)[t.table]
        gained = _checks_by_seat(rules, 3, t.deal, t.table, seats, bots)
        a = [gained[s] for s in range(3) if seats[s] == "a"]
        b = [gained[s] for s in range(3) if seats[s] == "b"]
        assert t.checks == {"a": sum(a) / len(a), "b": sum(b) / len(b)}
    data = report.to_json()["checks_per_deal"]
    rows = report.tables
    assert data["a"] == round(sum(t.checks["a"] for t in rows) / len(rows), 3)
    lo, hi = data["ci95"]
    assert lo <= data["a_minus_b"] <= hi
    assert any(t.checks["a"] or t.checks["b"] for t in rows)  # checks were gained


def test_checks_are_reported_only_where_the_table_keeps_them(capsys):
    assert main(["match", "--variant", "cutthroat", "--a", "medium", "--b", "easy",
                 "--deals", "2", "--json"]) == 0
    assert "checks_per_deal" not in json.loads(capsys.readouterr().out)
    assert main(["match", "--variant", "check", "--a", "medium", "--b", "medium",
                 "--deals", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    # the same level on both sides: every deal's margin in checks cancels (duplicate)
    assert data["checks_per_deal"]["a_minus_b"] == 0
    assert main(["match", "--variant", "check", "--a", "medium", "--b", "easy",
                 "--deals", "2"]) == 0
    assert "checks per deal" in capsys.readouterr().out
