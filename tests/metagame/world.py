"""A small metagame built row by row, for hand-computed figures."""

from __future__ import annotations

import datetime as dt
import itertools

from tests.factories import UserFactory

_names = itertools.count(1)


class World:
    def __init__(self, admin):
        from rulings.models import Card, Edition

        self.admin = admin
        ed = Edition.objects.create(code="MT", name="Metagame test", set_size=99)
        self.sq = Card.objects.create(
            edition=ed, number=1, name="San Q", type="santuario", faction="quimera"
        )
        self.sc = Card.objects.create(
            edition=ed, number=2, name="San C", type="santuario", faction="corporacion"
        )
        self.sa = Card.objects.create(
            edition=ed, number=3, name="San A", type="santuario", faction="abismales"
        )
        self.x = Card.objects.create(
            edition=ed, number=4, name="Card X", type="personaje", faction="quimera", cost=1
        )
        self.y = Card.objects.create(
            edition=ed, number=5, name="Card Y", type="personaje", faction="quimera", cost=1
        )

    def event(self, day: dt.date, status: str = "finished", **kw):
        from tournaments.models import Event

        return Event.objects.create(
            name=f"Meta {next(_names)}",
            date=day,
            format=kw.pop("format", "monofaccion"),
            status=status,
            created_by=self.admin,
            **kw,
        )

    def player(self, event, sanctuary, cards: dict | None = None):
        from decklists.models import DeckList, DeckListEntry
        from tournaments.models import Registration

        user = UserFactory(username=f"mp{next(_names)}")
        reg = Registration.objects.create(event=event, player=user)
        deck = DeckList.objects.create(event=event, player=user, text="-")
        DeckListEntry.objects.create(deck_list=deck, card=sanctuary, quantity=1)
        for card, n in (cards or {}).items():
            DeckListEntry.objects.create(deck_list=deck, card=card, quantity=n)
        return reg

    def match(
        self,
        a,
        b,
        winner: str | None,
        *,
        number: int = 1,
        status: str = "confirmed",
        source: str = "players",
        override: str = "",
    ):
        """``winner``: "a", "b", "" (a draw) or None (not confirmed)."""
        from tournaments.models import Match, Round

        rnd, _ = Round.objects.get_or_create(event=a.event, number=number, defaults={"seed": 1})
        table = rnd.matches.count() + 1
        score = {"a": (2, 0, 0), "b": (0, 2, 0), "": (1, 1, 1), None: (None, None, None)}[winner]
        return Match.objects.create(
            round=rnd,
            table=table,
            player_a=a,
            player_b=b,
            status=status,
            games_won_a=score[0],
            games_won_b=score[1],
            games_drawn=score[2],
            winner=winner or "",
            result_source=source,
            override=override,
        )
