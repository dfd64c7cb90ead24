from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path, re_path, register_converter

from config import views
from config.api_versions import UNVERSIONED
from config.converters import DatabaseIdConverter
from config.language import set_language
from config.media import serve_media
from drafts.views import stream as draft_stream
from tournaments.views import home

# Before the included URL modules are read: they use it for every id in a path.
register_converter(DatabaseIdConverter, "id")

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("i18n/setlang/", set_language, name="set_language"),
    # The API, versioned; the unversioned prefix answers the same for a deprecation period.
    path("api/v1/", include("config.api_urls")),
    path("api/", include("config.api_urls", namespace=UNVERSIONED)),
    # Served by the ASGI stream server where DRAFT_STREAM is on (a proxy sends /live/ there).
    path("live/draft/pods/<id:pod>/", draft_stream.pod_stream, name="draft_pod_stream"),
    # Card pictures, where the site serves its uploads itself (SERVE_MEDIA).
    path("media/<path:path>", serve_media, name="media"),
]

urlpatterns += i18n_patterns(
    path("", home.home, name="home"),
    # The admin pages of models that moved to another app, at their old addresses.
    re_path(
        r"^admin/(?P<old>tournaments|rulings)/(?P<model>auctiondeck|boosterconfig|draft|decklist)/",
        views.moved_admin_page,
    ),
    path("admin/", admin.site.urls),
    path("accounts/", include("accounts.urls")),
    path("events/", include("tournaments.urls")),
    path("events/", include("drafts.urls")),
    path("events/", include("judge_calls.urls")),
    path("events/", include("screen.urls")),
    path("events/", include("archives.urls")),
    path("events/", include("webhooks.urls")),
    path("games/", include("games.urls")),
    # Before the rulings pages: /rulings/metagame/ is the metagame's, not a rulings page.
    path("", include("metagame.urls")),
    path("rulings/", include("rulings.urls")),
    path("rulings/", include("decklists.urls")),
    prefix_default_language=False,
)

handler400 = "config.views.bad_request"
handler403 = "config.views.permission_denied"
handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"
