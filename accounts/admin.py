from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from accounts.login_lockout import unlock_login
from accounts.models import NotificationPreferences, User


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
        unlocked = [user for user in queryset if unlock_login(user.get_username())]
        self.message_user(
            request,
            _("Logins unlocked: %(count)s.") % {"count": len(unlocked)},
            messages.SUCCESS,
        )
