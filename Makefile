# Two commands matter: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
WORKERS ?= 2
# pytest-xdist: one test process per core (each with its own test database).
PYTEST_WORKERS ?= auto

.PHONY: run test test-quick bench audit loadtest install install-test browsers clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed ($(PYTHON) was not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml changes. The site needs only its own
# dependencies; the tests add theirs.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test]"
	touch $(VENV)/.installed $@

install: $(VENV)/.installed

install-test: $(VENV)/.installed-test

# The browser tests drive a real Chromium: the system one where there is one (or
# Debian's package, installed when we may), else Playwright's own download.
browsers: install-test
	@if [ -n "$$CHROMIUM_PATH" ] || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then \
		true; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Chromium for the browser tests"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
		$(BIN)/python -m playwright install chromium; \
	fi

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py createcachetable
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@# A group whose ratings a failed job left behind is brought up to date (quiet
	@# when none is), and the queue's results of jobs over 14 days old are removed.
	$(BIN)/python manage.py ratings_catch_up --verbosity 0
	$(BIN)/python manage.py prune_db_task_results --verbosity 0
	@# A newcomer's empty database gets a demo group, so history and statistics show
	@# something (never again once any match exists; `make run SEED_DEMO=0` skips it).
	@# Its account's password (or, on later runs, how to set a new one) is printed
	@# last, framed, right before "Serving on": nothing of the set-up buries it.
	@if [ "$(SEED_DEMO)" != "0" ]; then $(BIN)/python manage.py seed_demo --if-empty; fi
	@echo "Serving on http://127.0.0.1:$(PORT)/"
	@# The shipped gunicorn.conf.py, as a server runs it (loopback, asyncio workers
	@# that a slow client cannot stall); only the port and the workers come from here.
	@# Beside it the queue's worker (a big group's re-rate after a correction and the
	@# sign-up mail to an address's owner run there: groups/tasks.py, accounts/tasks.py),
	@# stopped with the site.
	$(BIN)/python manage.py db_worker --no-reload --verbosity 0 & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	PORT=$(PORT) WEB_CONCURRENCY=$(WORKERS) $(BIN)/gunicorn golfsite.asgi -c gunicorn.conf.py

test: browsers
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS)

test-quick: install-test
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) -m "not browser" -x -q

# What players feel, against gunicorn started as `make run` starts it, on a
# throw-away database: SQLite, and PostgreSQL too when DATABASE_URL names a server
# (docs/performance.md). Fails when a budget is missed or a request fails.
bench: install
	$(BIN)/python -m bench

# Lighthouse (mobile) on the key pages with the system Chromium, plus the page
# weight budgets; fails under a threshold.
audit: browsers
	$(BIN)/python -m pytest -q -p no:cacheprovider tests/site/test_page_weight.py
	$(BIN)/python -m bench audit

# A longer, busier card room than `make bench` (24 readers, 3 tables saving holes,
# 60 s); fails on any error or any hole lost. DATABASE_URL as for `make bench`.
loadtest: install
	$(BIN)/python -m bench loadtest

clean:
	rm -rf $(VENV) .tools staticfiles .pytest_cache .mypy_cache .ruff_cache
