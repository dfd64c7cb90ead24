"""Writes of the rulings app (HackSoft-style: ``<entity>_<action>``, keyword-only, atomic)."""

from rulings.services.catalogue import ImportReport, catalogue_import
from rulings.services.deckchecks import deck_check_record
from rulings.services.decklists import card_pool_set, deck_check_pick_random, deck_list_submit
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
    "card_pool_set",
    "catalogue_import",
    "deck_check_pick_random",
    "deck_check_record",
    "deck_list_submit",
    "document_entry_delete",
    "document_entry_save",
    "document_load_data",
    "document_version_discard",
    "document_version_publish",
    "document_version_start_draft",
    "document_version_update",
]
