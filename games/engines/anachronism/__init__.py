"""Anachronism: warriors, support cards, five assaults in a small arena.

Modules: :mod:`.catalogue` (cards from a data file), :mod:`.state` (the rules),
:mod:`.combat` and :mod:`.odds` (attack arithmetic and exact chances),
:mod:`.record` (record format 1), :mod:`.replay` (the verdict and the first
illegal step), :mod:`.legal` (legal choices) and :mod:`.playout` (random games).
"""
