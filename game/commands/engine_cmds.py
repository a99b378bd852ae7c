"""``variants``, ``rules``, ``meld``, ``legal`` and ``simulate``: the engine from the shell."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from game.commands.args import UsageError, positive_int, seed
from game.commands.position import read_position
from game.rules.actions import PlayCard
from game.rules.cards import Card, CardError, Suit, parse_cards
from game.rules.compiled import best_meld, meld_table
from game.rules.engine import actor
from game.rules.explain import rules_sections, rules_text
from game.rules.ruleset import Obligation, RuleSet
from game.rules.seating import SeatingError
from game.rules.tricks import PlayVerdict, explain_plays
from game.rules.view import observe
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
    p.add_argument("--variant", help="preset name or house-rules .toml file (needed unless "
                   "--position names the table)")
    p.add_argument("--trump", help="trump suit (S H C D, or none)")
    p.add_argument("--batch", action="store_true",
                   help="read lines 'TRUMP CARD CARD ...' from standard input")
    p.add_argument("--json", action="store_true")
    p.add_argument("cards", nargs="*")
    p.add_argument("--position", help=POSITION_HELP + ": the meld of --seat's cards now")
    p.add_argument("--seat", help="with --position: whose hand (S W N E; default: the seat "
                   "to act)")
    p.set_defaults(run=cmd_meld)

    p = sub.add_parser("legal", help="which cards may be played to a trick, and why not")
    p.add_argument("--variant", help="preset name or house-rules .toml file (needed unless "
                   "--position names the table)")
    p.add_argument("--trump", help="trump suit (needed unless --position)")
    p.add_argument("--trick", default="", help="cards already played, leader first")
    p.add_argument("--hand", help="the cards of the seat to play (needed unless --position)")
    p.add_argument("--position", help=POSITION_HELP + ": the seat to play, its cards, the "
                   "trick and trump come from it")
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
POSITION_HELP = "a position in the notation ('pn1 TABLE; ...', or - to read it from stdin)"


def _need(args: argparse.Namespace, *flags: str) -> None:
    """The flags a command needs when no --position gives their values (argparse cannot say
    'required unless'); with --position they would contradict it."""
    given = [f for f in flags if getattr(args, f.removeprefix("--")) not in (None, "", [])]
    if args.position is None:
        missing = [f for f in flags if f not in given]
        if missing:
            raise UsageError(f"the following arguments are required: {', '.join(missing)} "
                             "(or give --position)")
    elif given:
        raise UsageError(f"{', '.join(given)}: --position already gives "
                         f"{'them' if len(given) > 1 else 'it'}")


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
    if args.position is not None:
        return _meld_at(args)
    _need(args, "--variant")
    if args.seat is not None:
        raise UsageError("--seat is for a hand in a --position")
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


def _meld_at(args: argparse.Namespace) -> int:
    """The meld of one seat's cards in a position, with its trump when one is named."""
    _need(args, "cards")
    if args.batch:
        raise UsageError("--batch reads hands from standard input, not a --position")
    pos = read_position(args.position, args.variant)
    rules = pos.rules
    try:
        seat = actor(pos.state) if args.seat is None else rules.seating.seat_of_name(args.seat)
    except SeatingError as exc:
        raise UsageError(f"--seat: {exc}") from None
    view = observe(pos.state, seat)
    named = Suit(view.trump) if view.trump >= 0 else None
    if named is not None and args.trump is not None:
        raise UsageError(f"--trump: the position has trump named ({named.letter})")
    try:
        trump = named if named is not None else parse_trump(args.trump, required=False)
    except CardError as exc:
        raise UsageError(str(exc)) from None
    result = meld_json(rules, rules.deck.to_cards(view.hand), trump)
    _emit(args, result, _meld_text(result))
    return 0


Trick = tuple[RuleSet, list[Card], list[Card], Suit | None, Sequence[Obligation] | None]


def _trick_at(args: argparse.Namespace) -> Trick:
    """(rules, the hand to play, the trick so far, trump, the obligations in force) at a
    position where a card is to be played."""
    _need(args, "--trump", "--hand", "--trick")
    pos = read_position(args.position, args.variant)
    rules, state = pos.rules, pos.state
    seat = actor(state)
    view = observe(state, seat)
    if not any(isinstance(a, PlayCard) for a in view.legal) or view.trump < 0:
        raise UsageError(f"--position: no card is to be played there ({rules.seating.name(seat)}"
                         f" is to act in the {view.phase.name.lower()} phase)")
    obligations = rules.stock.playoff_obligations if view.playoff else None
    return (rules, rules.deck.to_cards(view.hand), [c for _, c in view.trick], Suit(view.trump),
            obligations)


def cmd_legal(args: argparse.Namespace) -> int:
    if args.position is not None and args.playoff:
        raise UsageError("--playoff: --position already says whether the playoff is on")
    rules, hand, trick, trump, obligations = (
        _trick_at(args) if args.position is not None else _trick_of_flags(args))
    _emit_legal(args, explain_plays(rules, hand, trick, trump, obligations))
    return 0


def _trick_of_flags(args: argparse.Namespace) -> Trick:
    """The trick --variant, --trump, --trick, --hand and --playoff describe."""
    _need(args, "--variant", "--trump", "--hand")
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
    return rules, hand, trick, trump, obligations


def _emit_legal(args: argparse.Namespace, verdict: PlayVerdict) -> None:
    data = {"legal": [str(c) for c in verdict.legal],
            "illegal": [f.to_json() for f in verdict.illegal]}
    lines = ["Legal: " + " ".join(c.pretty for c in verdict.legal)]
    for f in verdict.illegal:
        lines.append(f"  {f.card.pretty:>4}  not allowed: {f.message}")
    _emit(args, data, "\n".join(lines))


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
