"""Qíahn Tactics Goblin II, the card game: catalogue, record, state, replay, legal moves.

Modules: ``catalogue`` (cards and effects from the shipped data file),
``record`` (record format 1 for Goblin II: strict parsing and writing),
``state`` (the game and its rules), ``replay`` (record -> verdict),
``legal`` (legal actions) and ``playout`` (random legal games).
"""
