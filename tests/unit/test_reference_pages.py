"""Readings of API reference pages: subjects, empty answers, negations and pasted wording (made-up pages)."""

from ragstress.core.types import Chunk
from ragstress.generators.questions import mddocs
from ragstress.generators.questions.mddocs_table_subjects import table_subject, under_result
from ragstress.generators.questions.mddocs_tables import TableReading
from ragstress.generators.questions.reference_pages import (
    bare_generic,
    code_title,
    is_generic_subject,
    mended,
    misreads_summary,
    negated,
    page_subject,
)


def test_a_code_name_title_is_the_page_subject():
    assert page_subject("useKettle", "Kettle") == "useKettle"
    assert page_subject("brewTea()", None) == "brewTea()"
    assert page_subject("Getting started", "Kettle") == "Kettle"
    assert code_title("Brewing") is None


def test_a_generic_word_is_never_a_subject():
    assert is_generic_subject("Hook") and is_generic_subject("API") and is_generic_subject("参数")
    assert not is_generic_subject("useKettle")
    assert page_subject("Brewing", "Hook") is None
    assert page_subject("Brewing", "Params") is None


def test_bare_generic_types_and_empty_defaults_say_nothing():
    for value in ("T", "`T[]`", "{}", "[]", "Array<T>"):
        assert bare_generic(value), value
    for value in ("number", "`string[]`", "300", "{ leaf: 'green' }"):
        assert not bare_generic(value), value


def test_negated_statements():
    assert negated("useKettle is not compatible with Map and Set.")
    assert negated("useKettle 不支持 Map 和 Set。")
    assert not negated("useKettle keeps the pot warm.")


def test_a_negated_sentence_gives_no_positive_question():
    chunk = Chunk(
        id="c", doc_id="d", text="Pour\n\nThe usePot hook is not compatible with Map or Set.\n", start=40, end=90
    )
    asked = mddocs.doc_questions(chunk, "en", "Kettle", {"usePot": "function"})
    assert not any("compatible" in q[0] and "not" not in q[0] for q in asked)


def test_a_summary_line_answered_by_another_name_is_a_misreading():
    assert misreads_summary("usePotEffect", ["useEffect"])
    assert not misreads_summary("usePotEffect", ["usePotEffect"])
    assert not misreads_summary("Brewing guide", ["useEffect"])


def test_pasted_wording_is_mended_or_dropped():
    assert mended("哪个函数用于用来处理茶叶温度的 Hook？") == "哪个 Hook 用于处理茶叶温度？"
    assert mended("哪个函数用于管理壶的状态的 Hook？") == "哪个 Hook 用于管理壶的状态？"
    assert mended("在 useKettle 中，哪个函数适合的是在两个壶之间传热？") is None
    assert mended("What is the default value of the offsetX 参数 of PourOptions?") is None
    assert mended("Which property of useKettle sets the boiling point in degrees,?") == (
        "Which property of useKettle sets the boiling point in degrees?"
    )
    assert mended("在 useKettle 中，timeout 的默认值是什么？") == "在 useKettle 中，timeout 的默认值是什么？"


def test_an_api_heading_names_no_table():
    headings = ([0, 20, 30], ["useKettle", "API", "Options"])
    assert table_subject(headings, 40, "useKettle") is None
    headings = ([0, 20], ["Helpers", "brew_tea"])
    assert table_subject(headings, 40, "Helpers") is not None


def test_result_rows_set_nothing():
    headings = ([0, 20, 60], ["useKettle", "Params", "Result"])
    assert under_result(headings, 70)
    assert not under_result(headings, 30)


def _page(doc: str, title: str, rows: str) -> Chunk:
    text = f"{title}\n\nParams\n\n| Property | Description | Type | Default |\n| --- | --- | --- | --- |\n{rows}\n"
    return Chunk(id=f"{doc}-1", doc_id=doc, text=text, start=0, end=len(text))


def test_a_parameter_many_pages_share_is_not_asked_by_its_description():
    pages = [
        _page(f"p{n}", f"usePot{n}", f"| fn | The function run when pot {n} boils | `() => void` | - |")
        for n in range(5)
    ]
    reading = TableReading(pages, {p.doc_id: p.text.split(chr(10))[0] for p in pages})
    asked = reading.questions(pages[0], "usePot0")
    assert not any(q[1] == ["fn"] and q[3] == "doc_identifier" for q in asked)


def test_any_types_cut_values_and_pasted_paragraphs_are_not_asked():
    assert bare_generic("Record<string, any>") and bare_generic("any[]") and bare_generic("{ x?: number")
    assert not bare_generic("Map<string, number>") and not bare_generic("(mode: string) => void")
    long = "Which property of useKettle " + "pours the tea and then " * 5 + "stops?"
    assert mended(long) is None


def test_chinese_pasted_clauses_are_not_asked():
    assert mended("在 useKettle 中，哪个函数却容易让水溢出？") is None
    assert mended("在 useKettle 中，哪个参数表示“壶需要的数据，直接透传给 Pot 组件即可，不需要再做处理”？") is None
    assert mended("在 useKettle 中，哪个参数表示“沸腾时触发”？") == "在 useKettle 中，哪个参数表示“沸腾时触发”？"


def test_a_package_or_component_title_owns_its_page():
    from ragstress.generators.questions.reference_pages import owning_title

    assert page_subject("@kettle/plugin-steam", "Kettle") == "@kettle/plugin-steam"
    assert owning_title("kettle-plugin-spout-guard") == "kettle-plugin-spout-guard"
    assert page_subject("Spout", "Kettle", {"Spout": "component"}) == "Spout"
    assert page_subject("Overview", "Kettle", {"Spout": "component"}) == "Kettle"
    assert owning_title("Getting started") is None
