"""Admin of the rulings document's versions: edit a draft, preview, see what changes and its
impact, publish with confirmation. Every write to a version goes through the services, so
published versions stay frozen."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.db.models import Count
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import path
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from config.errors import DomainError
from rulings import selectors
from rulings.core.cards import normalise, parse_card_ref
from rulings.core.document import SECTION_ORDER, Section, make_entry, validate_entries
from rulings.deckcheck import FORMATS
from rulings.errors import IssuesError
from rulings.extensions import hooks as rulings_hooks
from rulings.forms import DateForm, PublishForm
from rulings.messages import issue_message
from rulings.models import (
    Card,
    DocumentEntry,
    DocumentVersion,
    RulingsDocument,
    SectionChoice,
    VersionStatus,
)
from rulings.services import (
    document_entry_delete,
    document_entry_save,
    document_version_discard,
    document_version_publish,
    document_version_start_draft,
    document_version_update,
)

if TYPE_CHECKING:
    from django.db.models import QuerySet
    from django.urls import URLPattern


@admin.register(RulingsDocument)
class RulingsDocumentAdmin(admin.ModelAdmin):
    list_display = ("slug", "title_en", "title_es")


FORMAT_CHOICES = [(f.code, f.name) for f in FORMATS.values()]


class EntryForm(forms.ModelForm):
    card_ref = forms.CharField(
        label=gettext_lazy("Card"),
        required=False,
        help_text=gettext_lazy("Edition and number (e.g. EV 155) or the exact name."),
    )
    formats = forms.MultipleChoiceField(
        label=gettext_lazy("Formats"),
        choices=FORMAT_CHOICES,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=gettext_lazy("Banned list only; none ticked means every format."),
    )

    class Meta:
        model = DocumentEntry
        fields = (
            "section",
            "key",
            "card_ref",
            "formats",
            "title_en",
            "title_es",
            "text_en",
            "text_es",
        )
        widgets = {
            "text_en": forms.Textarea(attrs={"rows": 3, "cols": 40}),
            "text_es": forms.Textarea(attrs={"rows": 3, "cols": 40}),
        }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["key"].required = False
        if self.instance.pk and self.instance.card_id:
            card = self.instance.card
            self.initial["card_ref"] = f"{card.edition.code} {card.number}"
        self.resolved_card: Card | None = None

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        section = data.get("section")
        if not section:
            return data
        ref_text = (data.get("card_ref") or "").strip()
        if Section(section).keyed_by_card:
            card = None
            ref = parse_card_ref(ref_text) if ref_text else None
            if ref is not None:
                card = selectors.card_by_ref(ref.edition, ref.number)
            elif ref_text:
                named = list(
                    Card.objects.select_related("edition").filter(name_key=normalise(ref_text))[:2]
                )
                card = named[0] if len(named) == 1 else None
            if card is None:
                self.add_error(
                    "card_ref",
                    _("No single card matches “%(ref)s”.") % {"ref": ref_text}
                    if ref_text
                    else _("Choose the card this entry is about."),
                )
                return data
            self.resolved_card = card
            data["key"] = f"{card.edition.code} {card.number}"
        entry = make_entry(
            {
                "section": section,
                "key": data.get("key", ""),
                "card": data.get("key") if self.resolved_card else None,
                "formats": data.get("formats") or [],
                "text_en": data.get("text_en", ""),
                "text_es": data.get("text_es", ""),
            }
        )
        for problem in validate_entries([entry], formats=FORMATS):
            self.add_error(None, issue_message(problem))
        return data


class EntryFormSet(BaseInlineFormSet):
    def clean(self) -> None:
        super().clean()
        seen = set()
        for form in self.forms:
            if not hasattr(form, "cleaned_data") or not form.cleaned_data:
                continue
            if form.cleaned_data.get("DELETE"):
                continue
            key = (form.cleaned_data.get("section"), form.cleaned_data.get("key"))
            if key in seen:
                form.add_error(
                    None, _("This section already has an entry “%(key)s”.") % {"key": key[1]}
                )
            seen.add(key)


def entry_section(request: HttpRequest) -> str:
    """The document section the editor shows (``?section=``; the first one by default): one
    section per page keeps a long document's editor on a screen."""
    asked = request.GET.get("section", "")
    return asked if asked in SectionChoice.values else SECTION_ORDER[0].value


class DocumentEntryInline(admin.StackedInline):
    model = DocumentEntry
    form = EntryForm
    formset = EntryFormSet
    extra = 1

    def get_queryset(self, request: HttpRequest) -> QuerySet[DocumentEntry]:
        return super().get_queryset(request).filter(section=entry_section(request))

    def get_formset(
        self, request: HttpRequest, obj: DocumentVersion | None = None, **kwargs: Any
    ) -> type[BaseInlineFormSet]:
        formset = super().get_formset(request, obj, **kwargs)
        formset.form.base_fields["section"].initial = entry_section(request)
        return formset

    def _editable(self, obj: DocumentVersion | None) -> bool:
        return obj is not None and obj.status == VersionStatus.DRAFT

    def has_add_permission(self, request: HttpRequest, obj: DocumentVersion | None = None) -> bool:
        return self._editable(obj) and request.user.has_perm("rulings.edit_document")

    def has_change_permission(
        self, request: HttpRequest, obj: DocumentVersion | None = None
    ) -> bool:
        return self._editable(obj) and request.user.has_perm("rulings.edit_document")

    def has_delete_permission(
        self, request: HttpRequest, obj: DocumentVersion | None = None
    ) -> bool:
        return self._editable(obj) and request.user.has_perm("rulings.edit_document")

    def has_view_permission(self, request: HttpRequest, obj: DocumentVersion | None = None) -> bool:
        return request.user.has_perm("rulings.edit_document")

    def get_extra(self, request: HttpRequest, obj: DocumentVersion | None = None, **kwargs) -> int:
        return 1 if self._editable(obj) else 0


@admin.register(DocumentVersion)
class DocumentVersionAdmin(admin.ModelAdmin):
    list_display = ("__str__", "document", "number", "status", "published_on", "in_force_from")
    list_filter = ("document", "status")
    inlines = [DocumentEntryInline]
    fields = (
        "document",
        "number",
        "status",
        "published_on",
        "summary_en",
        "summary_es",
        "summary_language",
    )
    change_form_template = "admin/rulings/documentversion/change_form.html"
    change_list_template = "admin/rulings/documentversion/change_list.html"

    def get_readonly_fields(
        self, request: HttpRequest, obj: DocumentVersion | None = None
    ) -> tuple[str, ...]:
        frozen = ("document", "number", "status", "published_on")
        if obj is None or obj.status != VersionStatus.DRAFT:
            return (*frozen, "summary_en", "summary_es", "summary_language")
        return frozen

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # drafts start from the "new draft" button, as a copy of the latest

    def has_delete_permission(
        self, request: HttpRequest, obj: DocumentVersion | None = None
    ) -> bool:
        return False  # drafts are discarded with their own button; published ones stay

    def has_change_permission(
        self, request: HttpRequest, obj: DocumentVersion | None = None
    ) -> bool:
        return request.user.has_perm("rulings.edit_document")

    def has_view_permission(self, request: HttpRequest, obj: DocumentVersion | None = None) -> bool:
        return request.user.has_perm("rulings.edit_document")

    def has_module_permission(self, request: HttpRequest) -> bool:
        return request.user.has_perm("rulings.edit_document")

    def save_model(
        self, request: HttpRequest, obj: DocumentVersion, form: forms.ModelForm, change: bool
    ) -> None:
        if obj.status == VersionStatus.DRAFT and {
            "summary_en",
            "summary_es",
            "summary_language",
        } & set(form.changed_data):
            document_version_update(
                version=obj,
                summary_en=obj.summary_en,
                summary_es=obj.summary_es,
                summary_language=obj.summary_language,
            )

    def save_formset(
        self,
        request: HttpRequest,
        form: forms.ModelForm,
        formset: BaseInlineFormSet,
        change: bool,
    ) -> None:
        """Save the entries through the services (they refuse to touch a published version)."""
        version = form.instance
        formset.new_objects, formset.changed_objects, formset.deleted_objects = [], [], []
        for entry_form in formset.forms:
            data = getattr(entry_form, "cleaned_data", None) or {}
            instance = entry_form.instance if entry_form.instance.pk else None
            if data.get("DELETE"):
                if instance is not None:
                    document_entry_delete(entry=instance)
                    formset.deleted_objects.append(instance)
                continue
            if not data or not entry_form.has_changed():
                continue
            saved = document_entry_save(
                version=version,
                section=data["section"],
                key=data.get("key", ""),
                card=entry_form.resolved_card,
                formats=data.get("formats") or [],
                title_en=data.get("title_en", ""),
                title_es=data.get("title_es", ""),
                text_en=data.get("text_en", ""),
                text_es=data.get("text_es", ""),
                entry=instance,
            )
            if instance is None:
                formset.new_objects.append(saved)
            else:
                formset.changed_objects.append((saved, entry_form.changed_data))

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        if object_id is not None:
            current = entry_section(request)
            counts = dict(
                DocumentEntry.objects.filter(version_id=object_id)
                .values_list("section")
                .annotate(n=Count("pk"))
            )
            extra_context = {
                **(extra_context or {}),
                "entry_section": current,
                "entry_sections": [
                    {
                        "value": value,
                        "label": label,
                        "count": counts.get(value, 0),
                        "current": value == current,
                    }
                    for value, label in SectionChoice.choices
                ],
            }
        try:
            return super().changeform_view(request, object_id, form_url, extra_context)
        except DomainError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return redirect(request.path)

    def response_change(self, request: HttpRequest, obj: DocumentVersion) -> HttpResponse:
        response = super().response_change(request, obj)
        if "_continue" in request.POST and response.status_code == 302:
            response["Location"] = f"{request.path}?section={entry_section(request)}"
        return response

    # --- the document's own buttons -------------------------------------------------------
    def get_urls(self) -> list[URLPattern]:
        view = self.admin_site.admin_view
        return [
            path("start-draft/", view(self.start_draft_view), name="rulings_version_start_draft"),
            path("<id:pk>/preview/", view(self.preview_view), name="rulings_version_preview"),
            path("<id:pk>/diff/", view(self.diff_view), name="rulings_version_diff"),
            path("<id:pk>/publish/", view(self.publish_view), name="rulings_version_publish"),
            path("<id:pk>/discard/", view(self.discard_view), name="rulings_version_discard"),
            *super().get_urls(),
        ]

    def _version(self, request: HttpRequest, pk: int) -> DocumentVersion:
        if not request.user.has_perm("rulings.edit_document"):
            raise PermissionDenied
        return get_object_or_404(DocumentVersion.objects.select_related("document"), pk=pk)

    def _context(self, request: HttpRequest, version: DocumentVersion, **extra) -> dict[str, Any]:
        return {
            **self.admin_site.each_context(request),
            "opts": self.model._meta,
            "original": version,
            "version": version,
            **extra,
        }

    def _diff_context(self, version: DocumentVersion) -> dict[str, Any]:
        from rulings.views import _diff_sections

        base = (
            selectors.previous_published(version)
            if version.is_published
            else selectors.latest_published(version.document)
        )
        result = selectors.version_diff(base, version)
        return {"base": base, "diff": result, "sections": _diff_sections(result)}

    def _impact_context(self, version: DocumentVersion, published_on: Any) -> dict[str, Any]:
        """What the version does to registered lists if published on ``published_on`` (its
        own date once published): the reading the notices are made from."""
        if not isinstance(published_on, dt.date) or published_on < timezone.localdate():
            published_on = timezone.localdate()
        published_on = version.published_on or published_on
        return {
            "impact": rulings_hooks.impact(version, published_on),
            "impact_published_on": published_on,
        }

    def _asked_date(self, request: HttpRequest) -> dt.date | None:
        form = DateForm({"date": request.GET.get("published_on", "")})
        return form.cleaned_data["date"] if form.is_valid() else None

    def start_draft_view(self, request: HttpRequest) -> HttpResponse:
        if request.method != "POST":
            return redirect("admin:rulings_documentversion_changelist")
        if not request.user.has_perm("rulings.edit_document"):
            raise PermissionDenied
        document = selectors.document_find()
        if document is None:
            self.message_user(
                request, _("Load the rulings document first (load_rulings_data)."), messages.ERROR
            )
            return redirect("admin:rulings_documentversion_changelist")
        try:
            draft = document_version_start_draft(document=document, actor=request.user)
        except DomainError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            existing = selectors.open_draft(document)
            if existing:
                return redirect("admin:rulings_documentversion_change", existing.pk)
            return redirect("admin:rulings_documentversion_changelist")
        self.message_user(
            request,
            _("Draft version %(number)s started as a copy of the latest version.")
            % {"number": draft.number},
            messages.SUCCESS,
        )
        return redirect("admin:rulings_documentversion_change", draft.pk)

    def preview_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        version = self._version(request, pk)
        context = self._context(
            request,
            version,
            title=_("Preview of %(version)s") % {"version": version},
            sections=selectors.version_sections(version),
        )
        return TemplateResponse(request, "admin/rulings/documentversion/preview.html", context)

    def diff_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        version = self._version(request, pk)
        context = self._context(
            request,
            version,
            title=_("What changes in %(version)s") % {"version": version},
            **self._diff_context(version),
            **self._impact_context(version, self._asked_date(request)),
        )
        return TemplateResponse(request, "admin/rulings/documentversion/diff.html", context)

    def publish_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        version = self._version(request, pk)
        if version.is_published:
            # The result of publishing: whom its notices told, and what it changed.
            context = self._context(
                request,
                version,
                title=_("%(version)s is published") % {"version": version},
                told=rulings_hooks.told(version),
                **self._diff_context(version),
                **self._impact_context(version, version.published_on),
            )
            return TemplateResponse(request, "admin/rulings/documentversion/publish.html", context)
        asked = self._asked_date(request)
        form = PublishForm(
            request.POST or None, initial={"published_on": asked or timezone.localdate()}
        )
        problems: list[str] = []
        status = 200
        if request.method == "POST":
            if form.is_valid():
                try:
                    document_version_publish(
                        version=version,
                        published_on=form.cleaned_data["published_on"],
                        actor=request.user,
                    )
                except IssuesError as exc:
                    form.add_error(None, exc.message)
                    problems = exc.messages
                    status = 400
                except DomainError as exc:
                    form.add_error(exc.field if exc.field in form.fields else None, exc.message)
                    status = 400
                else:
                    version.refresh_from_db()
                    self.message_user(
                        request,
                        _("Version %(number)s is published; it is in force from %(date)s.")
                        % {"number": version.number, "date": version.in_force_from.isoformat()},
                        messages.SUCCESS,
                    )
                    return redirect("admin:rulings_version_publish", version.pk)
            else:
                status = 400
        chosen = (
            form.cleaned_data.get("published_on") if form.is_bound and form.is_valid() else None
        )
        context = self._context(
            request,
            version,
            title=_("Publish %(version)s") % {"version": version},
            form=form,
            problems=problems,
            **self._diff_context(version),
            **self._impact_context(version, chosen or asked),
        )
        return TemplateResponse(
            request, "admin/rulings/documentversion/publish.html", context, status=status
        )

    def discard_view(self, request: HttpRequest, pk: int) -> HttpResponse:
        version = self._version(request, pk)
        if request.method != "POST":
            return redirect("admin:rulings_documentversion_change", version.pk)
        try:
            document_version_discard(version=version)
        except DomainError as exc:
            self.message_user(request, exc.message, messages.ERROR)
            return redirect("admin:rulings_documentversion_change", version.pk)
        self.message_user(request, _("The draft was discarded."), messages.SUCCESS)
        return redirect("admin:rulings_documentversion_changelist")
