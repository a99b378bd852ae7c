"""A hand where people sit out in turn, seen as the three-handed hand it is.

At a three-handed table four or five people may sit down (VARIANTS.md, "Sitting out": "If
there are four players, the dealer receives no cards; if five people play, the dealer and the
player second from his left receive no cards"). The engine keeps every chair, and a sitter's
hand, meld and tricks stay empty. The bots reason about three hands at a three-handed table, so
:func:`hand_view` gives them the seat's view at that table: the three chairs dealt, in their
order round the table, as seats 0 to 2 of the table's own three-handed rules (no
``table.seated``: the preset itself, whose fitted models the bots already hold).

Every action a bot returns is seat-free (a bid, a pass, a card, trump, a discard), so it is
played at the real table unchanged.

>>> from game.rules.engine import apply, new_game
>>> from game.rules.actions import Deal
>>> from game.store.content import load_preset
>>> import dataclasses
>>> base = load_preset("cutthroat")
>>> five = dataclasses.replace(base, table=dataclasses.replace(base.table, seated=5))
>>> state, _ = apply(new_game(five, 1), Deal())   # chair 4 deals: 4 and 1 sit out
>>> from game.rules.view import observe
>>> view = hand_view(observe(state, 0))
>>> view.rules == base, view.hand_sizes, view.dealer, view.actor
(True, (15, 15, 15), 2, 0)
"""

from __future__ import annotations

import dataclasses
import re
from functools import cache
from typing import Any

from game.rules.ruleset import RuleSet
from game.rules.view import PlayerView


@cache
def hand_rules(rules: RuleSet) -> RuleSet:
    """The table's own rules with only the chairs dealt seated: those a hand is played by."""
    if not rules.seating.sits_out:
        return rules
    table = dataclasses.replace(rules.table, seated=0)
    return dataclasses.replace(rules, table=table)


def hand_view(view: PlayerView) -> PlayerView:
    """``view`` at the hand's own three-handed table (``view`` itself where nobody sits out):
    the chairs dealt become seats 0, 1, 2 in seat order (so the order of play is kept), the
    chair playing the dealer's part (:meth:`~game.rules.seating.Seating.hand_dealer`) its
    dealer. Past hands' records are left out: they are kept per chair."""
    seating = view.rules.seating
    if not seating.sits_out:
        return view
    out = seating.sitting_out(view.dealer)
    chairs = tuple(s for s in seating.seats if s not in out)
    index = {chair: i for i, chair in enumerate(chairs)}

    def at(seat: int) -> int:
        return index.get(seat, -1)

    def pick(values: tuple[Any, ...]) -> tuple[Any, ...]:
        return tuple(values[c] for c in chairs) if values else values

    return dataclasses.replace(
        view, rules=hand_rules(view.rules), seat=at(view.seat),
        dealer=at(seating.hand_dealer(view.dealer)), actor=at(view.actor),
        hand_sizes=pick(view.hand_sizes), scores=pick(view.scores), tallies=pick(view.tallies),
        records=(), bids=tuple((at(s), amount) for s, amount in view.bids),
        high_bidder=at(view.high_bidder), passed_out=pick(view.passed_out),
        bidder=at(view.bidder), partners=tuple(at(s) for s in view.partners),
        melds=pick(view.melds), side_meld=pick(view.side_meld), leader=at(view.leader),
        trick=tuple((at(s), card) for s, card in view.trick),
        tricks=tuple(tuple((at(s), t) for s, t in trick) for trick in view.tricks),
        taken=pick(view.taken), won=pick(view.won), winner=at(view.winner),
        all_hands=pick(view.all_hands))


def chair_words(view: PlayerView, text: str) -> str:
    """``text``, written at the hand's three-handed table (a bot's reason: "West takes it in
    most deals"), with each seat named as its chair at the real table ("Northwest ...")."""
    seating = view.rules.seating
    if not seating.sits_out:
        return text
    out = seating.sitting_out(view.dealer)
    chairs = [s for s in seating.seats if s not in out]
    hand = hand_rules(view.rules).seating
    names = {hand.name(i): seating.name(chair) for i, chair in enumerate(chairs)}
    # One pass, whole words: a chair's name may contain a hand seat's ("Northwest", "West").
    pattern = re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b")
    return pattern.sub(lambda m: names[m.group(1)], text)
