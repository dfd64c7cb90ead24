"""The project's domain errors. Services raise them; pages and the API translate them.

A ``DomainError`` carries a translated message and, optionally, the field it
is about, so a form can show it next to the field and the API can answer 400
with ``{field: [message]}``.
"""

from __future__ import annotations

from typing import Any


class DomainError(Exception):
    """Bad input or a refused action: nothing was changed."""

    #: The code of a refusal that names none (config/error_codes.py lists them).
    default_code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = str(message)
        self.field = field
        self.code = code or self.default_code
        self.extra = extra or {}

    def as_payload(self) -> dict[str, Any]:
        key = self.field or "detail"
        payload: dict[str, Any] = {key: [self.message], "code": self.code}
        payload.update(self.extra)
        return payload


class ConflictError(DomainError):
    """The action clashes with the current state (already done, wrong phase, a race lost)."""

    default_code = "conflict"


class NotFoundError(DomainError):
    """The thing named does not exist (or is not visible to the caller)."""

    default_code = "not_found"


class ForbiddenError(DomainError):
    """The actor may not do this, for a reason worth telling them (a plain permission
    refusal says only that they may not)."""

    default_code = "forbidden"
