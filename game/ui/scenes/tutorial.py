"""The lesson menu: pick your table first (a preset or a house-rules file), then the first
hand, the core lessons on that table, how it differs from the others, and practice: puzzles,
the "Which rule?" drill and the rule order of every table. Stars and measured times beside
each entry; progress kept in the player's data folder."""

from __future__ import annotations

from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

from game.rules.errors import RulesError
from game.store.content import load_ruleset, load_tutorial, load_tutorial_library, preset_names
from game.store.lessons import Lesson, Puzzle
from game.store.progress import lesson_key
from game.tutorial.features import steps_for
from game.tutorial.timing import estimate_minutes
from game.ui import assets, theme
from game.ui.coached import learner_table, stars_text
from game.ui.scene import Route, Scene
from game.ui.widgets import LABEL_MARGIN, Button, draw_text, elide, felt, panel

if TYPE_CHECKING:
    from game.ui.scene import AppContext

TABS = ("Lessons", "Other tables", "Practice")


@dataclass
class Entry:
    kind: str  # "header", "lesson", "puzzle", "drill", "order"
    title: str
    item: Lesson | Puzzle | None = None
    right: str = ""
    about: str = ""


class LessonMenuScene(Scene):
    name = "lessons"

    def __init__(self, app: AppContext) -> None:
        super().__init__(app)
        self.lessons, self.puzzles, self.errors = load_tutorial()
        self.library = load_tutorial_library()
        self.progress = app.store.load_progress()
        chosen = learner_table(app)
        self.rules = chosen.rules
        self.table_name = chosen.preset or chosen.rules.source  # a house file's path
        self.tab = 0
        self.focus = 0
        self.scroll = 0
        self.typing: str | None = None  # the house-rules path being typed
        self.message = ""
        self.entries: list[Entry] = []
        self.rects: list[pygame.Rect] = []
        self.list_box = pygame.Rect(0, 0, 10, 10)
        short = {p: load_ruleset(p).title.split(":")[0] for p in preset_names()}
        self.table_buttons = [Button(short[p], partial(self.pick, p)) for p in preset_names()]
        self.table_buttons.append(Button("House rules…", self.start_typing))
        self.tab_buttons = [Button(t, partial(self.set_tab, i)) for i, t in enumerate(TABS)]
        self.back = Button("Back", self.leave, hotkey=pygame.K_ESCAPE)
        self.refresh()

    # -- the learner's table ---------------------------------------------------------------
    def pick(self, name: str) -> None:
        try:
            rules = load_ruleset(name)
        except RulesError as exc:
            self.message = str(exc)
            return
        self.table_name, self.rules, self.message = name, rules, ""
        self.progress.table = name
        self.app.store.save_progress(self.progress)
        self.refresh()

    def start_typing(self) -> None:
        self.typing = "" if self.table_name in preset_names() else self.table_name

    def leave(self) -> None:
        self.app.go(Route.TITLE)

    def set_tab(self, index: int) -> None:
        self.tab, self.focus, self.scroll = index, 0, 0
        self.refresh()

    # -- entries ---------------------------------------------------------------------------
    def minutes(self, lesson: Lesson) -> str:
        found = estimate_minutes(lesson, self.rules.name, self.library)
        return f"{found} min" if found else ""

    def lesson_entry(self, lesson: Lesson) -> Entry:
        key = lesson_key(lesson.id, self.rules.name if lesson.on_learner_table else None)
        done = "✓ " if self.progress.lessons.get(key) else ""
        stars = self.progress.stars.get(f"lesson/{key}")
        right = " · ".join(x for x in (stars_text(stars) if stars else "", self.minutes(lesson))
                           if x)
        return Entry("lesson", done + lesson.title, lesson, right, lesson.summary)

    def refresh(self) -> None:
        for b, name in zip(self.table_buttons, (*preset_names(), ""), strict=True):
            b.selected = name == self.table_name or (not name and self.table_name
                                                     not in preset_names())
        for i, b in enumerate(self.tab_buttons):
            b.selected = i == self.tab
        builders = (self._lessons_tab, self._others_tab, self._practice_tab)
        self.entries = builders[self.tab]()
        if self.entries and self.entries[self.focus % len(self.entries)].kind == "header":
            self.focus = next((i for i, e in enumerate(self.entries) if e.kind != "header"), 0)
        self.resize(self.app.size)

    def total(self, lessons: list[Lesson]) -> str:
        """A section's measured time, when every lesson in it was measured."""
        found = [estimate_minutes(x, self.rules.name, self.library) for x in lessons]
        measured = [m for m in found if m is not None]
        return f" · about {sum(measured)} min" if found and len(measured) == len(found) else ""

    def _lessons_tab(self) -> list[Entry]:
        title = self.rules.title.split(":")[0]
        first = [x for x in self.lessons if x.track == "first-hand"]
        core = [x for x in self.lessons if x.track == "core" and steps_for(x, self.rules)]
        mine = [x for x in self.lessons if x.track == "table" and self.rules.name in x.tables]
        out = [Entry("header", "Start here" + self.total(first))]
        out += [self.lesson_entry(x) for x in first]
        out += [Entry("header", f"The core lessons, on {title}" + self.total(core))]
        out += [self.lesson_entry(x) for x in core]
        if mine:
            out += [Entry("header", f"How {title} differs" + self.total(mine))]
            out += [self.lesson_entry(x) for x in mine]
        return out

    def _others_tab(self) -> list[Entry]:
        out: list[Entry] = []
        for preset in preset_names():
            if preset == self.rules.name:
                continue
            lessons = [x for x in self.lessons if x.track == "table" and preset in x.tables
                       and x.preset == preset]
            if lessons:
                out.append(Entry("header", load_ruleset(preset).title.split(":")[0]))
                out += [self.lesson_entry(x) for x in lessons]
        return out

    def _practice_tab(self) -> list[Entry]:
        played, stars = self.progress.drill_tally(self.rules.name)
        out = [Entry("header", "On your table"),
               Entry("drill", "Which rule? (endless)", None,
                     f"{played} played · {stars} stars",
                     "Real deals on your table: play a card, the game names the rule."),
               Entry("order", "Rule order at every table", None, "",
                     "Every table's trick rules side by side, read from the rule sets."),
               Entry("header", "Puzzles")]
        for p in self.puzzles:
            earned = self.progress.stars.get(f"puzzle/{p.id}")
            table = load_ruleset(p.preset).title.split(":")[0]
            right = f"{table} · {p.category}" + (f" · {stars_text(earned)}" if earned else "")
            out.append(Entry("puzzle", p.title, p, right, table + ": " + p.category))
        return out

    def open(self, index: int) -> None:
        entry = self.entries[index]
        if entry.kind == "lesson" and isinstance(entry.item, Lesson):
            lesson = entry.item
            route = Route.FIRST_HAND if lesson.guided is not None else Route.LESSON
            self.app.go(route, lesson=lesson, table=self.rules)
        elif entry.kind == "puzzle":
            self.app.go(Route.PUZZLE, puzzle=entry.item, queue=self.puzzles)
        elif entry.kind == "drill":
            self.app.go(Route.DRILL, table=self.rules)
        elif entry.kind == "order":
            self.app.go(Route.RULE_ORDER)

    # -- layout and input ------------------------------------------------------------------
    def resize(self, size: tuple[int, int]) -> None:
        s = theme.scale_for(size)
        h, gap = round(32 * s), round(6 * s)
        y = round(72 * s)
        # One row of tables, or as many rows as the window's width needs (nine presets and the
        # house rules are wider than 1280 pixels), each row centred.
        room = size[0] - round(40 * s)
        rows: list[list[Button]] = [[]]
        width = 0
        for b in self.table_buttons:
            b.font_size = max(12, round(15 * s))
            # The label's drawn width, not a guess from its length: at 1024x640 the guess left
            # "Two-handed" drawn as "…".
            text_w = assets.font(b.font_size, True).size(b.label)[0]
            w = max(round(70 * s), text_w + max(round(20 * s), LABEL_MARGIN + 2))
            b.rect = pygame.Rect(0, 0, w, h)
            if rows[-1] and width + gap + w > room:
                rows.append([])
                width = 0
            width += (gap if rows[-1] else 0) + w
            rows[-1].append(b)
        for line in rows:
            x = (size[0] - (sum(b.rect.width for b in line) + gap * (len(line) - 1))) // 2
            for b in line:
                b.rect.topleft = (x, y)
                x += b.rect.width + gap
            y += h + gap
        y += round(14 * s) - gap
        tab_w = round(200 * s)
        for i, b in enumerate(self.tab_buttons):
            b.font_size = max(13, round(17 * s))
            b.rect = pygame.Rect(size[0] // 2 - 3 * tab_w // 2 + i * tab_w, y, tab_w - gap, h)
        self.back.rect = pygame.Rect(0, 0, round(140 * s), round(40 * s))
        self.back.rect.midbottom = (size[0] // 2, size[1] - round(12 * s))
        self.back.font_size = max(14, round(18 * s))
        top = y + h + round(12 * s)
        bottom = self.back.rect.top - round(44 * s)
        self.list_box = pygame.Rect(round(40 * s), top, size[0] - round(80 * s), bottom - top)
        row = round(30 * s)
        self.rects = [pygame.Rect(self.list_box.left, top + i * (row + round(3 * s)) - self.scroll,
                                  self.list_box.width, row) for i in range(len(self.entries))]

    def _visible(self, i: int) -> bool:
        r = self.rects[i]
        return r.top >= self.list_box.top and r.bottom <= self.list_box.bottom

    def _ensure_visible(self) -> None:
        if not self.rects:
            return
        r = self.rects[self.focus]
        if r.bottom > self.list_box.bottom:
            self.scroll += r.bottom - self.list_box.bottom
        elif r.top < self.list_box.top:
            self.scroll -= self.list_box.top - r.top
        self.resize(self.app.size)

    def handle_event(self, event: pygame.event.Event) -> bool:
        if self.typing is not None:
            return self._type(event)
        for b in [self.back, *self.table_buttons, *self.tab_buttons]:
            if b.handle(event):
                return True
        if event.type == pygame.MOUSEWHEEL:
            limit = max(0, (self.rects[-1].bottom + self.scroll - self.list_box.bottom)
                        if self.rects else 0)
            self.scroll = max(0, min(limit, self.scroll - event.y * 40))
            self.resize(self.app.size)
            return True
        if event.type == pygame.MOUSEMOTION:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos) and self._visible(i):
                    self.focus = i
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rects):
                if rect.collidepoint(event.pos) and self._visible(i) \
                        and self.entries[i].kind != "header":
                    self.open(i)
                    return True
        elif event.type == pygame.KEYDOWN:
            return self._key(event.key)
        return False

    def _key(self, key: int) -> bool:
        n = len(self.entries)
        if key in (pygame.K_DOWN, pygame.K_s, pygame.K_UP, pygame.K_w) and n:
            step = 1 if key in (pygame.K_DOWN, pygame.K_s) else -1
            for _ in range(n):
                self.focus = (self.focus + step) % n
                if self.entries[self.focus].kind != "header":
                    break
            self._ensure_visible()
        elif key in (pygame.K_RIGHT, pygame.K_TAB):
            self.set_tab((self.tab + 1) % len(TABS))
        elif key == pygame.K_LEFT:
            self.set_tab((self.tab - 1) % len(TABS))
        elif key in (pygame.K_RETURN, pygame.K_SPACE) and n \
                and self.entries[self.focus].kind != "header":
            self.open(self.focus)
        else:
            return False
        return True

    def _type(self, event: pygame.event.Event) -> bool:
        """A one-line field for the path of a house-rules file."""
        if event.type != pygame.KEYDOWN:
            return event.type in (pygame.MOUSEBUTTONDOWN, pygame.TEXTINPUT)
        typed = self.typing or ""
        if event.key == pygame.K_ESCAPE:
            self.typing = None
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.typing = None
            if typed.strip():
                self.pick(typed.strip())
        elif event.key == pygame.K_BACKSPACE:
            self.typing = typed[:-1]
        elif event.unicode and event.unicode.isprintable() and len(typed) < 300:
            self.typing = typed + event.unicode
        return True

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        surface.blit(felt(surface.get_size()), (0, 0))
        s = theme.scale_for(surface.get_size())
        w = surface.get_width()
        draw_text(surface, "Learn Pinochle", (w // 2, round(14 * s)), round(30 * s), theme.GOLD,
                  bold=True, anchor="midtop")
        draw_text(surface, "Your table:", (self.table_buttons[0].rect.left,
                  self.table_buttons[0].rect.top - round(4 * s)), max(12, round(14 * s)),
                  theme.INK_DIM, anchor="bottomleft")
        for b in [*self.table_buttons, *self.tab_buttons]:
            b.draw(surface)
        size = max(12, round(16 * s))
        clip = surface.get_clip()
        surface.set_clip(self.list_box)
        for i, (entry, rect) in enumerate(zip(self.entries, self.rects, strict=True)):
            if rect.bottom < self.list_box.top or rect.top > self.list_box.bottom:
                continue
            if entry.kind == "header":
                draw_text(surface, entry.title, (rect.left, rect.bottom - round(4 * s)), size,
                          theme.GOLD, bold=True, anchor="bottomleft")
                continue
            focus = i == self.focus
            panel(surface, rect, (34, 70, 54, 230) if focus else (10, 30, 22, 200), 6,
                  theme.GOLD if focus else None)
            right_w = round(300 * s)
            draw_text(surface, elide(entry.title, size, rect.width - right_w), (
                rect.left + round(10 * s), rect.centery), size, anchor="midleft")
            draw_text(surface, entry.right, (rect.right - round(10 * s), rect.centery), size,
                      theme.INK_DIM, anchor="midright")
        surface.set_clip(clip)
        self._draw_footer(surface, s, size)
        self.back.draw(surface)

    def _draw_footer(self, surface: pygame.Surface, s: float, size: int) -> None:
        w = surface.get_width()
        y = self.back.rect.top - round(8 * s)
        if self.typing is not None:
            box = pygame.Rect(0, 0, round(760 * s), round(34 * s))
            box.midbottom = (w // 2, y)
            panel(surface, box, (12, 36, 28, 245), 6, theme.GOLD)
            draw_text(surface, "House-rules file: " + self.typing + "▏  (Enter: use it, Esc: "
                      "cancel)", (box.left + round(10 * s), box.centery), size,
                      anchor="midleft")
            return
        text = self.message or (self.entries[self.focus].about if self.entries
                                and 0 <= self.focus < len(self.entries) else "")
        colour = theme.RED if self.message else theme.INK
        draw_text(surface, elide(text, size, w - round(60 * s)), (w // 2, y), size, colour,
                  anchor="midbottom")
        for error in self.errors[:2]:
            draw_text(surface, error, (round(20 * s), y - round(24 * s)), max(11, round(13 * s)),
                      theme.RED, anchor="bottomleft")
