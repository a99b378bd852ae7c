"""Who did what, as fields the engine fills: seat names in lesson prose are facts like numbers.

``{took}`` and ``{took_card}``: who won the last completed trick, and with which card;
``{played:QH}``: who played that card to the trick on the table (or the last one);
``{holder:AH}``: who holds that card (one seat, the learner aside);
``{held:AD TH}``: those cards, which the learner holds; ``{no:led}`` / ``{no:S}``: "no
hearts", which the learner does not hold; ``{followed:next_before}`` / ``{followed:others}``:
that seat, which followed suit; ``{passed:next_before}``: that seat, which passed;
``{partner}``: the learner's partner (at five, this hand's, once trump has found it);
``{partner_card}``: the card that found the bidder's partner; ``{next}`` and ``{next_before}``:
the seats that play after and before the learner; ``{result}``: "made" or "fell short of",
for the hand just scored; and ``{name:run}``, the table's own name for a meld, beside the
facts about who.
A seat name typed in prose (North, East...) fails ``tutorial --check`` like a typed number.
"""

from __future__ import annotations

import re
from typing import Protocol

from game.rules.cards import Card, Suit, parse_cards
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.seating import SEAT_NAMES
from game.rules.state import GameState
from game.rules.tricks import trick_winner_index
from game.rules.view import PlayerView, observe


class TextContext(Protocol):
    """What these fields read of ``game.tutorial.text.TextContext`` (which imports them)."""

    rules: RuleSet
    state: GameState | None
    seat: int

# Every chair's name, the longest first: "Northwest" is a seat name, not "North" and a typo.
SEAT_WORDS = re.compile(r"\b(" + "|".join(sorted(
    {n for names in SEAT_NAMES.values() for n in names}, key=len, reverse=True)) + r")(?:'s)?\b")


def _err(message: str) -> Exception:
    """A field that cannot be filled here: ``render`` reports it with the field's name."""
    return ValueError(message)


def _who(ctx: TextContext, seat: int) -> str:
    return "you" if seat == ctx.seat else ctx.rules.seating.name(seat)


def auction_view(ctx: TextContext, reveal: bool = False) -> PlayerView:
    """The position as the learner's seat sees it, in a dealt hand of an auction game (with
    ``reveal``, every hand too: a field may name who holds a card)."""
    state = ctx.state
    if state is None or ctx.rules.stock.enabled or state.phase in (Phase.DEAL,
                                                                    Phase.GAME_OVER):
        raise _err("needs a hand of an auction game")
    return observe(state, ctx.seat, reveal)


def _tricks(ctx: TextContext) -> list[tuple[tuple[int, Card], ...]]:
    """The completed tricks and the one on the table, as (seat, card) in play order."""
    view = auction_view(ctx)
    if view.leader < 0:
        raise _err("needs the tricks in play")
    types = ctx.rules.deck.types
    done = [tuple((s, types[t]) for s, t in trick) for trick in view.tricks]
    return [*done, *((view.trick,) if view.trick else ())]


def took(ctx: TextContext, which: str) -> str:
    """The winner of the last completed trick (``card``: the card that won it)."""
    view = auction_view(ctx)
    if view.leader < 0 or not view.tricks:
        raise _err("no trick has been completed yet")
    trick = view.tricks[-1]
    deck = ctx.rules.deck
    cards = [deck.types[t] for _, t in trick]
    win = trick_winner_index(ctx.rules, cards, view.trump if view.trump >= 0 else None)
    return cards[win].pretty if which == "card" else _who(ctx, trick[win][0])


def played(ctx: TextContext, code: str) -> str:
    """Who played ``code`` to the trick on the table, else to the last completed one."""
    card = Card.parse(code)
    for trick in reversed(_tricks(ctx)):
        seats = [s for s, c in trick if c == card]
        if len(seats) > 1:
            raise _err(f"{card.pretty} was played twice in that trick")
        if seats:
            return _who(ctx, seats[0])
    raise _err(f"nobody has played the {card.pretty}")


def holder(ctx: TextContext, code: str) -> str:
    """The one seat other than the learner that holds ``code`` now."""
    card = Card.parse(code)
    deck = ctx.rules.deck
    hands = auction_view(ctx, reveal=True).all_hands
    seats = [s for s, h in enumerate(hands) if s != ctx.seat and deck.count(h, card)]
    if len(seats) != 1:
        raise _err(f"{'no other seat' if not seats else 'several seats'} hold the "
                   f"{card.pretty}")
    return _who(ctx, seats[0])


def partner(ctx: TextContext, _: str) -> str:
    """The learner's partners: the table's, or this hand's where a card finds the bidder's
    partner (once trump has found it: before that, or for a seat playing alone, none)."""
    rules = ctx.rules
    if rules.seating.by_card:
        view = auction_view(ctx)
        if view.trump < 0:
            raise _err("the partner is found when trump is named")
        mates = view.sides.partners(ctx.seat)
        if not mates:
            raise _err("the learner has no partner this hand")
    else:
        mates = rules.seating.partners(ctx.seat)
        if not mates:
            raise _err(f"{rules.title.split(':')[0]} has no partners")
    return _join([rules.seating.name(s) for s in mates])


def partner_card(ctx: TextContext, _: str) -> str:
    """The card that found the bidder's partner, as the table announced it."""
    card = auction_view(ctx).partner_card
    if card is None:
        raise _err("no card has found a partner this hand")
    return card.pretty


def next_seat(ctx: TextContext, _: str) -> str:
    return ctx.rules.seating.name(ctx.rules.next_seat(ctx.seat))


def seat_before(ctx: TextContext, _: str) -> str:
    """The seat that plays just before the learner."""
    seating = ctx.rules.seating
    return seating.name(seating.previous(ctx.seat))


def result(ctx: TextContext, _: str) -> str:
    """How the hand just scored ended for the bidding side: "made" or "fell short of"."""
    if ctx.state is None or not ctx.state.records:
        raise _err("no hand has been scored yet")
    made = ctx.state.records[-1].bid_made
    if made is None:
        raise _err("the hand scored had no bid")
    return "made" if made else "fell short of"


def meld_name(ctx: TextContext, kind: str) -> str:
    """The table's own name for a meld, lower case ("run" at racehorse, "flush" at 003)."""
    try:
        return ctx.rules.meld_name(kind).lower()  # type: ignore[arg-type]
    except KeyError:
        raise _err(f"unknown meld {kind!r}") from None


def _join(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _my_cards(ctx: TextContext) -> list[Card]:
    if ctx.state is None:
        raise _err("needs a position")
    return list(observe(ctx.state, ctx.seat).cards)


def held(ctx: TextContext, codes: str) -> str:
    """The cards named, which the learner holds now (each copy named is held): "You hold
    {held:AD TH}" cannot say what the hand does not hold."""
    from collections import Counter

    wanted = Counter(parse_cards(codes))
    have = Counter(_my_cards(ctx))
    missing = [c.pretty for c in wanted if have[c] < wanted[c]]
    if not wanted or missing:
        raise _err(f"you do not hold the {', '.join(missing) or 'cards named'}")
    return _join([c.pretty for c in wanted.elements()])


def _trick_now(ctx: TextContext) -> list[tuple[int, Card]]:
    """The trick on the table as (seat, card), at any table (two-handed's stock too)."""
    if ctx.state is None:
        raise _err("needs a position")
    trick = list(observe(ctx.state, ctx.seat).trick)
    if not trick:
        raise _err("nobody has led to this trick")
    return trick


def _led_suit(ctx: TextContext) -> int:
    return int(_trick_now(ctx)[0][1].suit)


def no_suit(ctx: TextContext, arg: str) -> str:
    """"no hearts": the learner holds no card of that suit (``led``: the suit led)."""
    try:
        suit = Suit(_led_suit(ctx)) if arg == "led" else Suit.parse(arg)
    except (KeyError, ValueError):
        raise _err(f"not a suit: {arg!r}") from None
    if any(c.suit == suit for c in _my_cards(ctx)):
        raise _err(f"you hold {suit.plural}")
    return f"no {suit.plural}"


def _seats_named(ctx: TextContext, who: str) -> tuple[str, list[int]]:
    """A seat field's name and seat ("next_before" -> "North", [2]); ``others``: the seats
    other than the learner's that have played to this trick after the leader."""
    if who == "others":
        seats = [s for s, _ in _trick_now(ctx)[1:] if s != ctx.seat]
        if not seats:
            raise _err("nobody else has played to this trick")
        return "the others", seats
    fn = SEAT_FIELDS.get(who) if who not in ("held", "no", "followed", "passed") else None
    if fn is None:
        raise _err(f"not a seat field: {who!r}")
    name = fn(ctx, "")
    return name, [ctx.rules.seating.seat_of_name(name)]


def followed(ctx: TextContext, who: str) -> str:
    """A seat (``{followed:next_before}``) that followed suit to the trick on the table."""
    name, seats = _seats_named(ctx, who)
    suit = _led_suit(ctx)
    played = dict(_trick_now(ctx))
    for seat in seats:
        card = played.get(seat)
        if card is None or int(card.suit) != suit:
            raise _err(f"{ctx.rules.seating.name(seat)} did not follow suit"
                       + (f" (played the {card.pretty})" if card else ""))
    return name


def passed(ctx: TextContext, who: str) -> str:
    """A seat (``{passed:next_before}``) that has passed in the auction."""
    name, seats = _seats_named(ctx, who)
    passed_out = auction_view(ctx).passed_out  # empty once the auction is over
    if not passed_out or not all(passed_out[s] for s in seats):
        raise _err(f"{name} has not passed")
    return name


SEAT_FIELDS = {
    "held": held,
    "no": no_suit,
    "followed": followed,
    "passed": passed,
    "name": meld_name,
    "next_before": seat_before,
    "result": result,
    "took": lambda ctx, _: took(ctx, "seat"),
    "took_card": lambda ctx, _: took(ctx, "card"),
    "played": played,
    "holder": holder,
    "partner": partner,
    "partner_card": partner_card,
    "next": next_seat,
}


def bare_seats(plain: str) -> list[str]:
    """Seat names typed in prose (fields already taken out)."""
    names = {n for names in SEAT_NAMES.values() for n in names}
    return [m.group(1) for m in SEAT_WORDS.finditer(plain) if m.group(1) in names]
