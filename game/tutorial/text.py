"""Lesson prose as templates the engine fills, and the scan for numbers nobody computed.

A field is ``{name}`` or ``{name:argument}``. Table facts (``{min_bid}``, ``{meld:run}``,
``{rule:follow_suit}``) come from the rule set, position facts (``{led}``, ``{legal}``,
``{lowest_bid}``) from the game state, named claims (``{run_value}``) from the engine's check of
that claim, and quotations (``{quote:000/min-bid}``) from the shipped quote files. Everything
else in the prose must hold no number: ``game.tutorial.scan`` finds digits and number words left
outside fields, which ``tutorial --check`` reports.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial

from game.bots.callmeaning import convention
from game.rules.actions import Bid
from game.rules.cards import Card, Suit
from game.rules.compiled import best_meld
from game.rules.engine import legal_actions
from game.rules.facts import level_stars, meld_checks, trump_of
from game.rules.phase import Phase
from game.rules.ruleset import OBLIGATIONS, RuleSet
from game.rules.state import GameState
from game.rules.tricks import PlayVerdict, explain_plays, trick_winner_index
from game.rules.view import PlayerView, observe
from game.store.content import load_preset
from game.store.tutorial_data import QuoteFile, Term
from game.tutorial.features import term_text
from game.tutorial.handreview import LessonReview, review_field
from game.tutorial.retrystep import PlayedOut, playout_field
from game.tutorial.seatfields import SEAT_FIELDS, auction_view
from game.tutorial.stakefields import STAKE_FIELDS

FIELD = re.compile(r"\{([a-z_]+)(?::([^{}]*))?\}")

 # names, not numbers
WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
         "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen",
         "eighteen", "nineteen", "twenty")


class TemplateError(ValueError):
    """A field the engine cannot fill here: unknown, or meaningless at this position."""


@dataclass
class TextContext:
    rules: RuleSet
    state: GameState | None = None
    named: Mapping[str, object] = field(default_factory=dict)
    quotes: Mapping[str, QuoteFile] = field(default_factory=dict)
    seat: int = 0  # the learner
    review: LessonReview | None = None  # the review lesson's played hand, once reviewed
    answers: tuple[Card, ...] = ()  # the cards the step or puzzle asks for (what it explains)
    played: PlayedOut | None = None  # a play_out step's lines, from its decision

    def verdict(self) -> tuple[list[Card], list[tuple[int, Card]], PlayVerdict]:
        """(the learner's cards, the trick so far as (seat, card), the engine's verdict)."""
        state = self.state
        if state is None:
            raise TemplateError("needs a position")
        rules = state.rules
        view = observe(state, self.seat)
        if view.leader < 0:  # no hand dealt, or an auction game before its first lead
            raise TemplateError("needs a trick in play")
        trick, cards, trump = list(view.trick), view.cards, view.trump
        obligations = rules.stock.playoff_obligations if view.playoff else None
        trump_or_none = trump if trump >= 0 else None
        verdict = explain_plays(rules, cards, [c for _, c in trick], trump_or_none, obligations)
        return cards, trick, verdict


def names(cards: list[Card]) -> str:
    shown = [c.pretty for c in cards]
    if len(shown) <= 1:
        return "".join(shown)
    return ", ".join(shown[:-1]) + " and " + shown[-1]


def number_word(n: int) -> str:
    return WORDS[n] if 0 <= n < len(WORDS) else str(n)


def table_name(rules: RuleSet) -> str:
    return rules.title.split(":")[0]


def _meld(ctx: TextContext, arg: str) -> str:
    kind, _, level = arg.partition(":")
    values = getattr(ctx.rules.meld, kind, None)
    if values is None or kind.startswith("_"):
        raise TemplateError(f"unknown meld {kind!r}")
    if isinstance(values, tuple):
        index = int(level or 1) - 1
        if not 0 <= index < len(values):
            raise TemplateError(f"{kind} has no level {level}")
        return str(values[index])
    if isinstance(values, bool):
        raise TemplateError(f"{kind} is not a meld value")
    return str(values)


def _rule_no(ctx: TextContext, arg: str) -> str:
    obligations = list(ctx.rules.tricks.obligations)
    if arg not in obligations and arg in ctx.rules.stock.playoff_obligations:
        obligations = list(ctx.rules.stock.playoff_obligations)
    if arg not in OBLIGATIONS or arg not in obligations:
        raise TemplateError(f"{table_name(ctx.rules)} has no rule {arg!r}")
    return str(obligations.index(arg) + 1)


def _rule(ctx: TextContext, arg: str) -> str:
    _rule_no(ctx, arg)
    return ctx.rules.obligation_text(arg)  # type: ignore[arg-type]


def _rules_list(ctx: TextContext, arg: str) -> str:
    """The table's trick rules, numbered (``playoff``: the two-handed playoff's; ``all``: both,
    where the table has a playoff; ``now``: those in force at the position)."""
    rules = ctx.rules
    if arg == "now":  # the rules in force at this position (two-handed: the playoff's, once on)
        playoff = False
        if ctx.state is not None and rules.stock.enabled:
            playoff = bool(observe(ctx.state, ctx.seat).playoff)
        return _rules_list(ctx, "playoff" if playoff else "")
    if arg == "all" and rules.stock.enabled and rules.stock.playoff_obligations:
        return (_rules_list(ctx, "") + " When the stock is gone: "
                + _rules_list(ctx, "playoff"))
    obligations = rules.stock.playoff_obligations if arg == "playoff" else \
        rules.tricks.obligations
    return " ".join(f"({i}) {rules.obligation_text(o)}" for i, o in enumerate(obligations, 1))


def _rank_order(ctx: TextContext, _: str) -> str:
    return ", ".join(r.label for r in ctx.rules.deck.ranks_high_to_low)


def _counters(ctx: TextContext, _: str) -> str:
    points = ctx.rules.tricks.points
    ranks = [r for r in ctx.rules.deck.ranks_high_to_low if points.get(r.letter, 0)]
    words = [r.word for r in ranks]
    return ", ".join(words[:-1]) + " and " + words[-1] if len(words) > 1 else "".join(words)


def _points(ctx: TextContext, arg: str) -> str:
    return str(ctx.rules.tricks.points.get(arg.upper(), 0))


def _auction(ctx: TextContext) -> PlayerView:
    """The learner's view of a dealt hand of an auction game."""
    try:
        return auction_view(ctx)
    except ValueError:
        raise TemplateError("needs a hand with an auction") from None


def _lowest_bid(ctx: TextContext, _: str) -> str:
    if ctx.state is None:
        raise TemplateError("needs a position")
    bids = [a.amount for a in legal_actions(ctx.state) if isinstance(a, Bid)]
    if not bids:
        raise TemplateError("no bid is possible here")
    return str(min(bids))


def _skip_bid(ctx: TextContext, arg: str) -> str:
    """The opening that shows the meld of the named claim ``arg`` in 001's system of skip bids
    (10 meld for each point over the minimum, up to the bid where steps grow), as the bidding
    panel labels it ("skip to ...")."""
    rules = ctx.rules
    if convention(rules) != "skips":
        raise TemplateError(f"{table_name(rules)} has no skip bids")
    value = ctx.named.get(arg)
    if not isinstance(value, int):
        raise TemplateError(f"no named meld claim {arg!r}")
    skip = value // 10
    amount = rules.auction.min_bid + skip
    if skip < 2 or amount > rules.auction.step_above[0]:
        raise TemplateError(f"a meld of {value} is shown by no skip opening")
    return str(amount)


def _contract(ctx: TextContext) -> tuple[int, int]:
    """(bid, bidder) of the hand in play, or of the hand just scored."""
    state = ctx.state
    if state is not None and state.phase in (Phase.DEAL, Phase.GAME_OVER) and state.records:
        last = state.records[-1]
        if last.bidder >= 0:
            return last.bid, last.bidder
    view = _auction(ctx)
    if view.bidder < 0:
        raise TemplateError("nobody has won the auction yet")
    return view.bid, view.bidder


def _high_bid(ctx: TextContext, which: str) -> str:
    view = _auction(ctx)  # the high bid is known while the auction lasts
    if view.high_bidder < 0:
        raise TemplateError("nobody has bid yet")
    return str(view.high_bid) if which == "bid" else ctx.rules.seating.name(view.high_bidder)


def _score(ctx: TextContext, arg: str) -> str:
    if ctx.state is None:
        raise TemplateError("needs a position")
    side = ctx.rules.side_of(ctx.seat) if not arg else int(arg)
    return str(ctx.state.scores[side])


def _meld_checks(ctx: TextContext, _: str) -> str:
    """Checks the learner's meld earns at check pinochle (flush, aces, roundtable...)."""
    if ctx.state is None:
        raise TemplateError("needs a position")
    counts = observe(ctx.state, ctx.seat).hand
    trump = _trump_or_none(ctx)
    deck = ctx.rules.deck
    nines = sum(deck.count(counts, c) for c in deck.types if c.rank.letter == "9")
    return str(meld_checks(ctx.rules, best_meld(ctx.rules, counts, trump), nines))


def _trump(ctx: TextContext, _: str) -> str:
    trump = _trump_or_none(ctx)
    if trump is None:
        raise TemplateError("no trump is named yet")
    return Suit(trump).plural


def _trick_fact(ctx: TextContext, arg: str, which: str) -> str:
    cards, trick, verdict = ctx.verdict()
    if which == "legal":
        return names(list(verdict.legal))
    if which == "forbidden":
        return names([f.card for f in verdict.illegal])
    if which == "hand":
        return names(sorted(set(cards), key=lambda c: (c.suit, -ctx.rules.deck.strength[c.rank])))
    if not trick:
        raise TemplateError("nobody has led yet")
    if which == "led":
        return trick[0][1].pretty
    if which == "leader":
        return ctx.rules.seating.name(trick[0][0])
    win = trick_winner_index(ctx.rules, [c for _, c in trick], _trump_or_none(ctx))
    if which == "winner":
        return trick[win][1].pretty
    if which == "winner_seat":
        return ctx.rules.seating.name(trick[win][0])
    if not verdict.illegal:
        raise TemplateError("every card is legal here")
    first = verdict.illegal[0]
    return {"why": first.why, "first_rule": first.text, "first_rule_no": str(first.number)}[which]


def _trump_or_none(ctx: TextContext) -> int | None:
    return trump_of(ctx.state) if ctx.state is not None else None


def _quote(ctx: TextContext, arg: str) -> str:
    document, _, key = arg.partition("/")
    qf = ctx.quotes.get(document)
    if qf is None or key not in qf.quotes:
        raise TemplateError(f"no quotation {arg!r} in levels/quotes/")
    tables = qf.tables
    who = ctx.rules.name if ctx.rules.name in tables else (tables[0] if tables else "")
    title = table_name(load_preset(who)) if who else "the rules"
    return f"“{qf.quotes[key]}” ({title} rules)"


def _table_quote(ctx: TextContext, key: str) -> str:
    """The quotation ``key`` from the rule document of the learner's own table."""
    return _quote(ctx, f"{ctx.rules.document}/{key}")


def _word(ctx: TextContext, arg: str) -> str:
    inner, _, rest = arg.partition(":")
    value = render("{" + inner + (":" + rest if rest else "") + "}", ctx)
    return number_word(int(value)) if value.isdigit() else value


def _int(getter: Callable[[RuleSet], int]) -> Callable[[TextContext, str], str]:
    return lambda ctx, _: str(getter(ctx.rules))


FIELDS: dict[str, Callable[[TextContext, str], str]] = {
    "table": lambda ctx, _: table_name(ctx.rules),
    "min_bid": _int(lambda r: r.auction.min_bid),
    "bid_step": _int(lambda r: r.auction.step),
    "bid_switch": _int(lambda r: r.auction.step_above[0]),
    "bid_step_above": _int(lambda r: r.auction.step_above[1]),
    "all_pass_bid": _int(lambda r: r.auction.all_pass_bid),
    "dealer_opens": _int(lambda r: r.auction.dealer_opens_at),
    "pass_count": _int(lambda r: r.passing.count),
    "hand_size": _int(lambda r: r.hand_size),
    "deck_size": _int(lambda r: r.table.deck),
    "copies": _int(lambda r: r.deck.copies),
    "players": _int(lambda r: r.players),
    "side_size": _int(lambda r: r.seating.side_size),  # players per fixed side (six: three)
    "widow_size": _int(lambda r: r.widow.size),
    "trick_total": _int(lambda r: r.total_trick_points),
    "last_trick": _int(lambda r: r.tricks.last_trick),
    "meld_minimum": _int(lambda r: r.meld.minimum),
    "save_points": _int(lambda r: r.scoring.save_points),
    "bidder_min_tricks": _int(lambda r: r.scoring.bidder_min_trick_points),
    "throw_in_margin": _int(lambda r: r.throw_in.margin),
    "concede_margin": _int(lambda r: r.widow.forced_concede_margin),
    "target": _int(lambda r: r.scoring.target),
    # the arg-th close-out level: the listed ones, then one every star_step
    "star_level": lambda ctx, arg: str(ctx.rules.scoring.first_star_levels(int(arg) + 1)[int(arg)]),
    "stars_at": lambda ctx, arg: str(level_stars(
        ctx.rules, ctx.rules.scoring.first_star_levels(int(arg) + 1)[int(arg)])),
    "points": _points,
    "counters": _counters,
    "meld": _meld,
    "rank_order": _rank_order,
    "rule": _rule,
    "rules_list": _rules_list,
    "rule_no": _rule_no,
    "quote": _quote,
    "tquote": _table_quote,
    "word": _word,
    "trump": _trump,
    "lowest_bid": _lowest_bid,
    "skip_bid": _skip_bid,
    "bid": lambda ctx, _: str(_contract(ctx)[0]),
    "high_bid": lambda ctx, _: _high_bid(ctx, "bid"),
    "high_bidder": lambda ctx, _: _high_bid(ctx, "seat"),
    "score": _score,
    "meld_checks": _meld_checks,
    "bidder": lambda ctx, _: ctx.rules.seating.name(_contract(ctx)[1]),
}
FIELDS.update(SEAT_FIELDS)
FIELDS.update(STAKE_FIELDS)
FIELDS["review"] = lambda ctx, arg: review_field(ctx.review, arg)
FIELDS["playout"] = lambda ctx, arg: playout_field(ctx.played, arg)
for _name in ("legal", "forbidden", "hand", "led", "leader", "winner", "winner_seat", "why",
              "first_rule", "first_rule_no"):
    FIELDS[_name] = partial(_trick_fact, which=_name)


def fill(match: re.Match[str], ctx: TextContext) -> str:
    """One field (a match of ``FIELD``) filled; TemplateError names it when it cannot be."""
    name, arg = match.group(1), match.group(2) or ""
    if name in ctx.named:
        return str(ctx.named[name])
    fn = FIELDS.get(name)
    if fn is None:
        raise TemplateError(f"unknown field {{{name}}}")
    try:
        return fn(ctx, arg)
    except TemplateError as exc:
        raise TemplateError(f"{{{match.group(0)[1:-1]}}}: {exc}") from None
    except (ValueError, IndexError, KeyError, AttributeError) as exc:
        raise TemplateError(f"{{{match.group(0)[1:-1]}}}: cannot be filled ({exc})") from None


def render(text: str, ctx: TextContext) -> str:
    """The prose with every field filled; TemplateError names the first field that fails."""
    return FIELD.sub(lambda m: fill(m, ctx), text)


def fields_of(text: str) -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2) or "") for m in FIELD.finditer(text)]


def terms_in(text: str, glossary: tuple[Term, ...], rules: RuleSet | None = None) -> list[str]:
    """Glossary terms the (rendered) text uses, in order of first appearance (at ``rules``: the
    terms that can pop up at that table)."""
    found: list[tuple[int, str]] = []
    lower = text.lower()
    for term in glossary:
        if rules is not None and term_text(term, rules) is None:
            continue
        hits = [m.start() for form in term.forms
                for m in re.finditer(rf"\b{re.escape(form)}\b", lower)]
        if hits:
            found.append((min(hits), term.id))
    return [t for _, t in sorted(found)]
