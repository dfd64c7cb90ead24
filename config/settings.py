"""Settings, read from the environment.

With no environment at all the site runs on its embedded default: a SQLite
file next to manage.py and no broker (deadlines then settle lazily on every
read and on the sweep command). ``DATABASE_URL`` and ``REDIS_URL`` /
``CELERY_BROKER_URL`` switch to PostgreSQL and Redis.
"""

from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from config.converters import BIGGEST_ID
from config.env import env_bool, env_int, env_list, env_str, env_url

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", default=True)

SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is off.")
    SECRET_KEY = "dev-only-insecure-key-never-use-in-production"

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["localhost", "127.0.0.1", "[::1]", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# The address players' phones reach the site on, for QR codes on printed slips (e.g. a venue
# laptop's http://192.168.1.20:8000); empty: the address each request came in on.
SITE_URL = env_url("SITE_URL")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django.contrib.syndication",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "django_htmx",
    "axes",
    "rules.apps.AutodiscoverRulesConfig",
    "config",
    "accounts",
    "tournaments",
    "decklists",
    "drafts",
    "judge_calls",
    "screen",
    "archives",
    "webhooks",
    "metagame",
    "games",
    "rulings",
    "idempotency",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "config.middleware.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    # The unversioned /api/ answers with its Deprecation, Sunset and successor Link.
    "config.api_versions.UnversionedDeprecation",
    # An API read's RateLimit-* headers, counted by the API's throttle (config/api_rate.py).
    "config.api_rate.RateLimitHeaders",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "config.query_guard.RequestTextGuard",
    # A wrong method on an API route is a 405 before authentication and permissions.
    "config.api.MethodNotAllowedFirst",
    # An API POST with an Idempotency-Key: the stored answer replayed, or stored (idempotency/).
    "idempotency.middleware.IdempotencyKeyMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "config.csp_middleware.CSPMiddleware",
    # Last: turns a login refused for too many failures into the 429 answer.
    "axes.middleware.AxesMiddleware",
]
if env_bool("QUERY_COUNT_HEADER", False):
    # Benchmarks only: each response carries its database query count (config/query_count.py).
    MIDDLEWARE.insert(0, "config.query_count.QueryCountHeader")

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.navigation",
            ],
        },
    },
]

# --- Database -----------------------------------------------------------------
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"),
        conn_max_age=env_int("DB_CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The embedded default still serves several threads: WAL lets readers run
    # beside the writer, IMMEDIATE takes the write lock at BEGIN so that
    # select_for_update-style read-modify-write sections cannot interleave.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests that race several connections need a real file (an in-memory database
    # shares one cache and fails with "table is locked" instead of waiting).
    # One file per test process, so two runs from one checkout never share (and corrupt)
    # a test database; pytest-xdist workers add their own suffix.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / f".test-db-{os.getpid()}.sqlite3")}
elif DB_POOL_SIZE := env_int("DB_POOL_SIZE", 0):
    # A process serving many requests at once on threads (the ASGI stream server) takes
    # connections from a pool of this size, waiting for one rather than opening a
    # PostgreSQL connection per request (a reconnect storm of 512 drafters' streams).
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL_SIZE,
        "timeout": 20,
    }
if DATABASES["default"]["ENGINE"] != "django.db.backends.sqlite3" and env_bool(
    "DB_PREPARED_STATEMENTS", True
):
    # A statement a connection runs five times becomes a prepared statement, for the
    # statements run through config.prepared.hot_cursor (see there). Behind PgBouncer in
    # transaction mode this needs PgBouncer 1.21+ (max_prepared_statements), or turn it off.
    DATABASES["default"].setdefault("OPTIONS", {})["prepare_threshold"] = 5
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Cache, broker and background jobs ------------------------------------------
REDIS_URL = env_str("REDIS_URL")
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", REDIS_URL)
if REDIS_URL:
    # django-redis rather than Django's own backend: Django's builds a new client for every
    # cache operation, a third of the CPU of a page answered 304 from the live number
    # (docs/operations.md, "Refresh storm"); django-redis keeps one per server.
    # A blocking pool: a burst of threads (the stream server's) waits for a connection
    # instead of failing at redis-py's 100.
    CACHES = {
        "default": {
            "BACKEND": "django_redis.cache.RedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {
                "CONNECTION_POOL_CLASS": "redis.BlockingConnectionPool",
                "CONNECTION_POOL_KWARGS": {"max_connections": 100, "timeout": 5},
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Drafters' pages hear of their pod's changes over server-sent events from a separate ASGI
# process (``uvicorn config.asgi:application``, docs/drafts.md) instead of polling every
# second. It needs Redis (the pods' news travel on its pub/sub) and a proxy that sends
# ``/live/`` to that process; off, the pages poll as on the embedded default. On without a
# Redis cache is refused by a system check (tournaments/checks.py), not quietly turned off.
DRAFT_STREAM = env_bool("DRAFT_STREAM", False)
# A drafter's open streams at once (pages and tabs); more are refused (429) and those pages
# poll instead (config/stream_slots.py).
DRAFT_STREAMS_PER_USER = env_int("DRAFT_STREAMS_PER_USER", 4)
# Searches a judge's add-a-player field may make a minute (each typing pause is one); more
# are refused (429) until the minute ends. Counted in the shared cache (config/rate_limit.py).
PLAYER_SEARCHES_PER_MINUTE = env_int("PLAYER_SEARCHES_PER_MINUTE", 30)
# Card-name suggestions a person's deck-list field may ask for a minute (each typing pause
# is one); more are refused (429) until the minute ends, counted the same way.
CARD_SEARCHES_PER_MINUTE = env_int("CARD_SEARCHES_PER_MINUTE", 120)
# API reads (GET and HEAD) a person (their token or session; an address when anonymous) may
# make a minute; more are a 429 with Retry-After until the minute ends. Every read answers
# RateLimit-Limit, -Remaining and -Reset (config/api_rate.py). Generous: a poller every
# second uses 60.
API_READS_PER_MINUTE = env_int("API_READS_PER_MINUTE", 1200)
# The unversioned /api/ answers as /api/v1/ does, deprecated since and until these days
# (UTC), which its answers' Deprecation and Sunset headers give (config/api_versions.py).
API_UNVERSIONED_DEPRECATED_ON = "2026-12-01"
API_UNVERSIONED_SUNSET_ON = "2027-06-01"
# A stored answer to an Idempotency-Key is replayed for this long (idempotency/).
IDEMPOTENCY_KEY_HOURS = 24

CELERY_RESULT_BACKEND = None
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = "UTC"
DEADLINE_SWEEP_SECONDS = env_int("DEADLINE_SWEEP_SECONDS", 15)
# Webhook deliveries due (retries, and those written while no worker or broker ran) are
# sent this often (webhooks/sending.py).
WEBHOOK_SWEEP_SECONDS = env_int("WEBHOOK_SWEEP_SECONDS", 30)
CELERY_BEAT_SCHEDULE = {
    "deadline-sweep": {
        "task": "config.tasks.deadline_sweep",
        "schedule": float(DEADLINE_SWEEP_SECONDS),
    },
    "webhook-deliveries": {
        "task": "webhooks.tasks.send_due_deliveries",
        "schedule": float(WEBHOOK_SWEEP_SECONDS),
    },
    "idempotency-purge": {
        "task": "idempotency.tasks.purge_expired_keys",
        "schedule": 3600.0,
    },
}
# Whether webhooks may go to loopback, private, link-local and other non-public addresses
# (webhooks/core/addresses.py): never in production, where a URL an organiser types would
# otherwise reach the site's own network; allowed under DEBUG (a receiver on this machine).
WEBHOOK_ALLOW_PRIVATE_ADDRESSES = env_bool("WEBHOOK_ALLOW_PRIVATE_ADDRESSES", DEBUG)

# Sessions are kept in the database and read through the cache (Redis in production):
# every signed-in request reads its session, and a drafter's page fetches its pack every
# time the pod moves, so the read is a cache hit instead of a query.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"
# Flash messages live in the session: the default (a signed cookie first) builds a cookie
# signer on every request, API calls included, which never show a message.
MESSAGE_STORAGE = "django.contrib.messages.storage.session.SessionStorage"

# --- Accounts -------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTHENTICATION_BACKENDS = [
    # First: refuses any login (page, admin, API token) of a locked account or address.
    "axes.backends.AxesStandaloneBackend",
    "rules.permissions.ObjectPermissionBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {
        "NAME": "django.contrib.auth.password_validation.MinimumLengthValidator",
        "OPTIONS": {"min_length": 8},
    },
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
# --- Brute-force protection (accounts/login_lockout.py) -----------------------------
LOGIN_FAILURES_PER_ACCOUNT = env_int("LOGIN_FAILURES_PER_ACCOUNT", 10)
LOGIN_FAILURES_PER_ADDRESS = env_int("LOGIN_FAILURES_PER_ADDRESS", 100)
# Proxies in front of the app that append to X-Forwarded-For (0: clients connect directly).
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
AXES_HANDLER = "accounts.login_lockout.AccountOrAddressHandler"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = "accounts.login_lockout.account_failure_limit"
AXES_COOLOFF_TIME = timedelta(minutes=env_int("LOGIN_LOCKOUT_MINUTES", 15))
# A success does not wipe failures: it would let anyone with an account reset the
# counters of their address (and of the accounts tried from it) by logging in.
AXES_RESET_ON_SUCCESS = False
AXES_CLIENT_IP_CALLABLE = "config.client_address.client_address"
AXES_LOCKOUT_CALLABLE = "accounts.login_lockout.lockout_response"
AXES_USERNAME_FORM_FIELD = "username"
# Cut to what axes' records hold: a longer name made PostgreSQL refuse to store the attempt.
AXES_USERNAME_CALLABLE = "accounts.login_lockout.attempted_username"
AXES_VERBOSE = False
# Keep failures only: no row per successful login (personal data the site does not need).
AXES_DISABLE_ACCESS_LOG = True

LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

EMAIL_BACKEND = env_str(
    "EMAIL_BACKEND",
    "django.core.mail.backends.console.EmailBackend"
    if DEBUG
    else "django.core.mail.backends.smtp.EmailBackend",
)
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS", False)
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "noreply@localhost")
# The filebased backend's directory (EMAIL_BACKEND=django.core.mail.backends.filebased...).
EMAIL_FILE_PATH = env_str("EMAIL_FILE_PATH", str(BASE_DIR / "sent-mail"))
# Seconds an SMTP connection may hang before the send fails (and the task is retried).
EMAIL_TIMEOUT = env_int("EMAIL_TIMEOUT", 20)
# Retries of a notification whose SMTP server fails: 1 s, 2 s, 4 s ... up to 10 minutes apart.
NOTIFICATION_MAX_RETRIES = env_int("NOTIFICATION_MAX_RETRIES", 8)

# --- Languages and time -----------------------------------------------------------
LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("es", _("Spanish"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
# English dates as "8 Dec 2026" (config/formats/en); Spanish keeps Django's own formats.
FORMAT_MODULE_PATH = ["config.formats"]
USE_I18N = True
TIME_ZONE = env_str("TIME_ZONE", "Europe/Madrid")
USE_TZ = True

# --- Static files (served by whitenoise; nothing from a CDN) ----------------------
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"
        if env_bool("STATIC_MANIFEST", not DEBUG)
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
}
WHITENOISE_USE_FINDERS = DEBUG or not env_bool("STATIC_MANIFEST", not DEBUG)
# Files browsers ask for at the site's root, whatever a page links (/favicon.ico).
WHITENOISE_ROOT = BASE_DIR / "config" / "public"

# Uploaded files (the catalogue's card pictures) go through the default storage. The site
# serves MEDIA_URL itself when SERVE_MEDIA is on (the default with DEBUG: the demo, a venue
# laptop); in production a proxy or a storage of its own serves it (docs/operations.md).
MEDIA_URL = env_str("MEDIA_URL", "/media/")
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(BASE_DIR / "media")))
SERVE_MEDIA = env_bool("SERVE_MEDIA", DEBUG)

DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440

# Event archives (docs/archives.md): a bigger file is refused before it is read whole,
# and one with more records (people, cards and list entries included) before any check.
ARCHIVE_MAX_BYTES = env_int("ARCHIVE_MAX_BYTES", 32 * 2**20)
ARCHIVE_MAX_RECORDS = env_int("ARCHIVE_MAX_RECORDS", 60_000)

# --- REST API ---------------------------------------------------------------------
REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        # Token first: a bad token is then a 401 with a WWW-Authenticate challenge, and a
        # token request never loads a session.
        "accounts.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "config.api_autoschema.AutoSchema",
    "DEFAULT_PAGINATION_CLASS": "config.pagination.Pagination",
    "PAGE_SIZE": 100,
    "EXCEPTION_HANDLER": "config.api.exception_handler",
    # Reads are counted per person a minute (API_READS_PER_MINUTE), with RateLimit-* headers.
    "DEFAULT_THROTTLE_CLASSES": ["config.api_rate.ReadRateThrottle"],
    # The API reads JSON bodies only (a form or multipart body is a 415): a deck list's
    # entries and a game record nest, which a form cannot carry. No API route takes a file.
    "DEFAULT_PARSER_CLASSES": ["config.parsers.BoundedJSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",
        "rest_framework.renderers.BrowsableAPIRenderer",
    ],
}
# The catalogues of the codes a refusal may take from a core (config/error_codes.py): the
# schema's enum of an error's `code` holds them.
API_ERROR_CODE_SOURCES = [
    "games.engines.messages.MESSAGES",
    "tournaments.core_messages.MESSAGES",
    "drafts.services.messages.MESSAGES",
    "archives.services.refusals.ERROR_CODES",
]
SPECTACULAR_SETTINGS = {
    "TITLE": "Organised-play tournament manager API",
    "DESCRIPTION": (
        "Events, pairings, results, standings, rulings and game-record validation. Send the "
        "token as the header `Authorization: Token <token>`. A refusal has the `Error` shape "
        "on every status; a method a route does not have is a 405 with `Allow` (on no "
        "operation below, since each has its method)."
    ),
    "VERSION": "1",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    # The schema describes /api/v1/ only (the unversioned /api/ is deprecated).
    "PREPROCESSING_HOOKS": ["config.api_versions.only_current_version"],
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        # Every operation's refusals, in the one Error shape (config/api_schema_errors.py).
        "config.api_schema_errors.document_error_responses",
        # Valid for validators and usable by client generators (config/api_schema_client.py).
        "config.api_schema_client.make_schema_client_ready",
        # Pages' Link, Idempotency-Key, ETag and 304, RateLimit-* and 429 on every operation.
        "config.api_schema_http.document_http_mechanics",
    ],
    # Ids in paths (config.converters): integers, at most the largest 64-bit id.
    "PATH_CONVERTER_OVERRIDES": {
        "id": {"type": "integer", "minimum": 0, "maximum": BIGGEST_ID},
    },
    "ENUM_NAME_OVERRIDES": {
        "EventStatusEnum": "tournaments.models.choices.EventStatus",
        "RegistrationStatusEnum": "tournaments.models.choices.RegistrationStatus",
        "RoundStatusEnum": "tournaments.models.choices.RoundStatus",
        "RoundKindEnum": "tournaments.models.choices.RoundKind",
        "MatchStatusEnum": "tournaments.models.choices.MatchStatus",
        "PenaltyKindEnum": "tournaments.models.choices.PenaltyKind",
        "SideEnum": "tournaments.models.choices.Side",
        "GameWinnerEnum": [("a", "a"), ("b", "b"), ("draw", "draw")],
        "JudgeCallOutcomeEnum": "judge_calls.models.JudgeCallOutcome",
        "JudgeCallReasonEnum": "judge_calls.models.JudgeCallReason",
        "JudgeCallStateEnum": "judge_calls.models.JudgeCallState",
        # The deck check's outcome keeps its name now that judge calls have one too.
        "OutcomeEnum": "decklists.models.DeckCheckOutcome",
        # The audit log's kinds: the filter and each entry's `kind`.
        "AuditKindEnum": "tournaments.audit_presenter.KINDS",
    },
}

# --- Security -----------------------------------------------------------------------
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
CSRF_FAILURE_VIEW = "config.views.csrf_failure"
if not DEBUG:
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    # A load balancer probes over plain HTTP: it must see 200 or 503, not a redirect.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    CSRF_COOKIE_SECURE = env_bool("SECURE_COOKIES", True)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = False

# Every page works with no inline script and no third-party origin.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF, "data:"],
        "font-src": [SELF],
        "connect-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "frame-ancestors": [NONE],
        "form-action": [SELF],
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "filters": {"forbidden_one_line": {"()": "config.request_log.ForbiddenOneLine"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
    "loggers": {
        "django.db.backends": {"level": "WARNING"},
        # A refusal (403) is one line with who and why, never a traceback.
        "django.request": {"filters": ["forbidden_one_line"]},
        # Failed logins and lockouts are warnings; axes' routine bookkeeping is not.
        "axes": {"level": "WARNING"},
    },
}
