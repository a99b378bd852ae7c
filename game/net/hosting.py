"""Opening a table to host: a new one, or the saved one at the same table again.

The host's game is saved after every action, as every game is (``game.match.session``), in
the network tables' own store; the chairs (who sat where, and the seats' tokens) are saved
beside it whenever someone sits down, so that a host that stops opens the same table again and
its players come back to their seats with their tokens.
"""

from __future__ import annotations

import secrets
from pathlib import Path

from game.match.chairs import BOT, OPEN, PERSON, Chair, Chairs
from game.match.session import Session
from game.net.host import TableHost
from game.net.table import TableSpec
from game.rules.errors import RulesError
from game.rules.events import Event
from game.store.nettables import (
    SavedChair,
    SavedTable,
    load_table,
    network_store,
    save_table,
)
from game.store.store import Store


class Hosting:
    """A hosted table and its bookkeeping: the session that saves its game, and the chairs."""

    def __init__(self, host: TableHost, store: Store, seat: int = 0) -> None:
        self.host = host
        self.store = store
        self.seat = seat  # the host's own player (their statistics)
        self.session: Session | None = None
        host.on_action = self.record
        host.on_seated = self.save_chairs

    @property
    def key(self) -> str:
        return self.host.spec.table.key

    def record(self, events: list[Event]) -> None:
        match = self.host.match
        if match is None:
            return
        if self.session is None or self.session.match is not match:
            self.session = Session(match, self.store, self.store.load_stats(), self.seat,
                                   self.host.spec.table, practice=False)
        self.session.record(events)

    def save_chairs(self) -> None:
        chairs = self.host.chairs
        save_table(self.store, self.key, SavedTable(
            self.host.owner_key, chairs.away_level,
            [SavedChair(c.kind, c.name, c.level, c.token) for c in chairs.chairs]))


def new_table(spec: TableSpec, levels: list[str | None], away_level: str,
              bot_options: dict[str, object] | None = None, root: Path | None = None
              ) -> Hosting:
    """A new table: ``None`` for a chair left open to people, else a bot's level."""
    chairs = Chairs(spec.rules.players, away_level)
    for seat, level in enumerate(levels):
        if level is not None:
            chairs.seat_bot(seat, level)
    host = TableHost(spec, chairs, secrets.randbits(62), dict(bot_options or {}))
    return Hosting(host, network_store(root))


def resume_table(spec: TableSpec, now: float, root: Path | None = None) -> Hosting | None:
    """The saved game at this table, its chairs as they were with every person away (their
    seats kept for their tokens; the stand-ins play until they are back); None when there is
    no saved game here, or its chairs are lost."""
    store = network_store(root)
    probe = Hosting(TableHost(spec, Chairs(spec.rules.players, "random"), 0), store)
    saved = store.load_game(probe.key)
    table = load_table(store, probe.key)
    if saved is None or table is None or len(table.chairs) != spec.rules.players:
        return None
    chairs = Chairs(spec.rules.players, table.away_level)
    for seat, c in enumerate(table.chairs):
        if c.kind == PERSON:
            chairs.chairs[seat] = Chair(PERSON, c.name, table.away_level, c.token, False, now)
        elif c.kind == BOT:
            chairs.chairs[seat] = Chair(BOT, level=c.level)
        else:
            chairs.chairs[seat] = Chair(OPEN)
    host = TableHost(spec, chairs, saved.seed, dict(saved.bot_options or {}),
                     owner_key=table.owner_key)
    hosting = Hosting(host, store)
    try:
        host.start(list(saved.actions))
    except (RulesError, ValueError):
        return None
    return hosting
