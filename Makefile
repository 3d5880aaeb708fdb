# Each target bootstraps .venv itself; a second run reuses it.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# The stamp is remade whenever the dependency list changes.
STAMP := $(VENV)/.installed

.PHONY: demo test test-fast perf clean test-debs docs

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

# torch goes first and pinned: anything that pulls torch unpinned would fetch a multi-GB CUDA build.
$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check torch==2.13.0
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/ragstress demo $(DEMO_ARGS)

# Debian packages the suite uses, installed here when we may (root), else their tests skip.
# The HTML report is checked in Debian's chromium (with a CJK font, so Chinese renders),
# driven through its executable path: no test ever downloads a browser; poppler-utils
# (pdftotext, pdftoppm) reads back the PDF that `report --pdf` prints. The documentation
# loaders are checked on the Python manual's reStructuredText sources (python3.11-doc) and
# the Chinese man pages (manpages-zh), rendered by groff.
TEST_DEBS := chromium fonts-wqy-microhei poppler-utils python3.11-doc manpages-zh groff-base
test-debs:
	@dpkg -s $(TEST_DEBS) >/dev/null 2>&1 || [ "$$(id -u)" != 0 ] || \
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_DEBS) >/dev/null; }

# The formatter and linter (pinned in the test extra) gate the suite: a diff or a finding fails `make test`.
test: $(STAMP) test-debs
	$(BIN)/ruff format --check --quiet .
	$(BIN)/ruff check --quiet .
	$(BIN)/python -m pytest -q

test-fast: $(STAMP)
	$(BIN)/ruff format --check --quiet .
	$(BIN)/ruff check --quiet .
	$(BIN)/python -m pytest -q -m "not slow"

# The perf extra (the LangChain baseline) only for `make perf`; remade when the dependency list changes.
PERF_STAMP := $(VENV)/.installed-perf
$(PERF_STAMP): pyproject.toml $(STAMP)
	$(BIN)/pip install --quiet --disable-pip-version-check -e '.[test,perf]'
	touch $(PERF_STAMP)

perf: $(STAMP) $(PERF_STAMP)
	$(BIN)/python -m ragstress.perf

# docs/cli.md is the commands' own help; tests/unit/test_cli_reference.py fails while it is stale.
docs: $(STAMP)
	$(BIN)/python -m ragstress.cli.reference > docs/cli.md

clean:
	rm -rf $(VENV) build *.egg-info
