"""Fixtures of the rulings data and deck lists (a plugin of the root conftest: the rulings,
deck-list, archive and own-match tests share them), and a legal deck list to submit."""

from __future__ import annotations

import datetime as dt

import pytest

from tests.factories import UserFactory


@pytest.fixture
def rulings_data(db):
    """The shipped catalogue (with the sample cards) and version 1 of the DAR."""
    from rulings.demo import load_rulings_data

    load_rulings_data(sample=True)


@pytest.fixture
def make_event(db, site_admin):
    from tournaments.models import Event

    def make(*, date: dt.date, format: str = "monofaccion", status: str = "registration", **kw):
        return Event.objects.create(
            name=kw.pop("name", f"Event {date}"),
            date=date,
            format=format,
            status=status,
            created_by=site_admin,
            **kw,
        )

    return make


@pytest.fixture
def register(db):
    from tournaments.models import Registration

    def reg(event, user):
        return Registration.objects.create(event=event, player=user)

    return reg


@pytest.fixture
def judge_of(db):
    from tournaments.models import EventStaff

    def make(event, username: str = "judy"):
        user = UserFactory(username=username, display_name="Judy Judge")
        EventStaff.objects.create(event=event, user=user, role="judge")
        return user

    return make


def quimera_list(extra: str = "", size: int = 41) -> str:
    """A legal Monofacción Quimera list of ``size`` cards (sample cards), plus ``extra`` lines."""
    names = [
        "Injerto Errante",
        "Criatura de Probeta",
        "Híbrido del Pantano",
        "Mutante de Azotea",
        "Bióloga Renegada",
        "Enjambre Zumbón",
        "Quimera Menor",
        "Guardián Escamoso",
        "Suero Verde",
        "Caparazón Injertado",
        "Mutación Súbita",
        "Esporas",
        "Gato de Tres Colas",
        "Rata Parlante",
        "Golpe de Suerte",
    ]
    lines = ["1 Santuario del Invernadero"]
    count = 1
    for name in names:
        take = min(4, size - count)
        if take <= 0:
            break
        lines.append(f"{take} {name}")
        count += take
    assert count == size, count
    if extra:
        lines.append(extra)
    return "\n".join(lines)


def with_summary(version, en: str = "Changes.", es: str = "Cambios."):
    """A draft with its summary in both languages, as publication requires."""
    from rulings.services import document_version_update

    return document_version_update(version=version, summary_en=en, summary_es=es)
