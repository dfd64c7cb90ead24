from django.urls import path

from tournaments.views import (
    event,
    exports,
    judge_event,
    judge_players,
    judge_results,
    judge_rounds,
    lists,
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
    path("<int:pk>/", event.event_detail, name="event_detail"),
    path("<int:pk>/players/", event.players, name="players"),
    path("<int:pk>/pairings/", event.pairings_by_table, name="pairings"),
    path("<int:pk>/pairings/by-name/", event.pairings_by_name, name="pairings_by_name"),
    path("<int:pk>/standings/", event.standings, name="standings"),
    path("<int:pk>/export/<str:what>.csv", exports.export, name="export"),
    # Print views
    path("<int:pk>/print/pairings/", printing.pairings_by_table, name="print_pairings"),
    path(
        "<int:pk>/print/pairings/by-name/",
        printing.pairings_by_name,
        name="print_pairings_by_name",
    ),
    path("<int:pk>/print/slips/", printing.slips, name="print_slips"),
    path("<int:pk>/print/standings/", printing.standings, name="print_standings"),
    # Players
    path("<int:pk>/register/", player.register, name="register"),
    path("<int:pk>/me/", player.my_match, name="my_match"),
    path("matches/<int:pk>/report/", player.report, name="report"),
    path("registrations/<int:pk>/drop/", player.drop, name="drop"),
    # Organisers
    path("<int:pk>/edit/", judge_event.event_edit, name="event_edit"),
    path("<int:pk>/staff/", judge_event.event_staff, name="event_staff"),
    # Judges
    path("<int:pk>/judge/", judge_rounds.dashboard, name="dashboard"),
    path("<int:pk>/judge/rounds/<int:number>/", judge_rounds.dashboard, name="dashboard_round"),
    path("<int:pk>/judge/pair/", judge_rounds.pair_next, name="pair_next"),
    path("<int:pk>/judge/top-cut/start/", judge_rounds.start_top_cut, name="top_cut_start"),
    path("<int:pk>/judge/top-cut/advance/", judge_rounds.advance_top_cut, name="top_cut_advance"),
    path("<int:pk>/judge/finish/", judge_rounds.finish, name="finish"),
    path("<int:pk>/judge/players/", judge_players.judge_players, name="judge_players"),
    path("<int:pk>/judge/penalties/", judge_results.penalties, name="penalties"),
    path("<int:pk>/judge/audit/", judge_results.audit, name="audit"),
    path("rounds/<int:pk>/publish/", judge_rounds.publish, name="publish"),
    path("rounds/<int:pk>/repair/", judge_rounds.repair, name="repair"),
    path("rounds/<int:pk>/swap/", judge_rounds.swap, name="swap"),
    path("rounds/<int:pk>/clock/<str:action>/", judge_rounds.clock, name="clock"),
    path("matches/<int:pk>/result/", judge_results.result, name="result"),
    path("matches/<int:pk>/extend/", judge_rounds.extend, name="extend"),
    path("registrations/<int:pk>/check-in/", judge_players.check_in, name="check_in"),
    path("registrations/<int:pk>/fixed-table/", judge_players.fixed_table, name="fixed_table"),
]
