"""Information shown over the table: everyone's meld, a hand's result and the last trick (the
game's end is game.ui.scenes.gameover)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.rules.events import HandResult, SideResult
from game.rules.facts import rounding_note, side_meld_totals
from game.ui import assets, theme
from game.ui.overlay import Display, Overlay
from game.ui.scene import Route
from game.ui.table.challengebox import ChallengeBox
from game.ui.table.faces import PromptTable
from game.ui.table.hud import side_label
from game.ui.table.meldview import draw_meld_flow, draw_uncounted
from game.ui.widgets import Button, draw_text, panel, shade, wrap

if TYPE_CHECKING:
    from game.ui.scene import AppContext


class MeldScene(Display):
    """Every seat's meld: shown once per hand when the meld is laid down (it waits for its
    Continue button: a click elsewhere or a key held from the last prompt does not close it),
    and again on request during the play, with what each side still needs from the tricks."""

    name = "meld"
    SETTLE = 0.6  # seconds before a key or click may close it

    def __init__(self, app: AppContext, table: PromptTable, review: bool = False) -> None:
        super().__init__(app, table)
        self.review = review
        if review:
            self.name = "meld review"
            self.cont.label = "Close"
            self.cont.hotkey = pygame.K_ESCAPE

    def close(self) -> None:
        if self.age >= self.SETTLE or self.table.demo:
            super().close()

    def panel_rect(self) -> pygame.Rect:
        """The display's panel: the whole table below the toolbar, its button inside."""
        return self.frame()

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 90)
        lay = self.layout
        s = lay.s
        rules = self.table.match.rules
        outer = self.panel_rect()
        panel(surface, outer)
        outer.height -= self.button_room()  # the melds and the footer lie above the button
        title = "Meld — during the play" if self.review else "Meld"
        draw_text(surface, title, (outer.centerx, outer.top + round(8 * s)), lay.font_big,
                  theme.GOLD, bold=True, anchor="midtop")
        melds = self.table.model.melds
        # A column per side, partners one above the other.
        seating = rules.seating
        cols, rows = seating.n_sides, seating.side_size
        # What each side needs can be a long sentence: wrapped inside the panel's margins.
        footer = [part for line in self.footer_lines()
                  for part in wrap(line, lay.font, outer.width - round(40 * s), bold=True)]
        foot_h = round(len(footer) * lay.font * 1.5) + round(10 * s)
        cw = (outer.width - round(30 * s)) // cols
        ch = (outer.height - round(50 * s) - foot_h) // rows
        cells = [(col, row, seat) for col in range(cols)
                 for row, seat in enumerate(seating.seats_of(col))]
        for col, row, seat in cells:
            cell = pygame.Rect(outer.left + round(20 * s) + col * cw,
                               outer.top + round(44 * s) + row * ch, cw - round(24 * s),
                               ch - round(8 * s))
            if seat not in melds:  # the bidder melds after the pass-back
                draw_text(surface, f"{self.table.human_name(seat)} — not melded yet",
                          cell.topleft, lay.font, theme.INK_DIM, bold=True)
                continue
            meld, counted, note = melds[seat]
            head = f"{self.table.human_name(seat)} — {meld.total}"
            r = draw_text(surface, head, cell.topleft, lay.font, theme.INK, bold=True)
            if not counted:
                r = r.union(draw_uncounted(surface, f"not counted: {note}", r, cell,
                                           lay.font_small, round(12 * s)))
            body = pygame.Rect(cell.left, r.bottom + round(6 * s), cell.width,
                               cell.bottom - r.bottom - round(6 * s))
            if body.height >= lay.font:  # a long reason wrapped under it may leave no room
                draw_meld_flow(surface, self.table, meld, body)
        y = outer.bottom - foot_h
        for line in footer:
            draw_text(surface, line, (outer.centerx, y), lay.font, theme.GOLD, bold=True,
                      anchor="midtop")
            y += round(lay.font * 1.5)
        self.draw_buttons(surface)

    def footer_lines(self) -> list[str]:
        """Each side's meld (after the minimum, from the engine) and, during the play, what it
        still needs from the tricks."""
        rules = self.table.match.rules
        melds = self.table.model.melds
        shown = [melds[s][0] if s in melds else None for s in range(rules.players)]
        totals = side_meld_totals(rules, shown)
        needs = {n.side: n.text for n in self.table.view.still_needed()} if self.review else {}
        lines = []
        for side, total in enumerate(totals):
            label = side_label(self.table, side)
            if not rules.partnerships and not needs:
                continue  # one seat per side: its total heads its own column
            seats = rules.seats_of(side)
            waiting = [s for s in seats if s not in melds]
            if len(waiting) == len(seats):
                lines.append(f"{label}: not melded yet")  # not "meld 0" (issue 25)
                continue
            text = f"{label}: meld {total}" + (" so far" if waiting else "")
            if side in needs:
                text += f" — {needs[side]}"
            lines.append(text)
        return lines


class ResultScene(Display):
    name = "hand result"

    def __init__(self, app: AppContext, table: PromptTable, result: HandResult) -> None:
        super().__init__(app, table)
        self.result = result
        self.buttons = [self.cont]
        # The deal and its replay need the whole game, which a network table's host keeps to
        # itself (its table offers no "after-hand" controls, only the host's review).
        if table.offers("after-hand"):
            self.buttons += [
                Button("Show all hands", lambda: self.app.open(
                    Route.HANDS, table=table, hand_no=result.hand_no), hotkey=pygame.K_a),
                Button("Replay", lambda: self.app.open(
                    Route.REPLAY, table=table, hand_no=result.hand_no), hotkey=pygame.K_p),
                self._review_button()]
        elif table.offers("review"):  # the host reviews a network seat's own decisions
            self.buttons.append(self._review_button())
        session = getattr(table, "session", None)  # a lesson's table keeps no records
        self.challenge = ChallengeBox(session, result.hand_no) \
            if session is not None and session.challenge else None

    def _review_button(self) -> Button:
        return Button("Review", lambda: self.app.open(
            Route.HAND_REVIEW, table=self.table, hand_no=self.result.hand_no),
                      hotkey=pygame.K_v, tooltip="Your decisions graded against the expert (V)")

    def exit(self) -> None:
        super().exit()
        self.table.board = self.table.view  # the result seen: the score panel moves on

    def frame(self) -> pygame.Rect:
        """Tall enough for its lines and its buttons; clear of the score panel, which stays
        in sight."""
        lay = self.layout
        s = lay.s
        r = self.result
        notes = sum(len(self.side_notes(sd)) for sd in r.sides)
        lines = len(r.sides) + notes + len(r.notes) \
            + (1 if r.tallies and any(r.tallies) else 0) + (1 if r.bidder >= 0 else 0)
        room = lay.size[0] - 2 * (lay.info.right + round(8 * s))
        extra = self.challenge.height(lay.font_small) if self.challenge is not None else 0
        rect = pygame.Rect(0, 0, min(round(760 * s), room),
                           round((150 + 32 * lines) * s) + self.button_room() + extra)
        rect.center = (lay.size[0] // 2, lay.size[1] // 2 - round(10 * s))
        return rect

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 110)
        lay = self.layout
        s = lay.s
        rect = self.frame()
        panel(surface, rect)
        self._heading(surface, rect)
        cols = self.columns(rect)
        y = self._side_rows(surface, cols, rect.top + round(64 * s))
        y = self._footer(surface, cols[0], y)
        if self.challenge is not None:
            box = pygame.Rect(cols[0], y + round(12 * s), cols[-1] - cols[0],
                              self.challenge.height(lay.font_small))
            self.challenge.draw(surface, box, lay.font_big, lay.font_small, self.result)
        self.draw_buttons(surface)

    def _heading(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        r, lay = self.result, self.layout
        if r.bidder >= 0:
            head = f"{self.table.human_name(r.bidder)} bid {r.bid}: {r.outcome}"
            colour = theme.GREEN if r.outcome == "made" else theme.RED
        else:
            head, colour = f"Hand {r.hand_no + 1} scored", theme.GOLD
        draw_text(surface, head, (rect.centerx, rect.top + round(16 * lay.s)), lay.font_big,
                  colour, bold=True, anchor="midtop")

    def side_notes(self, side: SideResult) -> list[str]:
        """Why a side's meld or tricks do not count: the engine's notes, and "set" for the
        bidders who were set (their tricks are shown, but only the lost bid counts)."""
        notes = list(side.notes)
        rounding = rounding_note(side.raw_tricks, side.tricks_counted)
        if rounding:
            notes.append(rounding)
        if side.made is False and self.result.outcome == "set":
            notes.insert(0, f"set: nothing counts, the bid of {side.bid} is lost")
        return notes

    def row_texts(self, side: SideResult) -> list[str]:
        """A side's row: its name, meld, tricks, the hand's score and the total."""
        return [side_label(self.table, side.side), meld_text(side), tricks_text(side),
                f"{side.score:+d}", f"{self.result.totals[side.side]}"]

    def columns(self, rect: pygame.Rect) -> list[int]:
        """The names' left edge and the right edges of the number columns: at the same share
        of any width, each moved right as far as its widest entry needs (a side of three's
        name, "Southwest, North & Southeast", ran into its meld at six-handed)."""
        lay = self.layout
        s = lay.s
        cols = [rect.left + round(24 * s), *(rect.left + round(rect.width * k)
                                             for k in (0.395, 0.58, 0.737)),
                rect.right - round(24 * s)]
        font = assets.font(lay.font)
        rows = [self.row_texts(side) for side in self.result.sides]
        gap = round(14 * s)
        # The names are left-aligned at cols[0], the numbers right-aligned at the others.
        reach = cols[0] + max((font.size(row[0])[0] for row in rows), default=0)
        for i in range(1, len(cols)):
            widest = max((font.size(row[i])[0] for row in rows), default=0)
            cols[i] = max(cols[i], reach + gap + widest)
            reach = cols[i]
        return cols

    def _side_rows(self, surface: pygame.Surface, cols: list[int], y: int) -> int:
        """The table of sides: meld, tricks, the hand's score and the total. Returns the y
        below it. Tricks that do not count still show what the side took."""
        r, lay = self.result, self.layout
        s = lay.s
        heads = ["", "Meld", "Tricks", "Hand", "Total"]
        for x, text in zip(cols, heads, strict=True):
            draw_text(surface, text, (x, y), lay.font_small, theme.INK_DIM,
                      anchor="topleft" if not text else "topright")
        y += round(28 * s)
        for side in r.sides:
            values = self.row_texts(side)
            for x, text in zip(cols, values, strict=True):
                draw_text(surface, text, (x, y), lay.font, theme.INK,
                          anchor="topleft" if x == cols[0] else "topright")
            y += round(30 * s)
            for note in self.side_notes(side):
                draw_text(surface, note, (cols[0] + round(16 * s), y - round(4 * s)),
                          lay.font_small, theme.INK_DIM)
                y += round(20 * s)
        return y

    def _footer(self, surface: pygame.Surface, x: int, y: int) -> int:
        """Stars or checks, the hand's notes, and the bid against what the side took; the y
        below them."""
        r, lay = self.result, self.layout
        s = lay.s
        rules = self.table.match.rules
        if r.tallies and any(r.tallies):
            word = "stars" if rules.scoring.stars else "checks"
            text = ", ".join(f"{side_label(self.table, i)} {t:+d}"
                             for i, t in enumerate(r.tallies))
            draw_text(surface, f"{word.title()} this hand: {text}", (x, y + round(8 * s)),
                      lay.font, theme.GOLD)
            y += round(32 * s)
        for note in r.notes:
            draw_text(surface, note, (x, y + round(8 * s)), lay.font_small, theme.INK_DIM)
            y += round(22 * s)
        if r.bidder < 0:
            return y
        bside = next(sd for sd in r.sides if sd.side == rules.side_of(r.bidder))
        # Three-handed has no sides: one bidder against the others.
        who = "The bidding side" if rules.partnerships else "The bidder"
        if r.outcome == "made":
            text = f"{who} needed {r.bid}: meld and tricks scored {bside.score}."
        elif r.outcome == "set":
            text = (f"{who} needed {r.bid}: meld {bside.meld} and {bside.tricks} in "
                    "tricks were not enough.")
        else:
            text = f"{who} loses the bid of {r.bid}: {r.outcome}."
        draw_text(surface, text, (x, y + round(10 * s)), lay.font_small, theme.INK)
        return y + round(10 * s) + round(lay.font_small * 1.4)


def meld_text(side: SideResult) -> str:
    """What a side melded, and what of it counts: "0 (melded 30)" (it read "0/30"), as the
    tricks beside it say "0 (took 17)"."""
    if side.meld != side.meld_counted:
        return f"{side.meld_counted} (melded {side.meld})"
    return f"{side.meld}"


def tricks_text(side: SideResult) -> str:
    """What a side took in tricks, and what of it counts: "0 (took 90)" for a side whose
    tricks do not count, "90 (87)" where two-handed rounds them."""
    if side.raw_tricks >= 0 and side.raw_tricks != side.tricks_counted:
        return f"{side.tricks_counted} ({side.raw_tricks})"
    if side.tricks != side.tricks_counted:
        return f"{side.tricks_counted} (took {side.tricks})"
    return f"{side.tricks_counted}"


class LastTrickScene(Overlay):
    name = "last trick"

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
            self.close()
            return True
        return False

    def draw(self, surface: pygame.Surface) -> None:
        shade(surface, 120)
        lay = self.layout
        four = self.app.settings.four_colour
        for seat, card in self.table.model.tricks.last_trick:
            x, y, _ = lay.trick_slot(seat)
            img = assets.card_image(str(card), lay.card_w, four)
            surface.blit(img, img.get_rect(center=(round(x), round(y))))
        # On a panel where the status line goes, between the trick and the hand: at the top
        # it lay over North's cards.
        panel(surface, lay.status, radius=10, edge=None)
        draw_text(surface, "The last trick — click to close", lay.status.center, lay.font,
                  theme.GOLD, bold=True, anchor="center")

