"""Every refusal of a house-rules file: one line naming the file and the field (issue 12 asks
that house rules be checked as a whole; issue 16 that no rule branch goes untested). Each
case is a small house file on a preset with one thing wrong."""

from __future__ import annotations

import pytest

from game.rules.errors import RuleSetError
from game.store.content import ruleset_from_text

CASES = [
    ("bool", "racehorse", "[meld]\nrun_includes_royal_marriage = 1\n",
     "meld.run_includes_royal_marriage"),
    ("too-long", "racehorse", 'description = "' + "x" * 4001 + '"\n', "description"),
    ("word-bool", "racehorse", "[table]\ndirection = true\n", "table.direction"),
    ("word", "racehorse", '[table]\ndirection = "widdershins"\n', "table.direction"),
    ("list", "racehorse", "[auction]\nskip_endings = 40\n", "auction.skip_endings"),
    ("long-list", "racehorse", "[auction]\nskip_endings = [" + ", ".join(["1"] * 65) + "]\n",
     "auction.skip_endings"),
    ("table", "racehorse", "[tricks]\npoints = 5\n", "tricks.points"),
    ("big-table", "racehorse",
     "[decisions]\n" + "".join(f'"meld.dix{i}" = "x"\n' for i in range(65)), "decisions"),
    ("key", "racehorse", "[tricks]\npoints = { X = 1 }\n", "tricks.points.X"),
    ("section", "racehorse", "table = 5\n", "table"),
    ("option", "racehorse", "[table]\nseats = 4\n", "table.seats"),
    ("top", "racehorse", 'colour = "red"\n', "colour"),
    ("whole", "racehorse", '[table]\nplayers = "four"\n', "table.players"),
    ("range", "racehorse", "[table]\nplayers = 9\n", "table.players"),
    ("stock-players", "racehorse", "[stock]\nenabled = true\n", "stock.enabled"),
    ("stock-auction", "two-handed", "[auction]\nenabled = true\n", "auction.enabled"),
    ("two-players", "racehorse", "[table]\nplayers = 2\n", "table.sides"),
    ("two-alone", "racehorse", '[table]\nplayers = 2\nsides = "each-for-self"\n',
     "table.players"),
    ("five-in-pairs", "double-deck", "[table]\nplayers = 5\n", "table.sides"),
    ("threes-at-four", "racehorse", '[table]\nsides = "threes"\n', "table.sides"),
    ("no-auction", "racehorse", "[auction]\nenabled = false\n", "auction.enabled"),
    ("64", "racehorse", "[table]\ndeck = 64\n", "table.deck"),
    ("uneven", "cutthroat", "[table]\nplayers = 4\n", "table.deck"),
    ("step-above", "racehorse", "[auction]\nstep_above = [60]\n", "auction.step_above"),
    ("max-bid", "racehorse", "[auction]\nmax_bid = 200\n", "auction.max_bid"),
    ("opens-at", "racehorse", "[auction]\ndealer_opens_at = 300\n", "auction.dealer_opens_at"),
    ("all-pass", "racehorse", "[auction]\nmax_bid = 300\nall_pass_bid = 310\n",
     "auction.all_pass_bid"),
    ("no-bid", "racehorse", "[auction]\nmax_bid = 250\nskip_endings = [50]\n",
     "auction.skip_endings"),
    ("widow-size", "cutthroat", "[widow]\nsize = 15\n", "widow.size"),
    ("widow-sides", "racehorse", "[widow]\nsize = 4\n", "widow.size"),
    ("widow-after", "racehorse", "[widow]\nafter_trump = true\n", "widow.after_trump"),
    ("widow-players", "two-handed", "[widow]\nsize = 3\n", "widow.size"),
    ("pass-count", "racehorse", "[passing]\ncount = 2\n", "passing.count"),
    ("pass-players", "cutthroat", "[passing]\ncount = 3\n", "passing.count"),
    ("take-crawl", "racehorse", '[tricks]\nobligations = ["follow_suit", "take_trick", "crawl"]\n',
     "tricks.obligations"),
    ("over-must", "racehorse", '[tricks]\nobligations = ["follow_suit", "over_trump"]\n',
     "tricks.obligations"),
    ("playoff", "two-handed", '[stock]\nplayoff_obligations = ["follow_suit", "over_trump"]\n',
     "stock.playoff_obligations"),
    ("follow", "racehorse", '[tricks]\nobligations = ["any_card"]\n', "tricks.obligations"),
    ("reneges", "cutthroat", "[tricks]\nreneges = true\n", "tricks.reneges"),
    ("hands", "racehorse", '[scoring]\ngame = "hands"\n', "scoring.hands"),
    ("deal", "racehorse", '[scoring]\ngame = "deal"\n', "scoring.game"),
    ("stars-players", "cutthroat", "[scoring]\nstars = true\n", "scoring.stars"),
    ("stars-levels", "partnership-190", "[scoring]\nstar_levels = []\n", "scoring.star_levels"),
    ("stars-rise", "partnership-190", "[scoring]\nstar_levels = [300, 250]\n",
     "scoring.star_levels"),
    ("checks", "racehorse", "[scoring]\nchecks = true\n", "scoring.checks"),
    ("meld-levels", "double-deck", "[meld]\nrun = [16]\n", "meld.run"),
    ("decision", "racehorse", '[decisions]\n"nowhere.x" = "y"\n', "decisions.nowhere.x"),
]


@pytest.mark.parametrize(("case", "base", "body", "field"), CASES, ids=[c[0] for c in CASES])
def test_a_bad_house_file_is_refused_in_one_line_naming_the_field(case, base, body, field):
    text = f'base = "{base}"\nname = "bad"\ntitle = "bad"\n{body}'
    with pytest.raises(RuleSetError) as exc:
        ruleset_from_text(text, "bad.toml")
    message = str(exc.value)
    assert message.startswith("bad.toml: field ") and f"'{field}'" in message, message
    assert "\n" not in message


@pytest.mark.parametrize("text", ['name = "x"\n', 'title = "x"\n', 'name = ""\ntitle = "x"\n',
                                  'name = "x"\ntitle = 5\n'])
def test_a_file_without_a_name_and_a_title_is_refused(text):
    with pytest.raises(RuleSetError, match="'(name|title)'"):
        ruleset_from_text(text, "bad.toml")
