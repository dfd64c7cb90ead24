"""A reported result and its checks: a possible score, the game losses, the games list.

The games list is checked against the play-or-draw rule in Humankind events (the pure
``tournaments.playdraw``) and for its winners in the others; game records are checked by
``tournaments.services.records``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.errors import DomainError
from tournaments import match_scores, playdraw
from tournaments.core import CoreError
from tournaments.core_messages import core_error
from tournaments.models import Event, Match, Penalty
from tournaments.models.choices import GameKind, PenaltyKind, RoundKind
from tournaments.services.records import check_game_records


@dataclass(frozen=True)
class ReportedResult:
    """A result as reported, oriented to the match (player A, player B)."""

    games_won_a: int
    games_won_b: int
    games_drawn: int = 0
    games: list[dict[str, Any]] = field(default_factory=list)

    @property
    def score(self) -> tuple[int, int, int]:
        return (self.games_won_a, self.games_won_b, self.games_drawn)


def _game_loss_penalties(match: Match) -> list[Penalty]:
    """Read once per service call (the match row is locked, so they cannot change meanwhile)."""
    cached = match.__dict__.get("_game_losses")
    if cached is None and getattr(match, "has_game_loss", True) is False:
        cached = []
    if cached is None:
        cached = list(
            Penalty.objects.filter(match=match, kind=PenaltyKind.GAME_LOSS).order_by(
                "game_number", "pk"
            )
        )
        match.__dict__["_game_losses"] = cached
    return cached


def _check_score(
    event: Event, match: Match, result: ReportedResult, *, penalties_apply: bool = True
) -> None:
    score = match_scores.MatchScore(*result.score)
    try:
        match_scores.check_score(score, best_of=event.games_per_match)
    except CoreError as exc:
        raise core_error(exc, field="score") from exc
    if match.round.kind == RoundKind.TOP_CUT and score.outcome == match_scores.MatchOutcome.DRAW:
        raise DomainError(
            _("A top-cut match cannot end in a draw: report who goes through."), field="score"
        )
    if not penalties_apply:
        return
    ignored = ignored_game_losses(match, result)
    if ignored:
        raise DomainError(ignored, field="score", code="ignores_game_loss")


def ignored_game_losses(match: Match, result: ReportedResult) -> str:
    """Why a score cannot be right given the game losses in the match (every game loss is a
    game the opponent won), naming who lost which game; "" when the score allows them."""
    penalties = _game_loss_penalties(match)
    lost: dict[str, list[Penalty]] = {"a": [], "b": []}
    for penalty in penalties:
        lost[match.side_of(penalty.registration_id)].append(penalty)
    opponent_won = {"a": result.games_won_b, "b": result.games_won_a}
    if all(opponent_won[side] >= len(lost[side]) for side in ("a", "b")):
        return ""  # the usual case: no name is read (the report path loads no users)
    names = {"a": match.player_a.name, "b": match.player_b.name if match.player_b_id else ""}
    problems = [
        ngettext(
            "%(name)s lost game %(games)s to a game loss: %(opponent)s won it",
            "%(name)s lost games %(games)s to game losses: %(opponent)s won them",
            len(lost[side]),
        )
        % {
            "name": names[side],
            "games": ", ".join(str(p.game_number) for p in lost[side] if p.game_number) or "?",
            "opponent": names["b" if side == "a" else "a"],
            "n": len(lost[side]),
        }
        for side in ("a", "b")
        if opponent_won[side] < len(lost[side])
    ]
    return _("This score ignores a game loss: %(problems)s.") % {"problems": "; ".join(problems)}


def _check_games(
    event: Event, match: Match, result: ReportedResult, *, required: bool = False
) -> tuple[playdraw.PlayDraw | None, ...]:
    """Validate the per-game detail (the play-or-draw record), when it is given, or when
    ``required`` (a player's report in a Humankind event that requires it). The play-or-draw
    rule is Humankind's (the DAR); other games list winners only.

    Games 1, 3 and later name who won the coin or die (``random_winner``) apart from who
    chose (``chooser``), and the rule checks the chooser is that player. Without the
    requirement, a game that names only a chooser is read as the old form did (the chooser
    won the coin or die), and games that name neither are checked for their winners only."""
    humankind = event.game == GameKind.HUMANKIND
    if not result.games:
        if required and humankind:
            raise DomainError(
                _(
                    "This event requires the game-by-game record: for each game, who won it; "
                    "in games 1 and 3, who won the coin or die; and who chose to play or draw."
                ),
                field="games",
                code="play_draw_required",
            )
        return ()
    if not humankind:
        return _check_plain_games(event, result)
    required = required and humankind
    reports = []
    random_winners: dict[int, str] = {}
    for number, game in enumerate(result.games, start=1):
        chooser = game.get("chooser") or None
        random_winner = game.get("random_winner") or None
        by_penalty = bool(game.get("by_penalty", False))
        if random_winner is not None:
            if number == 2:
                raise DomainError(
                    _("Game 2 has no coin or die: the loser of game 1 chooses."), field="games"
                )
            random_winners[number] = random_winner
        elif number != 2 and required and not (by_penalty and chooser is None):
            raise DomainError(
                _("Game %(n)s: say who won the coin or die.") % {"n": number}, field="games"
            )
        elif chooser is not None and number != 2:
            random_winners[number] = chooser  # not recorded apart: the chooser won it
        reports.append(
            playdraw.GameReport(
                winner=game.get("winner", ""),
                chooser=chooser,
                choice=game.get("choice") or None,
                by_penalty=by_penalty,
            )
        )
    sides = {"a": match.player_a.name}
    if match.player_b_id:
        sides["b"] = match.player_b.name
    try:
        decisions = playdraw.check_games(
            reports, random_winners=random_winners, best_of=event.games_per_match
        )
    except playdraw.MissingRandomWinnerError as exc:
        if required:
            raise core_error(exc, field="games", sides=sides) from exc
        # The choices were not recorded: only the winners can be checked.
        _check_plain_games(event, result)
        decisions = (None,) * len(reports)
    except CoreError as exc:
        raise core_error(exc, field="games", sides=sides) from exc
    if playdraw.score_of(reports) != match_scores.MatchScore(*result.score):
        raise DomainError(
            _("The games listed add up to %(games)s, not to the score %(score)s.")
            % {"games": str(playdraw.score_of(reports)), "score": "-".join(map(str, result.score))},
            field="games",
        )
    return decisions


def _check_penalty_games(match: Match, result: ReportedResult) -> None:
    """A game is lost by penalty exactly where a judge's game loss in this match takes it
    (``Penalty.game_number``), won by the penalised player's opponent. Nobody else makes a
    game lost by penalty: such a game needs no coin or die and no record, so a claim of one
    would skip what the event requires. Checked for every path (a player's report, its
    one-tap confirmation, a judge's result, a report a judge accepts), for every game."""
    if not result.games:
        return  # a score alone: its check counts the game losses
    marked = [n for n, game in enumerate(result.games, start=1) if game.get("by_penalty")]
    taken = {p.game_number: p for p in _game_loss_penalties(match) if p.game_number}
    for number in marked:
        if number not in taken:
            raise DomainError(
                _(
                    "Game %(n)s is marked as lost by penalty, but no game loss in this match "
                    "takes it: only a judge gives a game loss."
                )
                % {"n": number},
                field="games",
                code="by_penalty_without_game_loss",
            )
    for number, penalty in sorted(taken.items()):
        if number > len(result.games):
            continue  # a game not listed (the score's check counts it)
        loser = match.side_of(penalty.registration_id)
        winner = "b" if loser == "a" else "a"
        game = result.games[number - 1]
        if game.get("by_penalty") and game.get("winner") == winner:
            continue
        names = {"a": match.player_a.name, "b": match.player_b.name if match.player_b_id else ""}
        raise DomainError(
            _(
                "Game %(n)s is a game loss for %(name)s: report it as lost by penalty, "
                "won by %(opponent)s."
            )
            % {"n": number, "name": names[loser], "opponent": names[winner]},
            field="games",
            code="game_loss_not_reported",
        )


def _check_plain_games(event: Event, result: ReportedResult) -> tuple[None, ...]:
    """Winners only: each is a, b or draw, none after the match was won, adding up."""
    need = match_scores.wins_needed(event.games_per_match)
    wins = {"a": 0, "b": 0, "draw": 0}
    for number, game in enumerate(result.games, start=1):
        winner = game.get("winner")
        if winner not in wins:
            raise DomainError(
                _("Game %(n)s: say who won, or that it was a draw.") % {"n": number}, field="games"
            )
        if max(wins["a"], wins["b"]) >= need:
            raise DomainError(
                _("Game %(n)s was listed, but the match was already over.") % {"n": number},
                field="games",
            )
        wins[winner] += 1
    if (wins["a"], wins["b"], wins["draw"]) != result.score:
        raise DomainError(
            _("The games listed add up to %(games)s, not to the score %(score)s.")
            % {
                "games": "-".join(str(wins[k]) for k in ("a", "b", "draw")),
                "score": "-".join(map(str, result.score)),
            },
            field="games",
        )
    return (None,) * len(result.games)


def validate_result(
    match: Match, result: ReportedResult, *, override: str = "", players_report: bool = False
) -> tuple:
    """Refuse an impossible score or games list; return each game's play-or-draw decision.
    A result decided by a penalty (``override``) is only checked for a possible score. A
    game is lost by penalty only where a judge's game loss takes it. A player's report
    (``players_report``) must list the games when the event requires the play-or-draw
    record; a judge may enter a score alone."""
    event = match.round.event
    _check_score(event, match, result, penalties_apply=not override)
    _check_penalty_games(match, result)
    decisions = _check_games(
        event, match, result, required=players_report and event.play_draw_required
    )
    check_game_records(event, result.games, decided=bool(override))
    return decisions


def refusal_of(
    match: Match, result: ReportedResult, *, players_report: bool = False
) -> DomainError | None:
    """Why ``validate_result`` would refuse this result (None when it would accept it). A page
    offers to confirm a report only where confirming it would work: a player's one tap
    (``players_report``) and a judge's acceptance of a report are checked by the same rule."""
    try:
        validate_result(match, result, players_report=players_report)
    except DomainError as exc:
        return exc
    return None


def random_winner_of(game: dict[str, Any], decision: playdraw.PlayDraw | None) -> str:
    """Who won the coin or die of a game: as reported, or, when the rule checked the
    choice of a game decided by the coin or die, the player who (so) chose."""
    if game.get("random_winner"):
        return game["random_winner"]
    if decision is not None and decision.reason == playdraw.ChooserReason.WON_RANDOM_METHOD:
        return decision.chooser.value
    return ""


def normalised_games(result: ReportedResult, decisions: tuple) -> list[dict[str, Any]]:
    """The games as the rule reads them: the chooser filled in and no choice meaning "first",
    so two reports that say the same thing in different words compare equal."""
    games = []
    for game, decision in zip(result.games, decisions, strict=True):
        row: dict[str, Any] = {
            "winner": game.get("winner", ""),
            "random_winner": random_winner_of(game, decision),
            "chooser": decision.chooser.value if decision else (game.get("chooser") or ""),
            "choice": decision.choice.value if decision else (game.get("choice") or ""),
            "by_penalty": bool(game.get("by_penalty", False)),
        }
        # Qíahn games also carry the side player A commanded, the score and the record.
        for key in ("side_a", "score", "record"):
            if game.get(key) is not None:
                row[key] = game[key]
        games.append(row)
    return games
