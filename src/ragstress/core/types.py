"""The records that flow between stages.

Every stage writes one of these per JSONL line and reads only the previous stage's
records. Ids link each record back: case -> seed question -> chunk -> document.
All models are frozen: a stage derives new records, it never edits upstream ones.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, SerializerFunctionWrapHandler, field_validator, model_serializer

Lang = Literal["en", "zh", "mixed"]
Testbed = Literal["noise", "negative", "integration", "counterfactual", "conflict", "style", "position", "injection"]
ContextRole = Literal["positive", "noise", "counterfactual", "injected"]
Expected = Literal["answer", "reject", "flag_error"]

RGB_TESTBEDS: tuple[str, ...] = ("noise", "negative", "integration", "counterfactual")
"""RGB's four testbeds: what `generate` and `bench` build unless told otherwise."""
TESTBEDS: tuple[str, ...] = (*RGB_TESTBEDS, "conflict", "style", "position", "injection")
"""Every testbed: RGB's four, then knowledge conflict, query style, passage position and prompt injection."""


class Record(BaseModel):
    """Base for all stage records: immutable, and unknown fields are an error."""

    model_config = ConfigDict(frozen=True, extra="forbid")


class Document(Record):
    """One source document of a corpus, as loaded."""

    id: str = Field(description="Stable document id (from the file path or the record's own id).")
    source: str = Field(description="Where it came from: a path relative to the corpus root, plus '#line' for JSONL.")
    lang: Lang = Field(description="Language: given by the source or detected (zh, en or mixed).")
    title: str = Field(default="", description="Title if the source has one, else empty.")
    text: str = Field(description="Full plain text that chunk offsets refer to.")
    sha: str = Field(description="sha256 hex digest of `text`; changes whenever the content does.")


class Chunk(Record):
    """A contiguous span of a document, the unit that is embedded and retrieved."""

    id: str = Field(description="Stable id derived from the document sha and the offsets.")
    doc_id: str = Field(description="Id of the Document this span belongs to.")
    text: str = Field(description="The span's text, equal to document.text[start:end].")
    start: int = Field(ge=0, description="Start character offset into the document text.")
    end: int = Field(ge=0, description="End character offset (exclusive) into the document text.")
    code_state: str | None = Field(
        default=None,
        description="The code block the chunk begins inside, opened before it (ragstress.corpora.code_blocks): a "
        "fence's marker, 'rst:N' or '>>>'. Absent when it begins outside code, and in chunks built before it existed.",
    )

    @model_serializer(mode="wrap")
    def _omit_absent_code_state(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # Most chunks begin outside code: their lines stay as they were before the field existed.
        data = handler(self)
        if data.get("code_state") is None:
            data.pop("code_state", None)
        return data


Answers = list[list[str]]
"""Required facts, each a list of accepted aliases: [["1998", "1998年"], ["Paris"]]."""


def _check_answers(value: Answers) -> Answers:
    for i, aliases in enumerate(value):
        if not aliases or not all(isinstance(a, str) and a.strip() for a in aliases):
            raise ValueError(f"answers[{i}] must be a non-empty list of non-blank aliases")
    return value


class QuestionType(Record):
    """How a generated question was made: what its answers are, which template asked, and its shape."""

    span_kinds: list[str] = Field(
        description="Each answer's kind: year, date, number, name, option, function, version ..."
    )
    template: str = Field(description="The template that wrote the question: insitu, definition, version_added ...")
    shape: Literal["single", "conjunction", "bridge"] = Field(
        description="One fact; two facts asked side by side; or a second fact reached through the first."
    )
    origin: Literal["extracted", "proposed"] = Field(
        default="extracted", description="Span found by the extractor, or proposed by the generator model."
    )


class SeedQuestion(Record):
    """A verified question with the facts that any correct answer must contain."""

    id: str = Field(description="Stable seed id.")
    question: str = Field(min_length=1, description="The question as asked to the target.")
    answers: Answers = Field(min_length=1, description="Required facts, each a list of accepted aliases.")
    chunk_ids: list[str] = Field(description="Chunks holding the answer, one per required fact for integration seeds.")
    lang: Lang = Field(description="Language of the question.")
    origin: Literal["generated", "curated", "rgb"] = Field(description="How the seed was made.")
    question_type: QuestionType | None = Field(default=None, description="For generated seeds: how it was asked.")

    _answers = field_validator("answers")(_check_answers)


class Context(Record):
    """One passage handed to the target, tagged with why it is there."""

    text: str = Field(description="Passage text as the target sees it.")
    role: ContextRole = Field(
        description="positive (holds the answer), noise, counterfactual (answer replaced), or injected (carries an "
        "instruction or a planted answer aimed at the target: the injection testbed)."
    )
    chunk_id: str | None = Field(default=None, description="Source chunk, if the passage came from the index.")


class Case(Record):
    """One test case: a question, its passages, and what a robust system should do."""

    id: str = Field(description="Stable case id; its hash seeds every random choice made for the case.")
    seed_id: str = Field(description="The SeedQuestion this case was derived from.")
    testbed: Testbed = Field(description="Robustness dimension under test.")
    lang: Lang = Field(description="Language of the question.")
    question: str = Field(min_length=1, description="The question asked.")
    answers: Answers = Field(description="Required facts with aliases, as in the seed.")
    fake_answer: list[str] | None = Field(
        default=None, description="Counterfactual cases only: the planted wrong answer's aliases."
    )
    contexts: list[Context] = Field(description="Passages in the order handed to the target.")
    expected: Expected = Field(description="answer, reject (no passage holds the answer) or flag_error.")
    params: dict[str, Any] = Field(
        default_factory=dict, description="What the testbed did: noise_ratio, counts, rng seed."
    )

    _answers = field_validator("answers")(_check_answers)


class Usage(Record):
    """Token counts reported by an endpoint for one response."""

    prompt_tokens: int = Field(default=0, ge=0, description="Tokens in the prompt.")
    completion_tokens: int = Field(default=0, ge=0, description="Tokens generated.")


class Retrieved(Record):
    """What the target returned as its contexts (e2e mode), each passage classified against the case."""

    chunk_ids: list[str | None] = Field(
        description="Each returned passage's chunk id in the variant it retrieved from; None when no chunk has its text."
    )
    roles: list[ContextRole] = Field(
        description="Each passage's role: positive (holds the answer), counterfactual (holds the planted answer), "
        "injected (the case's injected passage itself), noise (none of these)."
    )
    positive: float | None = Field(description="Share of passages holding the answer; None when none was returned.")
    noise: float | None = Field(description="Share of passages holding neither answer; None when none was returned.")
    counterfactual: float | None = Field(
        description="Share of passages holding the planted answer; None when none was returned."
    )
    injected: float | None = Field(
        default=None,
        description="Injection cases: share of passages that are the case's injected passage (None on other "
        "testbeds, and in older runs).",
    )


class TargetResponse(Record):
    """What the system under test answered for one case."""

    case_id: str = Field(description="The Case answered.")
    probe: Literal["case", "closed_book"] = Field(
        default="case",
        description="'case': the case as built; 'closed_book': the question alone, no passages (counterfactual cases).",
    )
    answer: str = Field(description="The target's answer text ('' when it failed).")
    contexts: list[str] | None = Field(
        default=None, description="Passages the target says it used (e2e mode), if it reports them."
    )
    latency_s: float = Field(ge=0, description="Wall time of the call in seconds.")
    error: str | None = Field(default=None, description="Why the call failed, if it did; answer is then ''.")
    usage: Usage = Field(default_factory=Usage, description="Tokens the target reported, if any.")
    retrieved: Retrieved | None = Field(
        default=None, description="e2e mode: the returned contexts' chunk ids and composition (absent in older runs)."
    )


class Score(Record):
    """One metric's verdict on one case. `value=None` means unscored, never zero."""

    case_id: str = Field(description="The Case scored.")
    metric: str = Field(description="Registered metric name.")
    value: float | None = Field(description="Score in [0, 1], or None when unscored (see explanation/error).")
    label: str = Field(default="", description="Short categorical verdict, e.g. 'rejected' or 'supported 3/4'.")
    explanation: str = Field(default="", description="Why this value: the judge's reasons or the rule that fired.")
    error: str | None = Field(default=None, description="What went wrong (with the judge's raw output), if anything.")
    certainty: Literal["clear", "uncertain"] | None = Field(
        default=None,
        description="A deterministic rule's verdict: clear, or uncertain (a careful reader may decide otherwise); "
        "None for judged metrics and for scores written before rules said so.",
    )
    certainty_reason: str | None = Field(default=None, description="Why an uncertain verdict is uncertain.")

    @field_validator("value")
    @classmethod
    def _in_unit_interval(cls, v: float | None) -> float | None:
        if v is not None and not 0.0 <= v <= 1.0:
            raise ValueError(f"score value {v} outside [0, 1]")
        return v
