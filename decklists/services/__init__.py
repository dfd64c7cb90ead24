"""Writes of deck lists, card pools and deck checks (``<entity>_<action>``, keyword-only,
atomic)."""

from decklists.services.checks import deck_check_record
from decklists.services.lists import card_pool_set, deck_check_pick_random, deck_list_submit

__all__ = ["card_pool_set", "deck_check_pick_random", "deck_check_record", "deck_list_submit"]
