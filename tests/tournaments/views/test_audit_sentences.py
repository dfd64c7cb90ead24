"""The audit log reads as sentences naming people and tables, in English and Spanish,
filtered by round, person and kind, paged; the API gives the same sentences."""

from __future__ import annotations

import pytest
from django.urls import reverse

from tournaments.audit_presenter import audit_lines
from tournaments.models import AuditEntry, Match
from tournaments.services.penalties import penalty_issue
from tournaments.services.results import ReportedResult, match_report, match_set_result

pytestmark = pytest.mark.django_db


def audit_url(event, **params):
    base = reverse("tournaments:audit", args=[event.pk])
    return base + ("?" + "&".join(f"{k}={v}" for k, v in params.items()) if params else "")


@pytest.fixture
def disputed(event, judge, regs, round1):
    """Table 1 of round 1 disputed by its players, then settled 2-1 by the judge."""
    match = Match.objects.select_related("player_a__player", "player_b__player").get(
        round=round1, table=1
    )
    match_report(actor=match.player_a.player, match_id=match.pk, result=ReportedResult(2, 0))
    match_report(actor=match.player_b.player, match_id=match.pk, result=ReportedResult(0, 2, 1))
    match.refresh_from_db()
    assert match.status == "disputed"
    match_set_result(actor=judge, match_id=match.pk, result=ReportedResult(1, 2), reason="Slips")
    return match


def test_a_judge_result_reads_as_a_sentence_naming_people_and_the_table(event, judge, disputed):
    entry = AuditEntry.objects.get(action="result.set")
    [line] = audit_lines([entry], event=event)
    a, b = disputed.player_a.name, disputed.player_b.name
    assert line.sentence == (
        f"{judge.public_name} set round 1, table 1 ({a} vs {b}) to 2-1 for {b} (was: disputed)."
    )
    assert line.kind == "results" and line.round_number == 1


def test_the_page_shows_sentences_not_ids_or_json(event, judge, disputed, as_user):
    page = as_user(judge).get(audit_url(event)).content.decode()
    assert f"{judge.public_name} paired round 1: 4 tables." in page
    assert f"{judge.public_name} published the pairings of round 1." in page
    assert f"to 2-1 for {disputed.player_b.name} (was: disputed)." in page
    assert "games_won_a" not in page and "&quot;status&quot;" not in page


def test_the_page_in_spanish(event, judge, disputed, as_user):
    page = as_user(judge).get("/es" + audit_url(event)).content.decode()
    b = disputed.player_b.name
    assert f"{judge.public_name} fijó la ronda 1, mesa 1" in page
    assert f"en 2-1 a favor de {b} (antes: en disputa)." in page
    assert "publicó los emparejamientos de la ronda 1" in page
    assert "round 1" not in page and "table 1" not in page


def test_filters_by_kind_round_and_person(event, judge, regs, disputed, as_user):
    # Someone who does not play the disputed match (the pairing is random).
    warned = next(r for r in regs if r.pk not in (disputed.player_a_id, disputed.player_b_id))
    penalty_issue(actor=judge, registration_id=warned.pk, kind="warning", reason="Slow play")
    client = as_user(judge)
    penalties = client.get(audit_url(event, kind="penalties")).content.decode()
    assert f"gave {warned.name} a warning." in penalties
    assert "paired round 1" not in penalties
    person = disputed.player_a.player
    theirs = client.get(audit_url(event, person=person.pk)).content.decode()
    assert "set round 1, table 1" in theirs and "a warning" not in theirs
    round_one = client.get(audit_url(event, round=1)).content.decode()
    assert "paired round 1" in round_one and "created the event" not in round_one
    assert client.get(audit_url(event, kind="nonsense")).status_code == 400


def test_the_log_is_paged_and_pages_keep_the_filter(event, judge, regs, round1, as_user):
    for _ in range(60):
        AuditEntry.objects.create(event=event, actor=judge, action="clock.pause", target="round 1")
    client = as_user(judge)
    first = client.get(audit_url(event, kind="clock")).content.decode()
    assert first.count('data-kind="clock"') == 50
    assert "kind=clock&amp;page=2" in first
    second = client.get(audit_url(event, kind="clock", page=2)).content.decode()
    assert second.count('data-kind="clock"') >= 10


def test_the_api_gives_the_same_sentences_and_filters(event, judge, disputed, as_user):
    client = as_user(judge)
    data = client.get(f"/api/events/{event.pk}/audit/", {"kind": "results"}).json()
    rows = data["results"] if isinstance(data, dict) else data
    assert [r["kind"] for r in rows] == ["results"]
    assert rows[0]["sentence"].startswith(f"{judge.public_name} set round 1, table 1 (")
    spanish = client.get(
        f"/api/events/{event.pk}/audit/", {"kind": "results"}, HTTP_ACCEPT_LANGUAGE="es"
    ).json()
    rows = spanish["results"] if isinstance(spanish, dict) else spanish
    assert "fijó la ronda 1, mesa 1" in rows[0]["sentence"]
    bad = client.get(f"/api/events/{event.pk}/audit/", {"round": "x"})
    assert bad.status_code == 400


def test_every_action_the_services_write_has_its_own_sentence():
    """No action falls through to the generic sentence (its code and target)."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[3]
    actions = set()
    for path in [*root.glob("tournaments/**/*.py"), *root.glob("rulings/**/*.py")]:
        actions |= set(re.findall(r'action="([a-z_]+\.[a-z_]+)"', path.read_text()))
        actions |= set(re.findall(r'_audit\(\s*pod, actor, "([a-z_.]+)"', path.read_text()))
    actions |= {f"penalty.{k}" for k in ("warning", "game_loss", "match_loss")}
    actions |= {"draft.pause", "draft.extend", "draft.seat_to_bot", "draft.seat_to_player"}
    actions |= {"draft.replace_pack"}
    from tournaments.audit_presenter import _Context, _sentence

    class Stub:
        def __init__(self, action):
            self.action, self.target, self.before, self.after = action, "round 1", None, None
            self.actor_id, self.actor, self.reason, self.pk = None, None, "", 1

    def sentence(action):
        return _sentence(Stub(action), _Context([], None))[0]

    generic = [a for a in sorted(actions) if f": {a} (" in sentence(a)]
    assert generic == []


def test_the_audit_csv_uses_the_same_sentences_for_judges_only(event, judge, disputed, as_user):
    import csv
    import io

    url = reverse("tournaments:export", args=[event.pk, "audit"])
    body = as_user(judge).get(url).content.decode()
    rows = list(csv.DictReader(io.StringIO(body)))
    results = [r for r in rows if r["kind"] == "results"]
    assert results and results[0]["what happened"].startswith(
        f"{judge.public_name} set round 1, table 1 ("
    )
    spanish = as_user(judge).get("/es" + url).content.decode()
    assert "fijó la ronda 1, mesa 1" in spanish
    player = disputed.player_a.player
    assert list(csv.reader(io.StringIO(as_user(player).get(url).content.decode()))) == [
        ["when", "who", "kind", "action", "what happened", "reason"]
    ]


def test_export_event_command_writes_the_audit(event, judge, disputed):
    import io

    from django.core.management import call_command

    out = io.StringIO()
    call_command("export_event", str(event.pk), "--what", "audit", stdout=out)
    assert "set round 1, table 1" in out.getvalue()
