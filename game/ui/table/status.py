"""The status line under the trick: a message while it lasts (a hint, why a move is refused),
the prompt's own line ("Your lead: ..."), and the card a hint points at."""

from __future__ import annotations

from dataclasses import dataclass

from game.rules.cards import Card
from game.ui import theme

Colour = tuple[int, ...]
# The cue while a completed trick waits for the player ("Completed trick stays: until I
# click"): nothing else on the table said that a click was awaited.
CLICK_ON = "Click, or press Space or Enter, to take in the trick and go on."


@dataclass
class StatusLine:
    """What the line under the trick has to say; the table scene decides which of these shows
    (a message, a trick held until a click, the prompt's line, the hand's narration)."""

    text: str = ""  # a message, shown until ``until``
    colour: Colour = theme.INK
    until: float = 0.0
    # The prompt in front of the player says what to do here (it is not a message that
    # expires): "Your lead: ...", or why the card under the pointer may not be played.
    prompt: tuple[str, Colour] | None = None
    hint_card: Card | None = None  # the card the last hint suggests, drawn with a glow
    drawn: object = None  # what the status line and the messages showed last

    def say(self, text: str, colour: Colour, seconds: float, now: float) -> None:
        self.text, self.colour, self.until = text, colour, now + seconds

    def clear(self) -> None:
        """Yesterday's message goes: the position it spoke of has changed."""
        self.text, self.until, self.hint_card = "", 0.0, None

    def message(self, now: float) -> tuple[str, Colour] | None:
        """The message while it lasts."""
        if self.text and now < self.until:
            return self.text, self.colour
        return None

    def line(self, now: float, in_prompt: bool, held: bool, narration: str
             ) -> tuple[str, Colour]:
        """The line under the trick: a message while it lasts (unless the prompt in front of
        the player shows it: ``in_prompt``), else the cue to click on a trick ``held`` until
        then, else the prompt's line, else the hand's ``narration``."""
        message = self.message(now)
        if message is not None and not in_prompt:
            return message
        if held:  # the trick pause "until I click"
            return CLICK_ON, theme.GOLD
        if self.prompt is not None:
            return self.prompt
        return narration, theme.INK
