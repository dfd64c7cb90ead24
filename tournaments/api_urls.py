from django.urls import path

from tournaments.api import events, matches, players, records, rounds

urlpatterns = [
    # First: every player reports every round, so the resolver should try this one first.
    path("matches/<id:pk>/report/", matches.MatchReport.as_view(), name="match-report"),
    path("matches/<id:pk>/confirm/", matches.MatchConfirmReport.as_view(), name="match-confirm"),
    path("events/", events.EventListCreate.as_view(), name="event-list"),
    path("events/<id:pk>/", events.EventDetail.as_view(), name="event-detail"),
    path("events/<id:pk>/players/", players.EventPlayers.as_view(), name="event-players"),
    path("events/<id:pk>/register/", players.EventRegister.as_view(), name="event-register"),
    path("events/<id:pk>/rounds/", rounds.EventRounds.as_view(), name="event-rounds"),
    path("events/<id:pk>/penalties/", records.EventPenalties.as_view(), name="event-penalties"),
    path("events/<id:pk>/audit/", records.EventAudit.as_view(), name="event-audit"),
    path("events/<id:pk>/rounds/pair/", rounds.EventPairNext.as_view(), name="event-pair"),
    path("events/<id:pk>/standings/", records.EventStandings.as_view(), name="event-standings"),
    path("events/<id:pk>/top-cut/start/", rounds.EventTopCutStart.as_view(), name="topcut-start"),
    path(
        "events/<id:pk>/top-cut/advance/",
        rounds.EventTopCutAdvance.as_view(),
        name="topcut-advance",
    ),
    path("events/<id:pk>/finish/", events.EventFinish.as_view(), name="event-finish"),
    path("events/<id:pk>/reopen/", events.EventReopen.as_view(), name="event-reopen"),
    path(
        "events/<id:pk>/export/<str:what>.csv", records.EventExport.as_view(), name="event-export"
    ),
    path(
        "events/<id:pk>/export/<str:what>.xlsx",
        records.EventExportSpreadsheet.as_view(),
        name="event-export-xlsx",
    ),
    path(
        "registrations/<id:pk>/check-in/",
        players.RegistrationCheckIn.as_view(),
        name="registration-check-in",
    ),
    path(
        "registrations/<id:pk>/drop/", players.RegistrationDrop.as_view(), name="registration-drop"
    ),
    path(
        "registrations/<id:pk>/fixed-table/",
        players.RegistrationFixedTable.as_view(),
        name="registration-fixed-table",
    ),
    path("rounds/<id:pk>/", rounds.RoundDetail.as_view(), name="round-detail"),
    path("rounds/<id:pk>/publish/", rounds.RoundPublish.as_view(), name="round-publish"),
    path("rounds/<id:pk>/repair/", rounds.RoundRepair.as_view(), name="round-repair"),
    path("rounds/<id:pk>/swap/", rounds.RoundSwap.as_view(), name="round-swap"),
    path("rounds/<id:pk>/clock/start/", rounds.ClockStart.as_view(), name="clock-start"),
    path("rounds/<id:pk>/clock/pause/", rounds.ClockPause.as_view(), name="clock-pause"),
    path("rounds/<id:pk>/clock/resume/", rounds.ClockResume.as_view(), name="clock-resume"),
    path("rounds/<id:pk>/clock/adjust/", rounds.ClockAdjust.as_view(), name="clock-adjust"),
    path("matches/<id:pk>/", matches.MatchDetail.as_view(), name="match-detail"),
    path("matches/<id:pk>/result/", matches.MatchSetResult.as_view(), name="match-result"),
    path("matches/<id:pk>/extend/", matches.MatchExtend.as_view(), name="match-extend"),
]
