from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class JudgeCallsConfig(AppConfig):
    name = "judge_calls"
    verbose_name = _("Judge calls")

    def ready(self) -> None:
        from judge_calls.audit_sentences import judge_call_sentence
        from tournaments.audit_presenter import register_sentences

        register_sentences("judge_call", judge_call_sentence)
