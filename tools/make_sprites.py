"""Draw every image the table uses and write them as PNGs under sprites/ (or --out DIR).

    python -m tools.make_sprites [--out DIR] [--contact-sheet PATH]

Everything is drawn from code with pygame, headless, with fixed seeds: running it twice writes
byte-identical files, and tests/ui/test_assets.py checks that the committed art still matches.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # headless: no window is ever opened
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from tools import sprites_font  # noqa: E402
from tools.sprites_backs import DESIGNS, render_back  # noqa: E402
from tools.sprites_cards import render_card  # noqa: E402
from tools.sprites_common import FONT_DIR, ROOT, all_codes  # noqa: E402
from tools.sprites_icons import ICONS, render_icon  # noqa: E402
from tools.sprites_table import render_felt, render_glow  # noqa: E402

__all__ = ["render_card", "render_back", "write_cards", "main"]

SCALES = (1, 2)
FACE_SETS = ((False, False, "cards"), (True, False, "cards4"), (False, True, "cards-big"),
             (True, True, "cards4-big"))


def _save(surface: pygame.Surface, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surface, str(path))
    return path


def write_cards(out: Path, codes: list[str] | None = None) -> list[Path]:
    """Faces of both colour sets, with standard and large indices, at both scales, e.g.
    out/cards/1x/AS.png, out/cards4/2x/TH.png, out/cards4-big/1x/QS.png."""
    written = []
    for code in codes or all_codes():
        for four_colour, big, folder in FACE_SETS:
            for scale in SCALES:
                written.append(_save(render_card(code, scale, four_colour, big),
                                     out / folder / f"{scale}x" / f"{code}.png"))
    return written


def write_all(out: Path) -> list[Path]:
    written = _install_fonts(out / "fonts")
    written += write_cards(out)
    for scale in SCALES:
        for design in DESIGNS:
            written.append(_save(render_back(design, scale),
                                 out / "backs" / f"{scale}x" / f"{design}.png"))
        ui = out / "ui" / f"{scale}x"
        for name in ICONS:
            written.append(_save(render_icon(name, scale), ui / f"{name}.png"))
        written.append(_save(render_glow(scale), ui / "glow.png"))
    written.append(_save(render_felt(), out / "felt.png"))
    return written


def _install_fonts(dest: Path) -> list[Path]:
    # Drawing always uses the fonts committed in sprites/fonts; copying from the system only
    # refreshes them. A machine without the Debian font package can still redraw the art.
    if all((sprites_font.SYSTEM_DIR / name).exists() for name in sprites_font.FILES):
        return sprites_font.install_fonts(dest)
    if not all((FONT_DIR / name).exists() for name in sprites_font.FILES):
        raise SystemExit(f"DejaVu Sans not found in {sprites_font.SYSTEM_DIR} or {FONT_DIR}")
    print(f"system DejaVu fonts not found; keeping the copies in {FONT_DIR}", file=sys.stderr)
    return []


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "sprites",
                        help="output folder (default: the repository's sprites/)")
    parser.add_argument("--contact-sheet", type=Path, metavar="PATH",
                        help="also save an overview image of the art for reviewing it by eye")
    args = parser.parse_args(argv)
    written = write_all(args.out)
    print(f"wrote {len(written)} files under {args.out}")
    if args.contact_sheet:
        from tools.sprites_contact import contact_sheet

        _save(contact_sheet(), args.contact_sheet)
        print(f"contact sheet: {args.contact_sheet}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
