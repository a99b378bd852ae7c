"""``pinochle host`` and ``pinochle join``: a table on the home network from the command line,
the same as New game → Host on this network / Join a table."""

from __future__ import annotations

import argparse
import ipaddress
import math
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.bots.registry import TABLE_LEVELS
from game.commands.args import UsageError, output_folder, window_size

if TYPE_CHECKING:
    from game.ui.app import App


def register(sub: Any) -> None:
    h = sub.add_parser("host", help="open a table to the others on this network, and sit at it")
    h.add_argument("--variant", default="racehorse", help="preset name or house-rules file")
    h.add_argument("--port", type=_port, default=8765, help="the port players join on")
    h.add_argument("--listen", type=_address, default="0.0.0.0",
                   help="the address to listen on (127.0.0.1: this machine only)")
    h.add_argument("--no-announce", action="store_true",
                   help="do not announce the table (players type its address)")
    h.add_argument("--name", help="your name at the table")
    h.add_argument("--size", type=window_size, default=(1280, 800), help="window size")
    _autoplay(h)
    h.set_defaults(run=cmd_host)
    j = sub.add_parser("join", help="sit down at a table someone hosts on this network")
    j.add_argument("address", help="the table's address: host or host:port")
    j.add_argument("--name", help="your name at the table")
    j.add_argument("--size", type=window_size, default=(1280, 800), help="window size")
    _autoplay(j)
    j.set_defaults(run=cmd_join)


def _autoplay(p: argparse.ArgumentParser) -> None:
    p.add_argument("--autoplay", choices=("random", *TABLE_LEVELS),
                   help="a bot of this level answers this seat's prompts (trials, tests)")
    p.add_argument("--screenshots", type=Path, help="autoplay: write screenshots here")
    p.add_argument("--drop-after", type=_seconds, metavar="SECONDS",
                   help="autoplay: break the link once, mid-hand, after this long at the table")
    p.add_argument("--fill-after", type=_seconds, metavar="SECONDS",
                   help="host: seat easy bots in the chairs still open after this long")
    p.add_argument("--watch", action="store_true",
                   help="with --screenshots: take them, but let a person play (no autoplay)")
    p.add_argument("--review", action="store_true",
                   help="autoplay: after the first hand, open its Review (made by the host), "
                   "and its costliest decision, before playing on")


def _driven(app: App, args: argparse.Namespace, label: str) -> None:
    """With --autoplay, a bot answers the seat's prompts (game.ui.netdemo)."""
    if not args.autoplay and not args.watch:
        return
    from game.ui.netdemo import AutoSeat

    app.settings.fast = True  # the displays go on by themselves
    app.settings.speed = "fast"
    app.sounds.muted = True
    app.hook_frames = False  # the window idles as a person's does: measured as one
    app.frame_hook = AutoSeat(app, args.autoplay, args.screenshots, args.drop_after,
                              label, getattr(args, "fill_after", None), args.review).hook


def _address(text: str) -> str:
    """An IP address of this machine to listen on (0.0.0.0: every one)."""
    try:
        return str(ipaddress.ip_address(text))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not an IP address (such as "
                                         f"127.0.0.1 or 0.0.0.0)") from None


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not 0 < value <= 86_400:  # NaN fails too
        raise argparse.ArgumentTypeError(f"{text[:60]!r} is not a number of seconds "
                                         f"(more than 0, at most a day)")
    return value


def _checked(args: argparse.Namespace) -> None:
    """Read what can be read before any window opens, so that a bad value is one line."""
    if args.name is not None:
        _name(args.name)
    if args.screenshots is not None:
        output_folder(args.screenshots, "--screenshots")


def _port(text: str) -> int:
    if not text.isascii() or not text.isdigit() or not 0 < int(text) < 65536:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port (1 to 65535)")
    return int(text)


def cmd_host(args: argparse.Namespace) -> int:
    from game.commands.play_cmd import _app
    from game.store.tables import table_named
    from game.ui.scene import Route

    # The table chosen here goes to the lobby whole (issue 37: the command line never writes
    # the player's settings); a bad table is one line before any window opens.
    table = table_named(args.variant)
    _checked(args)
    app = _app(args.size)
    try:
        app.open(Route.TITLE)
        app.open(Route.HOST, table=table, port=args.port, listen=args.listen,
                 announce=not args.no_announce, name=args.name)
        _driven(app, args, "host")
        return app.run()
    finally:
        app.shutdown()


def cmd_join(args: argparse.Namespace) -> int:
    from game.commands.play_cmd import _app
    from game.net.client import address_uri
    from game.net.discovery import DEFAULT_PORT
    from game.net.seat import join_table, player_name
    from game.ui.scene import Route

    try:
        address_uri(args.address, DEFAULT_PORT)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    _checked(args)
    name = _name(args.name) if args.name is not None else player_name()
    app = _app(args.size)
    try:
        app.open(Route.TITLE)
        app.open(Route.LOBBY, seat=join_table(args.address, name))
        _driven(app, args, name)
        return app.run()
    finally:
        app.shutdown()


def _name(name: str) -> str:
    name = name.strip()
    if not name or len(name) > 24 or not name.isprintable():
        raise UsageError("--name: 1 to 24 printable characters")
    return name

