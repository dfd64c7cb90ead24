"""Reading QR codes back in tests: an SVG drawn by the site (rasterised by cairosvg) or a
screenshot, decoded by zxing-cpp."""

from __future__ import annotations

import io
import re

import cairosvg
import zxingcpp
from PIL import Image

SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def read_image(image: Image.Image) -> list[tuple[str, int]]:
    """The QR codes zxing-cpp finds in ``image``: each one's text and its width in pixels
    (the code itself, without the quiet zone around it)."""
    flat = Image.new("RGB", image.size, "white")
    flat.paste(image, mask=image.getchannel("A") if image.mode == "RGBA" else None)
    return [
        (result.text, result.position.top_right.x - result.position.top_left.x)
        for result in zxingcpp.read_barcodes(flat, formats=zxingcpp.BarcodeFormat.QRCode)
    ]


def read_png(data: bytes) -> list[tuple[str, int]]:
    return read_image(Image.open(io.BytesIO(data)))


def decode_png(data: bytes) -> list[str]:
    """The texts of the QR codes in a PNG picture."""
    return [text for text, _width in read_png(data)]


def decode_svg(svg: str, *, pixels: int = 300) -> list[str]:
    """The texts of the QR codes in one ``<svg>`` element, drawn ``pixels`` wide."""
    return decode_png(cairosvg.svg2png(bytestring=svg.encode(), output_width=pixels))


def svgs_in(html: str) -> list[str]:
    return SVG.findall(html)
