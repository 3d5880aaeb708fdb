"""The results card: each testbed's headline metric per language, with its interval and n.

It is the table a paper, a README or a model card quotes, so it leads report.md, sits
in report.json as `card`, tops report.html, and `compare` shows one for runs side by
side. Each row names the rule set behind its number; a run that also scored the
RGB-exact metric (`<headline>_rgb`) shows that number beside the default one.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ragstress.core.types import TESTBEDS, Case
from ragstress.reports.describe import RGB_SUFFIX, rule_set_label
from ragstress.reports.model import CardRow, CompareCardRow, Estimate, MetricInfo, RunHeader

ALL_LANGS = "all"


def card_cases(by_testbed: Mapping[str, list[Case]]) -> dict[str, list[Case]]:
    """The cases each card row is over: for conflict those with a planted passage on the dose axis
    (its headline is adoption), for style the restyled questions (not the original wording)."""
    chosen = dict(by_testbed)
    chosen["conflict"] = [
        c for c in by_testbed.get("conflict", []) if c.params.get("conflict_k", 0) > 0 and not c.params.get("deviation")
    ]
    chosen["style"] = [c for c in by_testbed.get("style", []) if c.params.get("style") != "original"]
    return chosen


def build_card(
    cases_by_testbed: Mapping[str, list[Case]],
    headline: Mapping[str, str],
    estimate_of: Callable[[list[Case], str], Estimate],
    *,
    known: Callable[[Case], bool],
    scored_metrics: set[str],
    table: Mapping[str, MetricInfo],
    header: RunHeader,
    counterfactual_view: str = "known",
) -> list[CardRow]:
    """One row per testbed and language (plus "all" when there are several languages).

    `headline` maps a testbed to its metric; `known` picks the counterfactual cases the
    target knows closed-book (the subset RGB scores), unless `counterfactual_view` is
    "corpus" (it knows none, and the section scores every case by the corpus's passages);
    `scored_metrics` says which RGB-exact twins exist in this run.
    """
    rows = []
    for testbed in TESTBEDS:
        cases = cases_by_testbed.get(testbed, [])
        if not cases:
            continue
        langs = sorted({c.lang for c in cases})
        basis = None
        if testbed == "counterfactual":
            basis = "corpus" if counterfactual_view == "corpus" else "known"
            if basis == "known":
                # A language whose facts the target knows none of keeps its row, with nothing scored.
                cases = [c for c in cases if known(c)]
        metric = headline[testbed]
        twin = metric + RGB_SUFFIX if metric + RGB_SUFFIX in scored_metrics else None
        rule = rule_set_label(metric, table.get(metric), header.judge, header.judge_prompts)[0]
        groups = [(lang, [c for c in cases if c.lang == lang]) for lang in langs]
        if len(langs) > 1:
            groups.append((ALL_LANGS, cases))
        for lang, group in groups:
            rows.append(
                CardRow(
                    testbed=testbed,
                    lang=lang,
                    metric=metric,
                    rule_set=rule,
                    headline=estimate_of(group, metric),
                    rgb_exact=estimate_of(group, twin) if twin else None,
                    basis=basis,
                )
            )
    return rows


def compare_card(cards: list[list[CardRow]]) -> list[CompareCardRow]:
    """Several runs' cards as one: a line per (testbed, language, metric) any run has, in first-seen order."""
    keyed = [{(r.testbed, r.lang, r.metric): r for r in card} for card in cards]
    keys = list(dict.fromkeys(key for card in keyed for key in card))
    rows = []
    for key in keys:
        found = [card.get(key) for card in keyed]
        first = next(r for r in found if r is not None)
        rgb = [r.rgb_exact if r else None for r in found]
        rows.append(
            CompareCardRow(
                testbed=key[0],
                lang=key[1],
                metric=key[2],
                rule_set=first.rule_set,
                estimates=[r.headline if r else None for r in found],
                rgb_exact=rgb if any(e is not None for e in rgb) else [],
            )
        )
    return rows
