"""Two-handed Pinochle with a stock (document 004).

"The non-dealer leads ... It is not necessary to follow suit." After each trick the winner may
meld one combination, count the dix and exchange it for the turn-up, then both draw, winner
first. With the stock gone, melded cards return to hand and the last twelve tricks are played
with the strict rules (follow suit, beat a trump lead, trump when void).
"""

from __future__ import annotations

from game.rules.actions import (
    Action,
    CountDix,
    DeclareOut,
    EndTurn,
    ExchangeDix,
    LayMeld,
    PlayCard,
)
from game.rules.cards import Card
from game.rules.compiled import CompiledRules
from game.rules.errors import IllegalActionError
from game.rules.events import (
    CardDrawn,
    CardPlayed,
    CardsDealt,
    DixCounted,
    DixExchanged,
    Event,
    MeldLaid,
    PlayoffStarted,
    TrickWon,
)
from game.rules.kernel import PlayKernel
from game.rules.phase import Phase
from game.rules.ruleset import RuleSet
from game.rules.state import GameState, with_hand
from game.rules.stock_game import score as stockscore
from game.rules.stock_game.consts import StockConsts
from game.rules.stock_game.meld import MeldOption, lay, option_for, options
from game.rules.stock_game.state import StockHand
from game.rules.tricks import explain_plays

_MELD_TURN = Phase.MELD_TURN  # compared by identity on the hot path
_PLAY_PHASES = (Phase.TRICKS, Phase.MELD_TURN)
_END_TURN, _COUNT_DIX, _EXCHANGE_DIX = EndTurn(), CountDix(), ExchangeDix()


def _put(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with ``value`` at ``seat``, for the two seats of this game."""
    return (value, values[1]) if seat == 0 else (values[0], value)


def start(state: GameState, hands: list[list[Card]], turnup: Card, rest: list[Card],
          plan: tuple[tuple[int, int], ...]) -> tuple[GameState, list[Event]]:
    """The two-handed hand dealt: the hands, the turned-up card naming trump (a dix turned
    up scores for the dealer) and the stock, with the events that show the deal."""
    rules = state.rules
    deck = rules.deck
    trump = int(turnup.suit)
    dealer = state.dealer
    meld_pts = [0, 0]
    events: list[Event] = [CardsDealt(dealer, tuple(plan), tuple(tuple(h) for h in hands), turnup)]
    if turnup.rank == rules.dix_rank:
        meld_pts[dealer] += rules.meld.dix  # "If the dealer turns a dix ... they score 10"
        events.append(DixCounted(dealer, rules.meld.dix))
    leader = rules.next_seat(dealer)
    hand = StockHand(Phase.TRICKS, dealer, tuple([deck.dealt_counts(h) for h in hands]), ((), ()),
                     tuple([deck.type_of(c) for c in rest]), deck.type_of(turnup), trump, leader,
                     leader, meld_pts=tuple(meld_pts))
    return state._replace(hand=hand), events


def actor(hand: StockHand) -> int:
    """The seat whose decision the stock hand waits for."""
    return hand.turn


def _meld_options(compiled: CompiledRules, hand: StockHand, seat: int
                  ) -> tuple[MeldOption, ...]:
    """The melds ``seat`` may lay now."""
    consts = _consts(compiled)
    return options(compiled.rules, consts.candidates[hand.trump], hand.hands[seat],
                   hand.tabled[seat])


def _consts(compiled: CompiledRules) -> StockConsts:
    consts = compiled.stock
    assert consts is not None, "a two-handed hand under rules without the stock game"
    return consts


def _held_dix(consts: StockConsts, hand: StockHand, seat: int) -> int:
    """How many dixes ``seat`` holds (0 when this preset has no dix)."""
    t = consts.dix_types[hand.trump]
    return (hand.hands[seat] >> (t * consts.bits)) & consts.field if t >= 0 else 0


def can_declare_out(rules: RuleSet, state: GameState) -> bool:
    """Whether declaring out is possible now, for either player: 004 "At any time during the
    play, a player may 'declare out.'" -- in a match to a target, while the deal is played."""
    return (rules.stock.declare_out and rules.scoring.game == "score" and not state.over
            and isinstance(state.hand, StockHand) and state.hand.phase in _PLAY_PHASES)


def legal(compiled: CompiledRules, hand: StockHand) -> tuple[Action, ...]:
    """The actions open to the seat to act: its cards to the trick (from hand or from its
    meld on the table), or, after winning a trick, its melds, the dix and ending the turn."""
    seat = hand.turn
    consts = compiled.stock
    assert consts is not None
    if hand.phase is not _MELD_TURN:
        kernel = consts.kernels[hand.playoff]
        h = hand.hands[seat]
        trick = hand.trick
        mask = _follow_mask(kernel, hand) if trick else h
        if not hand.tabled[seat]:
            return kernel.actions(mask) + consts.declare_tail
        on_table = hand.on_table[seat]
        presence = consts.presence
        legal_types = presence(mask)
        return consts.table_actions(presence(h - on_table) & legal_types,
                                    presence(on_table) & legal_types)
    acts: list[Action] = ([] if hand.melded else
                          [o.action for o in _meld_options(compiled, hand, seat)])
    if not hand.dixed and consts.dix_points:
        held = _held_dix(consts, hand, seat)
        if held > hand.dix_counted[seat]:
            acts.append(_COUNT_DIX)
        if (held and consts.dix_exchange and not hand.exchanged and hand.stock
                and hand.turnup != consts.dix_types[hand.trump]):
            acts.append(_EXCHANGE_DIX)
    return (*acts, _END_TURN, *consts.declare_tail)


def apply(state: GameState, hand: StockHand, action: Action) -> tuple[GameState, list[Event]]:
    """The game after ``action`` in the stock hand, and its events: a card, a meld, the
    dix, the draw, declaring out. IllegalActionError naming the rule otherwise."""
    if action.__class__ is PlayCard and hand[0] is not _MELD_TURN:
        return _play(state, hand, action)
    if action.__class__ is EndTurn and hand[0] is _MELD_TURN:
        return _draw(state, hand)  # drawing is always allowed
    rules, compiled = state.rules, state.compiled
    if isinstance(action, DeclareOut):
        if not can_declare_out(rules, state):
            raise IllegalActionError("Declaring out is only possible in a match to a target.")
        seat = hand.turn if action.seat < 0 else action.seat
        if seat not in (0, 1):
            raise IllegalActionError("Only a player at the table may declare out.",
                                     f"no seat {seat}")
        return stockscore.declare_out(state, hand, seat)
    if hand.phase is _MELD_TURN:
        if isinstance(action, LayMeld):
            consts = compiled.stock
            assert consts is not None
            cand = consts.by_action[hand.trump].get(action)
            option = None if hand.melded or cand is None else option_for(
                rules, cand, hand.hands[hand.turn], hand.tabled[hand.turn])
            if option is None:
                raise _illegal(rules, hand, action)
            return _lay(state, hand, option)
        # Ending the turn (drawing) is always allowed; the dix actions are checked in full.
        if action.__class__ is not EndTurn and action not in legal(compiled, hand):
            raise _illegal(rules, hand, action)
        return _meld_turn(state, hand, action)
    if action.__class__ is not PlayCard:
        raise _illegal(rules, hand, action)
    return _play(state, hand, action)


def _playable(consts: StockConsts, kernel: PlayKernel, hand: StockHand, t: int,
              from_table: bool) -> bool:
    """Whether card type ``t`` may be played now (from the hand or the table, as asked)."""
    if t < 0:
        return False
    seat = hand.turn
    h = hand.hands[seat]
    held = (h >> (t * kernel.bits)) & consts.field
    on_table = (hand.on_table[seat] >> (t * kernel.bits)) & consts.field
    if (on_table if from_table else held - on_table) <= 0:
        return False
    return not hand.trick or bool(_follow_mask(kernel, hand) & kernel.field_of[t])


def _follow_mask(kernel: PlayKernel, hand: StockHand) -> int:
    """The legal mask of the player following to ``hand``'s trick."""
    if hand.follow_mask >= 0:
        return hand.follow_mask
    led = hand.trick[0][1]  # two players: the led card is the winning card
    return kernel.legal(hand.hands[hand.turn], hand.trick, led, hand.trump)


def _illegal(rules: RuleSet, hand: StockHand, action: Action) -> IllegalActionError:
    if hand.phase is _MELD_TURN:
        if isinstance(action, LayMeld):
            return IllegalActionError(
                "Only one meld may be made in a turn; each meld needs at least one card from "
                "the hand; a melded card may be melded again only in a different class or in "
                "a higher-scoring meld of the same class.", f"{action} cannot be laid now")
        return IllegalActionError("After winning a trick you may meld, count or exchange the "
                                  "dix, then draw.")
    if not isinstance(action, PlayCard):
        return IllegalActionError("Play a card.")
    deck = rules.deck
    seat = hand.turn
    if not deck.has(action.card) or not deck.count(hand.hands[seat], action.card):
        return IllegalActionError("You can only play a card you hold.", str(action.card))
    if action.from_table:
        return IllegalActionError("That card is not on the table.", str(action.card))
    obligations = rules.stock.playoff_obligations if hand.playoff else rules.tricks.obligations
    verdict = explain_plays(rules, deck.to_cards(hand.hands[seat]),
                            [deck.types[t] for _, t in hand.trick], hand.trump, obligations)
    reason = verdict.reason(action.card)
    if reason is not None:
        return IllegalActionError(reason.message, f"{action.card.pretty} may not be played")
    return IllegalActionError("All your copies of that card are on the table.",
                              str(action.card))


def _play(state: GameState, hand: StockHand, action: PlayCard) -> tuple[GameState, list[Event]]:
    rules = state[0]  # state.rules
    # Unpacked whole and rebuilt with tuple.__new__: ``_replace`` on these 25 fields was most of
    # the cost of every card of the two-handed game.
    (phase, dealer, hands, tabled, stock, turnup, trump, leader, turn, trick, taken, won,
     meld_pts, dix_counted, exchanged, playoff, melded, dixed, tricks, played, laid,
     last_winner, follow_mask, on_table, shown) = hand
    consts = state[9].stock  # state.compiled.stock
    assert consts is not None
    kernel = consts.kernels[playoff]
    card = action.card
    t = kernel.type_of_code[card.code]
    seat = turn
    if action.from_table or t < 0 or tabled[seat]:
        if not _playable(consts, kernel, hand, t, action.from_table):
            raise _illegal(rules, hand, action)
    elif not hands[seat] & kernel.field_of[t] or (  # the usual card, checked inline
            trick and not _follow_mask(kernel, hand) & kernel.field_of[t]):
        raise _illegal(rules, hand, action)
    one = kernel.one[t]
    # two seats: the tuples are rebuilt inline (a helper call per card costs more than this)
    hands = (hands[0] - one, hands[1]) if seat == 0 else (hands[0], hands[1] - one)
    if action.from_table:
        mine = list(tabled[seat])
        idx = max((i for i, tc in enumerate(mine) if tc.type == t),
                  key=lambda i: len(mine[i].record))
        del mine[idx]
        tabled = (*tabled[:seat], tuple(mine), *tabled[seat + 1:])
        on_table = _put(on_table, seat, on_table[seat] - one)
    if dix_counted[seat] and t == consts.dix_types[trump]:
        # a counted dix goes first: the uncounted one may count later
        dix_counted = _put(dix_counted, seat, dix_counted[seat] - 1)
    trick += ((seat, t),)
    events: list[Event] = [CardPlayed(seat, card, True) if action.from_table
                           else kernel.card_played[seat][t]]
    played += one
    last = False
    if len(trick) < 2:
        turn = kernel.next_seat[seat]
        # two players: the lead is the winning card the follower plays to
        follow_mask = kernel.legal(hands[turn], trick, t, trump)
    else:
        follow_mask = -1
        (s0, t0), (s1, t1) = trick
        suit = kernel.suit_of[t1]
        winner = s1 if ((t1 > t0) if suit == kernel.suit_of[t0] else suit == trump) else s0
        points = kernel.points[t0] + kernel.points[t1]
        last = not hands[winner] and playoff
        if last:
            points += kernel.last_trick
        types = kernel.deck.types
        events.append(tuple.__new__(TrickWon, (winner, ((s0, types[t0]), (s1, types[t1])),
                                                points, last)))
        if winner == 0:
            taken, won = (taken[0] + points, taken[1]), (won[0] + 1, won[1])
        else:
            taken, won = (taken[0], taken[1] + points), (won[0], won[1] + 1)
        leader = turn = last_winner = winner
        tricks += (trick,)
        trick = ()
        if not playoff:
            phase, melded, dixed = _MELD_TURN, False, False
    hand = tuple.__new__(StockHand, (
        phase, dealer, hands, tabled, stock, turnup, trump, leader, turn, trick, taken, won,
        meld_pts, dix_counted, exchanged, playoff, melded, dixed, tricks, played, laid,
        last_winner, follow_mask, on_table, shown))
    if last:
        return stockscore.score(state, hand, events)
    return with_hand(state, hand), events


def _lay(state: GameState, hand: StockHand, option: MeldOption) -> tuple[GameState, list[Event]]:
    rules = state.rules
    seat = hand.turn
    tabled = list(hand.tabled)
    tabled[seat] = lay(rules, hand.tabled[seat], option)
    meld = option.meld
    laid = list(hand.laid)
    laid[seat] = laid[seat] + (meld,)
    added = sum(rules.deck.one[t] for t in option.from_hand)
    hand = hand._replace(tabled=tuple(tabled), melded=True, laid=tuple(laid),
                         meld_pts=_put(hand.meld_pts, seat, hand.meld_pts[seat] + option.points),
                         on_table=_put(hand.on_table, seat, hand.on_table[seat] + added))
    from_hand = tuple(rules.deck.types[t] for t in option.from_hand)
    return with_hand(state, hand), [MeldLaid(seat, meld, from_hand)]


def _meld_turn(state: GameState, hand: StockHand, action: Action) -> tuple[GameState, list[Event]]:
    rules = state.rules
    deck = rules.deck
    seat = hand.turn
    if isinstance(action, CountDix):
        pts = list(hand.meld_pts)
        pts[seat] += rules.meld.dix
        counted = list(hand.dix_counted)
        counted[seat] += 1
        hand = hand._replace(meld_pts=tuple(pts), dix_counted=tuple(counted), dixed=True)
        return with_hand(state, hand), [DixCounted(seat, rules.meld.dix)]
    if isinstance(action, ExchangeDix):
        consts = _consts(state.compiled)
        dix = consts.dix_types[hand.trump]
        held = _held_dix(consts, hand, seat)
        counted = list(hand.dix_counted)
        gain = 0
        if held > counted[seat]:
            gain = rules.meld.dix
        else:
            counted[seat] -= 1
        hands = list(hand.hands)
        hands[seat] += deck.one[hand.turnup] - deck.one[dix]
        pts = list(hand.meld_pts)
        pts[seat] += gain
        took = deck.types[hand.turnup]
        hand = hand._replace(hands=tuple(hands), turnup=dix, exchanged=True, dixed=True,
                             meld_pts=tuple(pts), dix_counted=tuple(counted))
        return with_hand(state, hand), [DixExchanged(seat, deck.types[dix], took, gain)]
    return _draw(state, hand)


def _draw(state: GameState, hand: StockHand) -> tuple[GameState, list[Event]]:
    """Both draw, the trick's winner first; the last face-down card and the turn-up are shown."""
    rules = state.rules
    one = rules.deck.one
    winner = hand.turn
    stock = hand.stock
    if len(stock) >= 2:
        first, second = one[stock[0]], one[stock[1]]
        hands = hand.hands
        hands = ((hands[0] + first, hands[1] + second) if winner == 0
                 else (hands[0] + second, hands[1] + first))
        drawn = _consts(state.compiled).drawn
        events: list[Event] = [drawn[winner][stock[0]], drawn[1 - winner][stock[1]]]
        # Built by position like _play's state: this runs after every trick of the stock phase.
        (_, dealer, _, tabled, _, turnup, trump, leader, turn, trick, taken, won, meld_pts,
         dix_counted, exchanged, playoff, melded, dixed, tricks, played, laid,
         last_winner, follow_mask, on_table, shown) = hand
        hand = tuple.__new__(StockHand, (
            Phase.TRICKS, dealer, hands, tabled, stock[2:], turnup, trump, leader, turn, trick,
            taken, won, meld_pts, dix_counted, exchanged, playoff, melded, dixed, tricks,
            played, laid, last_winner, follow_mask, on_table, shown))
        return with_hand(state, hand), events
    # "They show this card to their opponent, who draws the trump card (or the dix)."
    deck = rules.deck
    loser = rules.next_seat(winner)
    hands_list = list(hand.hands)
    hands_list[winner] += one[stock[0]]
    hands_list[loser] += one[hand.turnup]
    events = [CardDrawn(winner, deck.types[stock[0]], True),
              CardDrawn(loser, deck.types[hand.turnup], True), PlayoffStarted(winner)]
    hand = hand._replace(hands=tuple(hands_list), stock=(), turnup=-1, phase=Phase.TRICKS,
                         playoff=True, tabled=((), ()), dix_counted=(0, 0), on_table=(0, 0),
                         shown=((winner, stock[0]), (loser, hand.turnup)))
    return with_hand(state, hand), events
