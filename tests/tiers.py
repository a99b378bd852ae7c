"""The two tiers of the long sweeps (issue 27, item 6: "Long sweeps keep their full size under a
`slow` marker, and a quicker sample runs by default").

A sweep of ``full`` cases is cut in two parts that never overlap: the *sample*, its first
``sample`` cases, runs in the fast tier (``pytest -m "not slow"``); the *rest* is marked ``slow``.
The README's test command runs both, so the whole run still checks every case, and no case is
checked twice. Each part is a ``range`` of case numbers; a sweep that draws its cases at random
seeds each case by its number, so that both parts draw the same cases whichever runs first.
"""

from __future__ import annotations

import pytest

# For a sweep that sizes each part itself (hypothesis's examples, a monkey's events): the part's
# name, "sample" or "rest".
PART = [pytest.param("sample", id="sample"),
        pytest.param("rest", id="rest", marks=pytest.mark.slow)]


def parts(sample: int, full: int) -> list[object]:
    """``pytest.param``s of the two parts of a sweep of ``full`` cases: the sample (the fast
    tier) and the rest (marked slow), as ranges of case numbers."""
    assert 0 < sample < full, (sample, full)
    return [pytest.param(range(sample), id="sample"),
            pytest.param(range(sample, full), id="rest", marks=pytest.mark.slow)]


def in_part(number: int, part: str, every: int) -> bool:
    """Whether case ``number`` of a sweep is in ``part``: every ``every``-th case (the first
    included) is the sample, the others the rest; ``"all"`` is both. Make ``every`` prime to the
    sweep's inner loop, so that the sample meets every value of it."""
    if part == "all":
        return True
    return (number % every == 0) == (part == "sample")


# Tests the fast tier leaves out besides the rests of the sweeps: each takes seconds of CPU on
# the project's two-core machine, where the fast tier as a whole must stay under two minutes
# (issue 37, item 6). A key is a test (every parameter of it), one parametrized case, or a file
# (every test in it); the value says what makes it long. The README's command runs them all.
# Measured per test with `--durations=0` and the CPU each test used (user + system, children
# included), on 2026-11-29.
LONG: dict[str, str] = {
    # Child processes: the game, the tools or a worker, each importing the game afresh.
    "tests/ui/test_demo.py::test_demo_writes_a_screenshot_per_scene": "the demo, a hand a table",
    "tests/ui/test_demo.py::test_demo_command_exits_zero": "the demo command in a child process",
    "tests/match/test_worker_deaths.py::test_a_worker_killed_while_writing_its_answer_leaves_"
    "no_reader_waiting": "a worker killed again and again until one dies mid-answer",
    "tests/test_lint.py::test_mypy_strict_passes_on_the_whole_package": "mypy over game/",
    "tests/content/test_extreme_house_rules.py": "200 hands a table, each in a child process",
    "tests/store/test_file_sweep.py::test_every_user_file_times_every_kind_of_bad_file":
        "the sweep of bad files, in a child process without root's rights",
    "tests/cli/test_argument_sweep.py::test_malformed_arguments_for_every_subcommand_end_in_"
    "one_line": "every subcommand's bad arguments, each a child process",
    "tests/review/test_review_job.py::test_the_worker_makes_the_review_this_process_would_make":
        "a review in a worker and again here",
    "tests/review/test_review_job.py::test_a_failing_review_is_one_line_from_the_worker_never_"
    "a_dead_worker": "a worker process",
    "tests/challenge/test_duplicate_deal.py::test_the_worker_plays_the_deal_this_process_would_"
    "and_can_be_cancelled": "a deal played in a worker and again here",
    "tests/challenge/test_busy_machine.py::test_a_challenge_hand_replays_the_same_on_a_busy_"
    "machine": "a challenge hand replayed beside processes that load the machine",
    "tests/ui/test_challenge_screens.py::test_closing_the_table_stops_the_worker":
        "the expert's worker started and stopped",
    "tests/ui/test_challenge_screens.py::test_the_expert_plays_in_a_worker_while_the_table_runs":
        "the expert plays a deal in a worker",
    "tests/ui/test_hand_review.py::test_cancel_stops_the_worker_and_closes": "a review worker",
    "tests/cli/test_tutorial_check.py::test_lessons_and_puzzles_named_are_checked_alone":
        "the check twice, its worker driving a lesson through the window",
    "tests/match/test_strength_tool.py::test_the_whole_plans_files_fit_in_two_megabytes":
        "a deal of every row of the strength plan",
    # Whole games and walks through the window, every frame drawn.
    "tests/ui/test_no_overlaps.py::test_nothing_overlaps_in_any_scene_or_prompt":
        "a walk through every scene and prompt at each size (56 s of CPU)",
    "tests/ui/test_safe_defaults.py::test_no_key_for_the_default_takes_a_destructive_choice_in_"
    "any_scene": "the same walk",
    "tests/ui/test_tutorial_ui.py::test_the_whole_core_track_and_racehorse_lessons_play_in_the_"
    "window": "every core and racehorse lesson played in the window",
    "tests/ui/test_tutorial_ui.py::test_the_first_hands_prompts_stay_clear_of_the_coach_at_the_"
    "smallest_window": "the first hand played in the window",
    "tests/ui/test_tutorial_ui.py::test_the_first_hand_plays_to_the_score_in_the_window":
        "the first hand played in the window",
    "tests/ui/test_meld_display.py::test_the_meld_display_opens_every_hand_before_the_first_"
    "lead": "six hands a table played in the window",
    "tests/ui/test_monkey_and_saves.py::test_monkey_anywhere_never_raises": "3,000 events",
    "tests/ui/test_monkey_and_saves.py::test_monkey_plays_a_whole_game_on_the_table":
        "a whole game in the window",
    "tests/ui/test_monkey_every_scene.py::test_monkey_at_every_table":
        "the tables' monkey (the menus', lessons' and puzzles' samples stay)",
    "tests/ui/test_messages.py::test_nothing_covers_the_toolbar_through_a_whole_hand":
        "a whole hand a table, every frame read",
    "tests/ui/test_review_moments.py": "hands reviewed, then replayed at each size",
    "tests/ui/test_marks_in_flight.py::test_cards_changing_hands_stay_below_the_toolbar_in_"
    "every_frame": "every frame of the exchanges read",
    # Searches at a level's whole budget, and the review's.
    "tests/review/test_no_peeking.py": "the review's searches twice on every decision sampled",
    "tests/cli/test_review_cli.py::test_review_json_on_a_saved_game_of_every_preset":
        "a whole hand reviewed at every preset",
    "tests/cli/test_review_cli.py::test_a_hand_in_the_notation_reviews_as_its_saved_game":
        "a hand reviewed three times",
    "tests/review/test_review.py::test_every_decision_of_the_seat_is_graded_with_its_choice_"
    "among_the_options": "every decision of a hand reviewed",
    "tests/review/test_game_review.py::test_review_game_json": "a whole game reviewed",
    "tests/review/test_shared_search.py": "the expert's card search, run twice a decision",
    "tests/bots/test_legality.py::test_cheap_levels_play_legally_in_every_preset_hundreds_of_"
    "thousands_of_times": "the sample too: 40,000 decisions",
    "tests/bots/test_legality.py::test_any_mix_with_the_search_levels_is_legal_property":
        "whole hands of the searching levels (25 s of CPU)",
    "tests/bots/test_legality.py::test_search_levels_play_legally_in_every_preset_and_phase"
    "[two-handed-expert]": "the expert's exact playoff, every hand",
    "tests/bots/test_legality.py::test_hard_plays_issue_18s_options_legally":
        "hard on 80 cards",
    "tests/bots/test_legality.py::test_search_levels_play_house_tables_legally":
        "hard and expert on six house tables",
    "tests/bots/test_legality.py::test_house_tables_unlike_any_preset_are_played_legally":
        "40 hands a house table",
    "tests/bots/test_hard_positions.py::test_hard_chooses_the_recorded_action_at_every_"
    "position": "the sample too: hard's whole budget at 60 positions",
    "tests/bots/test_hard_positions.py::test_hard_chooses_the_recorded_action_at_every_two_"
    "handed_position": "the sample too: hard's whole budget at 40 positions",
    # Sweeps of the engine that run whole hands or build many tables.
    "tests/rules/test_properties.py::test_simulated_hands_keep_every_invariant":
        "simulated hands under every invariant, a preset each",
    "tests/rules/test_meld.py::test_tables_match_reference_on_random_hands":
        "the meld tables against the reference, on random hands",
    "tests/rules/test_meld.py::test_cards_used_is_a_multiset_within_the_hand_for_every_preset_"
    "and_meld_option": "400 hands over 224 house tables, each table built",
    "tests/tutorial/test_notation_positions.py::test_a_late_hand_converts_with_the_tricks_"
    "before_it_played_by_the_engine": "whole games played to a late hand",
    "tests/tutorial/test_notation_positions.py::test_the_history_check_refuses_another_place":
        "whole games played to a late hand",
    "tests/tutorial/test_check_faults.py": "the tutorial's check, again for each planted fault",
}


def is_long(nodeid: str) -> bool:
    """Whether a test is one :data:`LONG` names."""
    return any(nodeid == key or nodeid.startswith((key + "[", key + "::")) for key in LONG)
