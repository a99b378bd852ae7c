"""The window, the clock and the scene stack loop.

The loop draws at up to 60 frames a second while something moves, and otherwise sleeps: a table
waiting for the player draws nothing until an event arrives or a scene says its picture is stale
(a message that has just expired), so it uses almost no CPU. It sleeps (on an event a network
table's link sets when something arrives) and looks for input every frame or two, not with
``pygame.event.wait(timeout)``, which polls every millisecond and so costs about 2 % of a core
under X11 by itself. The app
knows no scene by name: it is given the routes (:mod:`game.ui.routes`) and builds scenes from
them when asked (see the contract in :mod:`game.ui.scene`).
"""

from __future__ import annotations

import contextlib
import os
import sys
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame

from game.match.playoutjob import WARM_MODULES
from game.match.spares import Spares
from game.store.settings import Settings
from game.store.stats import Stats
from game.store.store import Store
from game.ui import assets, theme, widgets
from game.ui.assets import Sounds
from game.ui.scene import Route, Routes, Scene
from game.ui.table import fastflow

FPS = 60
IDLE_WAIT_MS = 250
POLL_ACTIVE = 1 / 60  # seconds between looks for input just after some (a frame's latency)
POLL_QUIET = 1 / 30  # ... and once the player has been still for QUIET seconds
QUIET = 2.0
SPEED_FACTORS = {"slow": 1.6, "normal": 1.0, "fast": 0.45, "instant": 0.0}
# SDL's drivers that draw nowhere: it falls back to them, silently, when no real one opens.
NOWHERE_DRIVERS = ("offscreen", "dummy")


class NoDisplayError(RuntimeError):
    """No real video driver opened, and none was asked for: a window would be invisible."""


def open_display() -> str:
    """Start SDL's video and return its driver's name. NoDisplayError, with one line saying why,
    when only a driver that draws nowhere opened and ``SDL_VIDEODRIVER`` did not ask for it
    (the tests and the demo ask for ``dummy``; an unset or wrong ``DISPLAY`` gets
    ``offscreen``, a window nobody sees and a game that never ends). The drivers SDL tries and
    rejects say so on standard error; that is kept quiet, and this one line said instead."""
    with _quiet_stderr():
        try:
            pygame.display.init()
            driver = pygame.display.get_driver()
        except pygame.error as exc:
            raise NoDisplayError(f"no display: SDL could not start any video driver ({exc})"
                                 ) from None
    if os.environ.get("SDL_VIDEODRIVER") or driver.lower() not in NOWHERE_DRIVERS:
        return driver
    pygame.display.quit()
    display, wayland = os.environ.get("DISPLAY"), os.environ.get("WAYLAND_DISPLAY")
    if display:
        why = f"DISPLAY={display} could not be opened"
    elif wayland:
        why = f"WAYLAND_DISPLAY={wayland} could not be opened"
    elif sys.platform.startswith("linux") or "bsd" in sys.platform:
        why = "neither DISPLAY nor WAYLAND_DISPLAY is set"
    else:
        why = "no display could be opened"
    raise NoDisplayError(f"no display to open the window on ({why}; SDL found only its "
                         f"{driver} driver, which shows nothing). Start pinochle in a desktop "
                         "session, or set SDL_VIDEODRIVER to choose a driver.")


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """Standard error silenced at the descriptor, where SDL's C code writes."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)


class App:
    def __init__(self, store: Store, routes: Routes, size: tuple[int, int] = (1280, 800),
                 fullscreen: bool = False) -> None:
        self.store = store
        self.routes = routes
        # A player's first run: no settings file yet (a corrupt one set aside is not a first run).
        self.first_run = not store.settings_path.exists()
        self.settings: Settings = store.load_settings()
        apply_looks(self.settings)
        self.stats: Stats = store.load_stats()
        self.launched = time.perf_counter()
        self.driver = open_display()
        pygame.init()
        pygame.display.set_caption("Pinochle")
        self.windowed = size  # the window's size, to return to from full screen
        self.windowed_at: tuple[int, int] | None = None  # ... and where it was
        self.redraw_until = 0.0  # draw while idle until then (a window just re-created)
        # Scenes pushed or popped so far: a step that changes the stack draws, even when idle
        # (a prompt opened as the animations end would otherwise wait for the next input).
        self.changes = 0
        self.fullscreen = fullscreen
        if fullscreen:
            self.screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            self.screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        clear_caches()  # images loaded before this display existed are not converted for it
        self._set_minimum_size()
        self.clock = pygame.time.Clock()
        self.sounds = Sounds()
        # Play it out's workers, started when a screen that offers it opens: the first trick
        # then waits for no interpreter's start (issue 40)
        self.spares = Spares(WARM_MODULES, keep=2)
        self.sounds.muted = not self.settings.sound
        self.stack: list[Scene] = []
        self.running = True
        self.time = 0.0
        self.first_frame_at: float | None = None
        self.frame_hook: Callable[[App, float], None] | None = None  # demo mode, benchmarks
        # Whether the hook wants frames all the time (the demo), or is content to be called
        # as often as the loop turns while idling (a network window played by a bot, measured
        # as a person's window would be).
        self.hook_frames = True
        # Set by another thread (a network table's link) when something arrives: the idle
        # loop wakes at once instead of at its next look for input.
        self.wake = threading.Event()
        self.fixed_dt: float | None = None  # run as fast as possible with this step (tests)
        self.frame_times: list[tuple[float, str]] = []  # (seconds of work, top scene name)
        self.record_frames = False
        self.exit_code = 0
        self.frames = 0  # frames drawn (the idle benchmarks count them)
        self.last_input = 0.0  # when input last came (the idle loop looks for it more often)

    def _set_minimum_size(self) -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                window = pygame.Window.from_display_module()
            window.minimum_size = theme.MIN_SIZE
        except (AttributeError, pygame.error):
            pass  # older SDL: VIDEORESIZE below enforces the minimum instead

    # -- scene stack ----------------------------------------------------------------------
    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def speed(self) -> float:
        return fastflow.speed(self.settings, SPEED_FACTORS.get(self.settings.speed, 1.0))

    def make(self, route: Route, **args: Any) -> Scene | None:
        return self.routes[route](self, **args)  # type: ignore[no-any-return]

    def open(self, route: Route, **args: Any) -> Scene | None:
        scene = self.make(route, **args)
        if scene is not None:
            self.push(scene)
        return scene

    def go(self, route: Route, **args: Any) -> Scene | None:
        scene = self.make(route, **args)
        if scene is not None:
            self.reset(scene)
        return scene

    def push(self, scene: Scene) -> None:
        if self.stack:
            self.stack[-1].pause()
        self.stack.append(scene)
        self.changes += 1
        scene.resize(self.size)
        scene.enter()

    def pop(self, scene: Scene | None = None) -> None:
        if not self.stack or (scene is not None and self.stack[-1] is not scene):
            if scene is not None and scene in self.stack:
                self.stack.remove(scene)
                self.changes += 1
                scene.exit()
            return
        self.stack.pop().exit()
        self.changes += 1
        if self.stack:
            self.stack[-1].resume()
        elif self.running:
            # Never leave the window empty: going back from the last scene is the title.
            self.open(Route.TITLE)

    def replace(self, scene: Scene) -> None:
        if self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        while self.stack:
            self.stack.pop().exit()
        self.push(scene)

    def toggle_fullscreen(self) -> None:
        """F11: real full screen at the desktop's size, the table laid out for it (not the
        window's picture scaled with bars around it), and back to the window as it was. The
        window moves to the screen's corner first: without a window manager (Xvfb) nobody
        else would put the full-screen window there."""
        try:
            if self.fullscreen:
                pygame.display.set_mode(self.windowed, pygame.RESIZABLE)
                self._move_window(self.windowed_at)
            else:
                self.windowed = self.size
                self.windowed_at = self._move_window((0, 0))
                pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        except pygame.error:
            return  # no full screen on this display
        self.fullscreen = not self.fullscreen
        screen = pygame.display.get_surface()
        if screen is not None:  # set_mode has just made one
            self.screen = screen
        self._set_minimum_size()
        clear_caches()  # images are converted for the display mode they were loaded in
        for scene in self.stack:
            scene.resize(self.size)
        # The new window may be mapped after the next frame: draw a few more to be seen.
        self.redraw_until = time.perf_counter() + 0.5

    def _move_window(self, to: tuple[int, int] | None) -> tuple[int, int] | None:
        """Move the window to ``to`` (when given); returns where it was."""
        window = self._window()
        if window is None:
            return None
        was = tuple(window.position)
        if to is not None:
            with contextlib.suppress(pygame.error):  # some drivers place windows themselves
                window.position = to
        return (was[0], was[1])

    def _window(self) -> Any:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error):
            return None

    def quit(self) -> None:
        self.running = False

    def looks_changed(self) -> None:
        apply_looks(self.settings)
        for scene in self.stack:
            scene.resize(self.size)
        self.changes += 1  # drawn at once, even while idle

    def stopped(self) -> bool:
        """Whether the loop is to end (asked again after each event: one may quit)."""
        return not (self.running and self.stack)

    # -- the loop -------------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        return any(s.busy for s in self.stack)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            w, h = max(event.w, theme.MIN_SIZE[0]), max(event.h, theme.MIN_SIZE[1])
            if (w, h) != (event.w, event.h):
                self.screen = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            for scene in self.stack:
                scene.resize(self.size)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self.screen = pygame.display.get_surface() or self.screen
            for scene in self.stack:
                scene.resize(self.size)
            self.redraw_until = time.perf_counter() + 0.2
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        top = self.top
        if top is not None:
            top.handle_event(event)

    def step(self, dt: float, draw: bool = True) -> None:
        self.time += dt
        changes = self.changes
        for scene in list(self.stack):
            scene.update(dt)
        if draw or self.busy or any(scene.stale for scene in self.stack) or \
                changes != self.changes or time.perf_counter() < self.redraw_until:
            self.draw()
            self.frames += 1

    def draw(self) -> None:
        start = 0
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i].opaque:
                start = i
                break
        for scene in self.stack[start:]:
            scene.draw(self.screen)
        pygame.display.flip()
        if self.first_frame_at is None:
            self.first_frame_at = time.perf_counter()
            if os.environ.get("PINOCHLE_EXIT_AFTER_FIRST_FRAME"):
                # Used by the launch-time benchmark: report when the first frame is up.
                print(f"first-frame {time.time():.6f}", flush=True)
                self.quit()

    def run(self) -> int:
        last = time.perf_counter()
        while not self.stopped():
            idle = False
            if self.fixed_dt is not None:
                events = pygame.event.get()
            elif self.busy or (self.frame_hook is not None and self.hook_frames):
                self.clock.tick(FPS)
                events = pygame.event.get()
            else:
                events = self.wait_for_events(IDLE_WAIT_MS / 1000)
                idle = not events
            now = time.perf_counter()
            dt = self.fixed_dt if self.fixed_dt is not None else min(now - last, 0.1)
            last = now
            for event in events:
                self.handle(event)
                if self.stopped():
                    break
            if self.stopped():
                break
            self.step(dt, draw=not idle)
            if self.record_frames:
                top = self.top
                self.frame_times.append((time.perf_counter() - now, top.name if top else ""))
            if self.frame_hook is not None:
                self.frame_hook(self, dt)
        return self.exit_code

    def wait_for_events(self, seconds: float) -> list[pygame.event.Event]:
        """Sleep until input arrives or ``seconds`` pass."""
        deadline = time.perf_counter() + seconds
        while True:
            events = pygame.event.get()
            now = time.perf_counter()
            if events:
                self.last_input = now
                return events
            if now >= deadline:
                return []
            poll = POLL_QUIET if now - self.last_input > QUIET else POLL_ACTIVE
            if self.wake.wait(min(deadline - now, poll)):
                self.wake.clear()

    def screenshot(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def shutdown(self) -> None:
        self.spares.close()
        clear_caches()
        pygame.quit()


def apply_looks(settings: Settings) -> None:
    """The looks the settings choose that live below the scenes: the card faces and the
    theme's colours (the card size is read by each table's layout)."""
    assets.use_big_index(settings.big_index)
    theme.use(settings.table_theme)


def clear_caches() -> None:
    """Drop every cached font and image: they belong to one pygame session and display."""
    assets.clear_caches()
    widgets.clear_cache()
