"""Qíahn Tactics, first edition: the whole game as the project reads it.

Modules: ``types`` (vocabulary and dice), ``record`` (format-1 parsing and
writing), ``state`` (the game and its rules), ``combat`` (totals and
outcomes), ``replay`` (record -> verdict), ``legal`` (legal actions),
``playout`` (random legal games), ``reachable`` (final scores a legal game can
reach) and ``odds`` (exact round odds).
"""
