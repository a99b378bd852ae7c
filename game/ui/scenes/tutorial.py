"""The lesson menu: lessons in their suggested order and the practice puzzles, with progress
kept in the user's data directory."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.store.content import load_tutorial
from game.ui import theme
from game.ui.scene import Route, Scene
from game.ui.widgets import Button, draw_text, panel

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class LessonMenuScene(Scene):
    name = "lessons"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.lessons, self.puzzles, self.errors = load_tutorial()
        self.progress = app.store.load_progress()
        self.focus = 0
        self.entries: list[tuple[str, object]] = [("lesson", x) for x in self.lessons] + \
            [("puzzle", x) for x in self.puzzles]
        self.rects: list[pygame.Rect] = []
        self.back = Button("Back", self.leave, hotkey=pygame.K_ESCAPE)

    def leave(self) -> None:
        self.app.go(Route.TITLE)

    def open(self, index: int) -> None:
        kind, item = self.entries[index]
        if kind == "lesson":
            self.app.go(Route.LESSON, lesson=item)
        else:
            self.app.go(Route.PUZZLE, puzzle=item, queue=self.puzzles)

    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        col_w = round(560 * s)
        gap = round(24 * s)
        top = round(96 * s)
        row = round(30 * s)
        left = size[0] // 2 - col_w - gap // 2
        self.rects = []
        for i, (kind, _) in enumerate(self.entries):
            j = i if kind == "lesson" else i - len(self.lessons)
            x = left if kind == "lesson" else left + col_w + gap
            self.rects.append(pygame.Rect(x, top + j * (row + round(4 * s)), col_w, row))
        self.back.rect = pygame.Rect(0, 0, round(140 * s), round(40 * s))
        self.back.rect.midbottom = (size[0] // 2, size[1] - round(16 * s))
        self.back.font_size = max(14, round(18 * s))

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.back.handle(event):
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos):
                    self.open(i)
                    return True
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_DOWN, pygame.K_s):
                self.focus = (self.focus + 1) % len(self.entries)
            elif event.key in (pygame.K_UP, pygame.K_w):
                self.focus = (self.focus - 1) % len(self.entries)
            elif event.key in (pygame.K_RIGHT, pygame.K_LEFT):
                n = len(self.lessons)
                self.focus = self.focus + n if self.focus < n else self.focus - n
                self.focus = max(0, min(len(self.entries) - 1, self.focus))
            elif event.key in (pygame.K_RETURN, pygame.K_SPACE):
                self.open(self.focus)
            else:
                return False
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        from game.ui.widgets import felt

        surface.blit(felt(surface.get_size()), (0, 0))
        s = theme.scale_for(surface.get_size())
        w = surface.get_width()
        draw_text(surface, "Learn Pinochle", (w // 2, round(24 * s)), round(34 * s), theme.GOLD,
                  bold=True, anchor="midtop")
        if self.rects:
            first = self.rects[0]
            draw_text(surface, "Lessons, in order", (first.left, first.top - round(26 * s)),
                      round(18 * s), theme.INK_DIM, bold=True)
            if self.puzzles:
                p = self.rects[len(self.lessons)]
                done = sum(1 for x in self.puzzles if x.id in self.progress.puzzles
                           and self.progress.puzzles[x.id] != "tried")
                draw_text(surface, f"Practice puzzles — {done} of {len(self.puzzles)} solved",
                          (p.left, p.top - round(26 * s)), round(18 * s), theme.INK_DIM,
                          bold=True)
        size = max(12, round(16 * s))
        for i, ((kind, item), rect) in enumerate(zip(self.entries, self.rects, strict=True)):
            panel(surface, rect, (34, 70, 54, 230) if i == self.focus else (10, 30, 22, 200), 6,
                  theme.GOLD if i == self.focus else None)
            if kind == "lesson":
                mark = "✓" if self.progress.lessons.get(item.id) else " "  # type: ignore[attr-defined]
                text = f"{mark} {item.order:>2}. {item.title}"  # type: ignore[attr-defined]
                right = f"{item.minutes} min"  # type: ignore[attr-defined]
            else:
                grade = self.progress.puzzles.get(item.id, "")  # type: ignore[attr-defined]
                mark = "✓" if grade in ("first try", "solved") else " "
                text = f"{mark} {item.title}"  # type: ignore[attr-defined]
                right = grade
            draw_text(surface, text, (rect.left + round(10 * s), rect.centery), size,
                      anchor="midleft")
            draw_text(surface, right, (rect.right - round(10 * s), rect.centery), size,
                      theme.INK_DIM, anchor="midright")
        if 0 <= self.focus < len(self.entries):
            kind, item = self.entries[self.focus]
            about = item.summary if kind == "lesson" else item.question  # type: ignore[attr-defined]
            draw_text(surface, about, (w // 2, self.back.rect.top - round(30 * s)), size,
                      theme.INK, anchor="midbottom")
        for error in self.errors[:3]:
            draw_text(surface, error, (round(20 * s), self.back.rect.top - round(8 * s)),
                      max(11, round(13 * s)), theme.RED, anchor="bottomleft")
        self.back.draw(surface)
