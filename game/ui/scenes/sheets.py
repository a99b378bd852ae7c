"""Reading screens: the active table's rules, and help."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.explain import rules_sections
from game.rules.ruleset import RuleSet
from game.ui.menu import TextScene

if TYPE_CHECKING:
    from game.ui.scene import AppContext

# Every key the game answers to, where, and what it does; the Help screen lists them all and a
# test holds every button's hotkey to this table.
KEYS: list[tuple[tuple[int, ...], str, str]] = [
    ((pygame.K_LEFT, pygame.K_RIGHT, pygame.K_a, pygame.K_d), "Left / Right (or A / D)",
     "move the focus ring over the cards you may play or choose; in a replay, the previous "
     "or next trick"),
    ((pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE), "Enter / Space",
     "play or choose the ringed card; confirm; continue; sweep a trick held until you click"),
    ((pygame.K_0, pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6,
      pygame.K_7, pygame.K_8, pygame.K_9), "0–9",
     "type a bid (then Enter); when naming trump, 1–4 choose ♠ ♥ ♣ ♦"),
    ((pygame.K_p,), "P", "pass in the auction; the replay of a finished hand"),
    ((pygame.K_BACKSPACE,), "Backspace", "clear a typed bid, or the cards chosen to pass"),
    ((pygame.K_c,), "C", "claim the rest of the tricks, when your side can show it takes them"),
    ((pygame.K_o,), "O", "two-handed: declare out (you are asked first)"),
    ((pygame.K_h,), "H", "hint: what the strongest bot would do, and why (practice games)"),
    ((pygame.K_u,), "U", "undo back to your last decision (practice games)"),
    ((pygame.K_b,), "B", "the auction in full, and the contract"),
    ((pygame.K_l,), "L", "every seat's meld, and what each side still needs in tricks"),
    ((pygame.K_s,), "S", "the score sheet"),
    ((pygame.K_r,), "R", "the rules of this table; on the title screen, resume the newest "
                         "game"),
    ((pygame.K_m,), "M", "sound on or off"),
    ((pygame.K_a,), "A", "after a hand: show every hand as dealt, with the passes"),
    ((pygame.K_ESCAPE,), "Escape", "the menu; close a screen; cancel a question"),
    ((pygame.K_F11,), "F11", "full screen and back"),
    ((pygame.K_n, pygame.K_t, pygame.K_q), "N / T / Q", "title screen: new game, tutorial, "
                                                         "quit"),
    ((pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME),
     "Up / Down / Page Up / Page Down / Home", "scroll the rules and help; in a lesson, "
                                              "Page Up and Page Down step back and on, Home "
                                              "restarts"),
]

HELP = [
    ("Playing", [
        "Click a card to play it. Legal cards rise under the pointer; pointing at a card you "
        "may not play shows the rule that forbids it on the line above your hand, in your "
        "table's own order of precedence. Your only legal card is played for you (Settings).",
        "A completed trick stays in the middle, its winner ringed, for the time chosen in "
        "Settings (or until you click). Click a side's pile to see the last trick again.",
        "Cards that changed hands are marked through the first trick: IN received, OUT passed "
        "(those stay face up in your partner's hand), W from the widow.",
    ]),
    ("Keys", [f"{label}: {what}." for _, label, what in KEYS]),
    ("Saving", [
        "The game is saved after every action and offered when you start again. Settings and "
        "statistics are kept between games.",
    ]),
    ("House rules", [
        "Write your table's rules in a TOML file that starts from a preset (base = "
        "\"racehorse\") and changes only what differs; choose it with "
        "pinochle play --variant yours.toml. The rules screen then explains your own rules.",
    ]),
]


class RulesScene(TextScene):
    name = "rules"

    def __init__(self, app: AppContext, rules: RuleSet) -> None:
        super().__init__(app, rules_sections(rules))


class HelpScene(TextScene):
    name = "help"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, HELP)
