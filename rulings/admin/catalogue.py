"""Admin of the card catalogue: editions and cards, with CSV import and export and each
card's texts and picture."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.template.loader import render_to_string
from django.template.response import TemplateResponse
from django.urls import path
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rulings import selectors
from rulings.core.issues import issue
from rulings.core.pictures import MAX_PICTURE_BYTES
from rulings.errors import CardPictureInvalid, CatalogueImportInvalid
from rulings.forms import CatalogueImportForm
from rulings.messages import issue_message
from rulings.models import (
    Card,
    Edition,
)
from rulings.services import (
    card_picture_clear,
    card_picture_set,
    catalogue_import,
)
from rulings.services.card_pictures import card_picture_check

if TYPE_CHECKING:
    from django.db.models import QuerySet
    from django.urls import URLPattern


def _csv_response(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ("code", "name", "set_size", "release_date")
    search_fields = ("code", "name")


class CardAdminForm(forms.ModelForm):
    # Not an ImageField: Django's would let Pillow open any format it knows; the picture core
    # opens only JPEG, PNG, WebP and GIF, bounded before decoding (rulings/core/pictures.py).
    picture_upload = forms.FileField(
        label=gettext_lazy("Picture"),
        required=False,
        widget=forms.FileInput(attrs={"accept": "image/jpeg,image/png,image/webp,image/gif"}),
        help_text=gettext_lazy(
            "JPEG, PNG, WebP or GIF, at most 8 MB. It is kept at most 750 × 1050 pixels, "
            "with a small thumbnail for the pages."
        ),
    )
    picture_remove = forms.BooleanField(
        label=gettext_lazy("Remove the picture"),
        required=False,
        help_text=gettext_lazy("The pages then show the card's text."),
    )

    class Meta:
        model = Card
        fields = (
            "edition",
            "number",
            "name",
            "type",
            "faction",
            "cost",
            "attributes_known",
            "rarity",
            "sample",
            "text_es",
            "text_en",
        )

    def clean_picture_upload(self) -> bytes | None:
        upload = self.cleaned_data.get("picture_upload")
        if not upload:
            return None
        if upload.size > MAX_PICTURE_BYTES:
            raise forms.ValidationError(
                issue_message(
                    issue(
                        "picture_too_large",
                        file=upload.name,
                        size=upload.size,
                        limit=MAX_PICTURE_BYTES,
                    )
                )
            )
        data = upload.read()
        try:
            card_picture_check(data=data, filename=upload.name)
        except CardPictureInvalid as exc:
            raise forms.ValidationError(exc.message) from exc
        self.picture_name = upload.name
        return data

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        edition, number = data.get("edition"), data.get("number")
        if edition and number and number > edition.set_size:
            self.add_error(
                "number",
                _("Edition %(code)s has %(size)s cards; number %(number)s is beyond it.")
                % {"code": edition.code, "size": edition.set_size, "number": number},
            )
        known = data.get("attributes_known", True)
        if known and data.get("type") != "santuario" and data.get("cost") is None:
            self.add_error("cost", _("Only a Sanctuary may have no Will cost."))
        return data


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ("ref_label", "name", "type", "faction", "cost", "rarity", "sample", "pictured")
    readonly_fields = ("picture_preview",)
    list_filter = ("edition", "type", "faction", "attributes_known", "rarity", "sample")
    search_fields = ("name", "name_key")
    list_select_related = ("edition",)
    ordering = ("edition__code", "number")
    actions = ["export_selected"]
    change_list_template = "admin/rulings/card/change_list.html"

    @admin.display(description=gettext_lazy("picture"), boolean=True)
    def pictured(self, obj: Card) -> bool:
        return bool(obj.thumbnail)

    @admin.display(description=gettext_lazy("picture as the pages show it"))
    def picture_preview(self, obj: Card) -> str:
        if obj.pk is None:
            return "—"
        return render_to_string("rulings/_card_face.html", {"face": obj.face})

    def save_model(
        self, request: HttpRequest, obj: Card, form: forms.ModelForm, change: bool
    ) -> None:
        super().save_model(request, obj, form, change)
        data = form.cleaned_data.get("picture_upload")
        if data:
            card_picture_set(card=obj, data=data, filename=form.picture_name)
        elif form.cleaned_data.get("picture_remove"):
            card_picture_clear(card=obj)

    @admin.display(description=gettext_lazy("reference"), ordering="number")
    def ref_label(self, obj: Card) -> str:
        return obj.ref

    @admin.action(description=gettext_lazy("Export the selected cards as CSV"))
    def export_selected(self, request: HttpRequest, queryset: QuerySet[Card]) -> HttpResponse:
        return _csv_response(selectors.cards_csv(queryset), "cards.csv")

    def get_urls(self) -> list[URLPattern]:
        urls = [
            path(
                "import/", self.admin_site.admin_view(self.import_view), name="rulings_card_import"
            ),
            path(
                "export/cards.csv",
                self.admin_site.admin_view(self.export_cards_view),
                name="rulings_card_export",
            ),
            path(
                "export/editions.csv",
                self.admin_site.admin_view(self.export_editions_view),
                name="rulings_edition_export",
            ),
        ]
        return [*urls, *super().get_urls()]

    def _require_manage(self, request: HttpRequest) -> None:
        if not request.user.has_perm("rulings.manage_catalogue"):
            raise PermissionDenied

    def export_cards_view(self, request: HttpRequest) -> HttpResponse:
        self._require_manage(request)
        return _csv_response(selectors.cards_csv(), "cards.csv")

    def export_editions_view(self, request: HttpRequest) -> HttpResponse:
        self._require_manage(request)
        return _csv_response(selectors.editions_csv(), "editions.csv")

    def import_view(self, request: HttpRequest) -> HttpResponse:
        self._require_manage(request)
        form = CatalogueImportForm(request.POST or None, request.FILES or None)
        problems: list[str] = []
        status = 200
        if request.method == "POST":
            if form.is_valid():
                editions = form.cleaned_data.get("editions")
                cards = form.cleaned_data.get("cards")
                try:
                    report = catalogue_import(
                        editions_data=editions.read() if editions else None,
                        cards_data=cards.read() if cards else None,
                    )
                except CatalogueImportInvalid as exc:
                    form.add_error(None, exc.message)
                    problems = exc.messages
                    status = 400
                else:
                    self.message_user(request, report.summary(), messages.SUCCESS)
                    return redirect("admin:rulings_card_changelist")
            else:
                status = 400
        context = {
            **self.admin_site.each_context(request),
            "title": _("Import the catalogue from CSV"),
            "form": form,
            "problems": problems,
            "opts": self.model._meta,
        }
        return TemplateResponse(request, "admin/rulings/card/import.html", context, status=status)
