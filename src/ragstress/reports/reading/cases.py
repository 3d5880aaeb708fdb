"""Per-case drill-down records: question, tagged passages, responses, every score."""

from __future__ import annotations

from ragstress.core.types import Case, TargetResponse
from ragstress.reports.model.case import CaseAnswer, CaseDetail, CasePassage, CaseScore
from ragstress.reports.reading.rundir import RunData


def _answer(response: TargetResponse | None) -> CaseAnswer | None:
    if response is None:
        return None
    return CaseAnswer(answer=response.answer, error=response.error, latency_s=response.latency_s)


def noise_ratio(case: Case) -> float | None:
    """The case's noise ratio if it recorded a number, else None."""
    value = case.params.get("noise_ratio")
    return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else None


def case_details(data: RunData, main_metric: dict[str, str], lower_is_better: frozenset[str]) -> list[CaseDetail]:
    """One CaseDetail per case, in cases.jsonl order.

    The outcome decides the drill-down filters: "error" when the response or any score
    failed, else the testbed's main metric decides pass/fail, else "unscored".
    """
    details = []
    for case in data.cases:
        response = data.responses.get((case.id, "case"))
        scores = data.scores.get(case.id, {})
        main = scores.get(main_metric.get(case.testbed, ""))
        if (response is not None and response.error) or any(s.error for s in scores.values()):
            outcome = "error"
        elif main is None or main.value is None:
            outcome = "unscored"
        else:
            good = main.value < 0.5 if main.metric in lower_is_better else main.value >= 0.5
            outcome = "pass" if good else "fail"
        details.append(
            CaseDetail(
                id=case.id,
                testbed=case.testbed,
                lang=case.lang,
                expected=case.expected,
                noise_ratio=noise_ratio(case),
                question=case.question,
                answers=[list(a) for a in case.answers],
                fake_answer=list(case.fake_answer) if case.fake_answer else None,
                passages=[CasePassage(role=c.role, text=c.text, chunk_id=c.chunk_id) for c in case.contexts],
                response=_answer(response),
                closed_book=_answer(data.responses.get((case.id, "closed_book"))),
                scores=[
                    CaseScore(metric=s.metric, value=s.value, label=s.label, explanation=s.explanation, error=s.error)
                    for s in scores.values()
                ],
                outcome=outcome,
            )
        )
    return details
