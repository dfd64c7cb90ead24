"""Rulings errors: domain errors that carry the cores' issues (every bad line or row)."""

from __future__ import annotations

from collections.abc import Sequence

from config.errors import DomainError
from rulings.core.issues import Issue
from rulings.messages import issue_message, issue_payload


class IssuesError(DomainError):
    """Bad input with one or more issues from a core; nothing was changed.

    The API answers 400 with ``errors``: one item per issue (code, line,
    params, candidates and the message in the reader's language).
    """

    def __init__(
        self,
        message: str,
        issues: Sequence[Issue],
        *,
        field: str | None = None,
        code: str | None = None,
    ) -> None:
        self.issues = tuple(issues)
        super().__init__(
            message,
            field=field,
            code=code,
            extra={"errors": [issue_payload(i) for i in self.issues]},
        )

    @property
    def messages(self) -> list[str]:
        return [issue_message(i) for i in self.issues]


class DeckListInvalid(IssuesError):
    """A deck list that does not parse (or names two Sanctuaries): nothing saved."""


class CatalogueImportInvalid(IssuesError):
    """A catalogue file with bad rows: nothing imported."""


class DocumentVersionInvalid(IssuesError):
    """A draft version that cannot be published as it stands."""


class CardPictureInvalid(IssuesError):
    """An uploaded card picture that is refused (not an image, too big, damaged)."""
