"""Writes of the rulings app (HackSoft-style: ``<entity>_<action>``, keyword-only, atomic)."""

from rulings.services.card_pictures import card_picture_clear, card_picture_set
from rulings.services.catalogue import ImportReport, catalogue_import
from rulings.services.documents import (
    document_entry_delete,
    document_entry_save,
    document_load_data,
    document_version_discard,
    document_version_publish,
    document_version_start_draft,
    document_version_update,
)

__all__ = [
    "ImportReport",
    "card_picture_clear",
    "card_picture_set",
    "catalogue_import",
    "document_entry_delete",
    "document_entry_save",
    "document_load_data",
    "document_version_discard",
    "document_version_publish",
    "document_version_start_draft",
    "document_version_update",
]
