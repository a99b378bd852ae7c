"""Reading screens: the active table's rules, help, and the score sheet."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.events import SideResult
from game.rules.explain import rules_sections
from game.rules.ruleset import RuleSet
from game.rules.seats import seat_name
from game.ui import theme
from game.ui.scene import Scene
from game.ui.table.hud import side_label
from game.ui.widgets import Button, cover, draw_text, panel, record, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext
    from game.ui.table.scene import TableScene

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


class TextScene(Scene):
    """A scrolling page of titled sections on the felt, with a scroll bar whenever the page
    is longer than its window, and a cue saying how to see the rest."""

    name = "text"
    opaque = False
    title = ""

    def __init__(self, app: AppContext, sections: list[tuple[str, list[str]]]) -> None:
        super().__init__(app)
        self.sections = sections
        self.scroll = 0
        self.content_h = 0  # the page's height, measured as it is drawn
        self.dragging = False
        self.done = Button("Close", lambda: app.pop(self), primary=True, hotkey=pygame.K_ESCAPE)
        self.rect = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        self.rect = pygame.Rect(round(60 * s), round(40 * s), size[0] - round(120 * s),
                                size[1] - round(80 * s))
        self.done.rect = pygame.Rect(0, 0, round(140 * s), round(40 * s))
        self.done.rect.midbottom = (self.rect.centerx, self.rect.bottom - round(14 * s))
        self.done.font_size = max(14, round(18 * s))

    def body(self) -> pygame.Rect:
        """Where the page's text runs (the scroll bar lies just right of it)."""
        s = theme.scale_for(self.app.size)
        body = self.rect.inflate(-round(76 * s), -round(120 * s))
        body.left = self.rect.left + round(30 * s)
        body.top = self.rect.top + round(24 * s)
        return body

    @property
    def most(self) -> int:
        """The furthest the page scrolls."""
        return max(0, self.content_h - self.body().height)

    def scroll_to(self, value: float) -> None:
        self.scroll = round(min(max(0.0, value), self.most))

    def track(self) -> pygame.Rect:
        s = theme.scale_for(self.app.size)
        body = self.body()
        return pygame.Rect(self.rect.right - round(30 * s), body.top, round(10 * s), body.height)

    def thumb(self) -> pygame.Rect:
        track = self.track()
        total = max(1, self.content_h)
        height = max(round(track.height * track.height / total), track.width * 2)
        top = track.top + round((track.height - height) * self.scroll / max(1, self.most))
        return pygame.Rect(track.left, top, track.width, height)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.done.handle(event):
            return True
        page = self.body().height - 40
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_to(self.scroll - event.y * 40)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
            self.scroll_to(self.scroll + (40 if event.key == pygame.K_DOWN else page))
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_UP, pygame.K_PAGEUP):
            self.scroll_to(self.scroll - (40 if event.key == pygame.K_UP else page))
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_HOME:
            self.scroll_to(0)
            return True
        return self.handle_bar(event, page)

    def handle_bar(self, event: pygame.event.Event, page: int) -> bool:
        """A click on the track pages towards it; the thumb can be dragged."""
        if not self.most:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and \
                self.track().inflate(12, 0).collidepoint(event.pos):
            thumb = self.thumb()
            if thumb.inflate(12, 0).collidepoint(event.pos):
                self.dragging = True
            else:
                self.scroll_to(self.scroll + (page if event.pos[1] > thumb.centery else -page))
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.dragging = False
        if event.type == pygame.MOUSEMOTION and self.dragging:
            track, thumb = self.track(), self.thumb()
            room = max(1, track.height - thumb.height)
            self.scroll_to(self.scroll + event.rel[1] * self.most / room)
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        cover(surface)  # a page to read: the table beneath would only show round its edges
        panel(surface, self.rect)
        s = theme.scale_for(surface.get_size())
        body = self.body()
        size = max(13, round(16 * s))
        clip = surface.get_clip()
        surface.set_clip(body)
        y = body.top - self.scroll
        for title, lines in self.sections:
            for part in wrap(title, round(size * 1.3), body.width, bold=True):
                draw_text(surface, part, (body.left, y), round(size * 1.3), theme.GOLD,
                          bold=True)
                y += round(size * 1.75)
            y += round(size * 0.15)
            for line in lines:
                for part in wrap(line, size, body.width - round(20 * s)):
                    draw_text(surface, part, (body.left + round(10 * s), y), size)
                    y += round(size * 1.35)
                y += round(size * 0.3)
            y += round(size * 0.8)
        surface.set_clip(clip)
        self.content_h = y + self.scroll - body.top
        self.scroll = min(self.scroll, self.most)
        self.draw_bar(surface, size)
        self.done.draw(surface)

    def draw_bar(self, surface: pygame.Surface, size: int) -> None:
        """The scroll bar, and under the page what is left to read and how to reach it."""
        if not self.most:
            return
        track, thumb = self.track(), self.thumb()
        pygame.draw.rect(surface, theme.BUTTON, track, border_radius=track.width // 2)
        pygame.draw.rect(surface, theme.GOLD, thumb, border_radius=track.width // 2)
        record("button", track.union(thumb), "scroll bar", surface)
        cue = ("▼ More below: scroll with the wheel, ↓ or Page Down" if self.scroll < self.most
               else "▲ The end: Home goes back to the top")
        body = self.body()
        draw_text(surface, cue, (body.left, body.bottom + round(size * 0.5)),
                  max(11, size - 2), theme.INK_DIM)


class RulesScene(TextScene):
    name = "rules"

    def __init__(self, app: AppContext, rules: RuleSet) -> None:
        super().__init__(app, rules_sections(rules))


class HelpScene(TextScene):
    name = "help"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app, HELP)


class ScoreSheetScene(TextScene):
    """Hand by hand: bid, meld, tricks, made or set, running totals, stars or checks."""

    name = "score sheet"

    def __init__(self, app: AppContext, table: TableScene) -> None:
        self.table = table
        super().__init__(app, [])

    def draw(self, surface: pygame.Surface) -> None:
        cover(surface)
        panel(surface, self.rect)
        view = self.table.view
        rules = self.table.match.rules
        s = theme.scale_for(surface.get_size())
        size = max(12, round(15 * s))
        left = self.rect.left + round(24 * s)
        draw_text(surface, "Score sheet", (self.rect.centerx, self.rect.top + round(14 * s)),
                  round(size * 1.6), theme.GOLD, bold=True, anchor="midtop")
        sides = rules.n_sides
        col_w = (self.rect.width - round(330 * s)) // max(1, sides)
        y = self.rect.top + round(60 * s)
        draw_text(surface, "Hand  Bid", (left, y), size, theme.INK_DIM)
        for side in range(sides):
            draw_text(surface, side_label(self.table, side) + "  meld/tricks = hand (total)",
                      (left + round(300 * s) + side * col_w, y), size, theme.INK_DIM)
        y += round(size * 1.7)
        rows = view.records[-((self.rect.height - round(170 * s)) // round(size * 1.5)):]
        for r in rows:
            who = "You" if r.bidder == self.table.human else seat_name(r.bidder, rules.players)
            bid = (f"{r.hand_no + 1:>3}  {who} {r.bid} "
                   f"{r.trump.symbol if r.trump is not None else ''} {r.outcome}")
            if r.bidder < 0:
                bid = f"{r.hand_no + 1:>3}  trump {r.trump.symbol if r.trump else ''}"
            draw_text(surface, bid, (left, y), size)
            for sd in r.sides:
                tally = f"  {r.tallies[sd.side]:+d}" if r.tallies else ""
                text = side_cell(sd) + f" ({r.totals[sd.side]}){tally}"
                colour = theme.RED if sd.score < 0 else theme.INK
                draw_text(surface, text, (left + round(300 * s) + sd.side * col_w, y), size,
                          colour)
            y += round(size * 1.5)
        if view.over_reason:
            draw_text(surface, f"Game decided: {view.over_reason}", (left, y + round(10 * s)),
                      size, theme.GOLD, bold=True)
        elif rules.scoring.game == "score":
            draw_text(surface, f"Playing to {view.target}.", (left, y + round(10 * s)), size,
                      theme.INK_DIM)
        if rules.stock.enabled and rules.stock.round_tricks:
            draw_text(surface, "Tricks are shown rounded, with the raw count in brackets: 7 "
                      "or more in the units counts as 10.", (left, y + round(34 * s)), size,
                      theme.INK_DIM)
        self.done.draw(surface)


def side_cell(sd: SideResult) -> str:
    """A side's hand on the score sheet: meld/tricks that counted and what it scored, and
    what the side melded and took when that did not count (a set side still took its
    tricks; a two-handed count is rounded)."""
    tricks = f"{sd.tricks_counted}" if sd.raw_tricks < 0 else \
        f"{sd.tricks_counted} [{sd.raw_tricks}]"
    text = f"{sd.meld_counted}/{tricks}"
    took = sd.tricks if sd.raw_tricks < 0 else sd.tricks_counted  # rounding shown above
    if (sd.meld, took) != (sd.meld_counted, sd.tricks_counted):
        text += f" of {sd.meld}/{took}"
    return f"{text} = {sd.score:+d}"
