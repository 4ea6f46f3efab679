PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: venv test test-long test-deploy run venue lint clean screenshots messages compilemessages

venv: $(STAMP)

# Reinstall only when a requirements file changed since the last install.
$(STAMP): requirements.txt requirements-dev.txt
	test -x $(VENV)/bin/python || $(PYTHON) -m venv $(VENV)
	$(VENV)/bin/python -m pip install --disable-pip-version-check -r requirements-dev.txt
	touch $(STAMP)

test: venv
	bash deploy/ensure-test-tools.sh
	bash .ci/tests.sh

test-long: venv
	bash deploy/ensure-test-tools.sh
	HYPOTHESIS_PROFILE=long PYTEST_ADDOPTS=--timeout=0 bash .ci/tests.sh

# The state-meet deployment on this machine: nginx, two gunicorns, PostgreSQL, a private
# Redis, two Celery workers (tests/deploy; deploy/README.md). Fails with CI=true when a
# service is missing, skips otherwise.
test-deploy: venv
	bash deploy/ensure-test-tools.sh deploy
	$(VENV)/bin/pytest tests/deploy -v -p no:cacheprovider --durations=3

# This computer only, on 127.0.0.1:8000 (`PORT=8765 make run`: on 8765); `make venue`
# serves the hall's wifi the same way (deploy/run-local.sh, deploy/venue.sh).
run: venv
	bash deploy/run-local.sh

venue: venv
	bash deploy/venue.sh

screenshots: venv
	UPDATE_SCREENSHOTS=1 .venv/bin/pytest tests/browser -q -k "screenshot"

# The translation catalogs (locale/fr, locale/es; docs/architecture.md, "Languages"):
# `make messages` collects every marked string into them (then translate the new entries),
# `make compilemessages` compiles them into the .mo files, which are committed.
# (The same folders and options as tests/i18n/catalogs.py.) File names without line numbers
# and no creation date: moving a line or collecting again changes nothing in the catalogs,
# so two people's .po files only meet where both changed messages.
MAKEMESSAGES := $(VENV)/bin/python manage.py makemessages -l fr -l es --no-obsolete \
	--add-location=file \
	--ignore=.venv --ignore=.git --ignore=staticfiles --ignore=media --ignore=bench \
	--ignore=tests --ignore=.celery-broker --ignore=htmx.min.js

messages: venv
	$(MAKEMESSAGES)
	$(MAKEMESSAGES) -d djangojs
	sed -i '/^"POT-Creation-Date: /d' locale/*/LC_MESSAGES/*.po
	$(MAKE) compilemessages

compilemessages: venv
	$(VENV)/bin/python manage.py compilemessages --ignore=.venv

# Format, lint, and the layer contracts of docs/architecture.md (pyproject.toml).
lint: venv
	$(VENV)/bin/ruff format --check .
	$(VENV)/bin/ruff check .
	PYTHONPATH=. $(VENV)/bin/lint-imports

clean:
	rm -rf db.sqlite3 db.sqlite3-wal db.sqlite3-shm db.sqlite3-journal media .celery-broker .demo-passwords
