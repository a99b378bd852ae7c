"""Finding tables (issue 41, item 1): a host's table is heard by a device browsing, both
bound to the loopback interface only (no packet for any other address)."""

from __future__ import annotations

import socket

from zeroconf import ServiceInfo

from game.net.discovery import SERVICE, Announcer, Finder, read_service
from tests.limits import HANG_SECONDS

LOOPBACK = ["127.0.0.1"]


def test_an_announced_table_is_found_with_its_address_rules_and_free_seats():
    announcer = Announcer("Ann's kitchen", 8765, "racehorse", 2, addresses=LOOPBACK,
                          interfaces=LOOPBACK)
    finder = Finder(interfaces=LOOPBACK)
    try:
        for _ in range(50):
            if finder.tables():
                break
            finder.heard.wait(HANG_SECONDS / 50)
        tables = finder.tables()
        assert [t.address for t in tables] == ["127.0.0.1:8765"]
        assert tables[0].table == "racehorse" and tables[0].free == 2
        assert tables[0].label() == "Ann's kitchen: racehorse, 2 seats free"
    finally:
        finder.close()
        announcer.close()


def info(**props: str) -> ServiceInfo:
    return ServiceInfo(SERVICE, f"T.{SERVICE}", port=9000,
                       addresses=[socket.inet_aton("127.0.0.1")], properties=props)


def test_a_record_that_does_not_fit_is_left_out():
    assert read_service(info(v="1", table="cutthroat", free="1")) is not None
    assert read_service(info(v="2", table="cutthroat", free="1")) is None  # another version
    assert read_service(info(v="1", table="cutthroat", free="many")) is None
    assert read_service(info(v="1", table="cutthroat", free="9")) is None
