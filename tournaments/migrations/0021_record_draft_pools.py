"""Record the card pool of every player of a booster draft pod that finished drafting before
pools were recorded at the end of drafting (only those who opened the deck builder had one),
so every deck-list route can check the list against it. Pods with paper boosters track no
cards and are left alone; a pool already recorded (the builder, a judge) is kept."""

from collections import Counter

from django.db import migrations


def record_finished_pools(apps, schema_editor):
    DraftSeat = apps.get_model("tournaments", "DraftSeat")
    CardInstance = apps.get_model("tournaments", "CardInstance")
    CardPool = apps.get_model("rulings", "CardPool")
    CardPoolEntry = apps.get_model("rulings", "CardPoolEntry")
    seats = DraftSeat.objects.filter(
        registration__isnull=False,
        pod__phase__in=["building", "done"],
        pod__draft__paper=False,
    ).values_list("pk", "pod__draft__event_id", "registration__player_id")
    for seat_id, event_id, player_id in seats.iterator():
        if CardPool.objects.filter(event_id=event_id, player_id=player_id).exists():
            continue
        counts = Counter(
            CardInstance.objects.filter(owner_id=seat_id).values_list("card_id", flat=True)
        )
        if not counts:
            continue
        pool = CardPool.objects.create(event_id=event_id, player_id=player_id, source="draft")
        CardPoolEntry.objects.bulk_create(
            CardPoolEntry(pool=pool, card_id=card_id, quantity=min(n, 32767))
            for card_id, n in sorted(counts.items())
        )


class Migration(migrations.Migration):
    dependencies = [
        ("rulings", "0004_deckcheck_uid"),
        ("tournaments", "0020_event_draft_cards_private"),
    ]

    operations = [migrations.RunPython(record_finished_pools, migrations.RunPython.noop)]
