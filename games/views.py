"""Pages of the games app: check a game record (paste or upload) and see its replay;
replay an Anachronism record in the arena; the exact odds of a Qíahn Tactics round.
Nothing here writes to the database."""

from __future__ import annotations

from pathlib import Path

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from config.errors import DomainError
from games.anachronism_replay import replay_context
from games.api import compute_odds
from games.engines.errors import RecordSyntaxError
from games.engines.registry import check_record_text, loads_record
from games.forms import OddsForm, RecordForm
from games.messages import error_text
from games.presenters import verdict_context

EXAMPLES_DIR = Path(__file__).resolve().parent / "data" / "examples"
EXAMPLES = {
    "qiahn-squad3": "qiahn-squad3.json",
    "qiahn-squad6": "qiahn-squad6.json",
    "goblin-open": "goblin-open.json",
    "anachronism": "anachronism-five-assaults.json",
}


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "games/index.html")


@require_http_methods(["GET", "POST"])
def check(request: HttpRequest) -> HttpResponse:
    verdict = None
    status = 200
    record_text = ""
    if request.method == "POST":
        form = RecordForm(request.POST, request.FILES)
        if form.is_valid():
            verdict = verdict_context(check_record_text(form.cleaned_data["text"]))
            if verdict["game_key"] == "anachronism":
                record_text = form.cleaned_data["text"]  # for the link to the replay page
        else:
            status = 400
    else:
        form = RecordForm(initial=_example(request))
    return render(
        request,
        "games/check.html",
        {"form": form, "verdict": verdict, "examples": EXAMPLES, "record_text": record_text},
        status=status,
    )


def _example(request: HttpRequest) -> dict[str, str]:
    example = EXAMPLES.get(request.GET.get("example", ""))
    if not example:
        return {}
    return {"record": (EXAMPLES_DIR / example).read_text(encoding="utf-8")}


@require_http_methods(["GET", "POST"])
def anachronism_replay(request: HttpRequest) -> HttpResponse:
    """An Anachronism record (pasted or uploaded) drawn step by step in the arena."""
    replay = None
    status = 200
    if request.method == "POST":
        form = RecordForm(request.POST, request.FILES)
        if form.is_valid():
            try:
                replay = replay_context(loads_record(form.cleaned_data["text"]))
            except RecordSyntaxError as err:
                form.add_error(None, error_text(err))
            else:
                if replay["error"]:
                    form.add_error(None, replay["error"])
        if not form.is_valid():
            status = 400
    else:
        form = RecordForm(initial=_example(request))
    return render(
        request, "games/anachronism_replay.html", {"form": form, "replay": replay}, status=status
    )


def odds(request: HttpRequest) -> HttpResponse:
    result = None
    problem = ""
    status = 200
    if "attacker_side" in request.GET:
        form = OddsForm(request.GET)
        if form.is_valid():
            try:
                result = compute_odds(form.odds_input())
            except DomainError as exc:
                problem = exc.message
                status = 400
        else:
            status = 400
    else:
        form = OddsForm()
    percent = None
    if result is not None:
        percent = {k: f"{float(v) * 100:.2f}" for k, v in result._asdict().items()}
    return render(
        request,
        "games/odds.html",
        {"form": form, "odds": result, "percent": percent, "problem": problem},
        status=status,
    )
