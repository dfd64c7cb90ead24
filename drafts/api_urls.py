"""The API of booster drafts (included by the project's API under /api/)."""

from django.urls import path

from drafts import api as d
from drafts import api_state

urlpatterns = [
    path("events/<id:pk>/draft/", api_state.DraftState.as_view(), name="draft-state"),
    path("events/<id:pk>/draft/start/", d.DraftStart.as_view(), name="draft-start"),
    path("events/<id:pk>/draft/my-seat/", d.MySeat.as_view(), name="draft-my-seat"),
    path("events/<id:pk>/draft/pick/", d.MyPick.as_view(), name="draft-pick"),
    path("events/<id:pk>/draft/bid/", d.MyBid.as_view(), name="draft-bid"),
    path("events/<id:pk>/draft/distribute/", d.MyDistribution.as_view(), name="draft-distribute"),
    path("events/<id:pk>/draft/deck/", d.MyDeck.as_view(), name="draft-deck"),
    path("events/<id:pk>/draft/deck/save/", d.MyDeckSave.as_view(), name="draft-deck-save"),
    path(
        "events/<id:pk>/draft/enter-without-seat/",
        d.DraftEnterWithoutSeat.as_view(),
        name="draft-enter-without-seat",
    ),
    path("pods/<id:pk>/pause/", d.PodPause.as_view(), name="pod-pause"),
    path("pods/<id:pk>/resume/", d.PodResume.as_view(), name="pod-resume"),
    path("pods/<id:pk>/extend/", d.PodExtend.as_view(), name="pod-extend"),
    path("pods/<id:pk>/seat-bot/", d.PodSeatBot.as_view(), name="pod-seat-bot"),
    path("pods/<id:pk>/seat-player/", d.PodSeatPlayer.as_view(), name="pod-seat-player"),
    path("pods/<id:pk>/end-building/", d.PodEndBuilding.as_view(), name="pod-end-building"),
    path(
        "pods/<id:pk>/extend-seat-building/",
        d.PodSeatExtendBuilding.as_view(),
        name="pod-extend-seat-building",
    ),
    path("pods/<id:pk>/begin-picking/", d.PodBeginPicking.as_view(), name="pod-begin-picking"),
    path("packs/<id:pk>/replace/", d.PackReplace.as_view(), name="pack-replace"),
]
