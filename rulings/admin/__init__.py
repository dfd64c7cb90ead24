"""Admin: the catalogue (rulings/admin/catalogue.py) and the rulings document's versions
(rulings/admin/document.py); each registers its models when Django's admin loads this
package."""

from rulings.admin.catalogue import CardAdmin, EditionAdmin
from rulings.admin.document import DocumentVersionAdmin, RulingsDocumentAdmin

__all__ = ["CardAdmin", "DocumentVersionAdmin", "EditionAdmin", "RulingsDocumentAdmin"]
