"""``variants``, ``rules``, ``meld``, ``legal`` and ``simulate``: the engine from the shell."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from game.commands.args import UsageError, positive_int, seed
from game.rules.cards import Card, CardError, Suit, parse_cards
from game.rules.compiled import best_meld
from game.rules.explain import rules_sections, rules_text
from game.rules.ruleset import RuleSet
from game.rules.tricks import explain_plays
from game.store.content import load_preset, load_ruleset, preset_names


def register(sub: Any) -> None:
    p = sub.add_parser("variants", help="list the rule presets")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_variants)

    p = sub.add_parser("rules", help="print a preset's rules in plain words")
    p.add_argument("--variant", required=True, help="preset name or house-rules .toml file")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_rules)

    p = sub.add_parser("meld", help="best meld of a hand, with its breakdown")
    p.add_argument("--variant", required=True)
    p.add_argument("--trump", help="trump suit (S H C D, or none)")
    p.add_argument("--batch", action="store_true",
                   help="read lines 'TRUMP CARD CARD ...' from standard input")
    p.add_argument("--json", action="store_true")
    p.add_argument("cards", nargs="*")
    p.set_defaults(run=cmd_meld)

    p = sub.add_parser("legal", help="which cards may be played to a trick, and why not")
    p.add_argument("--variant", required=True)
    p.add_argument("--trump", required=True)
    p.add_argument("--trick", default="", help="cards already played, leader first")
    p.add_argument("--hand", required=True)
    p.add_argument("--playoff", action="store_true", help="two-handed: the last twelve tricks")
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_legal)

    p = sub.add_parser("simulate", help="play hands with legal-move bots, checking invariants")
    p.add_argument("--variant", required=True)
    p.add_argument("--hands", type=positive_int, default=100)
    p.add_argument("--seed", type=seed, default=1)
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=cmd_simulate)




def _emit(args: argparse.Namespace, data: object, text: str) -> None:
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        print(text)


def cmd_variants(args: argparse.Namespace) -> int:
    rows = []
    for name in preset_names():
        rules = load_preset(name)
        rows.append({"name": name, "document": rules.document, "players": rules.players,
                     "deck": rules.table.deck, "description": rules.title})
    width = max(len(r["name"]) for r in rows)  # type: ignore[arg-type]
    text = "\n".join(f"{r['name']:<{width}}  {r['description']}" for r in rows)
    _emit(args, rows, text)
    return 0


def cmd_rules(args: argparse.Namespace) -> int:
    rules = load_ruleset(args.variant)
    data = {"variant": rules.name, "sections": [{"title": t, "lines": lines}
                                                for t, lines in rules_sections(rules)]}
    if args.json:
        print(json.dumps(data, ensure_ascii=False))
    else:
        sys.stdout.write(rules_text(rules))
    return 0


NO_TRUMP = ("none", "-", "")


def parse_trump(text: str | None, required: bool = True) -> Suit | None:
    """A trump suit; ``none`` (no trump) only where it is allowed: a meld may be counted with
    no trump named, a trick is always played with one."""
    allowed = "S, H, C or D" if required else "S, H, C, D, or none for no trump"
    if text is None or text.strip().lower() in NO_TRUMP:
        if required:
            raise CardError(f"--trump must be a suit ({allowed}): a trick is played with trump "
                            "named")
        return None
    try:
        return Suit.parse(text)
    except CardError:
        raise CardError(f"unknown trump {text!r} (choose from {allowed}; ♠ ♥ ♣ ♦ work too)"
                        ) from None


def check_hand(rules: RuleSet, cards: list[Card], extra: list[Card] | None = None) -> None:
    deck = rules.deck
    for card in cards + (extra or []):
        if not deck.has(card):
            raise CardError(f"{card} is not in the {deck.size}-card pack of {rules.name}")
    deck.counts_of(cards + (extra or []))  # refuses more copies than the pack holds
    limit = rules.max_held
    if len(cards) > limit:
        raise CardError(f"{len(cards)} cards given, but a hand in {rules.name} holds at most "
                        f"{limit}")


def meld_json(rules: RuleSet, cards: list[Card], trump: Suit | None) -> dict[str, object]:
    return best_meld(rules, cards, trump).to_json()


def _meld_text(result: dict[str, Any]) -> str:
    lines = []
    for m in result["melds"]:
        cards = " ".join(m["cards"])
        lines.append(f"{m['class']:<28} {m['name']:<24} {cards:<30} {m['points']:>5}")
    lines.append(f"{'Total':<84} {result['total']:>5}")
    return "\n".join(lines)


def cmd_meld(args: argparse.Namespace) -> int:
    rules = load_ruleset(args.variant)
    if args.batch:
        return _meld_batch(rules)
    try:
        trump = parse_trump(args.trump, required=False)
        cards = parse_cards(args.cards)
        if not cards:
            raise CardError("no cards given")
        check_hand(rules, cards)
    except CardError as exc:
        raise UsageError(str(exc)) from None
    result = meld_json(rules, cards, trump)
    _emit(args, result, _meld_text(result))
    return 0


def _meld_batch(rules: RuleSet) -> int:
    from game.rules.compiled import meld_table

    table = meld_table(rules)
    deck = rules.deck
    status = 0
    out = sys.stdout
    for number, line in enumerate(sys.stdin, start=1):
        parts = line.split()
        if not parts:
            continue
        try:
            trump = parse_trump(parts[0], required=False)
            cards = parse_cards(parts[1:])
            check_hand(rules, cards)
            total = table.total(deck.counts_of(cards), trump)
        except CardError as exc:
            print(f"pinochle: error: line {number}: {exc}", file=sys.stderr)
            out.write("error\n")
            status = 1
            continue
        out.write(f"{total}\n")
    return status


def cmd_legal(args: argparse.Namespace) -> int:
    rules = load_ruleset(args.variant)
    try:
        trump = parse_trump(args.trump)
        trick = parse_cards(args.trick)
        hand = parse_cards(args.hand)
        if not hand:
            raise CardError("--hand is empty")
        check_hand(rules, hand, trick)
        if len(trick) >= rules.players:
            raise CardError(f"a trick in {rules.name} has {rules.players} cards; "
                            f"{len(trick)} were given as already played")
    except CardError as exc:
        raise UsageError(str(exc)) from None
    obligations = rules.stock.playoff_obligations if (rules.stock.enabled and args.playoff) \
        else rules.tricks.obligations
    verdict = explain_plays(rules, hand, trick, trump, obligations)
    data = {"legal": [str(c) for c in verdict.legal],
            "illegal": [f.to_json() for f in verdict.illegal]}
    lines = ["Legal: " + " ".join(c.pretty for c in verdict.legal)]
    for f in verdict.illegal:
        lines.append(f"  {f.card.pretty:>4}  not allowed: {f.message}")
    _emit(args, data, "\n".join(lines))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from game.match.simulate import simulate

    rules = load_ruleset(args.variant)
    report = simulate(rules, args.hands, args.seed)
    data = report.to_json()
    text = (f"{rules.name}: {report.hands} hands ({report.games} games) in {report.seconds:.2f} s"
            f" = {report.hands_per_second:.0f} hands/s, {report.actions} actions\n"
            f"invariant violations: {len(report.violations)}\n"
            f"contracts: {data['contracts']}, made: {data['made_rate']}, "
            f"average bid: {data['average_bid']}\n"
            f"average points per hand by side: {data['average_points_per_hand']}")
    for v in report.violations[:10]:
        text += f"\n  violation: {v}"
    _emit(args, data, text)
    return 1 if report.violations else 0
