from django.urls import path

from tournaments.api import views as v

urlpatterns = [
    # First: every player reports every round, so the resolver should try this one first.
    path("matches/<id:pk>/report/", v.MatchReport.as_view(), name="match-report"),
    path("matches/<id:pk>/confirm/", v.MatchConfirmReport.as_view(), name="match-confirm"),
    path("events/", v.EventListCreate.as_view(), name="event-list"),
    path("events/<id:pk>/", v.EventDetail.as_view(), name="event-detail"),
    path("events/<id:pk>/players/", v.EventPlayers.as_view(), name="event-players"),
    path("events/<id:pk>/register/", v.EventRegister.as_view(), name="event-register"),
    path("events/<id:pk>/rounds/", v.EventRounds.as_view(), name="event-rounds"),
    path("events/<id:pk>/penalties/", v.EventPenalties.as_view(), name="event-penalties"),
    path("events/<id:pk>/audit/", v.EventAudit.as_view(), name="event-audit"),
    path("events/<id:pk>/rounds/pair/", v.EventPairNext.as_view(), name="event-pair"),
    path("events/<id:pk>/standings/", v.EventStandings.as_view(), name="event-standings"),
    path("events/<id:pk>/top-cut/start/", v.EventTopCutStart.as_view(), name="topcut-start"),
    path("events/<id:pk>/top-cut/advance/", v.EventTopCutAdvance.as_view(), name="topcut-advance"),
    path("events/<id:pk>/finish/", v.EventFinish.as_view(), name="event-finish"),
    path("events/<id:pk>/reopen/", v.EventReopen.as_view(), name="event-reopen"),
    path("events/<id:pk>/export/<str:what>.csv", v.EventExport.as_view(), name="event-export"),
    path(
        "events/<id:pk>/export/<str:what>.xlsx",
        v.EventExportSpreadsheet.as_view(),
        name="event-export-xlsx",
    ),
    path(
        "registrations/<id:pk>/check-in/",
        v.RegistrationCheckIn.as_view(),
        name="registration-check-in",
    ),
    path("registrations/<id:pk>/drop/", v.RegistrationDrop.as_view(), name="registration-drop"),
    path(
        "registrations/<id:pk>/fixed-table/",
        v.RegistrationFixedTable.as_view(),
        name="registration-fixed-table",
    ),
    path("rounds/<id:pk>/", v.RoundDetail.as_view(), name="round-detail"),
    path("rounds/<id:pk>/publish/", v.RoundPublish.as_view(), name="round-publish"),
    path("rounds/<id:pk>/repair/", v.RoundRepair.as_view(), name="round-repair"),
    path("rounds/<id:pk>/swap/", v.RoundSwap.as_view(), name="round-swap"),
    path("rounds/<id:pk>/clock/start/", v.ClockStart.as_view(), name="clock-start"),
    path("rounds/<id:pk>/clock/pause/", v.ClockPause.as_view(), name="clock-pause"),
    path("rounds/<id:pk>/clock/resume/", v.ClockResume.as_view(), name="clock-resume"),
    path("rounds/<id:pk>/clock/adjust/", v.ClockAdjust.as_view(), name="clock-adjust"),
    path("matches/<id:pk>/", v.MatchDetail.as_view(), name="match-detail"),
    path("matches/<id:pk>/result/", v.MatchSetResult.as_view(), name="match-result"),
    path("matches/<id:pk>/extend/", v.MatchExtend.as_view(), name="match-extend"),
]
