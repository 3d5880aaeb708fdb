"""The report's drill-down: one case as report.json records it (question, passages, answers, scores)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Model(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CaseScore(_Model):
    metric: str
    value: float | None
    label: str
    explanation: str
    error: str | None


class CasePassage(_Model):
    role: str
    text: str
    chunk_id: str | None


class CaseAnswer(_Model):
    answer: str
    error: str | None
    latency_s: float | None


class CaseDetail(_Model):
    """Everything the drill-down shows for one case."""

    id: str
    testbed: str
    lang: str
    expected: str
    noise_ratio: float | None
    question: str
    answers: list[list[str]]
    fake_answer: list[str] | None
    passages: list[CasePassage]
    response: CaseAnswer | None
    closed_book: CaseAnswer | None
    scores: list[CaseScore]
    outcome: Literal["pass", "fail", "error", "unscored"] = Field(
        description="error: the response or a score failed; fail: the testbed's main metric is below 0.5."
    )
