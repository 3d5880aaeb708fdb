"""A code-named reference page's summary line, asked as which name does what it says."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.mddocs_summary_en import summary_questions


def _page(text: str, start: int = 0) -> Chunk:
    return Chunk(id="c", doc_id="d.md", text=text, start=start, end=start + len(text))


def test_an_imperative_summary_is_asked_in_the_third_person_with_the_product():
    page = _page("brewStatus\n\nReport the brewing state of every pot on the stove.\n\nUsage\n\nCall it.")
    [(question, answers, *_)] = summary_questions(page, "brewStatus", "Kettle", {"brewStatus": "function"})
    assert question == "Which Kettle function reports the brewing state of every pot on the stove?"
    assert answers[0] == "brewStatus"


def test_a_summary_naming_its_subject_and_kind_keeps_that_kind():
    page = _page("useSpout\n\nThe useSpout composable returns the pouring angle of the spout. It is reactive.")
    [(question, *_)] = summary_questions(page, "useSpout", "Kettle", {})
    assert question == "Which Kettle composable returns the pouring angle of the spout?"


def test_no_question_from_a_later_chunk_a_reader_address_or_a_non_code_title():
    text = "brewStatus\n\nReport the brewing state of your pots on the stove."
    assert summary_questions(_page(text), "brewStatus", "Kettle", {}) == []
    text = "brewStatus\n\nReport the brewing state of every pot on the stove."
    assert summary_questions(_page(text, start=400), "brewStatus", "Kettle", {}) == []
    text = "Brewing guide\n\nReport the brewing state of every pot on the stove."
    assert summary_questions(_page(text), "Brewing guide", "Kettle", {}) == []
    # A line with no verb of its own ("Brewing helpers for pots.") says no task.
    assert summary_questions(_page("brewStatus\n\nBrewing helpers for the pot."), "brewStatus", "Kettle", {}) == []


def test_a_summary_naming_the_means_last_or_saying_use_it_to():
    page = _page("useSpoutAngle\n\nRead the pouring angle with the useSpoutAngle composable.\n\nMore.")
    [(question, *_)] = summary_questions(page, "useSpoutAngle", "Kettle", {})
    assert question == "Which Kettle composable reads the pouring angle?"
    page = _page("setSpoutAngle\n\nUse setSpoutAngle to tilt the spout of a pot.\n\nMore.")
    [(question, *_)] = summary_questions(page, "setSpoutAngle", "Kettle", {})
    assert question == "Which Kettle function do you use to tilt the spout of a pot?"


def test_a_generated_reference_page_is_read_past_its_breadcrumb_and_signature():
    text = (
        "API Documentation • Docs\n\nAPI Documentation / kettle / pourTea\n\nFunction: pourTea()\n\n"
        "pourTea<T>(cup): Cup<T>\n\nFills a cup with the tea of the given pot. Cups must be warm.\n\nParameters"
    )
    [(question, answers, *_)] = summary_questions(_page(text), "Function: pourTea()", "Kettle", {})
    assert question == "Which Kettle function fills a cup with the tea of the given pot?"
    assert "pourTea" in answers
    # An interface's summary names a thing, not a task: no verb, no question.
    text = "Interface: CupOptions\n\nOptions of a cup of tea.\n\nProperties"
    assert summary_questions(_page(text), "Interface: CupOptions", "Kettle", {}) == []


def test_a_summary_opening_on_its_name_is_no_signature():
    page = _page("pourTea\n\npourTea fills an extra cup on the stove.\n\nMore.")
    [(question, *_)] = summary_questions(page, "pourTea", "Kettle", {})
    assert question == "Which Kettle function fills an extra cup on the stove?"


def test_a_summary_ending_on_a_capital_keeps_no_full_stop():
    page = _page("brewOnce\n\nRuns a block of code once during SSR or CSR.\n\nMore.")
    [(question, *_)] = summary_questions(page, "brewOnce", "Kettle", {})
    assert question == "Which Kettle function runs a block of code once during SSR or CSR?"
