"""The `ragstress` command line.

Configuration (flags and environment) is read here and nowhere else; everything
below receives plain values. Each stage's commands live in their own module and
register themselves on the app through a `register(app)` function.
"""

from __future__ import annotations

import typer

from ragstress.cli import (
    bench,
    calibrate,
    common,
    doctor,
    export_dataset,
    generate,
    import_testset,
    index,
    reliability,
    report,
    run,
    score,
)
from ragstress.corpora.embeddings import set_model_cache_dir

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
    set_model_cache_dir(common.cache_path(None).parent)


for _module in (
    doctor,
    index,
    generate,
    import_testset,
    run,
    score,
    report,
    bench,
    calibrate,
    reliability,
    export_dataset,
):
    _module.register(app)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
