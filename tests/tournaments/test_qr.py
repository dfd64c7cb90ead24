"""The QR helper: what it draws decodes to the address it was given, names itself for
screen readers, and refuses what no QR code can hold."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import RequestFactory

from config.env import env_url
from config.site_url import absolute_url
from tests.qr_decode import decode_svg
from tournaments.qr import QRDataError, qr_svg

LAN = "http://192.168.1.20:8000/events/matches/123/report/"


@pytest.mark.parametrize(
    "url",
    [
        LAN,
        "https://events.example.org/es/events/matches/9876543210/report/",
        "http://localhost:8000/events/matches/1/report/",
    ],
)
def test_the_svg_decodes_to_the_url(url):
    assert decode_svg(qr_svg(url, label="QR")) == [url]


def test_it_still_decodes_at_the_size_of_a_printed_slip():
    # 32 mm at 150 dpi (a plain office printer or a phone's view of the slip) is 189 pixels.
    assert decode_svg(qr_svg(LAN, label="QR"), pixels=189) == [LAN]


def test_it_is_an_image_named_for_screen_readers():
    svg = qr_svg(LAN, label="Report page of table 4")
    assert svg.startswith("<svg ")
    assert 'role="img"' in svg
    assert 'aria-label="Report page of table 4"' in svg
    assert "<title>Report page of table 4</title>" in svg


def test_the_label_is_escaped():
    svg = qr_svg(LAN, label='Mesa "4" <b>&')
    assert "<b>" not in svg
    assert "&lt;b&gt;&amp;" in svg
    assert decode_svg(svg) == [LAN]


def test_the_stylesheet_sizes_it_and_nothing_inline_needs_the_csp_relaxed():
    svg = qr_svg(LAN, label="QR")
    assert "viewBox=" in svg
    assert " width=" not in svg and " height=" not in svg
    assert "style=" not in svg and "<script" not in svg
    assert 'class="qr"' in svg


def test_the_same_url_draws_the_same_code():
    assert qr_svg(LAN, label="QR") == qr_svg(LAN, label="QR")


def test_an_empty_text_is_refused():
    with pytest.raises(QRDataError, match="needs some text"):
        qr_svg("", label="QR")


def test_a_text_too_long_for_any_qr_code_is_refused():
    with pytest.raises(QRDataError, match="8000 characters do not fit"):
        qr_svg("x" * 8000, label="QR")


# --- Absolute addresses ---------------------------------------------------------------


def test_without_site_url_the_address_is_the_requests(settings):
    settings.SITE_URL = ""
    request = RequestFactory().get("/", HTTP_HOST="localhost:8000")
    assert absolute_url("/events/1/", request) == "http://localhost:8000/events/1/"


def test_site_url_wins_over_the_requests_host(settings):
    settings.SITE_URL = "http://192.168.1.20:8000"
    request = RequestFactory().get("/", HTTP_HOST="localhost:8000")
    assert absolute_url("/events/1/", request) == "http://192.168.1.20:8000/events/1/"
    assert absolute_url("/events/1/") == "http://192.168.1.20:8000/events/1/"


def test_without_site_url_or_request_it_is_the_development_origin(settings):
    settings.SITE_URL = ""
    assert absolute_url("/events/1/") == "http://localhost:8000/events/1/"


@pytest.mark.parametrize(
    ("raw", "value"),
    [
        ("", ""),
        ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
        ("https://events.example.org/", "https://events.example.org"),
    ],
)
def test_site_url_from_the_environment(monkeypatch, raw, value):
    monkeypatch.setenv("SITE_URL", raw)
    assert env_url("SITE_URL") == value


@pytest.mark.parametrize(
    "raw", ["192.168.1.20:8000", "ftp://host", "http://", "http://host/prefix", "http://host?x"]
)
def test_a_site_url_that_is_not_an_origin_is_refused_with_the_reason(monkeypatch, raw):
    monkeypatch.setenv("SITE_URL", raw)
    with pytest.raises(ValueError, match="is not an http:// or https:// origin"):
        env_url("SITE_URL")


def test_the_template_tag_draws_a_decodable_code():
    html = Template("{% load qr_tags %}{% qr_code url label %}").render(
        Context({"url": LAN, "label": "Mesa 4"})
    )
    assert 'aria-label="Mesa 4"' in html
    assert decode_svg(html) == [LAN]
