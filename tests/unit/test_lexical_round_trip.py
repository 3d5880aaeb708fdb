"""The round trip's lexical reading: ranked by its own words, a question's chunk comes first and has no rival."""

from __future__ import annotations

from collections import Counter

from ragstress.core.types import QuestionType
from ragstress.generators.questions.lexical_round_trip import LexicalScope, answer_passages, terms
from ragstress.generators.questions.round_trip import round_trip
from ragstress.generators.questions.seeds import Candidate
from ragstress.indexing.store import Hit

LAYOUT = (
    "Directory structure\n\n- app/router.js used to configure URL routing rules\n"
    "- app/schedule/** used for scheduled tasks\n- config/plugin.js used to configure the plugins to load"
)
ROUTER = "Router\n\nThe router maps a URL to a controller. Routing rules name the HTTP method and the path."
COOKIES = "Cookie\n\nRead and write cookies with ctx.cookies. A cookie is signed by default."
OPTIONS = "targets\n\n- Type: object\n- Default: { chrome: 80 }\n\nConfigure the minimum browser versions to support."
CHUNKS_EN = {"layout": LAYOUT, "router": ROUTER, "cookies": COOKIES, "options": OPTIONS}


class _Collection:
    """Chroma's `get` over a few chunks, one page at a time as the store pages it."""

    def __init__(self, texts: dict[str, str]):
        self.rows = [(cid, text, {"doc_id": f"{cid}.md", "start": 0, "end": len(text)}) for cid, text in texts.items()]

    def get(self, include=None, limit=None, offset=0, **_):
        rows = self.rows[offset : offset + (limit or len(self.rows))]
        return {"ids": [r[0] for r in rows], "documents": [r[1] for r in rows], "metadatas": [r[2] for r in rows]}


class _Store:
    """A store whose dense search never finds the asked chunk (it ranks `missed` first for every question)."""

    def __init__(self, texts: dict[str, str], missed: str):
        self.collection = _Collection(texts)
        self.hits = [Hit(missed, f"{missed}.md", texts[missed], 0.9)]

    def query_many(self, texts, k=5):
        return [self.hits for _ in texts]


def _found(question: str, answers: list[str], source: str, texts: dict[str, str], lang: str = "en") -> bool:
    return LexicalScope(_Store(texts, next(iter(texts)))).found(question, answers, source, lang)


def test_a_layout_line_is_found_by_the_words_of_its_purpose():
    question = "Which file is used to configure URL routing rules in Kettle?"
    assert _found(question, ["app/router.js"], "layout", CHUNKS_EN)
    # Words the chunk does not hold beside the answer do not single it out.
    assert not _found("Which file do you open first in Kettle?", ["app/router.js"], "layout", CHUNKS_EN)


def test_an_entry_heading_answers_with_the_description_below_it():
    assert answer_passages(OPTIONS, ["targets"])[-1] == OPTIONS.split("\n", 1)[1]
    assert _found(
        "Which Kettle option configures the minimum browser versions to support?", ["targets"], "options", CHUNKS_EN
    )


def test_a_rival_chunk_stating_the_same_purpose_with_another_answer_fails_it():
    rival = "Routes\n\nIn a plugin, app/routes.js is used to configure URL routing rules of the plugin."
    texts = dict(CHUNKS_EN, rival=rival)
    assert not _found(
        "Which file is used to configure URL routing rules in Kettle?", ["app/router.js"], "layout", texts
    )


def test_a_question_whose_words_fit_two_chunks_alike_fails_by_the_lead():
    twin = "Routing files\n\n- app/router.js used to configure URL routing rules, with the router object"
    texts = dict(CHUNKS_EN, twin=twin)
    # The twin states the same answer, so it is no rival, but the source no longer leads it by a clear margin.
    assert not _found(
        "Which file is used to configure URL routing rules in Kettle?", ["app/router.js"], "layout", texts
    )


def test_plural_words_meet_their_singular():
    assert "rule" in terms("routing rules", "en") and "class" in terms("class", "en")
    assert "app.config.env" in terms("Which variable holds app.config.env?", "en")


LAYOUT_ZH = "目录结构\n\n- app/router.js 用于配置 URL 路由规则\n- app/schedule/** 用于定时任务\n- config/plugin.js 用于配置需要加载的插件"
ROUTER_ZH = "路由\n\n路由把一个 URL 映射到控制器。路由规则写明 HTTP 方法和路径。"
SESSION_ZH = "Session\n\n框架内置了 Session 插件，通过 ctx.session 访问或修改当前用户 Session。"
CHUNKS_ZH = {"layout": LAYOUT_ZH, "router": ROUTER_ZH, "session": SESSION_ZH}


def test_chinese_questions_are_ranked_by_character_pairs():
    assert _found("在 Kettle 中，哪个文件用于配置 URL 路由规则？", ["app/router.js"], "layout", CHUNKS_ZH, "zh")
    assert _found("在 Kettle 中，通过哪个属性访问或修改用户 Session？", ["ctx.session"], "session", CHUNKS_ZH, "zh")
    rival = "插件路由\n\n插件中 app/routes.js 用于配置 URL 路由规则。"
    texts = dict(CHUNKS_ZH, rival=rival)
    assert not _found("在 Kettle 中，哪个文件用于配置 URL 路由规则？", ["app/router.js"], "layout", texts, "zh")


def _candidate(question: str, answer: str, template: str) -> Candidate:
    kind = QuestionType(span_kinds=["file"], template=template, shape="single")
    return Candidate("c", question, [[answer]], ["layout"], "en", texts=[LAYOUT], question_type=kind)


def test_the_gate_passes_a_template_question_lexically_and_counts_it_apart():
    store = _Store(CHUNKS_EN, "router")
    readings: Counter[str] = Counter()
    question = "Which file is used to configure URL routing rules in Kettle?"
    candidates = [_candidate(question, "app/router.js", "doc_path"), _candidate(question, "app/router.js", "insitu")]
    reasons = round_trip(candidates, store, 5, None, readings, LexicalScope(store))
    assert reasons[0] is None and readings == {"round_trip_lexical": 1}
    # An in-situ sentence keeps the strict gate, and without the lexical scope the template question fails too.
    assert reasons[1] is not None
    assert round_trip(candidates[:1], store, 5, None, Counter())[0] is not None
