"""Anachronism: warriors, support cards, five assaults in a small arena.

Modules: :mod:`.catalogue` (cards from a data file), :mod:`.types` (sides, phases,
limits, squares), :mod:`.state` (the game and its set-up and assaults), :mod:`.actions`
(a turn's actions and their rules), :mod:`.reports` (what happened in each assault),
:mod:`.combat` and :mod:`.odds` (attack arithmetic and exact chances),
:mod:`.record` (record format 1), :mod:`.replay` (the verdict and the first
illegal step), :mod:`.legal` (legal choices) and :mod:`.playout` (random games).
"""
