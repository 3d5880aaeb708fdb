# Each target bootstraps .venv itself; a second run reuses it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The stamp is remade whenever the dependency list changes.
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast perf clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# torch goes first and pinned: anything that pulls torch unpinned would fetch a multi-GB CUDA build.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check torch==2.13.0
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/ragstress doctor

test: $(STAMP)
	$(BIN)/python -m pytest -q

test-fast: $(STAMP)
	$(BIN)/python -m pytest -q -m "not slow"

perf: $(STAMP)
	$(BIN)/python -m benchmark.perf

clean:
	rm -rf $(VENV) build *.egg-info
