"""The result forms: a player's report (the quick score and the game-by-game record) and
a judge's result. They check the shape of the input; the services decide the rest."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from config.number_field import WholeNumberField
from config.parsers import lone_surrogate_reason
from games.validation import record_sides
from tournaments import playdraw, selectors
from tournaments.core import CoreError
from tournaments.core_messages import core_error
from tournaments.match_scores import MatchScore, check_score, wins_needed
from tournaments.models import Match, Penalty
from tournaments.models.choices import (
    MatchStatus,
    RecordPolicy,
)
from tournaments.services.results import ReportedResult


@dataclass(frozen=True)
class GameRow:
    number: int
    winner: forms.BoundField
    chooser: forms.BoundField
    choice: forms.BoundField
    qiahn: list[forms.BoundField]
    random: forms.BoundField | None = None
    # The quick player form: who played first.
    first: forms.BoundField | None = None
    # The judge's game loss that decides the game, in words ("" for any other game).
    penalty: str = ""
    errors: list[str] | None = None

    @property
    def selects(self) -> list[forms.BoundField]:
        random = [self.random] if self.random is not None else []
        return [self.winner, *random, self.chooser, self.choice]


@dataclass(frozen=True)
class SummaryItem:
    """One line of a refused form's error summary: the message, and the id of the answer it
    is about (the first option of a row of taps), "" for the form as a whole."""

    message: str
    anchor: str = ""


MAX_RECORD_BYTES = 256 * 1024
SIDE_NAMES = {
    "heads": _("Heads"),
    "tails": _("Tails"),
    "north": _("North"),
    "south": _("South"),
}


def new_idempotency_key() -> str:
    return secrets.token_hex(16)


# Drawn games the quick report offers (a match with more goes to a judge).
QUICK_MAX_DRAWS = 2


def score_options(best_of: int) -> tuple[list[tuple[int, int, int]], list[tuple[int, int, int]]]:
    """The scores a best-of-``best_of`` match can end with, from one player's side (mine,
    theirs, drawn): the finished ones without draws first (2-0, 2-1, 1-2, 0-2), then the
    rest (drawn games, a match unfinished at time)."""
    need = wins_needed(best_of)
    main = [(need, t, 0) for t in range(need)] + [(m, need, 0) for m in reversed(range(need))]
    other = [
        (m, t, d)
        for d in range(QUICK_MAX_DRAWS + 1)
        for m in reversed(range(need + 1))
        for t in range(need + 1)
        if not (m == need and t == need) and (m, t, d) not in main
    ]
    return main, other


def score_label(score: tuple[int, int, int]) -> str:
    m, t, d = score
    return f"{m}-{t}-{d}" if d else f"{m}-{t}"


class ResultForm(forms.Form):
    """A match result and, optionally, each game with its play-or-draw record.

    ``sides`` maps the values the form shows (``"me"``/``"opp"`` for a player, ``"a"``/``"b"``
    for a judge) to labels; ``orient`` maps the same values to the match's sides."""

    key = forms.CharField(max_length=64, required=False, widget=forms.HiddenInput)

    def __init__(
        self,
        *args: Any,
        match: Match,
        sides: dict[str, str],
        orient: dict[str, str],
        score_labels: dict[str, str],
        quick: bool = False,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.match = match
        self.sides = sides
        self.orient = orient
        best_of = match.round.event.games_per_match
        need = wins_needed(best_of)
        wins = [("", "—")] + [(str(i), str(i)) for i in range(need + 1)]
        draws = [("", "—")] + [(str(i), str(i)) for i in range(10)]
        for value in sides:
            self.fields[f"wins_{value}"] = forms.TypedChoiceField(
                label=score_labels[value],
                choices=wins,
                coerce=int,
                required=False,
                empty_value=None,
            )
        self.fields["draws"] = forms.TypedChoiceField(
            label=_("Drawn games"), choices=draws, coerce=int, required=False, empty_value=None
        )
        # A player's report in a game without records: tap the score, then (when the event
        # requires it) who won the coin or die and who played first in each game.
        self.quick = quick
        if quick:
            main, other = score_options(best_of)
            self.score_split = len(main)
            self.fields["score"] = forms.ChoiceField(
                label=_("Result (your games first)"),
                choices=[("-".join(map(str, sc)), score_label(sc)) for sc in main + other],
                widget=forms.RadioSelect(attrs={"required": True}),
                required=False,
            )
        # One game in a one-game match; otherwise room for drawn games and games lost by a
        # penalty besides the best-of-n.
        self.rows = 1 if best_of == 1 and not quick else best_of + 2
        # Set for a player's report in an event that requires the play-or-draw record.
        self.play_draw_required = False
        # Games a rules engine checks (Qíahn Tactics, Goblin II, Anachronism) also take
        # the side player A commanded, the score and the record.
        self.qiahn = match.round.event.checks_game_records
        side_choices = list(sides.items())
        for n in range(1, self.rows + 1):
            self.fields[f"g{n}_winner"] = forms.ChoiceField(
                label=_("Winner"),
                choices=[("", "—"), *side_choices, ("draw", _("Draw"))],
                required=False,
            )
            if n != 2:
                # Kept apart from who chose, so the rule (the winner chooses) is checked.
                self.fields[f"g{n}_random"] = forms.ChoiceField(
                    label=_("Won the coin or die"),
                    choices=[("", _("Not recorded")), *side_choices],
                    required=False,
                )
            self.fields[f"g{n}_chooser"] = forms.ChoiceField(
                label=_("Chose play or draw"),
                choices=[("", _("Not recorded")), *side_choices],
                required=False,
            )
            self.fields[f"g{n}_choice"] = forms.ChoiceField(
                label=_("Choice"),
                choices=[
                    ("", _("Not declared (plays first)")),
                    ("first", _("Play first")),
                    ("second", _("Play second")),
                ],
                required=False,
            )
            if quick:
                self.fields[f"g{n}_winner"].label = _("Who won it?")
                self.fields[f"g{n}_winner"].widget = forms.RadioSelect()
                self.fields[f"g{n}_winner"].choices = [*side_choices, ("draw", _("Draw"))]
                if n != 2:
                    self.fields[f"g{n}_random"].label = _("Who won the coin or die?")
                    self.fields[f"g{n}_random"].widget = forms.RadioSelect()
                    self.fields[f"g{n}_random"].choices = side_choices
                self.fields[f"g{n}_first"] = forms.ChoiceField(
                    label=_("Who played first?"),
                    choices=side_choices,
                    widget=forms.RadioSelect,
                    required=False,
                )
            if self.qiahn:
                self._add_qiahn_fields(n, side_choices)

    @property
    def record_sides(self) -> tuple[str, str]:
        """The two sides the event's game records name (heads/tails, north/south)."""
        return record_sides(self.match.round.event.game)

    def _add_qiahn_fields(self, n: int, side_choices: list[tuple[str, str]]) -> None:
        """Games with records: the side each player commanded, each one's score, the record."""
        mine = side_choices[0][0] == "me"
        self.fields[f"g{n}_side"] = forms.ChoiceField(
            label=_("My side") if mine else _("Side of %(name)s") % {"name": side_choices[0][1]},
            choices=[("", "—"), *((side, SIDE_NAMES[side]) for side in self.record_sides)],
            required=False,
        )
        for value, label in side_choices:
            self.fields[f"g{n}_tokens_{value}"] = WholeNumberField(
                label=_("My score") if value == "me" else _("Score of %(name)s") % {"name": label},
                min_value=0,
                max_value=999,
                required=False,
            )
        policy = self.match.round.event.record_policy
        if policy == RecordPolicy.IGNORE:
            return  # the event ignores records: no field for one
        self.fields[f"g{n}_record"] = forms.FileField(
            label=_("Game record (JSON file)")
            if policy == RecordPolicy.REQUIRE
            else _("Game record (JSON file, optional)"),
            required=False,  # required for the games played only, checked in clean()
        )

    @property
    def record_required(self) -> bool:
        """Whether each game played needs its record (a rules engine's game, policy "require")."""
        return self.qiahn and self.match.round.event.record_policy == RecordPolicy.REQUIRE

    @property
    def score_fields(self) -> list[forms.BoundField]:
        return [self[f"wins_{value}"] for value in self.sides] + [self["draws"]]

    def game_rows(self) -> list[GameRow]:
        return [
            GameRow(
                n,
                self[f"g{n}_winner"],
                self[f"g{n}_chooser"],
                self[f"g{n}_choice"],
                [
                    self[name]
                    for name in self.fields
                    if name.startswith(f"g{n}_")
                    and name.split("_", 1)[1].startswith(("side", "tokens", "record"))
                ],
                self[f"g{n}_random"] if f"g{n}_random" in self.fields else None,
                self[f"g{n}_first"] if self.quick else None,
                self._penalty_text(n),
                self.row_errors(n) if self.quick and self.is_bound else [],
            )
            for n in range(1, self.rows + 1)
        ]

    @cached_property
    def game_losses(self) -> dict[int, Penalty]:
        """The match's game losses by the game they take. Those games, and no others, are lost
        by penalty: every form marks them so by itself and offers no way to mark another (the
        service refuses one, ``validate_result``). Read only when a game is listed."""
        return {p.game_number: p for p in selectors.match_game_losses(self.match) if p.game_number}

    def _penalty_text(self, n: int) -> str:
        """What the form says of a game a game loss takes ("" for any other game)."""
        penalty = self.game_losses.get(n)
        if penalty is None:
            return ""
        why = penalty.infraction_label or penalty.reason
        why = why[:1].lower() + why[1:]
        loser = self.match.side_of(penalty.registration_id)
        if "me" not in self.orient:  # a judge's form: the player by name
            by_side = {side: value for value, side in self.orient.items()}
            return _("%(name)s lost this game by a penalty: a game loss for %(why)s.") % {
                "name": self.sides[by_side[loser]],
                "why": why,
            }
        if self.orient["me"] == loser:
            return _("You lost this game by a penalty: a game loss for %(why)s.") % {"why": why}
        return _("Your opponent lost this game by a penalty: a game loss for %(why)s.") % {
            "why": why
        }

    def _refuse_posted_penalties(self) -> None:
        """A game is lost by penalty only by a judge's game loss, which the form marks by
        itself; the form has no field for it. A claim posted anyway (``gN_penalty``, from a
        page of an older version or a hand-made request) for a game no game loss takes is
        refused, not dropped: whoever sent it learns it was not recorded, and nothing is."""
        checkbox = forms.BooleanField(required=False)
        for n in range(1, self.rows + 1):
            name = self.add_prefix(f"g{n}_penalty")
            if name not in self.data or not checkbox.to_python(self.data.get(name)):
                continue
            if n not in self.game_losses:
                self.add_error(
                    None,
                    _(
                        "Game %(n)s cannot be marked as lost by penalty: only a judge gives a "
                        "game loss, and none takes that game."
                    )
                    % {"n": n},
                )

    def _fixed_winners(self) -> dict[int, str]:
        """The winner of each game a game loss takes, as the form names sides."""
        by_side = {side: value for value, side in self.orient.items()}
        return {
            n: by_side["b" if self.match.side_of(p.registration_id) == "a" else "a"]
            for n, p in self.game_losses.items()
        }

    def _anchor_field(self, name: str) -> str:
        """The field a summary line links to (and the page focuses): itself, or in the quick
        form the answer the player gave for a part the form derives (the score for the
        games won, who played first for the chooser and the choice)."""
        if self.quick:
            if name.startswith("wins_") or name == "draws":
                return "score"
            if name.startswith("g") and name.endswith(("_chooser", "_choice")):
                return name.rsplit("_", 1)[0] + "_first"
        return name

    def _anchor(self, name: str) -> str:
        field = self[self._anchor_field(name)]
        if isinstance(field.field.widget, forms.RadioSelect):
            return f"{field.auto_id}_0"
        return field.auto_id if not field.is_hidden else ""

    @property
    def error_summary(self) -> list[SummaryItem]:
        """Every error of a refused form, in the order the form shows its answers (the form's
        own first), each linking to its answer."""
        items = [SummaryItem(str(e)) for e in self.non_field_errors()]
        for name in self.fields:
            for error in self.errors.get(name, []):
                items.append(SummaryItem(str(error), self._anchor(name)))
        return items

    @property
    def score_errors(self) -> list[str]:
        """The score's errors, also those of the score given as numbers (wins and draws)."""
        names = ["score", *(f"wins_{v}" for v in self.sides), "draws"]
        return [str(e) for name in names for e in self.errors.get(name, [])]

    def row_errors(self, n: int) -> list[str]:
        """A game's errors on the parts the quick form derives (chooser and choice)."""
        names = [f"g{n}_{part}" for part in ("chooser", "choice")]
        return [str(e) for name in names for e in self.errors.get(name, [])]

    @property
    def score_main(self) -> list[Any]:
        return list(self["score"])[: self.score_split]

    @property
    def score_other(self) -> list[Any]:
        return list(self["score"])[self.score_split :]

    @property
    def score_other_open(self) -> bool:
        value = self["score"].value() if self.is_bound else None
        return bool(value) and value not in [w.data["value"] for w in self.score_main]

    def winner_orders(self) -> dict[str, list[tuple[str, ...]]]:
        """For each score offered, the orders of winners it can come from (the page asks who
        won a game only where they differ)."""
        fixed = self._fixed_winners()
        values = list(self.sides)
        orders = {}
        for value, _label in self.fields["score"].choices:
            m, t, d = (int(x) for x in value.split("-"))
            orders[value] = playdraw.winner_orders(
                {values[0]: m, values[1]: t},
                d,
                best_of=self.match.round.event.games_per_match,
                fixed=fixed,
            )
        return orders

    @property
    def winner_orders_json(self) -> str:
        return json.dumps(self.winner_orders())

    def _apply_quick(self, data: dict[str, Any]) -> bool:
        """Turn the quick report (a score, then per game the coin or die and who played
        first) into the game rows the full form takes: the winners the score implies, the
        chooser by the DAR's rule and the choice from who played first. False after adding
        an error."""
        rows = range(1, self.rows + 1)
        picked = data.get("score") or ""
        if not picked:
            return True
        mine, theirs, draws = (int(x) for x in picked.split("-"))
        values = list(self.sides)
        data[f"wins_{values[0]}"], data[f"wins_{values[1]}"], data["draws"] = mine, theirs, draws
        used = self.play_draw_required or any(
            data.get(f"g{n}_{part}") for n in rows for part in ("winner", "random", "first")
        )
        played = mine + theirs + draws
        for n in rows:  # rows beyond the score, or every row for a score alone, are not sent
            if n > played or not used:
                for part in ("winner", "random", "chooser", "choice", "first"):
                    data[f"g{n}_{part}"] = ""
        if not used:
            return True
        fixed = self._fixed_winners()
        orders = playdraw.winner_orders(
            {values[0]: mine, values[1]: theirs},
            draws,
            best_of=self.match.round.event.games_per_match,
            fixed=fixed,
        )
        if not orders:
            self.add_error("score", _("This score leaves out a game lost by penalty."))
            return False
        answered = {  # a game lost by penalty is the judge's: the player cannot change it
            n: data[f"g{n}_winner"]
            for n in range(1, played + 1)
            if data[f"g{n}_winner"] and n not in fixed
        }
        matching = [o for o in orders if all(o[n - 1] == w for n, w in answered.items())]
        ok = True
        if not matching:
            self.add_error(
                f"g{min(answered)}_winner",
                _("The winners marked do not add up to the score %(score)s.")
                % {"score": score_label((mine, theirs, draws))},
            )
            ok = False
        elif len(matching) > 1:
            n = next(i + 1 for i in range(played) if len({o[i] for o in matching}) > 1)
            self.add_error(f"g{n}_winner", _("Say who won game %(n)s.") % {"n": n})
            ok = False
        for n in range(1, played + 1):
            if n in fixed:  # lost by penalty (``_games`` marks it so)
                for part in ("random", "chooser", "choice", "first"):
                    data[f"g{n}_{part}"] = ""
            elif n != 2 and self.play_draw_required and not data.get(f"g{n}_random"):
                self.add_error(
                    f"g{n}_random", _("Game %(n)s: say who won the coin or die.") % {"n": n}
                )
                ok = False
        if not ok:
            return False
        order = matching[0]
        reports: list[playdraw.GameReport] = []
        random_winners = {
            n: self.orient[data[f"g{n}_random"]]
            for n in range(1, played + 1)
            if n != 2 and data.get(f"g{n}_random")
        }
        for n, winner in enumerate(order, start=1):
            data[f"g{n}_winner"] = winner
            first = data.get(f"g{n}_first")
            chooser = None
            if n not in fixed:
                try:
                    side, _reason = playdraw.chooser_for_game(
                        n, reports, random_winners=random_winners
                    )
                except playdraw.PlayDrawError:
                    pass  # no coin or die recorded: nobody to name
                else:
                    chooser = next(v for v in values if self.orient[v] == side)
            if chooser and first:
                data[f"g{n}_chooser"] = chooser
                data[f"g{n}_choice"] = "first" if first == chooser else "second"
            reports.append(
                playdraw.GameReport(
                    winner="draw" if winner == "draw" else self.orient[winner],
                    chooser=self.orient[chooser] if chooser and first else None,
                    by_penalty=n in fixed,
                )
            )
        return True

    @property
    def games_open(self) -> bool:
        """Whether the game-by-game part was used (so the page shows it unfolded)."""
        if self.quick and self.is_bound:
            parts = ("winner", "random", "first")
            used = any(
                self[name].value()
                for n in range(1, self.rows + 1)
                for p in parts
                if (name := f"g{n}_{p}") in self.fields
            )
            if used or self.play_draw_required:
                return True
        if not self.is_bound:
            return self.play_draw_required or self.record_required
        used = any(
            self[f"g{n}_{part}"].value() for n in range(1, self.rows + 1) for part in ("winner",)
        )
        return used or any(name.startswith("g") and name[1:2].isdigit() for name in self.errors)

    def _games(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        games: list[dict[str, Any]] = []
        gap = None
        failed = False
        for n in range(1, self.rows + 1):
            winner = data.get(f"g{n}_winner") or ""
            chooser = data.get(f"g{n}_chooser") or ""
            random = data.get(f"g{n}_random") or ""
            choice = data.get(f"g{n}_choice") or ""
            extra = self._qiahn_game(n, data) if self.qiahn else {}
            if extra is None:
                failed = True
                extra = {"invalid": True}
            if not (winner or chooser or random or choice or extra):
                gap = gap or n
                continue
            if gap is not None:
                self.add_error(
                    f"g{gap}_winner",
                    _("Fill in the games in order: game %(n)s is empty.") % {"n": gap},
                )
                failed, gap = True, None
            if not winner:
                self.add_error(f"g{n}_winner", _("Say who won game %(n)s.") % {"n": n})
                failed = True
                continue
            penalty = n in self.game_losses  # a judge's game loss takes it (and only then)
            if (
                self.record_required
                and not penalty
                and not data.get(f"g{n}_record")
                and f"g{n}_record" not in self.errors
            ):
                self.add_error(
                    f"g{n}_record",
                    _("This event requires the record of game %(n)s.") % {"n": n},
                )
                failed = True
            if failed:
                continue
            game: dict[str, Any] = {
                "winner": "draw" if winner == "draw" else self.orient[winner],
                "by_penalty": penalty,
            }
            if random:
                game["random_winner"] = self.orient[random]
            if chooser:
                game["chooser"] = self.orient[chooser]
            if choice:
                game["choice"] = choice
            games.append(game | extra)
        return [] if failed else games

    def _qiahn_game(self, n: int, data: dict[str, Any]) -> dict[str, Any] | None:
        """``side_a``, ``score`` and ``record`` of a Qíahn game, as the match sees them;
        None after adding an error."""
        extra: dict[str, Any] = {}
        values = list(self.sides)
        side = data.get(f"g{n}_side") or ""
        if side:
            # The side field is about the first side shown (me, or player A).
            first_is_a = self.orient[values[0]] == "a"
            sides = self.record_sides
            extra["side_a"] = side if first_is_a else sides[1 - sides.index(side)]
        tokens = {self.orient[v]: data.get(f"g{n}_tokens_{v}") for v in values}
        if any(t is not None for t in tokens.values()):
            if any(t is None for t in tokens.values()):
                self.add_error(f"g{n}_tokens_{values[1]}", _("Give both players' scores."))
                return None
            extra["score"] = tokens
        upload = data.get(f"g{n}_record")
        if upload:
            try:
                if upload.size > MAX_RECORD_BYTES:
                    raise ValueError
                extra["record"] = json.loads(upload.read().decode("utf-8"))
            except (ValueError, UnicodeDecodeError):
                self.add_error(
                    f"g{n}_record",
                    _("The record of game %(n)s is not a JSON file of at most 256 KB.") % {"n": n},
                )
                return None
            if not isinstance(extra["record"], dict):
                self.add_error(
                    f"g{n}_record", _("The record of game %(n)s is not a game record.") % {"n": n}
                )
                return None
            if refused := lone_surrogate_reason(extra["record"]):
                self.add_error(
                    f"g{n}_record", _("Game %(n)s: %(reason)s") % {"n": n, "reason": refused[1]}
                )
                return None
        return extra

    def clean(self) -> dict[str, Any]:
        """Every problem at once: the score's and each game's, not only the first."""
        data = super().clean()
        self._refuse_posted_penalties()
        if self.quick:
            given = [data.get("score")] + [data.get(f"wins_{v}") for v in self.sides]
            given += [data.get(f"g{n}_winner") for n in range(1, self.rows + 1)]
            if all(v in (None, "") for v in given) and not self.errors:
                self.add_error("score", _("Choose the score."))
                return data
            if not self._apply_quick(data):
                return data
        games = self._games(data)
        wins = {value: data.get(f"wins_{value}") for value in self.sides}
        draws = data.get("draws")
        entered = any(f"wins_{value}" in self.errors for value in self.sides) or "draws" in (
            self.errors
        )
        if all(v is None for v in wins.values()) and draws is None and games and not entered:
            counted = {side: sum(1 for g in games if g["winner"] == side) for side in "ab"}
            by_side = {self.orient[v]: v for v in self.sides}
            wins = {by_side[side]: counted[side] for side in "ab"}
            draws = sum(1 for g in games if g["winner"] == "draw")
        missing = [v for v, n in wins.items() if n is None and f"wins_{v}" not in self.errors]
        if any(name[:1] == "g" and name[1:2].isdigit() for name in self.errors):
            missing = []  # the games would have given the score: their errors say what is wrong
        for value in missing:
            self.add_error(f"wins_{value}", _("Say how many games were won."))
        oriented = {self.orient[value]: n for value, n in wins.items()}
        if None not in oriented.values():
            try:
                check_score(
                    MatchScore(oriented["a"], oriented["b"], draws or 0),
                    best_of=self.match.round.event.games_per_match,
                )
            except CoreError as exc:
                self.add_error(None, core_error(exc).message)
        if self.errors:
            return data
        data["result"] = ReportedResult(oriented["a"], oriented["b"], draws or 0, games=games)
        return data


def player_result_form(
    match: Match, side: str, data: Any = None, files: Any = None, *, initial_key: str | None = None
) -> ResultForm:
    """The report form from the player's own point of view ("I won", "my opponent won")."""
    other = "b" if side == "a" else "a"
    opponent = match.player_b if side == "a" else match.player_a
    form = ResultForm(
        data,
        files,
        match=match,
        sides={"me": str(_("Me")), "opp": opponent.name if opponent else "—"},
        orient={"me": side, "opp": other},
        score_labels={"me": _("Games I won"), "opp": _("Games my opponent won")},
        initial={"key": initial_key or new_idempotency_key()},
        prefix="report",
        quick=not match.round.event.checks_game_records,
    )
    event = match.round.event
    form.play_draw_required = event.play_draw_required and event.game == "humankind"
    return form


class JudgeResultForm(ResultForm):
    reason = forms.CharField(label=_("Reason"), max_length=300, required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if self.match.status == MatchStatus.CONFIRMED and not data.get("reason", "").strip():
            self.add_error("reason", _("Say why a confirmed result is changed."))
        return data


def judge_result_form(match: Match, data: Any = None, files: Any = None) -> JudgeResultForm:
    a, b = match.player_a.name, match.player_b.name if match.player_b_id else "—"
    return JudgeResultForm(
        data,
        files,
        match=match,
        sides={"a": a, "b": b},
        orient={"a": "a", "b": "b"},
        score_labels={
            "a": _("Games won by %(name)s") % {"name": a},
            "b": _("Games won by %(name)s") % {"name": b},
        },
        prefix="result",
    )
