"""Answers a page mentions without stating them, and framed questions that give theirs away (made-up docs)."""

from ragstress.core.types import Chunk
from ragstress.generators.questions.misframed_en import DocumentedNames, misframed


def _docs() -> DocumentedNames:
    text = "usePot\n\nusePot returns the pot's state. Unlike useMemo, it keeps the reference.\n\nbrew()\n\nBrews tea."
    return DocumentedNames([Chunk(id="a#0", doc_id="hooks/usePot.md", text=text, start=0, end=len(text))])


def test_an_undocumented_code_name_is_no_answer():
    docs = _docs()
    assert misframed(
        "Which function do you use to cache a value?", ["useMemo"], "function", "doc_identifier", None, docs
    )
    assert not misframed("Which function returns the pot's state?", ["usePot"], "hook", "doc_identifier", None, docs)
    assert not misframed("Which function brews tea?", ["brew()"], "function", "doc_identifier", None, docs)
    assert not misframed("Which option sets the lid?", ["lid"], "option", "doc_identifier", None, docs)


def test_a_framed_what_question_must_name_its_page_and_keep_its_answer():
    docs = _docs()
    framed = "In Kettle's Sieve guide, what is used to hold the leaves?"
    assert misframed(framed, ["Sieve component"], "name", "doc_used_for", "Sieve", docs)
    assert misframed(
        "What passes options to the parser in Kettle?", ["parserOptions"], "name", "doc_named_subject", None, docs
    )
    assert misframed(
        "In Kettle's Tools guide, what keeps the leaves out?",
        ["teaStrainer"],
        "name",
        "doc_named_subject",
        "Tools",
        docs,
    )
    assert not misframed(
        "In Kettle's Tools guide, what keeps the leaves out?", ["Sieve"], "name", "doc_named_subject", "Tools", docs
    )


def test_chinese_questions_are_judged_elsewhere():
    assert not misframed("哪个函数用于缓存？", ["useMemo"], "function", "doc_identifier", None, _docs())


def test_a_comparison_without_its_other_side_is_not_asked():
    docs = _docs()
    assert misframed(
        "Which function is more convenient when the lid is open?", ["usePot"], "hook", "doc_identifier", None, docs
    )
    assert not misframed("Which function returns more than one pot?", ["usePot"], "hook", "doc_identifier", None, docs)


def test_a_framed_answer_restating_the_question_or_the_title_is_not_asked():
    docs = _docs()
    q = "In Kettle's Links guide, what uses file paths to link pages?"
    assert misframed(q, ["file path format"], "name", "doc_named_subject", "Links", docs)
    q = "In Kettle's Steam (STM) guide, what enables STM by default?"
    assert misframed(q, ["Boil mode"], "name", "doc_named_subject", "Steam (STM)", docs)
