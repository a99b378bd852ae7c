"""Ship DejaVu Sans (regular and bold) with its licence, copied from the system's font package.

The licence text is read out of the font itself (the OpenType 'name' table, record 13, which
DejaVu fills with the complete Bitstream Vera and Arev licence), so the shipped licence always
belongs to the exact files shipped, whatever the distribution's documentation contains.
"""

from __future__ import annotations

import shutil
import struct
from pathlib import Path

SYSTEM_DIR = Path("/usr/share/fonts/truetype/dejavu")
FILES = ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf")
LICENSE_NAME = "LICENSE-DejaVu.txt"
_LICENSE_RECORD = 13

_HEADER = """\
DejaVu Sans (DejaVuSans.ttf, DejaVuSans-Bold.ttf), https://dejavu-fonts.github.io/

The fonts are shipped unmodified. Their licence follows, exactly as embedded in the fonts
(OpenType name record 13). DejaVu changes are in the public domain; the glyphs derive from
Bitstream Vera and from Tavmjong Bah's Arev fonts under the licences below.

"""


def embedded_license(path: Path) -> str:
    """The licence description string from a TrueType font's 'name' table (Windows, Unicode)."""
    data = path.read_bytes()
    (num_tables,) = struct.unpack(">H", data[4:6])
    for i in range(num_tables):
        tag, _, offset, _ = struct.unpack(">4sIII", data[12 + 16 * i: 28 + 16 * i])
        if tag != b"name":
            continue
        _, count, strings = struct.unpack(">HHH", data[offset: offset + 6])
        for j in range(count):
            rec = offset + 6 + 12 * j
            platform, _, _, name_id, length, start = struct.unpack(">6H", data[rec: rec + 12])
            if platform == 3 and name_id == _LICENSE_RECORD:
                raw = data[offset + strings + start: offset + strings + start + length]
                return raw.decode("utf-16-be")
    raise ValueError(f"{path} carries no licence record")


def install_fonts(dest: Path, source: Path = SYSTEM_DIR) -> list[Path]:
    dest.mkdir(parents=True, exist_ok=True)
    written = []
    for name in FILES:
        target = dest / name
        shutil.copyfile(source / name, target)
        written.append(target)
    text = embedded_license(source / FILES[0]).replace("\r\n", "\n")
    lines = [line.rstrip() for line in text.strip().split("\n")]
    licence = dest / LICENSE_NAME
    licence.write_text(_HEADER + "\n".join(lines) + "\n", encoding="utf-8")
    written.append(licence)
    return written
