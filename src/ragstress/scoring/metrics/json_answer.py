"""Responses written as one JSON object: the answer field, and fields that say the sources disagree.

A RAG system asked for structured output answers `{"answer": "1889", "sources_conflict": true}` or
`{"答案": null, "原因": "..."}`. The conflict reader takes the answer from the answer field; the
conflict rule reads a field named for a disagreement ("sources_disagree", "conflicting_values",
"资料矛盾") as the response saying so, when its value is set (true, a non-empty list or text); the
error-flag rule reads a field named for an error ("document_error": true) as a flag. The object is parsed once per
response, into its Reading (`Reading.json`); these functions read its fields.
"""

from __future__ import annotations

import json
import re

from ragstress.scoring.lexicon.en import sources as en_sources
from ragstress.values.reading import Reading

_ANSWER_KEYS = set("answer answers final_answer final result conclusion 答案 结论 回答 最终答案".split())
_CONFLICT_KEY = re.compile(
    r"conflict|disagree|contradict|inconsisten|discrepan|diverg|disput|矛盾|冲突|分歧|不一致|出入", re.IGNORECASE
)
_UNSET = (None, False, "", [], {}, 0, "false", "no", "none", "否", "无")
_ERROR_KEY = re.compile(
    r"^(?!.*\b(?:no|not|non|without)[_ ])(?=.*(?:error|mistake|wrong|incorrect|inaccura|unreliable))"
)
_SOURCE_SOUND_KEY = re.compile(
    rf"(?:{en_sources.SOURCES_IN_KEYS.alternation}|claim).*(?:correct|accurate|reliable|trustworthy)"
)


def answer_field(data: dict) -> tuple[bool, str]:
    """(found, the answer field as text; "" when it is empty or null)."""
    for key, value in data.items():
        if str(key).strip().lower() in _ANSWER_KEYS:
            return True, "" if value in (None, "", []) else json.dumps(value, ensure_ascii=False)
    return False, ""


def answer(reading: Reading) -> tuple[bool, str]:
    """(found, the answer field as text) for a response written as one JSON object with an answer field."""
    return answer_field(reading.json) if reading.json is not None else (False, "")


def error_field(data: dict) -> str | None:
    """The name of a field that says the sources are wrong ("document_error": true, "doc_correct": false), or None
    ("no_errors": true says the opposite). Read only from a response that is one JSON object: the same text quoted
    inside prose is not the response's own verdict."""
    for key, value in data.items():
        name = str(key).strip().lower()
        if (value is True and _ERROR_KEY.search(name)) or (value is False and _SOURCE_SOUND_KEY.search(name)):
            return str(key)
    return None


def conflict_field(data: dict) -> str | None:
    """The name of a set field that says the sources disagree ("sources_conflict": true), or None."""
    for key, value in data.items():
        unset = value in _UNSET or (isinstance(value, str) and value.strip().lower() in _UNSET)
        if _CONFLICT_KEY.search(str(key)) and not unset:
            return str(key)
    return None
