"""Pure cores of the rulings app: no Django import anywhere in this package.

- ``cards``: the card vocabulary (types, factions, rarities) and ``CardInfo``.
- ``issues``: errors and warnings as values with stable codes and params.
- ``csvimport``: the catalogue CSV reader and validator, and the writer.
- ``document``: the sections of a rulings document and their validation.
- ``docdiff``: the diff between two versions of a rulings document.
"""
