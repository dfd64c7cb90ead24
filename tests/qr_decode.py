"""Reading QR codes back in tests: an SVG drawn by the site (rasterised by cairosvg) or a
screenshot, decoded by zxing-cpp."""

from __future__ import annotations

import io
import re

import cairosvg
import zxingcpp
from PIL import Image

SVG = re.compile(r"<svg\b.*?</svg>", re.DOTALL)


def decode_image(image: Image.Image) -> list[str]:
    """The texts of the QR codes zxing-cpp finds in ``image``."""
    flat = Image.new("RGB", image.size, "white")
    flat.paste(image, mask=image.getchannel("A") if image.mode == "RGBA" else None)
    return [
        result.text
        for result in zxingcpp.read_barcodes(flat, formats=zxingcpp.BarcodeFormat.QRCode)
    ]


def decode_png(data: bytes) -> list[str]:
    return decode_image(Image.open(io.BytesIO(data)))


def decode_svg(svg: str, *, pixels: int = 300) -> list[str]:
    """The texts of the QR codes in one ``<svg>`` element, drawn ``pixels`` wide."""
    return decode_png(cairosvg.svg2png(bytestring=svg.encode(), output_width=pixels))


def svgs_in(html: str) -> list[str]:
    return SVG.findall(html)
