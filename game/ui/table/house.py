"""The new-game screen's house options: one click each, turned into a house-rules file on the
chosen preset when the game starts (so a saved game keeps the exact rules it was played with),
and the table the screen has chosen, as the settings remember it (:func:`setup_table`).

Each option applies to some presets only: the new-game screen offers it there, and the text
of each button says what the option does at that table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from game.rules.ruleset import RuleSet
from game.store.content import preset_names
from game.store.settings import Settings
from game.store.tables import TableChoice, house_table, preset_table, table_named

Lines = dict[str, list[str]]  # section -> "key = value" lines


@dataclass(frozen=True)
class HouseOption:
    key: str  # the Settings flag that turns it on
    on: str  # the button's text when on, and when off
    off: str
    applies: Callable[[RuleSet], bool]
    lines: Callable[[RuleSet, bool], Lines]  # what the house file says (given the flag)
    tooltip: str = ""


def _beat_led(rules: RuleSet, on: bool) -> Lines:
    if not on:
        return {}
    obs: list[str] = list(rules.tricks.obligations)
    anchor = "crawl" if "crawl" in obs else "take_trick"
    obs.insert(obs.index(anchor) + 1, "must_beat_led_after_trump")
    return {"tricks": [f"obligations = {json.dumps(obs)}"]}


def _crawls(rules: RuleSet) -> bool:
    obs = rules.tricks.obligations
    return not rules.stock.enabled and ("crawl" in obs or "take_trick" in obs)


OPTIONS: tuple[HouseOption, ...] = (
    HouseOption(
        "beat_led_after_trump", "After a trump: still beat the suit led",
        "After a trump: any card of the suit led", _crawls, _beat_led,
        "A player who can follow must beat the highest card of the suit led even once the "
        "trick has been trumped."),
    HouseOption(
        "simultaneous_exchange", "Passing: both at once, unseen", "Passing: partner first",
        lambda r: bool(r.passing.count),
        lambda r, on: {"passing": ['exchange = "simultaneous"']} if on else {},
        "Both at once: the bidder picks the cards to pass back from its own hand before seeing "
        "the partner's."),
    HouseOption(
        "two_handed_common_order", "Ranks: A 10 K Q J 9 (house rule)",
        "Ranks: A K Q J 10 9 (as 004)", lambda r: r.stock.enabled,
        lambda r, on: {"table": ['rank_order = "A-10-K-Q-J-9"']} if on else {},
        "Document 004 ranks the 10 below the jack; most players rank it second."),
    HouseOption(
        "two_handed_64", "Pack: 64 cards (dix is the 7)", "Pack: 48 cards",
        lambda r: r.stock.enabled,
        lambda r, on: {"table": ["deck = 64"]} if on else {}),
    HouseOption(
        "two_handed_match", "Two-handed: match to 1000", "Two-handed: one deal",
        lambda r: r.stock.enabled,
        lambda r, on: {} if on else {"scoring": ['game = "deal"']}),
)


def offered(rules: RuleSet) -> list[HouseOption]:
    """The house options the new-game screen offers at this preset."""
    return [o for o in OPTIONS if o.applies(rules)]


def seating_offered(rules: RuleSet) -> bool:
    """Whether four or five may sit down at this preset (VARIANTS.md, "Sitting out": "at the
    three-handed tables (cutthroat, check) four or five people may sit down")."""
    table = rules.table
    return table.players == 3 and table.sides == "each-for-self" and table.seated == 0


def seated_label(seated: int) -> str:
    """The new-game screen's button for the people at a three-handed table."""
    if seated in (0, 3):
        return "At the table: 3 players"
    out = seated - 3
    return f"At the table: {seated}, {'one' if out == 1 else 'two'} sitting out each hand"


def house_text(preset: str, rules: RuleSet, settings: Settings) -> str | None:
    """A house-rules file for ``preset`` with the options chosen in ``settings``, or None when
    none of them changes the preset."""
    sections: Lines = {}
    chosen = []
    if seating_offered(rules) and settings.seated:
        sections["table"] = [f"seated = {settings.seated}"]
        chosen.append(seated_label(settings.seated).removeprefix("At the table: "))
    for option in offered(rules):
        on = bool(getattr(settings, option.key))
        lines = option.lines(rules, on)
        if lines:
            chosen.append(option.on if on else option.off)
        for section, items in lines.items():
            sections.setdefault(section, []).extend(items)
    if not sections:
        return None
    title = rules.title.split(":")[0] + ": " + ", ".join(chosen)
    text = (f"base = {json.dumps(preset)}\nname = {json.dumps(preset + '-house')}\n"
            f"title = {json.dumps(title)}\n")
    for section, items in sections.items():
        text += f"[{section}]\n" + "".join(item + "\n" for item in items)
    return text


def setup_table(settings: Settings) -> TableChoice:
    """The table the New game screen chose last (the settings remember it): a preset with the
    house options the screen has on (a house-rules text when any changes it), or the
    house-rules file the settings name. Raises RulesError for rules that cannot be read."""
    if settings.variant not in preset_names():
        return table_named(settings.variant)
    table = preset_table(settings.variant)
    text = house_text(settings.variant, table.rules, settings)
    return table if text is None else house_table(text, "house options")
