"""Bots: players that see only a seat's :class:`~game.rules.view.PlayerView` and return an
action. Randomness is passed in, so a seeded game is reproducible. Make one with
:func:`game.bots.registry.make_bot`."""
