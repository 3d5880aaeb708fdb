"""A document's topic as it writes it; a Chinese question that does not name it is opened with it."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.insitu import insitu_question
from ragstress.generators.questions.topics import topic_phrases, with_topic
from ragstress.values.spans import FactSpan


def _chunk(doc: str, text: str) -> Chunk:
    return Chunk(id=f"c-{doc}", doc_id=doc, text=text, start=0, end=len(text))


def test_the_article_comes_from_how_the_document_writes_its_title():
    chunks = [
        _chunk(
            "river.txt",
            "Varna\n\nThe Varna rises in the hills. Boats use the Varna all year. The White Varna joins it.",
        ),
        _chunk("probe.txt", "Kestrel 4\n\nKestrel 4 was launched at dawn. Kestrel 4 reached orbit."),
        _chunk("loom.txt", "Loom\n\nThe loom changed weaving. Early looms were wooden."),
    ]
    titles = {"river.txt": "Varna", "probe.txt": "Kestrel 4", "loom.txt": "Loom"}
    assert topic_phrases(chunks, titles) == {"river.txt": "the Varna", "probe.txt": "Kestrel 4", "loom.txt": "the loom"}


def test_a_chinese_question_not_naming_its_topic_is_opened_with_it():
    assert with_topic("塔身主体高多少米？", "广州塔", "广州塔") == "广州塔的塔身主体高多少米？"
    assert with_topic("是在哪一年建成的？", "广州塔", "广州塔") == "关于广州塔，是在哪一年建成的？"
    # A long subject describes itself: no frame stacked on it.
    long_subject = "土星五号运载火箭是在哪一天发射升空的？"
    assert with_topic(long_subject, "阿波罗11号", "阿波罗11号") == long_subject
    assert with_topic("广州塔塔身主体高多少米？", "广州塔", "广州塔") == "广州塔塔身主体高多少米？"


def test_fragments_and_years_that_modify_a_noun_are_not_asked():
    text = "At the end of the 1930s a team at Oxford led by Howard Florey. The original 1903 Flyer is in a museum."
    florey = text.index("Howard Florey")
    assert insitu_question(FactSpan("Howard Florey", "name", florey, florey + 13), text, None, "en") is None
    year = text.index("1903")
    assert insitu_question(FactSpan("1903", "year", year, year + 4), text, None, "en") is None
