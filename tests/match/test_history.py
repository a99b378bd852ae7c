"""The hand told again for "show all hands" and the replay: what each seat held before each
trick is followed event by event, so it is exact on every table, two-handed's draws from the
stock included (the replay once showed no hands at all there)."""

from __future__ import annotations

import dataclasses
import random

import pytest

from game.bots.registry import make_bot
from game.match.history import hand_history, history_of
from game.rules.engine import actor, apply, legal_actions, new_game
from game.rules.gamehands import game_hands
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset, preset_names


def first_hand_actions(rules, seed: int) -> list:
    """A game's actions through its first hand, every seat played by the medium bot."""
    bot = make_bot("medium")
    state, actions = new_game(rules, seed), []
    while state.hand_no == 0:
        seat = actor(state)
        if state.phase == Phase.DEAL or seat < 0:
            action = legal_actions(state)[0]
        else:
            action = bot.choose(observe(state, seat), random.Random(len(actions)))
        state, _ = apply(state, action)
        actions.append(action)
    return actions


def first_hand(preset: str, seed: int):
    """The first hand of a game, every seat played by the medium bot."""
    rules = load_preset(preset)
    return rules, hand_history(rules, seed, first_hand_actions(rules, seed), 0)


@pytest.mark.parametrize("preset", preset_names())
def test_every_played_card_was_held_and_each_seat_ends_with_its_last(preset):
    # The first two deals the bots play out (some are conceded or thrown in unplayed).
    played = (h for seed in range(1, 30) for h in [first_hand(preset, seed)] if h[1].tricks)
    for rules, hist in (next(played), next(played)):
        check_held(rules, hist)


def check_held(rules, hist) -> None:
    for i, trick in enumerate(hist.tricks):
        held = hist.held_before(i)
        for seat, card in trick.cards:
            assert card in held[seat], f"trick {i + 1}: {card} was not in seat {seat}'s hand"
        if i + 1 < len(hist.tricks):
            after = hist.held_before(i + 1)
            for seat, card in trick.cards:
                assert after[seat].count(card) == held[seat].count(card) - 1 or (
                    rules.stock.enabled), f"trick {i + 1}: {card} is still held after it"
    last = hist.held_before(len(hist.tricks) - 1)
    assert all(len(h) == 1 for h in last), last
    if rules.stock.enabled:  # both players draw after every trick while the stock lasts
        assert {len(h) for h in hist.held_before(0)} == {rules.hand_size}
        assert {len(h) for h in hist.held_before(1)} == {rules.hand_size}


@pytest.mark.parametrize("preset", preset_names())
def test_a_hand_told_from_its_deal_and_moves_is_the_games_own(preset):
    """A lesson's hand has no game around it, only the state after its deal and the moves
    since (issue 28, item 7: the review lesson opens the replay on it): told from those it
    is the same history as the game's."""
    rules = load_preset(preset)
    for seed in (3, 4):
        actions = first_hand_actions(rules, seed)
        hand = game_hands(rules, seed, actions)[0]
        told, game = history_of(hand), hand_history(rules, seed, actions, 0)
        assert told.tricks and told.result == game.result
        assert in_order(told) == in_order(game)


def in_order(hist):
    """The history with each seat's cards sorted (a state keeps a hand in its own order)."""
    def held(seats):
        return tuple(tuple(sorted(map(str, cards))) for cards in seats)
    return dataclasses.replace(hist, dealt=held(hist.dealt), holding=[],
                               held=[held(h) for h in hist.held])


def test_a_hand_not_over_has_no_history():
    rules = load_preset("racehorse")
    hand = game_hands(rules, 5, [legal_actions(new_game(rules, 5))[0]])[0]
    with pytest.raises(ValueError, match="not over"):
        history_of(hand)
