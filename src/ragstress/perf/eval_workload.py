"""The workload the evaluate section measures: a run directory of cases and answers, and helpers.

Cases rotate through the four testbeds, one in four in Chinese, each with a few
passages of realistic length, so every judged metric applies somewhere and the
prompts are the size a real run sends.
"""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np

from ragstress.core.jsonl import read_records, write_json, write_records
from ragstress.core.types import TESTBEDS, Case, Context, Score, TargetResponse
from ragstress.scoring.metrics import metrics_for
from ragstress.scoring.score_work import PROBES
from ragstress.testing.fake_openai import fake_embedding

SECTION = "evaluate"
LATENCY_S = 0.2
"""Seconds the loopback judge (and the sleeping target) takes per answer."""
CONCURRENCY = 16
WALL_FACTOR = 1.25
"""A wall time passes within this factor of its lower bound."""
SIZES = {  # quick: a smoke run; full: the published workload
    True: {"cases": 40, "core": 16, "alone": 4, "faults": 40, "runner": 48, "floor": 160},
    False: {"cases": 200, "core": 50, "alone": 10, "faults": 200, "runner": 200, "floor": 480},
}
TARGET_SLEEP_S = 0.2

_EN_FILLER = (
    "The committee met twice that year to review the budget, and the minutes were published in the "
    "regional gazette. Local newspapers covered the debate about the new roads at length."
)
_ZH_FILLER = "委员会当年开会两次审议预算，会议纪要刊登在地区公报上。当地报纸详细报道了关于新道路的辩论。"


def _passages(number: int, lang: str, testbed: str) -> list[Context]:
    year, fake = 1900 + number % 97, 1800 + number % 97
    if lang == "zh":
        fact = f"第{number}号桥于{year}年建成，由河谷工程局设计。"
        wrong = f"第{number}号桥于{fake}年建成，由河谷工程局设计。"
        noise = [f"第{number + k}号塔的高度为{40 + k}米。{_ZH_FILLER}" for k in (1, 2, 3)]
    else:
        fact = f"Bridge {number} was completed in {year}. It was designed by the valley works office."
        wrong = f"Bridge {number} was completed in {fake}. It was designed by the valley works office."
        noise = [f"Tower {number + k} is {40 + k} metres tall. {_EN_FILLER}" for k in (1, 2, 3)]
    filler = _ZH_FILLER if lang == "zh" else _EN_FILLER
    if testbed == "negative":
        return [Context(text=text, role="noise") for text in noise]
    if testbed == "counterfactual":
        return [
            Context(text=f"{wrong} {filler}", role="counterfactual"),
            *(Context(text=t, role="noise") for t in noise[:2]),
        ]
    positives = [Context(text=f"{fact} {filler}", role="positive")]
    if testbed == "integration":
        second = (
            f"第{number}号桥长{200 + number}米。"
            if lang == "zh"
            else f"Bridge {number} is {200 + number} metres long. "
        )
        positives.append(Context(text=second + filler, role="positive"))
    return [*positives, *(Context(text=t, role="noise") for t in noise[:2])]


def make_case(number: int) -> tuple[Case, TargetResponse]:
    """Case `perf-<number>` and a plausible answer to it."""
    testbed = TESTBEDS[number % len(TESTBEDS)]
    lang = "zh" if number % 4 == 1 else "en"
    year, fake = str(1900 + number % 97), str(1800 + number % 97)
    answers = [[year, f"{year}年"]]
    if testbed == "integration":
        answers.append([f"{200 + number}"])
    question = f"第{number}号桥是哪一年建成的？" if lang == "zh" else f"In which year was Bridge {number} completed?"
    if testbed == "integration":
        question = (
            f"第{number}号桥哪一年建成、有多长？"
            if lang == "zh"
            else f"When was Bridge {number} completed and how long is it?"
        )
    case = Case(
        id=f"perf-{number}",
        seed_id=f"perf-seed-{number}",
        testbed=testbed,
        lang=lang,
        question=question,
        answers=answers,
        fake_answer=[fake] if testbed == "counterfactual" else None,
        contexts=_passages(number, lang, testbed),
        expected={"negative": "reject", "counterfactual": "flag_error"}.get(testbed, "answer"),
    )
    answer = {
        ("en", "negative"): "I can not answer the question because of the insufficient information in documents.",
        ("zh", "negative"): "文档信息不足，因此我无法基于文档回答该问题。",
        (
            "en",
            "counterfactual",
        ): f"There are factual errors in the provided documents. Bridge {number} was completed in {year}.",
        ("zh", "counterfactual"): f"提供的文档中存在事实性错误。第{number}号桥于{year}年建成。",
    }.get((lang, testbed))
    if answer is None:
        answer = (
            f"第{number}号桥于{year}年建成。"
            if lang == "zh"
            else f"Bridge {number} was completed in {year}, designed by the valley works office."
        )
    return case, TargetResponse(case_id=case.id, answer=answer, latency_s=0.5)


def write_run(run_dir: Path, count: int, testbeds: tuple[str, ...] = TESTBEDS) -> list[Case]:
    """A fresh run directory holding the first `count` cases of `testbeds` and their answers."""
    pairs = [pair for pair in (make_case(n) for n in range(count * 4)) if pair[0].testbed in testbeds][:count]
    run_dir.mkdir(parents=True, exist_ok=True)
    for stale in ("scores.jsonl", "score.json"):
        (run_dir / stale).unlink(missing_ok=True)
    write_records(run_dir / "cases.jsonl", [case for case, _ in pairs])
    write_records(run_dir / "responses.jsonl", [response for _, response in pairs])
    write_json(run_dir / "run.json", {"target": "perf workload", "mode": "contexts"})
    return [case for case, _ in pairs]


class HashedWordsEmbedder:
    """A cheap deterministic embedder for answer correctness, so the CPU measured is the judge client's.

    The bundled sentence-transformers model would spend ~10 ms of CPU per case here
    and drown the figure this section is about.
    """

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return np.array([fake_embedding(text) for text in texts])


def lost_scores(run_dir: Path, names: list[str]) -> dict[str, int]:
    """Counts of scored / unscored / errored pairs, and `lost`: pairs with no record or no reason."""
    cases = read_records(run_dir / "cases.jsonl", Case)
    expected = {(c.id, m.name) for c in cases for probe in PROBES for m in metrics_for(c, names, probe)}
    scores = {(s.case_id, s.metric): s for s in read_records(run_dir / "scores.jsonl", Score)}
    found = [scores[pair] for pair in expected if pair in scores]
    unexplained = [
        s for s in found if s.value is None and not s.error and not (s.label == "unscored" and s.explanation)
    ]
    return {
        "expected": len(expected),
        "scored": sum(s.value is not None for s in found),
        "unscored": sum(s.value is None and s.error is None for s in found),
        "errored": sum(s.error is not None for s in found),
        "lost": len(expected) - len(found) + len(unexplained),
    }


def sleeping_target(request) -> str:
    """A python target that takes TARGET_SLEEP_S per case, like a remote RAG system would."""
    time.sleep(TARGET_SLEEP_S)
    return f"answer to {request.case_id}"
