from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    list_display = ("username", "display_name", "email", "player_number", "is_staff", "is_active")
    search_fields = ("username", "display_name", "email", "player_number")
    readonly_fields = ("player_number",)
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
