"""``pinochle legal`` and ``pinochle meld`` read a position in the notation (pn1), through the
one reader the review command shares (game.commands.position.read_position); the old flags
keep working and are refused only where they would contradict the position."""

import json
import random

import pytest

from game.cli import main
from game.match.simulate import legal_bot
from game.rules.actions import PlayCard
from game.rules.compiled import best_meld
from game.rules.engine import actor, apply, legal_actions
from game.rules.notation import dealt, write
from game.rules.phase import Phase
from game.rules.view import observe
from game.store.content import load_preset


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def mid_trick(preset: str, seed: int, played: int) -> tuple[str, object]:
    """A position ``played`` cards into the trick play of a bot-played deal, and its state."""
    start = dealt(load_preset(preset), seed)
    state, moves, rng = start, [], random.Random(seed)
    while True:
        in_play = state.hand.phase == Phase.TRICKS and any(
            isinstance(a, PlayCard) for a in legal_actions(state))
        if in_play and played == 0:
            return write(start, moves), state
        action = legal_bot(state, rng)
        played -= in_play and isinstance(action, PlayCard)
        state, _ = apply(state, action)
        moves.append(action)


@pytest.mark.parametrize(("preset", "played"), [("racehorse", 6), ("cutthroat", 2),
                                                ("double-deck", 9), ("two-handed", 3)])
def test_legal_at_a_position_is_the_engines_legal_cards(capsys, preset, played):
    text, state = mid_trick(preset, 3, played)
    code, out, err = run(capsys, "legal", "--position", text, "--json")
    assert code == 0, err
    engine = sorted({str(a.card) for a in legal_actions(state) if isinstance(a, PlayCard)})
    data = json.loads(out)
    assert sorted(set(data["legal"])) == engine
    hand = {str(c) for c in state.rules.deck.to_cards(observe(state, actor(state)).hand)}
    assert {i["card"] for i in data["illegal"]} == hand - set(engine)


def test_the_position_and_the_old_flags_give_the_same_answer(capsys):
    text, state = mid_trick("racehorse", 5, 2)
    view = observe(state, actor(state))
    deck = state.rules.deck
    _, by_position, _ = run(capsys, "legal", "--position", text, "--json")
    _, by_flags, _ = run(capsys, "legal", "--variant", "racehorse", "--trump", "SHCD"[view.trump],
                         "--trick", " ".join(str(c) for _, c in view.trick),
                         "--hand", " ".join(str(c) for c in deck.to_cards(view.hand)), "--json")
    assert json.loads(by_position) == json.loads(by_flags)
    assert json.loads(by_position)["illegal"], "a position with a card that may not be played"


def test_meld_of_a_seat_at_a_position(capsys):
    text, state = mid_trick("racehorse", 7, 0)
    rules = state.rules
    for seat in rules.seating.seats:
        code, out, err = run(capsys, "meld", "--position", text, "--seat",
                             rules.seating.initial(seat), "--json")
        assert code == 0, err
        hand = observe(state, seat)
        assert json.loads(out)["total"] == best_meld(rules, hand.hand, hand.trump).total


def test_a_position_is_read_from_standard_input(capsys, monkeypatch):
    import io

    text, _ = mid_trick("racehorse", 5, 2)
    monkeypatch.setattr("sys.stdin", io.StringIO(text + "\n"))
    code, from_stdin, _ = run(capsys, "legal", "--position", "-", "--json")
    _, from_arg, _ = run(capsys, "legal", "--position", text, "--json")
    assert code == 0 and from_stdin == from_arg


@pytest.mark.parametrize(("args", "fragment"), [
    (["legal", "--position", "pn1 racehorse; dealer Q; scores 0 0; deal S:A..."],
     "--position: field 'dealer'"),
    (["legal", "--position", "pn2 racehorse"], "--position: a position starts 'pn1 RULES'"),
    (["legal", "--position", "pn1 nowhere; dealer S; scores 0 0; deal S:A..."],
     "unknown variant"),
    (["legal", "--position", "{POS}", "--hand", "AS"], "--hand: --position already gives it"),
    (["legal", "--position", "{POS}", "--playoff"], "--playoff"),
    (["meld", "--position", "{POS}", "--seat", "Q"], "--seat: no seat 'Q'"),
    (["meld", "--position", "{POS}", "--trump", "S"], "--trump: the position has trump named"),
    (["legal", "--trump", "S", "--hand", "AS"], "required: --variant (or give --position)"),
    (["legal", "--variant", "racehorse", "--hand", "AS"], "required: --trump"),
    (["meld", "--trump", "S", "AS"], "required: --variant"),
    (["meld", "--variant", "racehorse", "--seat", "N", "AS"], "--seat is for a hand"),
])
def test_a_bad_position_or_a_contradiction_is_one_line(capsys, args, fragment):
    text, _ = mid_trick("racehorse", 5, 2)
    code, _, err = run(capsys, *[text if a == "{POS}" else a for a in args])
    assert code == 2, err
    assert len(err.strip().splitlines()) == 1 and fragment in err, err


def test_a_position_where_no_card_is_played_is_refused(capsys):
    text = write(dealt(load_preset("racehorse"), 1), [])
    code, _, err = run(capsys, "legal", "--position", text)
    assert code == 2 and "no card is to be played there" in err and "auction" in err
