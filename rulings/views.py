"""Public rulings pages, the card catalogue, and deck-list pages for players and judges."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _

from config.errors import NotFoundError
from config.numbers import parse_whole_number
from rulings import selectors
from rulings.diff_sentences import versions_sentences
from rulings.forms import DateForm
from rulings.models import Edition

if TYPE_CHECKING:
    from rulings.core.docdiff import DocumentDiff
    from rulings.models import DocumentVersion, RulingsDocument


# --- the rulings document --------------------------------------------------------------------
def _version_page(
    request: HttpRequest,
    *,
    version: DocumentVersion | None,
    document: RulingsDocument | None,
    on_date: dt.date | None,
    form: DateForm | None = None,
    status: int = 200,
) -> HttpResponse:
    today = timezone.localdate()
    latest = selectors.latest_published(document) if document else None
    upcoming = latest if latest and version and latest.number > version.number else None
    context = {
        "document": document,
        "version": version,
        "sections": selectors.version_sections(version) if version else [],
        "previous": selectors.previous_published(version) if version else None,
        "on_date": on_date,
        "today": today,
        "upcoming": upcoming if on_date is None or on_date >= today else None,
        "date_form": form or DateForm(initial={"date": on_date or today}),
    }
    return render(request, "rulings/version.html", context, status=status)


def current(request: HttpRequest) -> HttpResponse:
    document = selectors.document_find()
    version = selectors.version_in_force_today(document) if document else None
    return _version_page(request, version=version, document=document, on_date=None)


def on_date(request: HttpRequest) -> HttpResponse:
    document = selectors.document_find()
    form = DateForm(request.GET or None)
    if not form.is_valid():
        version = selectors.version_in_force_today(document) if document else None
        return _version_page(
            request, version=version, document=document, on_date=None, form=form, status=400
        )
    day = form.cleaned_data["date"]
    version = selectors.version_in_force(document, day) if document else None
    return _version_page(request, version=version, document=document, on_date=day, form=form)


def version_detail(request: HttpRequest, number: int) -> HttpResponse:
    try:
        document = selectors.document_get()
        version = selectors.version_get(document, number)
    except NotFoundError as exc:
        raise Http404(exc.message) from exc
    return render(
        request,
        "rulings/version.html",
        {
            "document": document,
            "version": version,
            "sections": selectors.version_sections(version),
            "previous": selectors.previous_published(version),
            "pinned": True,
            "date_form": DateForm(initial={"date": timezone.localdate()}),
        },
    )


def history(request: HttpRequest) -> HttpResponse:
    document = selectors.document_find()
    versions = list(selectors.published_versions(document)) if document else []
    in_force = selectors.version_in_force_today(document) if document else None
    sentences = versions_sentences(versions)
    return render(
        request,
        "rulings/history.html",
        {
            "document": document,
            "versions": [(v, sentences.get(v.number, [])) for v in versions],
            "in_force": in_force,
        },
    )


def diff(request: HttpRequest) -> HttpResponse:
    document = selectors.document_find()
    if document is None:
        raise Http404
    versions = list(selectors.published_versions(document))
    if not versions:
        return render(request, "rulings/diff.html", {"document": document, "versions": []})
    numbers = {v.number: v for v in versions}
    new_n = parse_whole_number(request.GET.get("to") or str(versions[0].number))
    old_n = parse_whole_number(
        request.GET.get("from") or str(versions[1].number if len(versions) > 1 else 0)
    )
    if new_n not in numbers or (old_n not in numbers and old_n != 0) or old_n is None:
        return render(
            request,
            "rulings/diff.html",
            {
                "document": document,
                "versions": versions,
                "error": _("Choose two published versions."),
            },
            status=400,
        )
    old, new = numbers.get(old_n), numbers[new_n]
    result = selectors.version_diff(old, new)
    return render(
        request,
        "rulings/diff.html",
        {
            "document": document,
            "versions": versions,
            "old": old,
            "new": new,
            "diff": result,
            "sections": _diff_sections(result),
        },
    )


def _diff_sections(result: DocumentDiff) -> list[dict]:
    """The changed sections, each with its changes as sentences (``rulings.diff_sentences``)."""
    from rulings.diff_sentences import card_labels, section_lines
    from rulings.models import SectionChoice

    labels = dict(SectionChoice.choices)
    cards = card_labels(result)
    return [
        {
            "label": labels[s.section.value],
            "diff": s,
            "keyed_by_card": s.section.keyed_by_card,
            "lines": section_lines(s, cards),
        }
        for s in result.sections
        if not s.empty
    ]


# --- the card catalogue -----------------------------------------------------------------------
def cards(request: HttpRequest) -> HttpResponse:
    q = request.GET.get("q", "")[:100]
    edition = request.GET.get("edition", "")[:5]
    page = Paginator(selectors.cards_search(q=q, edition=edition), 100).get_page(
        parse_whole_number(request.GET.get("page"))
    )
    return render(
        request,
        "rulings/cards.html",
        {"page": page, "q": q, "edition": edition, "editions": Edition.objects.all()},
    )


# --- deck lists: players ----------------------------------------------------------------------
