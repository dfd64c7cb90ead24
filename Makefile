# Two entry points for a fresh machine (see README): `make demo` and `make test`.
PYTHON ?= python3.11
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
HOST ?= 127.0.0.1
PORT ?= 8000
PYTEST_ARGS ?=

.PHONY: install demo test lint chromium messages run-worker run-beat

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip

install: $(BIN)/activate
	$(BIN)/pip install --quiet -e '.[dev]'

# Installs, migrates, loads the demo data (printing its logins) and serves the site.
demo: install
	$(PY) manage.py migrate --no-input
	$(PY) manage.py demo_data
	$(PY) manage.py runserver $(HOST):$(PORT)

# Debian's chromium for the browser tests (Playwright drives it; it never downloads a browser).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq chromium; \
	  else sudo apt-get update -qq && sudo apt-get install -y -qq chromium; fi; }

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports

messages: install
	$(PY) manage.py compilemessages --ignore=.venv

# Installs everything and runs the whole suite (unit, property, API, concurrency and browser tests).
test: install chromium lint
	$(PY) manage.py makemigrations --check --dry-run
	$(BIN)/pytest -n auto $(PYTEST_ARGS)

run-worker: install
	$(BIN)/celery -A config worker --loglevel=INFO

run-beat: install
	$(BIN)/celery -A config beat --loglevel=INFO
