"""The menus' common shape, a centred panel with a title and a column of buttons, and the
reading pages', a scrolling page of titled sections: bases the scenes share, so that they need
not import one another."""

from __future__ import annotations

import pygame

from game.ui import theme
from game.ui.scene import AppContext, Scene
from game.ui.widgets import Button, cover, draw_text, felt, panel, record, wrap


class MenuScene(Scene):
    """A centred panel with a title and a column of buttons."""

    title = ""
    is_menu = True

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.buttons: list[Button] = []
        self.rect = pygame.Rect(0, 0, 10, 10)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        h = round(44 * s)
        gap = round(12 * s)
        width = round(360 * s)
        top = round(size[1] * 0.30)
        for i, b in enumerate(self.buttons):
            b.font_size = max(14, round(19 * s))
            b.rect = pygame.Rect(size[0] // 2 - width // 2, top + i * (h + gap), width, h)
        self.rect = pygame.Rect(0, 0, width + round(80 * s),
                                len(self.buttons) * (h + gap) + round(120 * s))
        self.rect.midtop = (size[0] // 2, top - round(90 * s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        return any(b.handle(event) for b in self.buttons)

    def draw(self, surface: pygame.Surface) -> None:
        if self.opaque:
            surface.blit(felt(surface.get_size()), (0, 0))
        else:
            self.backdrop(surface, 130)
        panel(surface, self.rect)
        s = theme.scale_for(surface.get_size())
        draw_text(surface, self.title, (self.rect.centerx, self.rect.top + round(24 * s)),
                  round(34 * s), theme.GOLD, bold=True, anchor="midtop")
        for b in self.buttons:
            b.draw(surface)


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
