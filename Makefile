# Two commands do all the set-up: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements-installed

.PHONY: run test evaluate snapshots lint clean

# The virtual environment is (re)installed whenever requirements.txt changes.
$(STAMP): requirements.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $(STAMP)

# The main job. Until the review app exists it evaluates both slices on the bundled corpus.
run: $(STAMP)
	$(PY) -m review_app evaluate --slice canonical
	$(PY) -m review_app evaluate --slice holdout

test: $(STAMP)
	$(PY) -m pytest

snapshots: $(STAMP)
	$(PY) -m review_app snapshots

lint: $(STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
