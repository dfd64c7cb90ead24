"""Pictures for tests, made with Pillow."""

from __future__ import annotations

import io

from PIL import Image


def picture_bytes(size: tuple[int, int] = (600, 840), fmt: str = "PNG", mode: str = "RGB") -> bytes:
    image = Image.new(mode, size, "navy" if mode == "RGB" else 0)
    out = io.BytesIO()
    image.save(out, fmt)
    return out.getvalue()
