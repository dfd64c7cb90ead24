from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("People and roles")

    def ready(self) -> None:
        from accounts import checks  # noqa: F401  (registers the system checks)
        from accounts.demo import load_people
        from accounts.navigation import NavEntry, register
        from config import demo

        demo.register("people", load_people, order=0)

        register(
            NavEntry(
                "profile", _("My profile"), "accounts:profile", order=80, authenticated_only=True
            )
        )
        register(NavEntry("api-docs", _("API"), "api:docs", order=85))
        register(
            NavEntry(
                "admin",
                _("Administration"),
                "admin:index",
                order=90,
                perm="accounts.access_admin_site",
            )
        )
