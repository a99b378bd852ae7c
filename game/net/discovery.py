"""Finding tables on the home network: zeroconf (mDNS) service discovery.

A host announces its table as a ``_pinochle._tcp`` service (its name, the table's rules and
how many seats are free); a device browsing lists what it hears. Nothing here is needed to
play: a typed ``address:port`` always works (:func:`game.net.client.address_uri`). What a
service says is read with the same care as any message: a table whose record does not fit is
left out of the list.
"""

from __future__ import annotations

import os
import socket
import threading
from dataclasses import dataclass

import ifaddr
from zeroconf import (
    IPVersion,
    ServiceBrowser,
    ServiceInfo,
    ServiceListener,
    Zeroconf,
)

from game.net.schema import MAX_NAME, PROTOCOL

SERVICE = "_pinochle._tcp.local."
DEFAULT_PORT = 8765
MAX_TABLES = 32  # tables a device lists


@dataclass(frozen=True)
class FoundTable:
    name: str  # the host's name for the table
    address: str  # host:port, as a player would type it
    table: str  # the rules' name (a preset's, or the house rules')
    free: int  # seats open to a newcomer

    def label(self) -> str:
        seats = "1 seat free" if self.free == 1 else f"{self.free} seats free"
        return f"{self.name}: {self.table}, {seats}"


def local_addresses() -> list[str]:
    """The addresses this machine may be reached at on the home network (IPv4, from its
    interfaces); the loopback address when there is no other."""
    found: list[str] = []
    try:
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ip.ip.startswith("127.") \
                        and ip.ip not in found:
                    found.append(ip.ip)
    except OSError:
        pass
    return found or ["127.0.0.1"]


def mdns_interfaces() -> list[str] | None:
    """The interfaces discovery uses: every one, unless ``PINOCHLE_MDNS_INTERFACES`` names
    some (a comma list, e.g. ``127.0.0.1`` to keep a trial run on this machine)."""
    names = [a.strip() for a in os.environ.get("PINOCHLE_MDNS_INTERFACES", "").split(",")]
    return [a for a in names if a] or None


class Announcer:
    """A host's table, announced until :meth:`close`."""

    def __init__(self, name: str, port: int, table: str, free: int,
                 addresses: list[str] | None = None, interfaces: list[str] | None = None
                 ) -> None:
        chosen = interfaces or mdns_interfaces()
        self.addresses = addresses or chosen or local_addresses()
        self.zeroconf = Zeroconf(interfaces=chosen or self.addresses,
                                 ip_version=IPVersion.V4Only)
        label = "".join(c for c in name if c.isprintable() and c != ".")[:MAX_NAME] or "Table"
        self.info = ServiceInfo(
            SERVICE, f"{label}.{SERVICE}", port=port,
            addresses=[socket.inet_aton(a) for a in self.addresses],
            properties={"v": str(PROTOCOL), "table": table[:60], "free": str(free)},
            server=f"pinochle-{port}.local.")
        self.zeroconf.register_service(self.info, allow_name_change=True)

    def update(self, free: int) -> None:
        """Seats free changed: the announcement says so."""
        self.info.properties[b"free"] = str(free).encode()
        self.zeroconf.update_service(self.info)

    def close(self) -> None:
        self.zeroconf.unregister_service(self.info)
        self.zeroconf.close()


class Finder(ServiceListener):
    """The tables heard on the network, kept up to date on zeroconf's own thread; the frame
    reads :meth:`tables`, which never waits."""

    def __init__(self, interfaces: list[str] | None = None) -> None:
        self.zeroconf = Zeroconf(interfaces=interfaces or mdns_interfaces() or local_addresses(),
                                 ip_version=IPVersion.V4Only)
        self._lock = threading.Lock()
        self._found: dict[str, FoundTable] = {}
        self.heard = threading.Event()  # set when the list changes
        self.browser = ServiceBrowser(self.zeroconf, SERVICE, self)

    def tables(self) -> list[FoundTable]:
        with self._lock:
            return sorted(self._found.values(), key=lambda t: t.name)

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._hear(zc, type_, name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        self._hear(zc, type_, name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self._lock:
            self._found.pop(name, None)
        self.heard.set()

    def _hear(self, zc: Zeroconf, type_: str, name: str) -> None:
        info = zc.get_service_info(type_, name, 3000)
        table = read_service(info) if info is not None else None
        if table is None:
            return
        with self._lock:
            if name in self._found or len(self._found) < MAX_TABLES:
                self._found[name] = table
        self.heard.set()

    def close(self) -> None:
        self.browser.cancel()
        self.zeroconf.close()


def read_service(info: ServiceInfo) -> FoundTable | None:
    """A service record as a table, or None when it is not one this game can join."""
    props = {k: v for k, v in info.properties.items() if isinstance(k, bytes)}
    try:
        version = (props.get(b"v") or b"").decode("ascii")
        table = (props.get(b"table") or b"").decode("utf-8")[:60]
        free = int((props.get(b"free") or b"0").decode("ascii"))
    except (UnicodeDecodeError, ValueError):
        return None
    addresses = info.parsed_addresses(IPVersion.V4Only)
    if version != str(PROTOCOL) or not addresses or not info.port or not 0 <= free <= 6:
        return None
    name = info.name.removesuffix("." + SERVICE)[:MAX_NAME]
    if not name.isprintable() or not table.isprintable():
        return None
    return FoundTable(name, f"{addresses[0]}:{info.port}", table, free)
