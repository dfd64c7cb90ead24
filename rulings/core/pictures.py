"""A card's picture: check an uploaded image, then make the picture kept and its thumbnail
(pure: Pillow, no Django).

An upload is refused before a pixel is decoded when it is too big a file, not a JPEG, PNG,
WebP or GIF (Pillow is only let open those four, so no other parser ever reads an upload),
or larger than ``MAX_PIXELS``: Pillow reads the width and height from the header, so a
decompression bomb (a small file that decodes to gigabytes) stops there. ``verify`` then
reads the whole file for damage. A good picture is decoded once, turned upright (EXIF),
and written anew as WebP: the full picture within ``FULL_BOX`` and a thumbnail
``THUMB_WIDTH`` wide. Nothing of the upload but its pixels is kept (no metadata, no bytes
appended to the image). Both files are named by the digest of the picture, so a stored
address never changes its content and browsers may keep it for good.
"""

from __future__ import annotations

import hashlib
import io
import re
import struct
import warnings
from dataclasses import dataclass

from PIL import Image, ImageOps, UnidentifiedImageError

from rulings.core.issues import Issue, issue

MAX_PICTURE_BYTES = 8 * 2**20
MAX_PIXELS = 40_000_000
ALLOWED_FORMATS = ("JPEG", "PNG", "WEBP", "GIF")
#: The full picture fits in this box (a card at about 300 dpi); smaller ones stay as they are.
FULL_BOX = (750, 1050)
#: Thumbnails are this wide (twice the width the pages draw them at, for sharp phone screens).
THUMB_WIDTH = 160
FULL_QUALITY = 82
THUMB_QUALITY = 68

#: A picture file named for its card: ``DV-102.jpg``, ``dv_102.png``, ``DV 102.webp``.
_FILE_REF = re.compile(
    r"^([A-Za-z][A-Za-z0-9]{0,4})[-_ ]0*([1-9][0-9]{0,3})\.(?:jpe?g|png|webp|gif)$"
)

_BROKEN = (OSError, SyntaxError, ValueError, EOFError, struct.error, IndexError)


@dataclass(frozen=True)
class StoredImage:
    name: str
    data: bytes
    width: int
    height: int


@dataclass(frozen=True)
class CardPicture:
    full: StoredImage
    thumb: StoredImage


def _webp(image: Image.Image, quality: int) -> bytes:
    out = io.BytesIO()
    image.save(out, "WEBP", quality=quality, method=4)
    return out.getvalue()


def _probe(data: bytes, filename: str) -> Issue | None:
    """Refuse what is not a sound picture of a bounded size, decoding no pixel."""
    try:
        with warnings.catch_warnings():
            # Pillow's own bound warns first and refuses at twice it: refuse at ours.
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as probe:
                width, height = probe.size
                if width < 1 or height < 1 or width * height > MAX_PIXELS:
                    return issue(
                        "picture_too_many_pixels",
                        file=filename,
                        width=width,
                        height=height,
                        limit=MAX_PIXELS,
                    )
                probe.verify()
    except UnidentifiedImageError:
        return issue("picture_not_an_image", file=filename)
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return issue(
            "picture_too_many_pixels", file=filename, width="?", height="?", limit=MAX_PIXELS
        )
    except _BROKEN:
        return issue("picture_broken", file=filename)
    return None


def make_card_picture(data: bytes, *, filename: str = "") -> CardPicture | Issue:
    """The picture and thumbnail to store for an uploaded file, or why it is refused."""
    if len(data) > MAX_PICTURE_BYTES:
        return issue("picture_too_large", file=filename, size=len(data), limit=MAX_PICTURE_BYTES)
    if not data:
        return issue("picture_not_an_image", file=filename)
    problem = _probe(data, filename)
    if problem is not None:
        return problem
    try:
        with Image.open(io.BytesIO(data), formats=ALLOWED_FORMATS) as opened:
            # A big JPEG decodes at a reduced scale straight away (no full-size buffer).
            opened.draft("RGB", FULL_BOX)
            opened.load()
            image = ImageOps.exif_transpose(opened)
            mode = "RGBA" if "A" in image.getbands() or "transparency" in image.info else "RGB"
            image = image.convert(mode)
    except _BROKEN:
        return issue("picture_broken", file=filename)
    full = image.copy()
    full.thumbnail(FULL_BOX, Image.Resampling.LANCZOS)
    thumb = image.copy()
    thumb.thumbnail((THUMB_WIDTH, THUMB_WIDTH * 3), Image.Resampling.LANCZOS)
    full_data = _webp(full, FULL_QUALITY)
    digest = hashlib.sha256(full_data).hexdigest()[:20]
    return CardPicture(
        full=StoredImage(f"{digest}.webp", full_data, *full.size),
        thumb=StoredImage(f"{digest}-thumb.webp", _webp(thumb, THUMB_QUALITY), *thumb.size),
    )


def picture_file_ref(filename: str) -> tuple[str, int] | None:
    """The card a picture file is named for (edition code, number), or None."""
    found = _FILE_REF.match(filename.rsplit("/", 1)[-1])
    return (found.group(1).upper(), int(found.group(2))) if found else None
