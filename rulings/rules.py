"""Who may do what with the catalogue and the rulings document: site admins keep both (deck
lists have their own rules, in the decklists app)."""

from __future__ import annotations

import rules

from accounts.rules import is_site_admin

rules.add_perm("rulings.manage_catalogue", is_site_admin)
rules.add_perm("rulings.edit_document", is_site_admin)
