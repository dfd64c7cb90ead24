"""The admin's rulings draft editor shows one section of the document per page, with a link
to each section (and its number of entries), so it fits on a screen."""

from __future__ import annotations

import re

import pytest
from django.http import HttpRequest
from django.urls import reverse

from rulings import selectors
from rulings.core.document import SECTION_ORDER
from rulings.models import DocumentEntry
from rulings.services import document_version_start_draft

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client, site_admin, password, rulings_data):
    client.login(request=HttpRequest(), username=site_admin.username, password=password)
    return client


@pytest.fixture
def draft(site_admin, rulings_data):
    return document_version_start_draft(document=selectors.document_get(), actor=site_admin)


def shown(response) -> list[DocumentEntry]:
    (inline,) = response.context["inline_admin_formsets"]
    return [form.instance for form in inline.formset.forms if form.instance.pk]


def test_the_editor_shows_the_first_section_only_and_links_to_each(admin_client, draft):
    url = reverse("admin:rulings_documentversion_change", args=[draft.pk])
    response = admin_client.get(url)
    assert response.status_code == 200
    first = SECTION_ORDER[0]
    entries = shown(response)
    assert {e.section for e in entries} <= {first}
    assert len(entries) == draft.entries.filter(section=first).count()
    assert len(entries) < draft.entries.count()
    body = response.content.decode()
    for section in SECTION_ORDER:
        count = draft.entries.filter(section=section).count()
        assert re.search(rf'href="\?section={section}"[^>]*>[^<]*<[^>]*>\s*{count}\b', body)


def test_a_section_page_shows_that_sections_entries_and_new_ones_default_to_it(admin_client, draft):
    url = reverse("admin:rulings_documentversion_change", args=[draft.pk])
    section = "tournament_rules"
    response = admin_client.get(url, {"section": section})
    entries = shown(response)
    assert entries and {e.section for e in entries} == {section}
    assert len(entries) == draft.entries.filter(section=section).count()
    (inline,) = response.context["inline_admin_formsets"]
    assert inline.formset.empty_form["section"].initial == section
    assert 'aria-current="page"' in response.content.decode()


def test_an_unknown_section_shows_the_first(admin_client, draft):
    url = reverse("admin:rulings_documentversion_change", args=[draft.pk])
    response = admin_client.get(url, {"section": "nope"})
    assert response.status_code == 200
    assert {e.section for e in shown(response)} <= {SECTION_ORDER[0]}


def test_saving_a_section_page_keeps_the_other_sections(admin_client, draft):
    url = reverse("admin:rulings_documentversion_change", args=[draft.pk])
    section = "tournament_rules"
    before = draft.entries.count()
    response = admin_client.get(url, {"section": section})
    (inline,) = response.context["inline_admin_formsets"]
    formset = inline.formset
    data = {"summary_en": "Edited", "summary_es": "Editado", "_continue": "1"}
    for name, field in formset.management_form.fields.items():
        data[f"{formset.prefix}-{name}"] = formset.management_form.initial.get(name, field.initial)
    data[f"{formset.prefix}-TOTAL_FORMS"] = len([f for f in formset.forms if f.instance.pk])
    for form in formset.forms:
        if not form.instance.pk:
            continue
        for name in form.fields:
            value = form[name].value()
            if value is None:
                continue
            data[form.add_prefix(name)] = value
    saved = admin_client.post(f"{url}?section={section}", data)
    assert saved.status_code == 302, saved.context and saved.context["errors"]
    assert saved["Location"].endswith(f"?section={section}")
    assert draft.entries.count() == before
