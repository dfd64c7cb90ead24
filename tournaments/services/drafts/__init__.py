"""Booster draft services: set-up, picks and auction actions, judge actions, deadlines,
reads. The pure rules are in ``tournaments.draft``; this package loads rows, calls them
under the pod's row lock (see ``tournaments.services.locking``) and saves."""

from tournaments.services.drafts.building import draft_deck_save, draft_deck_submit, pool_entries
from tournaments.services.drafts.clock import apply_draft_deadlines, settle_if_expired
from tournaments.services.drafts.judge import (
    pack_replace,
    pod_begin_picking,
    pod_end_building,
    pod_extend,
    pod_pause,
    pod_resume,
    seat_extend_building,
    seat_set_bot,
)
from tournaments.services.drafts.late import draft_enter_without_seat, seat_assign_player
from tournaments.services.drafts.players import draft_bid, draft_distribute, draft_pick
from tournaments.services.drafts.setup import draft_configure, draft_start

__all__ = [
    "apply_draft_deadlines",
    "draft_bid",
    "draft_configure",
    "draft_deck_save",
    "draft_deck_submit",
    "draft_distribute",
    "draft_enter_without_seat",
    "draft_pick",
    "draft_start",
    "pack_replace",
    "pod_begin_picking",
    "pod_end_building",
    "pod_extend",
    "pod_pause",
    "pod_resume",
    "pool_entries",
    "seat_assign_player",
    "seat_extend_building",
    "seat_set_bot",
    "settle_if_expired",
]
