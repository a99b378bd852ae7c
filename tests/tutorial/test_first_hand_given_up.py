"""The guided first hand when the learner gives it up (seen in the real window for issue 36):
at two-handed a Declare out ended the match on an empty panel with Finish greyed, a dead end; at
racehorse the throw-in vote had no narration, and a hand thrown in was then to be added up as
"meld 160, counters 0", though 000 counts no meld for it ("their meld doesn't count")."""

import shutil

import pytest

from game.rules.actions import DeclareOut, ProposeThrowIn, ThrowIn
from game.store.content import (
    LEVELS_DIR,
    load_preset,
    load_tutorial,
    load_tutorial_library,
    preset_names,
)
from game.tutorial.check_guided import check_guided_all, learner_move
from game.tutorial.guided import GuidedRun

LESSONS, _, _ = load_tutorial()
FIRST = next(x for x in LESSONS if x.guided is not None)
GIVE_UP = (ThrowIn, ProposeThrowIn, DeclareOut)


def given_up(preset):
    """The first hand, the learner giving it up at the first chance: (run, phases met)."""
    run = GuidedRun(FIRST, load_preset(preset), load_tutorial_library().quotes)
    phases, gave_up = [], False
    for _ in range(400):
        if run.finished or run.scored is not None:
            break
        phases.append(run.phase)
        if not run.match.waiting_for_human():
            assert run.step_others()
            continue
        give = next((a for a in run.match.legal() if isinstance(a, GIVE_UP)), None)
        action = give if give is not None and not gave_up else learner_move(run)
        gave_up = gave_up or give is not None
        assert run.act(action).ok
    phases.append(run.phase)
    return run, phases


@pytest.mark.parametrize("preset, last", [("two-handed", "game over"),
                                          ("racehorse", "given up"),
                                          ("double-deck", "given up")])
def test_a_hand_given_up_ends_on_narration_and_can_be_finished(preset, last):
    run, phases = given_up(preset)
    assert phases[-1] == last, phases
    assert run.finished and run.sum is None
    for phase in dict.fromkeys(phases):
        assert run.guided.text(phase), f"no narration for the {phase} phase"
    if preset == "racehorse":
        assert "throw-in vote" in phases


def test_the_check_fails_a_first_hand_missing_the_narration_of_a_hand_given_up(tmp_path):
    root = tmp_path / "levels"
    shutil.copytree(LEVELS_DIR, root)
    path = root / "lessons" / FIRST.source.split("/")[-1]
    text = path.read_text(encoding="utf-8")
    for key in ('"given up" = ', '"game over" = ', '"throw-in vote" = '):
        start = text.index(key)
        end = text.index('"""', text.index('"""', start) + 3) + 3
        text = text[:start] + text[end + 1:]
    path.write_text(text, encoding="utf-8")
    lessons, _, errors = load_tutorial(root)
    assert errors == []
    _, failures = check_guided_all(lessons, load_preset, load_tutorial_library(root),
                                   tuple(preset_names()))
    for preset, phase in (("racehorse", "throw-in vote"), ("racehorse", "given up"),
                          ("two-handed", "game over"), ("double-deck", "given up")):
        assert any(f"[on {preset}]: no narration for the {phase} phase" in f
                   for f in failures), failures
