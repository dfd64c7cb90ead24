"""Booster drafts: the drafter's pages and the judges' console, under /events/."""

from django.urls import path

from drafts.views import drafter as draft
from drafts.views import judge as judge_draft

app_name = "drafts"

urlpatterns = [
    path("<id:pk>/draft/", draft.my_draft, name="my_draft"),
    path("<id:pk>/draft/pods/<id:pod>/live/", draft.draft_live, name="draft_live"),
    path("<id:pk>/draft/pick/", draft.pick, name="draft_pick"),
    path("<id:pk>/draft/bid/", draft.bid, name="draft_bid"),
    path("<id:pk>/draft/place/", draft.place, name="draft_place"),
    path("<id:pk>/draft/deck/", draft.build_deck, name="draft_deck"),
    path("<id:pk>/draft/deck/save/", draft.save_deck, name="draft_deck_save"),
    path("<id:pk>/judge/draft/", judge_draft.console, name="draft_console"),
    path("<id:pk>/judge/draft/live/", judge_draft.console_live, name="draft_console_live"),
    path("<id:pk>/judge/draft/options/", judge_draft.options, name="draft_options"),
    path("<id:pk>/judge/draft/start/", judge_draft.start, name="draft_start"),
    path(
        "<id:pk>/judge/draft/enter-without-seat/",
        judge_draft.enter_without_seat,
        name="draft_enter_without_seat",
    ),
    path("pods/<id:pk>/<str:action>/", judge_draft.pod_action, name="pod_action"),
    path("packs/<id:pk>/replace/", judge_draft.replace_pack, name="pack_replace"),
]
