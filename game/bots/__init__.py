"""Bots: players that see only a seat's :class:`~game.rules.view.PlayerView` and return an
action. Randomness is passed in, so a seeded game is reproducible."""

from game.bots.base import Bot, Suggestion, make_bot

__all__ = ["Bot", "Suggestion", "make_bot"]
