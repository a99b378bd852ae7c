"""Who plays each seat of a shared table: an open chair, a person (here or away), or a bot.

A person's seat is theirs by a token, a secret their device keeps: a device that drops (sleep,
Wi-Fi) shows it again to come back to the same seat. While a person is away a bot of the host's
chosen level plays for them, until they return; after ``REJOIN_SECONDS`` the chair may be given
to someone else (the bot plays on meanwhile). The clock is passed in: this module keeps no time
of its own, so the tests drive it.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

REJOIN_SECONDS = 60.0
OPEN, PERSON, BOT = "open", "person", "bot"


class ChairError(ValueError):
    """A seating the table refuses, with the reason in a player's words."""


@dataclass
class Chair:
    """One seat of a shared table: open, a person (by their token, here or away), or a bot of a
    level."""

    kind: str = OPEN
    name: str = ""
    level: str = ""  # a bot's level
    token: str = ""  # a person's secret
    here: bool = False  # a person whose device is connected
    left_at: float | None = None  # when the person's device dropped

    @property
    def away(self) -> bool:
        return self.kind == PERSON and not self.here


class Chairs:
    """The chairs of one table, in seat order."""

    def __init__(self, players: int, away_level: str) -> None:
        self.chairs = [Chair() for _ in range(players)]
        self.away_level = away_level  # the bot that plays for a person who is away

    def __getitem__(self, seat: int) -> Chair:
        return self.chairs[seat]

    def __len__(self) -> int:
        return len(self.chairs)

    # -- people -------------------------------------------------------------------------------
    def take(self, name: str, seat: int | None, now: float) -> tuple[int, str]:
        """A new person sits down: in ``seat`` if it is free, else in the first free chair.
        Returns the seat and its token; ChairError when no chair is free."""
        free = self.free(now)
        if seat is not None:
            if seat not in free:
                raise ChairError("That seat is taken.")
            chosen = seat
        elif free:
            chosen = free[0]
        else:
            raise ChairError("Every seat at this table is taken.")
        token = secrets.token_hex(16)
        self.chairs[chosen] = Chair(PERSON, name, self.away_level, token, True)
        return chosen, token

    def free(self, now: float) -> list[int]:
        """Chairs a newcomer may take: open ones, and those of people away too long."""
        return [i for i, c in enumerate(self.chairs) if c.kind == OPEN or (
            c.away and c.left_at is not None and now - c.left_at > REJOIN_SECONDS)]

    def rejoin(self, token: str) -> int:
        """The seat a token holds, its person back; ChairError for a token no seat holds, or
        a seat whose device is still connected (one device per seat)."""
        for i, c in enumerate(self.chairs):
            if c.kind == PERSON and secrets.compare_digest(c.token, token):
                if c.here:
                    raise ChairError("That seat is already connected from another device.")
                c.here, c.left_at = True, None
                return i
        raise ChairError("No seat at this table holds that token.")

    def leave(self, seat: int, now: float) -> None:
        """The person's device dropped: a bot plays for them until they return."""
        chair = self.chairs[seat]
        if chair.kind == PERSON:
            chair.here, chair.left_at = False, now

    # -- the owner's lobby ----------------------------------------------------------------------
    def seat_bot(self, seat: int, level: str) -> None:
        if self.chairs[seat].kind == PERSON and self.chairs[seat].here:
            raise ChairError("A person sits there: move them first.")
        self.chairs[seat] = Chair(BOT, level=level)

    def open(self, seat: int) -> None:
        if self.chairs[seat].kind == PERSON and self.chairs[seat].here:
            raise ChairError("A person sits there: move them first.")
        self.chairs[seat] = Chair()

    def move(self, source: int, target: int) -> None:
        """Move a person to an open chair (the owner rearranges the table)."""
        if self.chairs[source].kind != PERSON:
            raise ChairError("Only a person can be moved.")
        if self.chairs[target].kind != OPEN:
            raise ChairError("Move people to an open seat.")
        self.chairs[target], self.chairs[source] = self.chairs[source], Chair()

    # -- the game -----------------------------------------------------------------------------
    def ready(self) -> bool:
        """Every chair is filled (a person or a bot): the game may start."""
        return all(c.kind != OPEN for c in self.chairs)

    def bot_level(self, seat: int) -> str | None:
        """The level playing ``seat`` now: a bot's, or the stand-in's while its person is
        away; None when a person plays it from their device."""
        chair = self.chairs[seat]
        if chair.kind == BOT:
            return chair.level
        if chair.kind == PERSON and not chair.here:
            return self.away_level
        return None
