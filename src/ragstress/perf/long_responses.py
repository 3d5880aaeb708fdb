"""Deterministic scoring of long responses: linear up to the bound, flat past it.

Responses of eight shapes that once cost the square of their length or more (English and Chinese prose, mixed
CJK and ASCII with runs of spaces, a JSON answer in a fence, hundreds of mentions of the true and planted values,
refusal and error-flag phrases over and over, a run-on text with no punctuation, quoted and bracketed values) are
scored by every deterministic metric, the learned reader included, at
10,000, 20,000 and 60,000 characters. Doubling a response below the bound should at most double its cost (with
some slack for the noise of these machines); past the bound (reading.READ_PART) a 60,000-character response
is read as its first and last parts, so it costs what a 20,000-character one does.
"""

from __future__ import annotations

import asyncio
import time

from ragstress.core.types import Case, Context, TargetResponse
from ragstress.perf import Row, at_most, below
from ragstress.scoring.metrics import METRICS, CaseJudging, metrics_for
from ragstress.values.reading import READ_PART

SECTION = "evaluate"
LENGTHS = (10_000, 20_000, 60_000)
DOUBLING_FACTOR = 2.5  # twice the length, at most this many times the cost
PAST_BOUND_FACTOR = 1.3  # three times the bound's length, about the bound's cost
CASE_LIMIT_S = 2.5  # one 60,000-character response, every deterministic metric: two cases in under 5 s
TESTBEDS = ("noise", "negative", "counterfactual", "conflict")
_EN = (
    "The Eiffel Tower was completed in 1889 for the World's Fair, and some sources claim 1887 instead. "
    "The passages do not mention the architect's salary, but the documents say the iron came from Lorraine. "
)
_ZH = "埃菲尔铁塔于1889年建成，有资料说是1887年。资料中没有提到建筑师的薪水，但文件说铁来自洛林。"
_MIXED = "埃菲尔  铁塔 was  completed   in 1889 年 ，\n\n 有 资料 says   1887 。  \t "
_FLAGS = (
    "The documents contain factual errors. I cannot answer this based on the provided information. "
    "资料有误，信息不足，无法回答。 There are no factual errors here, insufficient information. "
)


def _fill(unit: str, length: int) -> str:
    return (unit * (length // len(unit) + 1))[:length]


def shapes(length: int) -> dict[str, str]:
    """A response of each shape, about `length` characters long."""
    note = _fill("the tower was built of puddled iron ", 60)
    notes = ",".join([f'"{note}"'] * max(1, length // 64))
    return {
        "en_prose": _fill(_EN, length) + " So the answer is 1889.",
        "zh_prose": _fill(_ZH, length) + "所以答案是1889年。",
        "mixed_spaces": _fill(_MIXED, length) + " 答案：1889",
        "json_fence": '```json\n{"answer": "1889", "notes": [' + notes + "]}\n```",
        "mentions": _fill("1889 or 1887? 1887, not 1889; 1889. ", length),
        "flags": _fill(_FLAGS, length),
        "run_on": _fill("the tower was completed in 1889 not 1887 as some say the documents claim 1887 ", length),
        "quoted": _fill("\u201c1889\u201d \u2018not 1887\u2019 (1889) ", length),
    }


def _case(shape: str, testbed: str) -> Case:
    expected = {"negative": "reject", "counterfactual": "flag_error"}.get(testbed, "answer")
    return Case(
        id=f"long-{shape}-{testbed}",
        seed_id=f"long-{shape}",
        testbed=testbed,
        lang="zh" if shape == "zh_prose" else "en",
        question="In which year was the Eiffel Tower completed?",
        answers=[["1889"]],
        fake_answer=["1887"] if testbed in ("counterfactual", "conflict") else None,
        contexts=[Context(text="The Eiffel Tower was completed in 1889.", role="positive")],
        expected=expected,
    )


def _cost(length: int, repeats: int) -> float:
    """CPU seconds to score every shape at `length` on every testbed with every deterministic metric (best of
    `repeats`)."""
    names = [name for name in METRICS.names() if METRICS.get(name).kind == "deterministic"]
    pairs = [
        (_case(shape, testbed), TargetResponse(case_id=_case(shape, testbed).id, answer=text, latency_s=0.0))
        for shape, text in shapes(length).items()
        for testbed in TESTBEDS
    ]

    async def score() -> None:
        for case, response in pairs:
            ctx = CaseJudging(case, response)
            for metric in metrics_for(case, names):
                await metric.compute(ctx)

    best = float("inf")
    for _ in range(repeats):
        started = time.process_time()
        asyncio.run(score())
        best = min(best, time.process_time() - started)
    return best


def measure(quick: bool) -> list[Row]:
    repeats = 1 if quick else 3
    _cost(2_000, 1)  # loads the reader's weights and compiles the patterns outside the timing
    costs = {length: _cost(length, repeats) for length in LENGTHS}
    cases = len(shapes(1)) * len(TESTBEDS)
    note = (
        f"{cases} cases ({len(shapes(1))} shapes × {len(TESTBEDS)} testbeds), every deterministic metric and the reader"
    )
    short, double, long = LENGTHS
    return [
        at_most(
            SECTION,
            f"scoring long responses: {double:,} vs {short:,} characters",
            costs[double],
            costs[short],
            "s",
            DOUBLING_FACTOR,
            note + "; CPU time, best of the repeats",
        ),
        at_most(
            SECTION,
            f"scoring long responses: {long:,} vs {double:,} characters (read as the first and last {READ_PART:,})",
            costs[long],
            costs[double],
            "s",
            PAST_BOUND_FACTOR,
            note,
        ),
        below(
            SECTION,
            f"scoring one {long:,}-character response, every deterministic metric",
            costs[long] / cases,
            CASE_LIMIT_S,
            "s",
            f"mean over the {cases} cases",
        ),
    ]
