from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from difflib import SequenceMatcher

from django.conf import settings
from django.db.models import Case, IntegerField, QuerySet, Value, When

from accounts.models import (
    NOTIFICATION_DEFAULTS,
    NotificationKind,
    NotificationPreferences,
    SecurityNotice,
    User,
)


def notification_kind(kind: str) -> str:
    """The kind's value: a ``NotificationKind`` or a ``SecurityNotice``; ``ValueError`` for
    anything else."""
    if kind in SecurityNotice.values:
        return SecurityNotice(kind).value
    return NotificationKind(kind).value


def email_in_use(email: str, *, exclude_pk: int | None = None) -> bool:
    """Whether another account already has this e-mail (case-insensitive)."""
    qs = User.objects.filter(email__iexact=email.strip())
    if exclude_pk is not None:
        qs = qs.exclude(pk=exclude_pk)
    return qs.exists()


def notification_recipients(*, kind: str, user_ids: Iterable[int]) -> list[int]:
    """Of ``user_ids``, who gets a ``kind`` mail: active accounts with a real address (not a
    walk-in guest's ``.invalid`` one) that did not turn the kind off (or, for a kind that is
    off by default, turned it on). A security notice cannot be turned off."""
    kind = notification_kind(kind)
    people = (
        User.objects.filter(pk__in=list(user_ids), is_active=True)
        .exclude(email="")
        .exclude(email__iendswith=".invalid")
    )
    field = f"notification_preferences__{kind}"
    if kind not in SecurityNotice.values:
        if NOTIFICATION_DEFAULTS[kind]:
            people = people.exclude(**{field: False})
        else:
            people = people.filter(**{field: True})
    return list(people.order_by("pk").values_list("pk", flat=True))


def can_sign_in(user: User) -> bool:
    """Whether the person can sign in (and so act on the site themself): an active account
    with a password. A walk-in entered by a judge has none, nor has an imported person."""
    return user.is_active and bool(user.password) and user.has_usable_password()


def notification_preferences_of(user: User) -> NotificationPreferences:
    """The person's preferences: their row, or an unsaved one with the defaults."""
    found = NotificationPreferences.objects.filter(user=user).first()
    return found or NotificationPreferences(user=user)


def notification_language(user_id: int) -> str:
    """The language of a person's mails: their choice, else the site's."""
    chosen = (
        NotificationPreferences.objects.filter(user_id=user_id)
        .values_list("language", flat=True)
        .first()
    )
    return chosen or settings.LANGUAGE_CODE


# --- finding a person by what an organiser types ----------------------------------------------
SEARCH_CANDIDATES = 200
_FOLDED = {
    "a": "aáàâäãå",
    "e": "eéèêë",
    "i": "iíìîï",
    "o": "oóòôöõ",
    "u": "uúùûü",
    "n": "nñ",
    "c": "cç",
}


def fold(text: str) -> str:
    """``text`` for matching: case and accents ignored ("Martínez" and "MARTINEZ" agree)."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).split())


def _accent_pattern(token: str) -> str:
    """A case-insensitive regular expression for ``token`` that matches it with or without
    accents; Django runs ``iregex`` on SQLite and PostgreSQL alike."""
    return "".join(f"[{_FOLDED[c]}]" if c in _FOLDED else re.escape(c) for c in fold(token))


def person_search(text: str, *, among: QuerySet[User], limit: int = 10) -> list[User]:
    """Accounts matching what an organiser typed: the exact player number of any active
    account, or any words of a name (a surname alone will do), accents and case ignored,
    among the accounts of ``among`` only (the caller decides whom a name may find; a
    username is never matched, so no typing learns one). Best matches first: exact number,
    then whole name, then names whose words start with the typed ones. The database narrows
    the candidates on the longest word (at most ``SEARCH_CANDIDATES``); the words are then
    matched in Python."""
    words = fold(text).split()
    if not words:
        return []
    found: dict[int, tuple[int, User]] = {}
    if len(words) == 1 and words[0].isdigit():
        for user in User.objects.filter(player_number=int(words[0]), is_active=True):
            found[user.pk] = (0, user)
    longest = max(words, key=len)
    pattern = _accent_pattern(longest)
    candidates = among.filter(is_active=True, display_name__iregex=pattern)
    for user in candidates.order_by("display_name", "pk")[:SEARCH_CANDIDATES]:
        name = fold(user.display_name)
        name_words = name.split()
        if name == " ".join(words):
            rank = 1
        elif all(any(w.startswith(t) for w in name_words) for t in words):
            rank = 2
        elif all(t in name for t in words):
            rank = 3
        else:
            continue
        found.setdefault(user.pk, (rank, user))
    ranked = sorted(found.values(), key=lambda pair: (pair[0], fold(pair[1].display_name)))
    return [user for _rank, user in ranked[:limit]]


# --- "did you mean": names close to a typo -----------------------------------------------
SIMILAR_CANDIDATES = 50
SIMILAR_PIECES = 8
SIMILAR_CUTOFF = 0.75


def name_similarity(typed: str, name: str) -> float:
    """How close what was typed is to a name, from 0 to 1, case and accents ignored: the best
    ``difflib`` ratio of the typed words against the whole name and against every run of as
    many consecutive words of it, so a misspelt surname alone ("Martinex") is as close to
    "Ana Martínez" as to "Martínez"."""
    typed_words, name_words = fold(typed).split(), fold(name).split()
    if not typed_words or not name_words:
        return 0.0
    wanted = " ".join(typed_words)
    width = len(typed_words)
    pieces = {" ".join(name_words)}
    pieces.update(
        " ".join(name_words[i : i + width]) for i in range(max(1, len(name_words) - width + 1))
    )
    return max(SequenceMatcher(None, wanted, piece, autojunk=False).ratio() for piece in pieces)


def similar_pieces(text: str) -> list[str]:
    """The three-letter pieces of the typed words (a shorter word whole) that a close name
    is looked for by: at most ``SIMILAR_PIECES``, taken from both ends of every word towards
    its middle, word by word in turn, so a typo anywhere leaves some of them intact."""
    per_word = []
    for word in fold(text).split():
        grams = [word[i : i + 3] for i in range(max(1, len(word) - 2))]
        ends = [grams[i // 2] if i % 2 == 0 else grams[-1 - i // 2] for i in range(len(grams))]
        per_word.append(ends)
    pieces: dict[str, None] = {}
    for turn in range(max((len(w) for w in per_word), default=0)):
        for grams in per_word:
            if turn < len(grams):
                pieces.setdefault(grams[turn], None)
    return list(pieces)[:SIMILAR_PIECES]


def person_similar(text: str, *, among: QuerySet[User], limit: int = 5) -> list[User]:
    """Accounts of ``among`` whose name is close to ``text`` though it does not match it (a
    typo: "Lucia Fernandes" for "Lucía Fernández"), closest first: the "did you mean" of
    a search that found nobody. Like ``person_search`` it never looks at usernames.

    Bounded and the same on SQLite and PostgreSQL: the database keeps the names holding one
    of the typed words' pieces (``similar_pieces``; accents and case ignored, the
    ``iregex`` of ``person_search``), and of those the ``SIMILAR_CANDIDATES`` holding the
    most; ``name_similarity`` ranks these in Python and keeps the ones at least
    ``SIMILAR_CUTOFF`` close."""
    if len(fold(text).replace(" ", "")) < 3:
        return []
    patterns = [_accent_pattern(piece) for piece in similar_pieces(text)]
    shared = sum(
        (
            Case(
                When(display_name__iregex=pattern, then=Value(1)),
                default=Value(0),
                output_field=IntegerField(),
            )
            for pattern in patterns
        ),
        Value(0, output_field=IntegerField()),
    )
    candidates = (
        among.filter(is_active=True, display_name__iregex="|".join(patterns))
        .annotate(shared=shared)
        .order_by("-shared", "display_name", "pk")[:SIMILAR_CANDIDATES]
    )
    scored = [(name_similarity(text, user.display_name), user) for user in candidates]
    close = [pair for pair in scored if pair[0] >= SIMILAR_CUTOFF]
    close.sort(key=lambda pair: (-pair[0], fold(pair[1].display_name), pair[1].pk))
    return [user for _score, user in close[:limit]]
