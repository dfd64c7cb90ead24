from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DraftsConfig(AppConfig):
    name = "drafts"
    verbose_name = _("Booster drafts")

    def ready(self) -> None:
        from config import deadlines, demo
        from drafts import hooks
        from drafts.audit_sentences import draft_sentence
        from drafts.exports import picks_rows, pools_rows
        from drafts.services.deadlines import apply_draft_deadlines
        from drafts.services.demo import load_draft_demo
        from tournaments.audit_presenter import register_sentences
        from tournaments.exports import register_export

        deadlines.register("tournaments.draft_pods", apply_draft_deadlines)
        demo.register("drafts", load_draft_demo, order=30)
        hooks.connect()
        register_export("picks", picks_rows)
        register_export("pools", pools_rows)
        register_sentences("draft", draft_sentence)
