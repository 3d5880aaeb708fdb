"""Agreement of the deterministic (and judged) verdicts with hand labels, per metric and split.

    python -m ragstress.scoring.agreement tests/data/scoring_labels/responses.jsonl [--split dev] [--testbed conflict]
        [--judge-url URL --judge-model NAME [--judge-key KEY]] [--disagreements LABEL] [--certainty]
    (--judge-model SmolLM2-135M-Instruct without --judge-url: the bundled model is the judge)

A labels file holds one JSON object per line: id, lang, testbed, question, answers,
fake_answer, response, split (one of SPLITS but "whole") and `labels`, each true, false or null
(not labelled): correct, rejects, flags_error, corrects, asserts_fake, over_refusal,
rgb_rejects, rgb_flags, rgb_correct. Each label is compared with the verdict of one metric of each
rule set (see CHECKS); a null label, or an unscored verdict, leaves the line out of
that row. Prints a Markdown table of agreement and Cohen's kappa per split.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ragstress.core.jsonl import RecordFileError, read_records
from ragstress.core.types import Case, TargetResponse
from ragstress.llm.config import BUNDLED_MODEL
from ragstress.scoring.metrics import METRICS, CaseJudging, corrections
from ragstress.scoring.metrics.certainty import with_certainty

LABELS = (
    "correct",
    "rejects",
    "flags_error",
    "corrects",
    "asserts_fake",
    "over_refusal",
    "rgb_rejects",
    "rgb_flags",
    "rgb_correct",
    "acknowledges_conflict",
)
SPLITS = ("dev", "dev2", "holdout", "holdout3", "holdout4", "whole")  # table columns; "whole" is every line
LATER_SPLITS = ("dev2", "holdout3", "holdout4")  # sets written after the first: a column only when the file has them
EXPECTED = {"negative": "reject", "counterfactual": "flag_error"}


class LabelledResponse(BaseModel):
    """One line of a labels file."""

    model_config = ConfigDict(frozen=True, extra="ignore")

    id: str
    lang: Literal["en", "zh", "mixed"]
    testbed: Literal["noise", "negative", "integration", "counterfactual", "conflict"]
    question: str
    answers: list[list[str]]
    fake_answer: list[str] | str | None = None
    response: str
    labels: dict[str, bool | None]
    split: str = Field(default="unsplit", description="dev, dev2, holdout, holdout3, holdout4, dev5, or any name")

    def case(self) -> Case:
        fake = [self.fake_answer] if isinstance(self.fake_answer, str) else self.fake_answer
        return Case(
            id=self.id,
            seed_id=self.id,
            testbed=self.testbed,
            lang=self.lang,
            question=self.question,
            answers=self.answers,
            fake_answer=fake,
            contexts=[],
            expected=EXPECTED.get(self.testbed, "answer"),
        )


@dataclass(frozen=True)
class Check:
    """One rule set's verdict for a label: a registered metric, or (asserts_fake) a rule with no metric."""

    name: str
    unscored_is: bool | None = None  # what an unscored verdict means for the label; None leaves the line out

    async def verdict(self, item: LabelledResponse, judge=None) -> bool | None:
        return (await self.verdict_and_certainty(item, judge))[0]

    async def verdict_and_certainty(
        self, item: LabelledResponse, judge=None, use_reader: bool = True
    ) -> tuple[bool | None, str | None]:
        """The verdict and its certainty ("clear", "uncertain"; None for a judge); `use_reader=False` gives
        the rule's own certainty, without the learned reader's view."""
        response = TargetResponse(case_id=item.id, answer=item.response, latency_s=0.0)
        ctx = CaseJudging(item.case(), response, judge=judge, use_reader=use_reader)
        if self.name == "corrections.asserts_fake" and item.testbed != "conflict":
            fake = item.case().fake_answer
            if not fake:
                return None, None
            decision = corrections.asserts_fake(ctx.reading, fake, item.answers, item.question)
            score = with_certainty(ctx, ctx.score("asserts_fake", float(decision.value)), decision.uncertain)
            return decision.value, score.certainty
        # The metric is computed even where its testbed filter would skip the line: the label says what to expect.
        # On conflict items adoption is the conflict testbed's own metric (one side of a stated disagreement is not adopted).
        name = "asserts_fake" if self.name == "corrections.asserts_fake" else self.name
        score = await METRICS.get(name).compute(ctx)
        if score.error:
            raise RuntimeError(f"{self.name} on {item.id}: {score.error}")
        return (self.unscored_is if score.value is None else score.value >= 0.5), score.certainty


# label -> {rule set: check}. RGB's correction rate only scores flagged answers; an
# unflagged answer is not a correction, so its unscored verdict counts as "no" here.
CHECKS: dict[str, dict[str, Check]] = {
    "correct": {"default": Check("accuracy"), "rgb": Check("accuracy_rgb")},
    "rejects": {"default": Check("rejection"), "rgb": Check("rejection_rgb"), "judged": Check("rejection_judged")},
    "flags_error": {
        "default": Check("error_detection"),
        "rgb": Check("error_detection_rgb"),
        "judged": Check("error_detection_judged"),
    },
    "corrects": {"default": Check("error_correction"), "rgb": Check("error_correction_rgb", unscored_is=False)},
    "asserts_fake": {"default": Check("corrections.asserts_fake")},
    "over_refusal": {
        "default": Check("over_refusal"),
        "rgb": Check("rejection_rgb"),
        "judged": Check("over_refusal_judged"),
    },
    "rgb_rejects": {"default": Check("rejection"), "rgb": Check("rejection_rgb")},
    "rgb_flags": {"default": Check("error_detection"), "rgb": Check("error_detection_rgb")},
    "rgb_correct": {"default": Check("accuracy"), "rgb": Check("accuracy_rgb")},
    "acknowledges_conflict": {"default": Check("acknowledges_conflict")},
}


@dataclass(frozen=True)
class Agreement:
    """Paired yes/no verdicts: how often they agree and Cohen's kappa (None when chance agreement is total)."""

    n: int
    agree: int
    kappa: float | None

    @property
    def rate(self) -> float | None:
        return self.agree / self.n if self.n else None


def agreement(pairs: Sequence[tuple[bool, bool]]) -> Agreement:
    """Agreement and Cohen's kappa of (label, verdict) pairs."""
    n = len(pairs)
    if not n:
        return Agreement(0, 0, None)
    agree = sum(a == b for a, b in pairs)
    p_label, p_verdict = sum(a for a, _ in pairs) / n, sum(b for _, b in pairs) / n
    chance = p_label * p_verdict + (1 - p_label) * (1 - p_verdict)
    kappa = None if chance == 1 else (agree / n - chance) / (1 - chance)
    return Agreement(n, agree, kappa)


async def measure(
    items: Sequence[LabelledResponse],
    rule_sets: Sequence[str] = ("default", "rgb"),
    judge=None,
) -> dict[tuple[str, str, str], Agreement]:
    """(label, rule set, split) -> Agreement, with split "whole" for all lines together."""
    pairs: dict[tuple[str, str, str], list[tuple[bool, bool]]] = {}
    for label, by_set in CHECKS.items():
        for rule_set in rule_sets:
            check = by_set.get(rule_set)
            if check is None:
                continue
            for item in items:
                expected = item.labels.get(label)
                if expected is None:
                    continue
                got = await check.verdict(item, judge=judge)
                if got is None:
                    continue
                for split in (item.split, "whole"):
                    pairs.setdefault((label, rule_set, split), []).append((expected, got))
    return {key: agreement(value) for key, value in pairs.items()}


async def disagreements(
    items: Sequence[LabelledResponse],
    label: str,
    rule_set: str = "default",
) -> list[tuple[LabelledResponse, bool]]:
    """The lines whose verdict differs from their label, with the verdict (for reading rule gaps)."""
    check = CHECKS[label][rule_set]
    out = []
    for item in items:
        expected = item.labels.get(label)
        got = await check.verdict(item) if expected is not None else None
        if got is not None and got != expected:
            out.append((item, got))
    return out


async def certainty_rows(items: Sequence[LabelledResponse]) -> list[tuple[str, Agreement, Agreement, float]]:
    """Per label, with the default rules: agreement on the verdicts marked clear, on every decided
    line, and the share of decided lines whose verdict is marked uncertain."""
    rows = []
    for label in (label for label in LABELS if not label.startswith("rgb_")):  # RGB's literal tests are not read
        clear, decided = [], []
        for item in items:
            expected = item.labels.get(label)
            if expected is None:
                continue
            got, certainty = await CHECKS[label]["default"].verdict_and_certainty(item)
            if got is None:
                continue
            decided.append((expected, got))
            if certainty != "uncertain":
                clear.append((expected, got))
        share = 1 - len(clear) / len(decided) if decided else 0.0
        rows.append((label, agreement(clear), agreement(decided), share))
    return rows


def certainty_table(rows: list[tuple[str, Agreement, Agreement, float]]) -> str:
    lines = ["| label | clear verdicts | all decided lines | uncertain share |", "|---|---|---|---|"]
    lines += [f"| {label} | {_cell(clear)} | {_cell(every)} | {share:.1%} |" for label, clear, every, share in rows]
    return "\n".join(lines)


def _cell(result: Agreement | None) -> str:
    if result is None or not result.n:
        return "—"
    # round() + 0.0 turns a float-noise -0.0 into 0.0, so no cell reads "-0.000".
    kappa = "—" if result.kappa is None else f"{round(result.kappa, 3) + 0.0:.3f}"
    return f"{100 * result.rate:.1f}% / {kappa} (n={result.n})"


def table(results: dict[tuple[str, str, str], Agreement], splits: Sequence[str] | None = None) -> str:
    """The Markdown table: one row per (label, rule set), one column per split: agreement / kappa (n).

    By default the columns are dev, holdout and whole, with each of LATER_SPLITS in its place when it has lines.
    """
    if splits is None:
        measured = {split for _, _, split in results}
        splits = [split for split in SPLITS if split not in LATER_SPLITS or split in measured]
        splits[-1:-1] = sorted(measured - set(SPLITS))  # splits of other files (dev5, a reader's holdout)
    lines = ["| label | rule set (metric) | " + " | ".join(splits) + " |", "|---|---|" + "---|" * len(splits)]
    for label, by_set in CHECKS.items():
        for rule_set, check in by_set.items():
            cells = [results.get((label, rule_set, split)) for split in splits]
            if all(c is None for c in cells):
                continue
            lines.append(f"| {label} | {rule_set} (`{check.name}`) | " + " | ".join(_cell(c) for c in cells) + " |")
    return "\n".join(lines)


def load(path: Path, split: str = "all", testbed: str = "all") -> list[LabelledResponse]:
    """The labels file's lines, those of `split` and of `testbed` only unless either is "all"."""
    items = read_records(path, LabelledResponse)
    return [item for item in items if split in ("all", item.split) and testbed in ("all", item.testbed)]


async def _run(args: argparse.Namespace) -> str:
    items = load(args.labels, args.split, args.testbed)
    if args.certainty:
        return certainty_table(await certainty_rows(items))
    if args.disagreements:
        return "\n".join(
            f"{item.id} [{item.split}] label {not got} rule {got}: {item.response!r}"
            for item, got in await disagreements(items, args.disagreements)
        )
    if not args.judge_url and args.judge_model != BUNDLED_MODEL:
        return table(await measure(items))
    from ragstress.llm import ClientSettings, LLMSession, resolve_endpoint

    # No URL and the bundled model's name: the bundled llama.cpp server judges, as in a default run.
    endpoint = resolve_endpoint("judge", {}, base_url=args.judge_url, api_key=args.judge_key, model=args.judge_model)
    async with LLMSession({"judge": endpoint}, ClientSettings()) as llm:
        return table(await measure(items, ("default", "rgb", "judged"), judge=llm.judge))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m ragstress.scoring.agreement", description=__doc__.splitlines()[0])
    parser.add_argument("labels", type=Path, help="labels JSONL file")
    parser.add_argument("--split", default="all", help="score only this split (dev, holdout, dev5, ...; default all)")
    parser.add_argument(
        "--testbed",
        default="all",
        choices=("all", *LabelledResponse.model_fields["testbed"].annotation.__args__),
        help="score only this testbed's lines (conflict, counterfactual, ...; default all)",
    )
    parser.add_argument(
        "--disagreements", choices=LABELS, help="list the lines where the default rules disagree with this label"
    )
    parser.add_argument(
        "--certainty", action="store_true", help="agreement on clear verdicts, on all lines, and the uncertain share"
    )
    parser.add_argument("--judge-url", help="OpenAI-protocol base URL of a judge; adds the judged variants")
    parser.add_argument(
        "--judge-model",
        default="judge",
        help=f"the judge's model name; {BUNDLED_MODEL} without --judge-url judges with the bundled model",
    )
    parser.add_argument("--judge-key", default=None, help="the judge's API key, if it needs one")
    args = parser.parse_args(argv)
    try:
        print(asyncio.run(_run(args)))
    except RecordFileError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
