"""Benchmark: the weight of a pick page holding a full pack of cards with pictures (budget:
under 300 KiB).

Run: ``python bench/pick_page_weight.py`` (a fresh SQLite database and media folder in a
temporary directory). A two-player draft starts; every card of the first drafter's pack
(12 cards, a full booster) is given its own photo-like picture (gradients, shapes and
noise, which compress about as badly as scanned cards), through the same service the
admin uses. The drafter's pick page is fetched and everything it loads is added up: the
HTML, its style sheets and scripts, the favicon, and every thumbnail of the pack (counted
as if the drafter scrolled through all of them; they load lazily). Sizes are as served,
uncompressed, and gzipped for the text files. Exits 1 if the total is over budget.
"""

from __future__ import annotations

import datetime as dt
import gzip
import io
import os
import random
import re
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
BUDGET_KIB = 300


def photo_like(seed: int) -> bytes:
    """A 750 × 1050 JPEG with the detail of a scanned card (not a flat drawing)."""
    from PIL import Image, ImageDraw, ImageFilter

    rng = random.Random(seed)
    size = (750, 1050)
    base = Image.linear_gradient("L").resize(size).convert("RGB")
    tint = Image.new("RGB", size, tuple(rng.randint(40, 220) for _ in range(3)))
    image = Image.blend(base, tint, 0.6)
    draw = ImageDraw.Draw(image)
    for _ in range(40):
        x, y = rng.randint(0, size[0]), rng.randint(0, size[1])
        r = rng.randint(10, 160)
        draw.ellipse(
            (x - r, y - r, x + r, y + r), fill=tuple(rng.randint(0, 255) for _ in range(3))
        )
    noise = Image.effect_noise(size, 48).convert("RGB")
    image = Image.blend(image, noise, 0.25).filter(ImageFilter.GaussianBlur(0.6))
    draw = ImageDraw.Draw(image)
    for line in range(8):  # lines of "rules text"
        draw.text((60, 760 + 28 * line), "Texto de reglas " * 4, fill=(10, 10, 10))
    out = io.BytesIO()
    image.save(out, "JPEG", quality=90)
    return out.getvalue()


def main() -> int:
    tmp = tempfile.mkdtemp(prefix="bench-pick-weight-")
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{tmp}/bench.sqlite3")
    os.environ["MEDIA_ROOT"] = f"{tmp}/media"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.staticfiles import finders
    from django.core.files.storage import default_storage
    from django.core.management import call_command
    from django.test import Client

    from drafts.models import DraftSeat, Pod
    from drafts.services import draft_configure, draft_start
    from drafts.services.flow import step_view
    from rulings.demo import load_rulings_data
    from rulings.services import card_picture_set
    from tournaments.services.events import event_create
    from tournaments.services.simulation import add_simulated_players, simulation_organiser

    call_command("migrate", verbosity=0)
    load_rulings_data(sample=True)
    organiser = simulation_organiser(0)
    event = event_create(
        actor=organiser, name="pick weight", date=dt.date.today(), format="booster-draft"
    )
    add_simulated_players(event, 2)
    draft_configure(
        actor=organiser,
        event_id=event.pk,
        pack_editions=["DV", "DV", "SU", "SU"],
        auction=False,
        review_seconds=0,
    )
    draft_start(actor=organiser, event_id=event.pk)
    pod = Pod.objects.get(draft__event=event)
    seat = DraftSeat.objects.filter(pod=pod).select_related("registration__player").first()
    pack = step_view(pod).cards[seat.pk]
    for n, instance in enumerate(pack):
        card_picture_set(card=instance.card, data=photo_like(n), filename=f"{n}.jpg")

    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(seat.registration.player)
    html = client.get(f"/events/{event.pk}/draft/", follow=True).content
    assert html.count(b'data-testid="pack-card"') == len(pack) == 12, "no full pack shown"

    static_url, media_url = settings.STATIC_URL.lstrip("/"), settings.MEDIA_URL.lstrip("/")
    parts: dict[str, list[tuple[str, bytes]]] = {"css": [], "js": [], "icon": [], "thumbnails": []}
    parts["html"] = [("page", html)]
    for href in re.findall(rb'(?:href|src)="(/[^"]+)"', html):
        path = href.decode().lstrip("/")
        if path.startswith(static_url) and path.endswith((".css", ".js", ".svg")):
            # print.css is loaded for printing only (media="print"): counted anyway
            name = path[len(static_url) :]
            kind = {"js": "js", "css": "css"}.get(name.rsplit(".", 1)[-1], "icon")
            parts[kind].append((name, Path(finders.find(name)).read_bytes()))
        elif path.startswith(media_url) and path.endswith("-thumb.webp"):
            with default_storage.open(path[len(media_url) :]) as file:
                parts["thumbnails"].append((path, file.read()))
    pictures = [p for p in re.findall(rb'href="(/media/[^"]+)"', html) if b"-thumb" not in p]

    total = 0
    print(f"pick page of a full pack ({len(pack)} cards, every one with a picture):")
    for kind in ("html", "css", "js", "icon", "thumbnails"):
        files = parts[kind]
        size = sum(len(data) for _name, data in files)
        zipped = sum(len(gzip.compress(data)) for _name, data in files)
        total += size
        extra = f" (gzipped {zipped / 1024:.1f} KiB)" if kind != "thumbnails" else ""
        print(f"  {kind:<10} {len(files):>2} files {size / 1024:7.1f} KiB{extra}")
    print(f"  total                {total / 1024:7.1f} KiB (budget {BUDGET_KIB} KiB)")
    print(f"  full pictures linked, loaded only on demand: {len(pictures)}")
    return 0 if total < BUDGET_KIB * 1024 and len(parts["thumbnails"]) == 12 else 1


if __name__ == "__main__":
    sys.exit(main())
