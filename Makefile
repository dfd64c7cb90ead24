# Two entry points for a fresh machine (see README): `make demo` and `make test`.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

# What is installed in the virtual environment is remembered by a stamp per set of
# dependencies, newer than pyproject.toml: pip runs again only when pyproject.toml changes
# (or the environment is deleted). The site's own dependencies for the demo; those and the
# test tools (`.[dev]`) for the tests and the linters.
SITE_STAMP := $(VENV)/.installed-site
DEV_STAMP := $(VENV)/.installed-dev

.PHONY: install install-site demo test lint chromium messages run-worker run-beat

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

$(SITE_STAMP): pyproject.toml | $(BIN)/activate
	$(BIN)/pip install --quiet -e .
	touch $@

# `.[dev]` includes the site's dependencies, so it stamps both.
$(DEV_STAMP): pyproject.toml | $(BIN)/activate
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@ $(SITE_STAMP)

install-site: $(SITE_STAMP)

install: $(DEV_STAMP)

# Installs what the site needs, migrates, loads the demo data (printing its logins) and
# serves the site on http://$(HOST):$(PORT)/ (`make demo PORT=8001` for another port). A
# second run with nothing changed skips pip; migrate and demo_data then have nothing to do
# (their system checks are left to runserver, which runs them once).
demo: $(SITE_STAMP)
	$(PY) manage.py migrate --no-input --skip-checks
	$(PY) manage.py demo_data --skip-checks
	$(PY) manage.py runserver $(HOST):$(PORT)

# Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi; }

lint: $(DEV_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

messages: $(SITE_STAMP)
	$(PY) manage.py compilemessages --ignore=.venv

# Installs everything and runs the whole suite (unit, property, API, concurrency and browser tests).
test: $(DEV_STAMP) chromium lint
	$(PY) manage.py makemigrations --check --dry-run
	$(BIN)/pytest -n auto $(PYTEST_ARGS)

run-worker: $(SITE_STAMP)
	$(BIN)/celery -A config worker --loglevel=INFO

run-beat: $(SITE_STAMP)
	$(BIN)/celery -A config beat --loglevel=INFO
