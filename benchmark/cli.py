"""The `ragstress` command line.

Configuration (flags and environment) is read here and nowhere else; everything
below receives plain values. Each stage's commands live in their own module and
register themselves on the app through a `register(app)` function.
"""

from __future__ import annotations

import typer

from benchmark import cli_bench, cli_common, cli_doctor, cli_generate, cli_index, cli_report, cli_run, cli_score
from corpora.embeddings import set_model_cache_dir

app = typer.Typer(
    name="ragstress",
    help="Stress-test a RAG system for noise, negative rejection, integration and counterfactual robustness.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)



@app.callback()
def root() -> None:
    """Stress-test a RAG system: build an index, generate cases, run the target, score, report."""
    # Exported model files live beside the LLM cache ($RAGSTRESS_CACHE_DIR, $XDG_CACHE_HOME/ragstress, ~/.cache/ragstress).
    set_model_cache_dir(cli_common.cache_path(None).parent)


for _module in (cli_doctor, cli_index, cli_generate, cli_run, cli_score, cli_report, cli_bench):
    _module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
