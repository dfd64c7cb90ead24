"""Why an archive is refused: the errors an import raises and their translated messages.

Nothing is written when one is raised: the import runs in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from archives.core.comparison import Conflict
from archives.core.errors import ArchiveError
from config.errors import DomainError

# The reasons a file is refused, by ``ArchiveError.code``.
MESSAGES = {
    "not_json": gettext_lazy("The file is not valid JSON (%(detail)s)."),
    "not_an_archive": gettext_lazy("The file is not an event archive: it is not a JSON object."),
    "foreign_format": gettext_lazy(
        "The file is not an event archive of this site (its format is %(found)s)."
    ),
    "unsupported_version": gettext_lazy(
        "The archive is of format version %(found)s; this site reads version %(supported)s."
    ),
    "missing_field": gettext_lazy("The archive is incomplete: %(where)s is missing."),
    "wrong_type": gettext_lazy("The archive is damaged: %(where)s is not a valid %(expected)s."),
    "wrong_key": gettext_lazy(
        "The archive is damaged: the record %(where)s should be stored as %(expected)s."
    ),
    "unknown_record_type": gettext_lazy(
        "The archive is damaged: %(where)s has an unknown record type %(found)s."
    ),
    "unknown_reference": gettext_lazy(
        "The archive is damaged: %(where)s refers to %(target)s, which is not in the file."
    ),
    "lone_surrogate": gettext_lazy(
        "The archive is damaged: %(where)s holds an invalid character (a lone surrogate)."
    ),
    "too_large": gettext_lazy(
        "The file is larger than the %(limit)s bytes this site accepts for an archive "
        "(ARCHIVE_MAX_BYTES)."
    ),
    "too_many_records": gettext_lazy(
        "The archive holds %(count)s records, more than the %(limit)s this site accepts "
        "(ARCHIVE_MAX_RECORDS)."
    ),
    "draft_duplicate_id": gettext_lazy(
        "The archive is damaged: %(where)s repeats %(id)s, which must be unique."
    ),
    # The draft's cards do not add up (``archives.core.conservation``).
    "draft_card_place": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s a card %(card)s is in %(places)s "
        "places (a pack, an auction deck or a pool) instead of exactly one."
    ),
    "draft_card_source": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s a card %(card)s has the source "
        "%(source)s, which does not fit where it is."
    ),
    "draft_pick_twice": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s seat %(seat)s has two picks for "
        "pack %(round)s, pick %(pick)s."
    ),
    "draft_card_picked_twice": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s a card %(card)s was picked twice."
    ),
    "draft_pick_not_in_pool": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s the card %(card)s that seat "
        "%(seat)s picked at pack %(round)s, pick %(pick)s is not in that seat's pool."
    ),
    "draft_picks_gap": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s seat %(seat)s has no pick %(pick)s "
        "in pack %(round)s, but later ones."
    ),
    "draft_pack_short": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s the pack seat %(seat)s opened in "
        "pack round %(round)s accounts for %(count)s cards (left in it and picked from it) "
        "instead of %(expected)s."
    ),
    "draft_pool_unaccounted": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s the pool of seat %(seat)s holds a "
        "card %(card)s that neither its picks nor the auction deck it won account for."
    ),
    "draft_auction_unaccounted": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s the auction log does not account "
        "for where a card %(card)s is."
    ),
    "draft_auction_deck": gettext_lazy(
        "The draft's cards do not add up: in pod %(pod)s the auction gave the deck "
        "%(deck)s to a seat that does not have it."
    ),
    "draft_deck_outside_pool": gettext_lazy(
        "The draft's cards do not add up: the deck of %(who)s has %(deck)s of %(card)s; "
        "the pool has %(pool)s."
    ),
    "draft_card_pool_mismatch": gettext_lazy(
        "The draft's cards do not add up: the card pool of %(player)s has %(recorded)s of "
        "%(card)s; their seat drafted %(drafted)s."
    ),
}

CONFLICT_HERE = {
    "created": gettext_lazy("added here since the archive was exported"),
    "changed": gettext_lazy("changed here since the archive was exported"),
    "deleted": gettext_lazy("deleted here since the archive was exported"),
}


class ArchiveRefusedError(DomainError):
    """The file cannot be imported (damaged, foreign, invalid values): nothing was written."""


class ArchiveConflictError(ArchiveRefusedError):
    """Records changed here since the archive's base: nothing was written."""

    def __init__(self, conflicts: Iterable[Conflict]) -> None:
        self.conflicts = tuple(conflicts)
        lines = [
            _("%(key)s (%(type)s): %(here)s")
            % {"key": c.key, "type": c.record_type, "here": CONFLICT_HERE[c.here]}
            for c in self.conflicts
        ]
        message = _(
            "The event changed on this site since the archive was exported, so importing it "
            "would overwrite those changes. Nothing was imported. Conflicting records:"
        )
        super().__init__("\n".join([message, *lines]), code="archive_conflict")


def refused(error: ArchiveError) -> ArchiveRefusedError:
    template = MESSAGES.get(error.code)
    text = str(template) % error.params if template else str(error)
    return ArchiveRefusedError(text, code=f"archive_{error.code}")


def integrity_refusal(error: Exception) -> ArchiveRefusedError:
    return ArchiveRefusedError(
        _("The archive contradicts the data on this site (%(detail)s). Nothing was imported.")
        % {"detail": str(error).splitlines()[0][:200]},
        code="archive_integrity",
    )


def clean_row(row: models.Model, where: str, exclude: list[str] | None = None) -> None:
    """Each field's own checks (choices, lengths, ranges) before anything is saved."""
    try:
        row.clean_fields(exclude=exclude)
    except ValidationError as error:
        problems = "; ".join(
            f"{name}: {' '.join(str(m) for m in messages)}"
            for name, messages in error.message_dict.items()
        )
        raise ArchiveRefusedError(
            _("The archive has an invalid value at %(where)s (%(problems)s).")
            % {"where": where, "problems": problems},
            code="archive_invalid_value",
        ) from None
