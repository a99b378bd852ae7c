"""This machine's place at a network table: its link to the host and, when it hosts, the
server and the announcement, kept together so that leaving the table closes them all.

The host's own window is a device like the others: it joins its own server on the loopback
address with the table's owner key, which lets it arrange the seats and start the game.
"""

from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass, field

from game.net.client import TableClient, address_uri
from game.net.discovery import DEFAULT_PORT, Announcer, local_addresses
from game.net.hosting import Hosting, new_table, resume_table
from game.net.server import TableServer
from game.net.table import TableSpec


@dataclass
class NetSeat:
    client: TableClient
    server: TableServer | None = None
    hosting: Hosting | None = None
    announcer: Announcer | None = None
    address: str = ""  # what the other players type to join (the host's)
    notes: list[str] = field(default_factory=list)  # e.g. why the table is not announced

    @property
    def hosting_here(self) -> bool:
        return self.server is not None

    def announce_free(self) -> None:
        """Keep the announcement's count of free seats true (a lobby calls it as it changes)."""
        if self.announcer is None:
            return
        free = sum(1 for s in self.client.state.seats if s.kind == "open")
        with contextlib.suppress(Exception):  # the announcement is a nicety: play goes on
            self.announcer.update(free)

    def close(self) -> None:
        self.client.close()
        if self.announcer is not None:
            with contextlib.suppress(Exception):
                self.announcer.close()
        if self.server is not None:
            self.server.stop()


def host_table(spec: TableSpec, levels: list[str | None], away_level: str, name: str,
               port: int = DEFAULT_PORT, listen: str = "0.0.0.0", announce: bool = True,
               bot_delay: float = 0.6, bot_options: dict[str, object] | None = None,
               resume: bool = True, now: float = 0.0) -> NetSeat:
    """Open a table (the saved one at these rules when there is one and ``resume``) and join
    it as its owner, in seat 0. OSError when the port cannot be had."""
    hosting = resume_table(spec, now) if resume else None
    if hosting is None:
        hosting = new_table(spec, levels, away_level, bot_options)
    server = TableServer(hosting.host, listen, port, bot_delay=bot_delay)
    bound = server.start()
    client = TableClient(f"ws://127.0.0.1:{bound}", name, seat=0,
                         owner=hosting.host.owner_key,
                         token=hosting.host.chairs[0].token or None)
    client.start()
    shown = listen if listen not in ("", "0.0.0.0") else _lan_address()
    seat = NetSeat(client, server, hosting, address=f"{shown}:{bound}")
    if announce:
        try:
            seat.announcer = Announcer(f"{name}'s table", bound, spec.rules.name,
                                       sum(1 for c in hosting.host.chairs.chairs
                                           if c.kind == "open"))
        except Exception as exc:  # noqa: BLE001 - no mDNS here: the typed address still works
            seat.notes.append(f"The table is not announced ({type(exc).__name__}); "
                              f"players can type {seat.address}.")
    return seat


def join_table(address: str, name: str, token: str | None = None) -> NetSeat:
    """Join the table at ``address`` (host or host:port). ValueError names a bad address."""
    client = TableClient(address_uri(address, DEFAULT_PORT), name, token=token)
    client.start()
    return NetSeat(client, address=address)


def _lan_address() -> str:
    return local_addresses()[0]


def player_name() -> str:
    """The name the table shows for this player: the computer's user, or "Player"."""
    for key in ("PINOCHLE_NAME", "USER", "USERNAME"):
        name = os.environ.get(key, "").strip()
        if name and name.isprintable():
            return name[:24]
    return "Player"
