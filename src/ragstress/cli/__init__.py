"""The `ragstress` command line.

Configuration (flags and environment) is read here and nowhere else; everything
below receives plain values. Each stage's commands live in their own module and
register themselves on the app through a `register(app)` function.
"""

from __future__ import annotations

import typer

from ragstress.api.endpoints import use_model_cache
from ragstress.cli import (
    bench,
    calibrate,
    common,
    demo,
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
    use_model_cache(common.cache_path(None).parent)


for _module in (
    doctor,
    index,
    generate,
    import_testset,
    run,
    score,
    report,
    bench,
    demo,
    calibrate,
    reliability,
    export_dataset,
):
    _module.register(app)


OPTIONAL_VALUES = {"--mlflow": "env"}
"""Options whose value may be left out, and what stands for it then (click has no optional values)."""


def with_optional_values(args: list[str]) -> list[str]:
    """`args` with the stand-in value after an optional-value option given bare (last, or before another option)."""
    out: list[str] = []
    for i, arg in enumerate(args):
        out.append(arg)
        following = args[i + 1] if i + 1 < len(args) else None
        if arg in OPTIONAL_VALUES and (following is None or following.startswith("-")):
            out.append(OPTIONAL_VALUES[arg])
    return out


def main() -> None:
    import sys

    app(args=with_optional_values(sys.argv[1:]))


if __name__ == "__main__":
    main()
