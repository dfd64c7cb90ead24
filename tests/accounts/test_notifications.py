"""E-mail notifications: each kind is sent after its action commits, to the people who want
it and have an address, in their language, with absolute links; nothing for a rolled-back
action; each kind can be turned off."""

from __future__ import annotations

import pytest
from django.core import mail
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext

from accounts.models import NotificationKind, NotificationPreferences
from accounts.notifications import notify
from accounts.services import notification_preferences_set
from decklists.services.checks import deck_check_record
from tests.factories import UserFactory
from tests.tournaments.helpers import add_judge, add_players, make_event, make_organiser
from tournaments.models import Round
from tournaments.models.choices import RoundStatus
from tournaments.notifications import notify_judge_call_answered
from tournaments.services.registration import registration_add, registration_register
from tournaments.services.results import ReportedResult, match_report
from tournaments.services.rounds import round_pair_next, round_publish

pytestmark = pytest.mark.django_db

SITE = "https://events.example.org"


@pytest.fixture(autouse=True)
def _site(settings):
    settings.SITE_URL = SITE
    settings.CELERY_BROKER_URL = ""  # the embedded default: mails leave after the commit


@pytest.fixture
def event():
    return make_event(make_organiser(), name="Winter Open")


@pytest.fixture
def judge(event):
    return add_judge(event)


@pytest.fixture
def sent(django_capture_on_commit_callbacks):
    """Run the test's action as a committed transaction; what it mailed."""

    def run(action, *args, **kwargs):
        with django_capture_on_commit_callbacks(execute=True):
            action(*args, **kwargs)
        return list(mail.outbox)

    return run


def html_of(message) -> str:
    [(html, mimetype)] = message.alternatives
    assert mimetype == "text/html"
    return html


def turn_off(user, kind: str) -> None:
    notification_preferences_set(user=user, changes={kind: False})


# --- registration confirmed ------------------------------------------------------------


def test_registering_mails_a_confirmation_with_links_to_the_event_and_the_preferences(event, sent):
    player = UserFactory(username="reg1", display_name="Rita Reg")
    [message] = sent(registration_register, actor=player, event_id=event.pk)
    assert message.to == [player.email]
    assert message.subject == "You are registered for Winter Open"
    assert "Hello Rita Reg," in message.body
    assert str(player.player_number) in message.body
    assert f"{SITE}/events/{event.pk}/" in message.body
    assert f"{SITE}/accounts/profile/#notifications" in message.body
    html = html_of(message)
    assert f'href="{SITE}/events/{event.pk}/"' in html
    assert f'href="{SITE}/accounts/profile/#notifications"' in html


def test_registering_twice_mails_once(event, sent):
    player = UserFactory(username="reg2")
    sent(registration_register, actor=player, event_id=event.pk)
    assert len(sent(registration_register, actor=player, event_id=event.pk)) == 1


def test_a_judge_entering_a_player_mails_them_but_a_walk_in_gets_nothing(event, judge, sent):
    player = UserFactory(username="reg3")
    [message] = sent(registration_add, actor=judge, event_id=event.pk, player=player)
    assert message.to == [player.email]
    mail.outbox.clear()
    assert sent(registration_add, actor=judge, event_id=event.pk, display_name="Walk In") == []


def test_the_confirmation_turned_off_sends_nothing(event, sent):
    player = UserFactory(username="reg4")
    turn_off(player, NotificationKind.REGISTRATION_CONFIRMED)
    assert sent(registration_register, actor=player, event_id=event.pk) == []


def test_a_person_without_an_address_gets_nothing_silently(event, sent):
    player = UserFactory(username="reg5")
    type(player).objects.filter(pk=player.pk).update(email="")
    assert sent(registration_register, actor=player, event_id=event.pk) == []


def test_a_spanish_reader_gets_the_mail_in_spanish_with_spanish_links(event, sent):
    player = UserFactory(username="reg6", display_name="Rosa")
    notification_preferences_set(user=player, changes={"language": "es"})
    [message] = sent(registration_register, actor=player, event_id=event.pk)
    assert message.subject == "Tu inscripción en Winter Open está confirmada"
    assert "Hola, Rosa:" in message.body
    assert f"{SITE}/es/events/{event.pk}/" in message.body
    assert f"{SITE}/es/accounts/profile/#notifications" in message.body
    assert "Elige qué correos recibes" in html_of(message)


def test_names_are_escaped_in_the_html_and_left_alone_in_the_text(sent, organiser=None):
    event = make_event(make_organiser("orga_html"), name="Cats & <Dogs>")
    player = UserFactory(username="reg7")
    [message] = sent(registration_register, actor=player, event_id=event.pk)
    assert "Cats & <Dogs>" in message.subject
    assert "Cats & <Dogs>" in message.body
    assert "Cats &amp; &lt;Dogs&gt;" in html_of(message)


# --- a rolled-back action ----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_a_registration_that_rolls_back_mails_nothing(event):
    player = UserFactory(username="reg8")
    with pytest.raises(RuntimeError), transaction.atomic():
        registration_register(actor=player, event_id=event.pk)
        raise RuntimeError("the request failed after the registration")
    assert mail.outbox == []
    registration_register(actor=player, event_id=event.pk)  # commits on its own
    assert [m.to for m in mail.outbox] == [[player.email]]


# --- pairings published (opt-in) --------------------------------------------------------


@pytest.fixture
def paired(event, judge):
    regs = add_players(event, 3)
    round_ = round_pair_next(actor=judge, event_id=event.pk)
    assert round_.status == RoundStatus.DRAFT
    return round_, regs


def test_pairings_are_mailed_only_to_who_asked_with_their_table_and_opponent(paired, judge, sent):
    round_, regs = paired
    wanting = [r.player for r in regs]
    for user in wanting:
        notification_preferences_set(user=user, changes={"pairings_published": True})
    messages = sent(round_publish, actor=judge, round_id=round_.pk)
    assert sorted(m.to[0] for m in messages) == sorted(u.email for u in wanting)
    by_address = {m.to[0]: m for m in messages}
    for match in round_.matches.select_related("player_a__player", "player_b__player"):
        a, b = match.player_a, match.player_b
        body_a = by_address[a.player.email].body
        assert "The pairings of round 1 of Winter Open are published." in body_a
        assert f"{SITE}/events/{round_.event_id}/me/" in body_a
        if b is None:
            assert "You have a bye this round." in body_a
        else:
            assert f"Table {match.table} against {b.name}." in body_a
            assert f"Table {match.table} against {a.name}." in by_address[b.player.email].body


def test_pairings_are_off_by_default(paired, judge, sent):
    round_, _regs = paired
    assert sent(round_publish, actor=judge, round_id=round_.pk) == []


def test_publishing_when_nobody_asked_reads_no_pairings_after_the_commit(
    paired, judge, django_capture_on_commit_callbacks
):
    round_, _regs = paired
    with django_capture_on_commit_callbacks() as callbacks:
        round_publish(actor=judge, round_id=round_.pk)
    with CaptureQueriesContext(connection) as queries:
        for callback in callbacks:
            callback()
    # The round, its players and who of them asked (nobody): the matches are not read.
    assert len(queries) <= 3
    assert not any('"tournaments_match"' in q["sql"] for q in queries.captured_queries)
    assert mail.outbox == []


def test_publishing_twice_mails_once(paired, judge, sent):
    round_, regs = paired
    notification_preferences_set(user=regs[0].player, changes={"pairings_published": True})
    assert len(sent(round_publish, actor=judge, round_id=round_.pk)) == 1
    assert len(sent(round_publish, actor=judge, round_id=round_.pk)) == 1
    assert Round.objects.get(pk=round_.pk).status == RoundStatus.PUBLISHED


# --- a result disputed ----------------------------------------------------------------------


@pytest.fixture
def published_match(paired, judge):
    round_, _regs = paired
    round_publish(actor=judge, round_id=round_.pk)
    return round_.matches.exclude(player_b=None).select_related(
        "player_a__player", "player_b__player"
    )[0]


def report(registration, match, a, b):
    match_report(actor=registration.player, match_id=match.pk, result=ReportedResult(a, b))


def test_disagreeing_reports_mail_both_players(published_match, sent):
    match = published_match
    a, b = match.player_a, match.player_b
    assert sent(report, a, match, 2, 0) == []  # the first report waits for the opponent
    messages = sent(report, b, match, 0, 2)
    assert sorted(m.to[0] for m in messages) == sorted([a.player.email, b.player.email])
    by_address = {m.to[0]: m for m in messages}
    assert by_address[a.player.email].subject == (
        f"Winter Open: the result of round 1, table {match.table} is disputed"
    )
    assert f"You and {b.name} reported different results" in by_address[a.player.email].body
    assert f"You and {a.name} reported different results" in by_address[b.player.email].body


def test_agreeing_reports_mail_nobody(published_match, sent):
    match = published_match
    sent(report, match.player_a, match, 2, 0)
    assert sent(report, match.player_b, match, 2, 0) == []


def test_a_dispute_turned_off_is_not_mailed_to_that_player(published_match, sent):
    match = published_match
    a, b = match.player_a, match.player_b
    turn_off(a.player, NotificationKind.RESULT_DISPUTED)
    sent(report, a, match, 2, 0)
    assert [m.to for m in sent(report, b, match, 0, 2)] == [[b.player.email]]


# --- a deck-list problem found by a judge -------------------------------------------------------


def check_deck(judge, registration, outcome, note=""):
    deck_check_record(
        actor=judge,
        event_id=registration.event_id,
        registration_id=registration.pk,
        outcome=outcome,
        note=note,
    )


def test_a_deck_check_with_discrepancies_mails_the_player_without_the_judges_note(
    event, judge, sent
):
    [registration] = add_players(event, 1)
    [message] = sent(check_deck, judge, registration, "discrepancies", "two extra cards")
    assert message.to == [registration.player.email]
    assert message.subject == "Winter Open: a judge found a problem with your deck list"
    assert f"{SITE}/rulings/events/{event.pk}/deck/" in message.body
    assert "two extra cards" not in message.body + html_of(message)


def test_a_deck_as_listed_mails_nothing(event, judge, sent):
    [registration] = add_players(event, 1)
    assert sent(check_deck, judge, registration, "as_listed") == []


def test_the_deck_problem_turned_off_sends_nothing(event, judge, sent):
    [registration] = add_players(event, 1)
    turn_off(registration.player, NotificationKind.DECK_PROBLEM)
    assert sent(check_deck, judge, registration, "discrepancies", "two extra cards") == []


# --- a judge call answered (called by the judge-call service) ---------------------------------


def test_a_judge_call_answered_quotes_the_answer_and_names_the_table(published_match, sent):
    match = published_match
    player = match.player_a.player
    [message] = sent(
        notify_judge_call_answered,
        user_id=player.pk,
        event_id=match.round.event_id,
        match_id=match.pk,
        outcome_text="Ruling given: the attack is legal.",
    )
    assert message.subject == "Winter Open: your judge call was answered"
    assert f"(round 1, table {match.table})" in message.body
    assert "The judge's answer: Ruling given: the attack is legal." in message.body


def test_a_judge_call_answered_without_a_match(event, sent):
    player = UserFactory(username="caller")
    [message] = sent(
        notify_judge_call_answered, user_id=player.pk, event_id=event.pk, outcome_text=""
    )
    assert "A judge answered your call at Winter Open." in message.body
    assert "answer:" not in message.body


def test_a_judge_call_answered_turned_off_sends_nothing(event, sent):
    player = UserFactory(username="caller2")
    turn_off(player, NotificationKind.JUDGE_CALL_ANSWERED)
    assert sent(notify_judge_call_answered, user_id=player.pk, event_id=event.pk) == []


# --- the generic entry point ----------------------------------------------------------------


def test_an_unknown_kind_is_refused_at_once():
    with pytest.raises(ValueError):
        notify(kind="birthday", user_ids=[1], context={})


def test_every_kind_has_a_preference_column_and_its_default():
    preferences = NotificationPreferences()
    assert {k: preferences.wants(k) for k in NotificationKind.values} == {
        "registration_confirmed": True,
        "pairings_published": False,
        "deck_problem": True,
        "result_disputed": True,
        "judge_call_answered": True,
        "opponent_dropped": True,
        "deck_list_due": True,
        "rulings_list_illegal": True,
        "rulings_event_lists": True,
    }
