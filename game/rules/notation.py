"""The position notation: one line of text for a deal, or for a position within a hand.

Like FEN in chess it reads and writes losslessly, and everything in it is checked on reading.
Unlike FEN it does not describe the cards where they lie now: Pinochle's hidden hands, passes
and melds make that a poor witness. It gives the deal and the moves since, and the engine plays
the moves, so a position that reads is a position the rules can reach, and every derived fact
(the hands now, the meld, the trick winner, whose turn it is) comes from the engine.

    pn1 racehorse; dealer E; scores 0 0; deal S:AAT9.KQ.J.T W:... N:... E:...; moves 250 pass ...

Fields, separated by ``;``, in this order (the optional ones only when they differ from a new
game's):

* ``pn1 NAME`` — the format's version and the rules' name (a preset, or a house table's name,
  which the caller's resolver turns into its rule set);
* ``seed N`` and ``hand N`` — the game's seed and this deal's number (later deals follow from
  them); optional, 0 by default;
* ``dealer X`` — the dealer's seat, by its initial (S, W, N, E; SW ... at six);
* ``scores A B ...`` — each side's score before this deal; ``tallies ...`` the stars or checks;
  ``target N`` when the game's target has moved on (overtime);
* ``deal SEAT:HAND ...`` — each seat's cards as dealt, by suit in the order ♠ ♥ ♣ ♦, ranks
  strongest first, suits separated by ``.`` (``AAT9.KQ..T`` holds no club); then ``widow:HAND``,
  or, two-handed, ``turnup:CARD`` and ``stock:CARD,CARD,...`` (top first);
* ``contract SEAT BID`` — the auction is not given: it ended with SEAT holding the contract at
  BID, and the moves start from there (the widow to take, or trump to name); optional, for a
  position that states its contract without the calls that made it;
* ``moves ...`` — the actions since the deal, one token each: a bid is its number, a card played
  is the card (``AS``; ``AS:table`` for a melded card played from the table, two-handed), any
  other action is its text with ``:`` for spaces and ``.`` between cards
  (``trump:H``, ``pass-cards:AS.TS.KD``, ``meld:run:AH.TH.KH.QH.JH``, ``draw``). A ``/`` may
  stand where a trick has just ended, and the writer puts one there.

A game's past hands are not part of a position: they are kept in its hand history.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from game.rules.actions import (
    Action,
    ActionParseError,
    Bid,
    Deal,
    PlayCard,
    is_figures,
    parse_action,
)
from game.rules.auction_game.state import HandState
from game.rules.cards import Card, CardError, Deck, Suit
from game.rules.compiled import compile_rules
from game.rules.compose import contracted
from game.rules.engine import apply, deal_cards, new_game
from game.rules.errors import IllegalActionError
from game.rules.events import Event, TrickWon
from game.rules.phase import NewDeal, Phase
from game.rules.ruleset import RuleSet
from game.rules.seating import SeatingError
from game.rules.state import GameState
from game.rules.stock_game.state import StockHand

VERSION = "pn1"
MAX_LENGTH = 20_000  # a whole double-deck hand is under 2,000 characters


class NotationError(ValueError):
    """A position that cannot be read: one line naming the field and what is wrong."""


@dataclass(frozen=True)
class DealtCards:
    """A deal as the notation holds it: the cards of each seat, the widow, and the stock."""

    hands: tuple[tuple[Card, ...], ...]
    widow: tuple[Card, ...]  # the turn-up card alone, two-handed
    stock: tuple[Card, ...]  # top card first; empty but for two-handed


@dataclass(frozen=True)
class Position:
    """A read position: the game at the deal, the moves since, and where they lead."""

    rules: RuleSet
    start: GameState  # just after the deal
    moves: tuple[Action, ...]
    state: GameState  # after the moves
    events: tuple[Event, ...]  # what the moves did


# --- writing ---------------------------------------------------------------------------------

def hand_text(deck: Deck, cards: Sequence[Card]) -> str:
    """A hand by suit (♠ ♥ ♣ ♦), strongest rank first, a suit the hand lacks left empty:

    >>> from game.rules.cards import parse_cards
    >>> from game.store.content import load_preset
    >>> hand_text(load_preset("racehorse").deck, parse_cards("9H AS JD KS AD TD"))
    'AK.9..ATJ'
    """
    order = {r: i for i, r in enumerate(deck.ranks_high_to_low)}
    parts = []
    for suit in Suit:
        ranks = sorted((c.rank for c in cards if c.suit == suit), key=order.__getitem__)
        parts.append("".join(r.letter for r in ranks))
    return ".".join(parts)


def move_text(action: Action) -> str:
    """A move as the notation's ``moves`` field writes it: one token, no spaces (a bid is its
    amount, the cards of an exchange or a meld joined by dots):

    >>> from game.rules.actions import parse_action
    >>> [move_text(parse_action(a)) for a in ("bid 250", "pass", "trump H", "play TH",
    ...                                      "pass-cards JH TC JD", "meld pinochle JD QS")]
    ['250', 'pass', 'trump:H', 'TH', 'pass-cards:JH.TC.JD', 'meld:pinochle:QS.JD']
    """
    if isinstance(action, Bid):
        return str(action.amount)
    if isinstance(action, PlayCard):
        return str(action.card) + (":table" if action.from_table else "")
    words = str(action).split(" ")
    head, rest = words[0], words[1:]
    if head in ("pass-cards", "discard"):
        return head + ":" + ".".join(rest)
    if head == "meld":
        return f"meld:{rest[0]}:" + ".".join(rest[1:])
    return ":".join(words)


def write(start: GameState, moves: Sequence[Action]) -> str:
    """The notation of the position ``moves`` reach from ``start``, a state just after a deal
    (what :func:`dealt` returns, or a game's state right after its ``deal`` action)."""
    rules = start.rules
    seating = rules.seating
    deal = dealt_cards(start)
    fields = [f"{VERSION} {rules.name}"]
    if start.seed:
        fields.append(f"seed {start.seed}")
    if start.hand_no:
        fields.append(f"hand {start.hand_no}")
    fields.append(f"dealer {seating.initial(start.dealer)}")
    fields.append("scores " + " ".join(str(s) for s in start.scores))
    if start.tallies:
        fields.append("tallies " + " ".join(str(t) for t in start.tallies))
    if start.target != rules.scoring.target:
        fields.append(f"target {start.target}")
    cards = [f"{seating.initial(s)}:{hand_text(rules.deck, h)}" for s, h in enumerate(deal.hands)]
    if rules.stock.enabled:
        cards.append(f"turnup:{deal.widow[0]}")
        cards.append("stock:" + ",".join(str(c) for c in deal.stock))
    elif deal.widow:
        cards.append("widow:" + hand_text(rules.deck, deal.widow))
    fields.append("deal " + " ".join(cards))
    hand = start.hand
    if isinstance(hand, HandState) and hand.phase != Phase.AUCTION and hand.auction is None:
        fields.append(f"contract {seating.initial(hand.bidder)} {hand.bid}")
    if moves:
        tokens = []
        state = start
        for i, action in enumerate(moves):
            state, events = apply(state, action)
            tokens.append(move_text(action))
            if any(isinstance(e, TrickWon) for e in events) and i < len(moves) - 1:
                tokens.append("/")
        fields.append("moves " + " ".join(tokens))
    return "; ".join(fields)


def dealt_cards(start: GameState) -> DealtCards:
    """The cards of a state just after a deal, as the notation writes them."""
    rules, hand = start.rules, start.hand
    deck = rules.deck
    if isinstance(hand, NewDeal) or hand.phase not in (Phase.AUCTION, Phase.TRICKS) and not (
            isinstance(hand, HandState) and hand.auction is None
            and hand == contracted(rules, hand, hand.bidder, hand.bid)):
        raise NotationError("a position is written from the state just after a deal (or just "
                            "after a contract stated without its auction)")
    hands = tuple(tuple(deck.to_cards(h)) for h in hand.hands)
    if isinstance(hand, StockHand):
        return DealtCards(hands, (deck.types[hand.turnup],),
                          tuple(deck.types[t] for t in hand.stock))
    assert isinstance(hand, HandState)
    return DealtCards(hands, tuple(deck.to_cards(hand.widow)), ())


# --- reading ---------------------------------------------------------------------------------

Resolver = Callable[[str], RuleSet]


def read(text: str, resolve: Resolver) -> Position:
    """Read a position; ``resolve`` turns the rules' name into its rule set (the store's
    loader: this module reads no files). Raises :class:`NotationError` naming the field."""
    if len(text) > MAX_LENGTH:
        raise NotationError(f"a position is at most {MAX_LENGTH} characters, this one "
                            f"{len(text)}")
    fields = [f.strip() for f in text.strip().split(";")]
    head = fields[0].split()
    if len(head) != 2 or head[0] != VERSION:
        raise NotationError(f"a position starts '{VERSION} RULES', not {fields[0][:40]!r}")
    try:
        rules = resolve(head[1])
    except (ValueError, OSError) as exc:
        raise NotationError(f"rules {head[1]!r}: {exc}") from None
    values: dict[str, str] = {}
    order = ("seed", "hand", "dealer", "scores", "tallies", "target", "deal", "contract",
             "moves")
    last = -1
    for f in fields[1:]:
        key, _, value = f.partition(" ")
        if key not in order:
            raise NotationError(f"unknown field {key!r} (fields: {', '.join(order)})")
        if key in values or order.index(key) < last:
            raise NotationError(f"field {key!r} repeated or out of order ({', '.join(order)})")
        last = order.index(key)
        values[key] = value.strip()
    for need in ("dealer", "scores", "deal"):
        if need not in values:
            raise NotationError(f"field {need!r} is missing")
    game = _game(rules, values)
    deal = _deal(rules, values["deal"], game.dealer)
    start, events = deal_cards(game, deal.hands, deal.widow, deal.stock)
    if "contract" in values:
        start = _contract(start, values["contract"])
    moves: list[Action] = []
    state = start
    all_events: list[Event] = list(events)
    evs: list[Event] = []
    for i, token in enumerate(values.get("moves", "").split()):
        if token == "/":
            if not any(isinstance(e, TrickWon) for e in evs):
                raise NotationError(f"moves, token {i + 1}: '/' where no trick has just ended")
            continue
        action = _move(token, i)
        try:
            state, evs = apply(state, action)
        except IllegalActionError as exc:
            raise NotationError(f"moves, token {i + 1} ({token}): {exc}") from None
        moves.append(action)
        all_events.extend(evs)
    return Position(rules, start, tuple(moves), state, tuple(all_events))


def _int(value: str, field: str, lo: int, hi: int) -> int:
    try:
        n = int(value)
    except ValueError:
        raise NotationError(f"field {field!r}: {value!r} is not a whole number") from None
    if not lo <= n <= hi:
        raise NotationError(f"field {field!r}: {n} is outside {lo}..{hi}")
    return n


def _ints(value: str, field: str, count: int) -> tuple[int, ...]:
    parts = value.split()
    if len(parts) != count:
        raise NotationError(f"field {field!r}: {count} numbers expected, got {len(parts)}")
    return tuple(_int(p, field, -10**7, 10**7) for p in parts)


def _game(rules: RuleSet, values: dict[str, str]) -> GameState:
    seed = _int(values.get("seed", "0"), "seed", -(2**63), 2**63 - 1)
    hand_no = _int(values.get("hand", "0"), "hand", 0, 10**6)
    try:
        dealer = rules.seating.seat_of_name(values["dealer"])
    except SeatingError as exc:
        raise NotationError(f"field 'dealer': {exc}") from None
    game = new_game(rules, seed)
    scores = _ints(values["scores"], "scores", rules.n_sides)
    tallies = (_ints(values["tallies"], "tallies", len(game.tallies)) if "tallies" in values
               else game.tallies)
    target = _int(values["target"], "target", 1, 10**7) if "target" in values else game.target
    return game._replace(hand_no=hand_no, dealer=dealer, scores=scores, tallies=tallies,
                         target=target, hand=NewDeal(Phase.DEAL, dealer))


def _contract(start: GameState, value: str) -> GameState:
    """The state just dealt with the auction over: the contract's seat and bid, checked."""
    rules, hand = start.rules, start.hand
    if not isinstance(hand, HandState):
        raise NotationError(f"field 'contract': {rules.name} has no auction")
    parts = value.split()
    if len(parts) != 2:
        raise NotationError(f"field 'contract': 'SEAT BID' expected, got {value[:40]!r}")
    try:
        bidder = rules.seating.seat_of_name(parts[0])
    except SeatingError as exc:
        raise NotationError(f"field 'contract': {exc}") from None
    opening = rules.auction.dealer_opens_at  # 002: the dealer may be held to its opening
    if not is_figures(parts[1]) or not (compile_rules(rules).bids.allows(int(parts[1]))
                                        or (opening and int(parts[1]) == opening)):
        raise NotationError(f"field 'contract': {parts[1][:20]!r} is not a bid of {rules.name}")
    if not compile_rules(rules).bids.allows(int(parts[1])) and bidder != hand.dealer:
        raise NotationError(f"field 'contract': only the dealer holds the opening {opening}")
    return start._replace(hand=contracted(rules, hand, bidder, int(parts[1])))


def _hand(deck: Deck, text: str, where: str) -> list[Card]:
    suits = text.split(".")
    if len(suits) != 4:
        raise NotationError(f"{where}: a hand is four suits separated by '.', got {text!r}")
    cards = []
    for suit, ranks in zip(Suit, suits, strict=True):
        for letter in ranks:
            try:
                card = Card.parse(letter + suit.letter)
            except CardError as exc:
                raise NotationError(f"{where}: {exc}") from None
            if not deck.has(card):
                raise NotationError(f"{where}: {card} is not in the {deck.size}-card pack")
            cards.append(card)
    return cards


def _deal(rules: RuleSet, text: str, dealer: int) -> DealtCards:
    deck, seating = rules.deck, rules.seating
    out_of_hand = seating.sitting_out(dealer)  # dealt no cards (VARIANTS.md, "Sitting out")
    hands: list[list[Card] | None] = [None] * rules.players
    widow: list[Card] = []
    stock: list[Card] = []
    for part in text.split():
        key, _, value = part.partition(":")
        where = f"deal, {key}"
        if key == "widow" and rules.widow.size:
            widow = _hand(deck, value, where)
        elif key == "turnup" and rules.stock.enabled:
            widow = [_card(deck, value, where)]
        elif key == "stock" and rules.stock.enabled:
            stock = [_card(deck, c, where) for c in value.split(",") if c]
        else:
            try:
                seat = seating.seat_of_name(key)
            except SeatingError as exc:
                raise NotationError(f"deal: {exc}") from None
            if hands[seat] is not None:
                raise NotationError(f"deal: seat {key} given twice")
            hands[seat] = _hand(deck, value, where)
    out: list[tuple[Card, ...]] = []
    for seat, h in enumerate(hands):
        name = seating.initial(seat)
        if h is None:
            raise NotationError(f"deal: no hand for {name}")
        size = 0 if seat in out_of_hand else rules.hand_size
        if len(h) != size:
            raise NotationError(f"deal, {name}: {len(h)} cards, a hand holds {size}"
                                + (" (this chair sits out the hand)" if seat in out_of_hand
                                   else ""))
        out.append(tuple(h))
    widow_size = 1 if rules.stock.enabled else rules.widow.size
    if len(widow) != widow_size:
        what = "turnup" if rules.stock.enabled else "widow"
        raise NotationError(f"deal, {what}: {len(widow)} cards, the table has {widow_size}")
    everything = [c for h in out for c in h] + widow + stock
    try:
        counts = deck.counts_of(everything)
    except CardError as exc:
        raise NotationError(f"deal: {exc}") from None
    if counts != deck.full():
        missing = deck.to_cards(deck.full() - counts)
        raise NotationError(f"deal: {len(everything)} cards of the {deck.size}-card pack; "
                            f"missing {' '.join(str(c) for c in missing[:6])}")
    return DealtCards(tuple(out), tuple(widow), tuple(stock))


def _card(deck: Deck, text: str, where: str) -> Card:
    try:
        card = Card.parse(text)
    except CardError as exc:
        raise NotationError(f"{where}: {exc}") from None
    if not deck.has(card):
        raise NotationError(f"{where}: {card} is not in the {deck.size}-card pack")
    return card


def _move(token: str, i: int) -> Action:
    where = f"moves, token {i + 1} ({token})"
    if is_figures(token):
        return Bid(int(token))
    head, _, rest = token.partition(":")
    try:
        if len(head) in (2, 3) and head[0].upper() in "789TJQKA1" and head[-1].upper() in "SHCD":
            return PlayCard(Card.parse(head), rest == "table")
        words = [head]
        if head == "meld":
            kind, _, cards = rest.partition(":")
            words += [kind, *cards.split(".")]
        elif rest:
            words += rest.split(".") if head in ("pass-cards", "discard") else rest.split(":")
        action = parse_action(" ".join(words))
    except (ActionParseError, CardError) as exc:
        raise NotationError(f"{where}: {exc}") from None
    if isinstance(action, Deal):
        raise NotationError(f"{where}: a position holds one deal; its moves never deal")
    return action


def dealt(rules: RuleSet, seed: int = 0, hand_no: int = 0, dealer: int | None = None
          ) -> GameState:
    """A new game's state just after the seed's deal: where a written position starts."""
    state = new_game(rules, seed)
    if dealer is not None:
        state = state._replace(dealer=dealer, hand=NewDeal(Phase.DEAL, dealer))
    state = state._replace(hand_no=hand_no)
    return apply(state, Deal())[0]
