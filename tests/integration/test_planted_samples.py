"""Planted passages on both bundled samples: every planted date exists and no planted passage shows the truth.

The counterfactual and conflict testbeds are generated on src/ragstress/corpora/samples/en and zh twice: with the
curated seed file and with seeds generated from the corpus (in-situ questions, unpolished and not
judged, as `generate` makes them by default with the bundled model; a loopback fake OpenAI server
stands in for the endpoints, which this path never asks). Every
counterfactual-role passage of every case is then read with a scanner of its own, independent of
the generator's reader: every date-like token (年/月/日 forms, English day-month and month-day
forms) must name a day of the calendar, and the passage must restate the true answer in no form.
"""

from __future__ import annotations

import calendar
import json
import re
from pathlib import Path

import pytest

from ragstress.core.types import Case
from ragstress.generators.testset import GenerateOptions, generate_testset
from ragstress.indexing.build import build_index, choose_embedder, default_chunk_params
from ragstress.indexing.store import IndexStore
from ragstress.llm import ClientSettings, Endpoint, LLMSession
from ragstress.testing.fake_openai import FakeOpenAIServer, FakeRequest
from ragstress.values.restated import restates_any_answer
from ragstress.values.spans import contains_alias

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples"
SETTINGS = ClientSettings(timeout_s=10.0, max_retries=1, backoff_base_s=0.01, backoff_max_s=0.01)
MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
MONTH = "|".join(m.capitalize() for m in MONTHS)
# Every shape a date takes in the samples, loosely: signed digits so that "-14月" or "33月233日" are read too.
DATE_LIKE = (
    re.compile(r"(?<![\d.])(?P<y>-?\d+)\s*年\s*(?P<m>-?\d+)\s*月(?:\s*(?P<d>-?\d+)\s*[日号])?"),
    re.compile(r"(?<![\d.年])(?P<m>-?\d+)\s*月\s*(?P<d>-?\d+)\s*[日号]"),
    re.compile(r"(?<![\d])(?P<y>-\d+)\s*年"),
    re.compile(r"(?<![\d.年-])(?P<m>-?\d+)\s*月"),
    re.compile(rf"(?<![\d.,])(?P<d>\d+)(?:st|nd|rd|th)?\s+(?:of\s+)?(?P<m>{MONTH})\b(?:,?\s+(?P<y>\d{{3,4}})\b)?"),
    re.compile(rf"\b(?P<m>{MONTH})\s+(?P<d>\d{{1,2}})(?!\d)(?:st|nd|rd|th)?(?:,?\s+(?P<y>\d{{3,4}})\b)?"),
)


def impossible(text: str) -> list[str]:
    """Date-like tokens naming no day: month outside 1–12, a day its month lacks, a year below 1."""
    bad = []
    for pattern in DATE_LIKE:
        for match in pattern.finditer(text):
            y, m, d = (match.groupdict().get(k) for k in "ymd")
            year = int(y) if y else None
            month = (int(m) if m.lstrip("-").isdigit() else MONTHS[m.lower()]) if m else None
            day = int(d) if d else None
            ok = year is None or year >= 1
            if ok and month is not None:
                ok = 1 <= month <= 12
                if ok and day is not None:
                    ok = 1 <= day <= calendar.monthrange(year if year else 2000, month)[1]
            if not ok:
                bad.append(match[0])
    return bad


def test_the_scanner_sees_the_reviewed_impossible_dates():
    for text in ("33月233日", "-4月2-4日", "30月24日", "27月270日", "1970年-14月2-14日", "June 31", "29 February 1901"):
        assert impossible(text), text
    assert not impossible("1970年4月24日、7月24日、2月29日、29 February 2000、June 14, 1919、1958-1960年")


def judge(req: FakeRequest) -> str:
    """A judge that finds every question answerable from its passage (if asked at all)."""
    return json.dumps({"verdict": "yes", "reason": "The passage states it."})


@pytest.fixture(scope="module")
def server():
    with FakeOpenAIServer(judge) as fake:
        yield fake


@pytest.fixture(scope="module", params=["en", "zh"])
def index_dir(request, tmp_path_factory) -> tuple[str, Path]:
    lang = request.param
    corpus, index = SAMPLES / lang / "docs", tmp_path_factory.mktemp(f"index-{lang}")
    embedder = choose_embedder(corpus, index, None)
    build_index(corpus, index, embedder, default_chunk_params(embedder))
    return lang, index


async def _generate(index: Path, server, out: Path, **options) -> tuple[list[Case], dict]:
    endpoints = {
        role: Endpoint(role=role, model="fake-model", base_url=server.base_url, api_key="sk-test")
        for role in ("generator", "judge")
    }
    options = GenerateOptions(
        testbeds=("counterfactual", "conflict"),
        polish=False,
        propose=False,
        judge_insitu=False,
        judge_noise=False,
        **options,
    )
    async with LLMSession(endpoints, SETTINGS, cache_path=out / "cache.sqlite") as llm:
        result = await generate_testset(IndexStore.open(index), llm, out, options)
    return result.cases, result.manifest


@pytest.mark.parametrize("seeds", ["curated", "generated"])
async def test_planted_passages_hold_real_dates_and_never_the_truth(index_dir, server, seeds, tmp_path):
    lang, index = index_dir
    if seeds == "curated":
        options = {"seed_file": SAMPLES / lang / "seeds.jsonl", "n_seeds": 0}
    else:
        options = {"n_seeds": 20}
    cases, manifest = await _generate(index, server, tmp_path, **options)
    assert not server.chat_requests(), "the default in-situ path asks no model"
    planted = [(case, c) for case in cases for c in case.contexts if c.role == "counterfactual"]
    by_testbed = {t: sum(case.testbed == t for case in cases) for t in ("counterfactual", "conflict")}
    stats = manifest["generation_stats"]["planted"]["by_testbed"]
    print(f"\n[{lang}/{seeds}] cases {by_testbed}, planted passages {len(planted)}")
    print(json.dumps(stats, ensure_ascii=False, indent=1))
    assert by_testbed["counterfactual"] >= 5 and by_testbed["conflict"] >= 5
    for case, context in planted:
        assert not impossible(context.text), (case.id, impossible(context.text), context.text)
        assert not contains_alias(context.text, case.answers[0]), (case.id, context.text)
        assert restates_any_answer(context.text, case.answers) is None, (case.id, context.text)
        assert contains_alias(context.text, case.fake_answer), (case.id, case.fake_answer, context.text)
    # Every planting tried is accounted for: made or counted with its reason.
    for label, row in stats.items():
        assert row["made"] + sum(row["not_made"].values()) == row["tried"], label
    assert stats["counterfactual"]["made"] == by_testbed["counterfactual"]
