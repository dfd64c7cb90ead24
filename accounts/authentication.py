"""API token authentication in one precompiled query.

DRF's ``TokenAuthentication`` builds a ``select_related`` queryset on every request,
which costs more CPU than the lookup itself; every player's result report pays it.
This finds the token and its user in one query built once (``config.joined_rows``) and
otherwise behaves exactly as DRF's class: the same header, errors and inactive check.
"""

from __future__ import annotations

import functools

from django.utils.translation import gettext_lazy as _
from rest_framework import authentication, exceptions
from rest_framework.authtoken.models import Token

from accounts.models import User
from config.joined_rows import JoinedRows, quoted
from config.prepared import hot_cursor


@functools.cache
def _token_rows() -> tuple[JoinedRows, str]:
    rows = JoinedRows((Token, "t"), (User, "u"))
    sql = (
        f"SELECT {rows.select_list} FROM {quoted(Token)} t "
        f"JOIN {quoted(User)} u ON u.id = t.user_id WHERE t.key = %s"
    )
    return rows, sql


class TokenAuthentication(authentication.TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[User, Token]:
        rows, sql = _token_rows()
        with hot_cursor() as cursor:
            cursor.execute(sql, [key])
            row = cursor.fetchone()
        if row is None:
            raise exceptions.AuthenticationFailed(_("Invalid token."))
        token, user = rows.build(row)
        if not user.is_active:
            raise exceptions.AuthenticationFailed(_("User inactive or deleted."))
        token.user = user
        return user, token
