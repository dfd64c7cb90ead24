"""Pictures for the demo's sample cards, drawn with Pillow (pure: no Django, no download).

Each is a plain card face in its faction's colour, with a few shapes placed from the card's
number (the same card gets the same picture every time), its name, its type and its cost.
They are invented like the sample cards themselves.
"""

from __future__ import annotations

import io
import random
import textwrap
import unicodedata

from PIL import Image, ImageDraw, ImageFont

SIZE = (375, 525)
_COLOURS = {
    "quimera": ((46, 125, 50), (200, 230, 201)),
    "corporacion": ((21, 101, 192), (187, 222, 251)),
    "abismales": ((106, 27, 154), (225, 190, 231)),
    "acracia": ((198, 40, 40), (255, 205, 210)),
    "": ((97, 97, 97), (224, 224, 224)),
}


def _font(size: int) -> ImageFont.ImageFont | ImageFont.FreeTypeFont:
    """DejaVu Sans where the system has it; Pillow's own font (no accents) otherwise."""
    try:
        return ImageFont.truetype("DejaVuSans.ttf", size)
    except OSError:
        return ImageFont.load_default(size=size)


def _plain(text: str, font: ImageFont.ImageFont | ImageFont.FreeTypeFont) -> str:
    """The text the font can draw: Pillow's own font has no accented letters."""
    path = getattr(font, "path", None)
    if isinstance(path, str) and path.endswith("DejaVuSans.ttf"):
        return text
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()


def _text(draw: ImageDraw.ImageDraw, at: tuple[int, int], text: str, size: int, **kw) -> None:
    font = _font(size)
    write = draw.multiline_text if "\n" in text else draw.text
    write(at, _plain(text, font), font=font, **kw)


def draw_sample_picture(
    *, number: int, name: str, faction: str, type_label: str, cost: int | None, text: str = ""
) -> bytes:
    """A PNG of the sample card's face."""
    dark, light = _COLOURS.get(faction, _COLOURS[""])
    image = Image.new("RGB", SIZE, dark)
    draw = ImageDraw.Draw(image)
    width, height = SIZE
    draw.rounded_rectangle((12, 12, width - 12, height - 12), radius=16, fill=light)
    art = (28, 70, width - 28, 320)
    draw.rectangle(art, fill=(250, 250, 250), outline=dark, width=3)
    rng = random.Random(number)
    for _ in range(7):
        x, y = rng.randint(art[0], art[2] - 40), rng.randint(art[1], art[3] - 40)
        r = rng.randint(14, 60)
        shade = tuple(min(255, c + rng.randint(0, 90)) for c in dark)
        box = (x, y, min(art[2], x + r), min(art[3], y + r))
        if rng.random() < 0.5:
            draw.ellipse(box, fill=shade)
        else:
            draw.polygon(
                [(box[0], box[3]), ((box[0] + box[2]) // 2, box[1]), (box[2], box[3])], fill=shade
            )
    _text(draw, (28, 26), name, 22, fill=(20, 20, 20))
    if cost is not None:
        draw.ellipse((width - 70, 20, width - 26, 64), fill=dark)
        _text(draw, (width - 48, 42), str(cost), 24, fill="white", anchor="mm")
    draw.rectangle((28, 334, width - 28, 368), fill=dark)
    _text(draw, (38, 351), type_label, 18, fill="white", anchor="lm")
    lines = textwrap.wrap(text, 38)[:7]
    _text(draw, (34, 382), "\n".join(lines), 15, fill=(30, 30, 30), spacing=4)
    out = io.BytesIO()
    image.save(out, "PNG")
    return out.getvalue()
