# Two commands matter: `make run` and `make test`. Everything else is a helper.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
PORT ?= 8000
WORKERS ?= 2

.PHONY: run test test-quick lint typecheck bench install clean

$(BIN)/python:
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "Python 3.11 is needed ($(PYTHON) was not found)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# Reinstall whenever pyproject.toml changes.
$(VENV)/.installed: pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet -e ".[test]"
	touch $@

install: $(VENV)/.installed

run: install
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	@echo "Serving on http://127.0.0.1:$(PORT)/"
	$(BIN)/gunicorn golfsite.wsgi --bind 127.0.0.1:$(PORT) --workers $(WORKERS) --no-control-socket --access-logfile -

test: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/python manage.py makemigrations --check --dry-run
	$(BIN)/python -m pytest

test-quick: install
	$(BIN)/python -m pytest -m "not browser" -x -q

bench: install
	$(BIN)/python manage.py migrate --noinput --verbosity 0
	$(BIN)/python manage.py collectstatic --noinput --verbosity 0
	$(BIN)/python manage.py bench

clean:
	rm -rf $(VENV) staticfiles .pytest_cache .mypy_cache .ruff_cache
