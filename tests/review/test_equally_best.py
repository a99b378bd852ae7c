"""Issue 40, item 3: "Every option within the tie of the best is marked best, in the replay
(outlined cards) and in the text; no single "best" is named for a gap inside the tie."
The tie is game.bots.settle.TIE: options within it of the best lose nothing."""

from __future__ import annotations

import dataclasses
import random

from game.bots.analysis import TIE, Option, best_first
from game.bots.analysis import _reason as analysis_reason
from game.match.review import Graded, decisions, either
from game.match.reviewread import review_json, review_text
from game.rules.actions import PlayCard
from game.rules.gamehands import game_hands
from game.rules.view import observe
from game.store.content import load_preset
from game.store.reviews import StoredDecision, StoredOption, StoredReview
from tools.screenshots import played_match

_HAND: list = []


def first_hand():
    """Cutthroat seed 4's first hand, the player's seat played by hard (played once)."""
    if not _HAND:
        match = played_match("cutthroat", 4, "hard", rng=random.Random(4))
        _HAND.append(game_hands(load_preset("cutthroat"), match.seed, match.actions)[0])
    return _HAND[0]


def decision(values: list[float]) -> StoredDecision:
    """A card decision whose options are worth ``values`` (best first), the last chosen."""
    cards = ["AS", "TS", "KS", "QS", "JS", "9S"]
    from game.rules.actions import parse_action

    options = tuple(StoredOption(parse_action(f"play {c}"), v, f"the {c}")
                    for c, v in zip(cards, values, strict=False))
    return StoredDecision(0, 0, "card", options[-1].action, options, "why", 10)


def test_every_option_within_the_tie_of_the_best_is_best_and_no_other():
    g = Graded(decision([50.0, 50.0 - TIE, 50.0 - TIE - 0.5, 10.0]))
    assert [o.text for o in g.equally_best] == ["the AS", "the TS"]
    assert g.is_best(g.decision.options[1]) and not g.is_best(g.decision.options[2])
    assert g.best_words == "the AS or the TS"
    # the grade reads the same tie: an equally good option loses nothing
    assert Graded(dataclasses.replace(g.decision, chosen=g.decision.options[1].action)).lost == 0
    assert either(["a", "b", "c"]) == "a, b or c" and either(["a"]) == "a"


def test_the_reason_names_every_equally_good_option_beside_the_best():
    """A player who chose outside the tie reads every option as good as the best, not one
    "best" for a gap the analysis cannot tell apart."""
    hand = first_hand()
    _, state, _ = next(d for d in decisions(hand, 0) if isinstance(d[2], PlayCard))
    view = observe(state, 0)
    legal = [a for a in view.legal if isinstance(a, PlayCard)]
    assert len(legal) >= 3
    options = best_first(view.legal, [Option(legal[0], 40.0, "first"),
                                      Option(legal[1], 40.0 - TIE + 1, "second"),
                                      Option(legal[2], 0.0, "third")])
    reason = analysis_reason(view, "card", options, 10, options[2])
    assert "(or second, as good)" in reason and "more for you than third" in reason, reason
    apart = best_first(view.legal, [Option(legal[0], 40.0, "first"),
                                    Option(legal[1], 40.0 - TIE - 1, "second"),
                                    Option(legal[2], 0.0, "third")])
    assert "second" not in analysis_reason(view, "card", apart, 10, apart[2])


def test_the_text_and_json_of_a_review_mark_every_equally_good_option():
    hand = first_hand()
    index, state, action = next(d for d in decisions(hand, 0) if isinstance(d[2], PlayCard))
    view = observe(state, 0)
    others = [a for a in view.legal if isinstance(a, PlayCard) and a.card != action.card]
    assert len(others) >= 2
    options = (StoredOption(others[0], 60.0, f"the {others[0].card.pretty}"),
               StoredOption(others[1], 60.0 - TIE / 2, f"the {others[1].card.pretty}"),
               StoredOption(action, 10.0, f"the {action.card.pretty}"))
    review = StoredReview(0, 0, 0.1, (StoredDecision(index, 0, "card", action, options,
                                                     "why", 10),), None)
    data = review_json(hand, review)["decisions"][0]
    assert data["equally_best"] == [str(others[0]), str(others[1])]
    line = next(t for t in review_text(hand, review) if t.startswith("  "))
    assert line.endswith(f"best the {others[0].card.pretty} or the {others[1].card.pretty}")
