from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.login_lockout import locked_usernames
from accounts.models import LoginUnlock, NotificationPreferences, User
from accounts.services import login_unlock


class NotificationPreferencesInline(admin.StackedInline):
    model = NotificationPreferences
    can_delete = False
    readonly_fields = ("updated_at",)


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "display_name", "email", "player_number", "is_staff", "is_active")
    search_fields = ("username", "display_name", "email", "player_number")
    readonly_fields = ("player_number",)
    actions = ["unlock_logins"]
    inlines = [NotificationPreferencesInline]
    fieldsets = (
        *BaseUserAdmin.fieldsets,
        (_("Player"), {"fields": ("display_name", "player_number")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("username", "display_name", "email", "password1", "password2"),
            },
        ),
    )

    @admin.action(description=_("Unlock login after failed attempts"))
    def unlock_logins(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        locked = locked_usernames(user.get_username() for user in queryset)
        unlocked = [
            login_unlock(actor=request.user, account=user)
            for user in queryset
            if user.get_username() in locked
        ]
        self.message_user(
            request,
            _("Logins unlocked: %(count)s.") % {"count": len(unlocked)},
            messages.SUCCESS,
        )


@admin.register(LoginUnlock)
class LoginUnlockAdmin(admin.ModelAdmin):
    """Who lifted whose login lockout, and when (read-only: the record is the audit)."""

    list_display = ("account", "unlocked_by", "by_site_admin", "created_at")
    list_filter = ("by_site_admin", "day")
    search_fields = ("account__username", "account__display_name", "unlocked_by__username")
    readonly_fields = ("account", "unlocked_by", "by_site_admin", "day", "created_at")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: LoginUnlock | None = None) -> bool:
        return False
