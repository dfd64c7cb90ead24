from django.urls import path

from tournaments.views import (
    event,
    exports,
    judge_event,
    judge_players,
    judge_results,
    judge_rounds,
    lists,
    live,
    player,
    printing,
)

app_name = "tournaments"

urlpatterns = [
    # Lists
    path("", lists.event_list, name="event_list"),
    path("mine/", lists.my_events, name="my_events"),
    path("judge/", lists.judge_desk, name="judge_desk"),
    path("new/", judge_event.event_new, name="event_new"),
    # Public pages of an event
    path("<id:pk>/", event.event_detail, name="event_detail"),
    path("<id:pk>/players/", event.players, name="players"),
    path("<id:pk>/pairings/", event.pairings_by_table, name="pairings"),
    path("<id:pk>/pairings/by-name/", event.pairings_by_name, name="pairings_by_name"),
    path("<id:pk>/standings/", event.standings, name="standings"),
    path("<id:pk>/live/", live.event_live, name="event_live"),
    path("<id:pk>/export/<str:what>.csv", exports.export, name="export"),
    path("<id:pk>/export/<str:what>.xlsx", exports.export_spreadsheet, name="export_xlsx"),
    # Print views
    path("<id:pk>/print/pairings/", printing.pairings_by_table, name="print_pairings"),
    path(
        "<id:pk>/print/pairings/by-name/",
        printing.pairings_by_name,
        name="print_pairings_by_name",
    ),
    path("<id:pk>/print/slips/", printing.slips, name="print_slips"),
    path("<id:pk>/print/standings/", printing.standings, name="print_standings"),
    # Players
    path("<id:pk>/register/", player.register, name="register"),
    path("<id:pk>/me/", player.my_match, name="my_match"),
    path("matches/<id:pk>/report/", player.report, name="report"),
    path("matches/<id:pk>/confirm/", player.confirm, name="confirm_result"),
    path("registrations/<id:pk>/drop/", player.drop, name="drop"),
    # Organisers
    path("<id:pk>/edit/", judge_event.event_edit, name="event_edit"),
    path("<id:pk>/staff/", judge_event.event_staff, name="event_staff"),
    path("<id:pk>/reopen/", judge_event.reopen, name="reopen"),
    # Judges
    path("<id:pk>/judge/", judge_rounds.dashboard, name="dashboard"),
    path("<id:pk>/judge/rounds/<id:number>/", judge_rounds.dashboard, name="dashboard_round"),
    path("<id:pk>/judge/pair/", judge_rounds.pair_next, name="pair_next"),
    path("<id:pk>/judge/top-cut/start/", judge_rounds.start_top_cut, name="top_cut_start"),
    path("<id:pk>/judge/top-cut/advance/", judge_rounds.advance_top_cut, name="top_cut_advance"),
    path("<id:pk>/judge/finish/", judge_rounds.finish, name="finish"),
    path("<id:pk>/judge/players/", judge_players.judge_players, name="judge_players"),
    path("<id:pk>/judge/players/check-in-all/", judge_players.check_in_all, name="check_in_all"),
    path(
        "<id:pk>/judge/players/suggestions/",
        judge_players.player_suggestions,
        name="player_suggestions",
    ),
    path("<id:pk>/judge/penalties/", judge_results.penalties, name="penalties"),
    path("<id:pk>/judge/audit/", judge_results.audit, name="audit"),
    path("rounds/<id:pk>/publish/", judge_rounds.publish, name="publish"),
    path("rounds/<id:pk>/repair/", judge_rounds.repair, name="repair"),
    path("rounds/<id:pk>/swap/", judge_rounds.swap, name="swap"),
    path("rounds/<id:pk>/clock/<str:action>/", judge_rounds.clock, name="clock"),
    path("matches/<id:pk>/result/", judge_results.result, name="result"),
    path("matches/<id:pk>/extend/", judge_rounds.extend, name="extend"),
    path("registrations/<id:pk>/check-in/", judge_players.check_in, name="check_in"),
    path("registrations/<id:pk>/fixed-table/", judge_players.fixed_table, name="fixed_table"),
    path("registrations/<id:pk>/unlock-login/", judge_players.unlock_login, name="unlock_login"),
]
