"""Booster draft services: set-up, picks and auction actions, judge actions, deadlines,
reads. The pure rules are in ``drafts.core``; this package loads rows, calls them
under the pod's row lock (see ``tournaments.services.locking``) and saves."""

from drafts.services.building import draft_deck_save, draft_deck_submit
from drafts.services.deadlines import apply_draft_deadlines, settle_if_expired
from drafts.services.judge import (
    pack_replace,
    pod_begin_picking,
    pod_end_building,
    pod_extend,
    pod_pause,
    pod_resume,
    seat_extend_building,
    seat_set_bot,
)
from drafts.services.late import draft_enter_without_seat, seat_assign_player
from drafts.services.players import draft_bid, draft_distribute, draft_pick
from drafts.services.pools import pool_entries
from drafts.services.setup import draft_configure, draft_start

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
