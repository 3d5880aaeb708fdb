"""Docs questions that name their subject: the option page, the hook's section, the API object's page."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.subject_named import SectionHeadings, key_path, option_pages, sub_path, with_subject

TYPED = "- Type:\n\n```ts\ntype Watch = {\n  timeout?: number;\n  retries?: number;\n};\n```\n"


def test_a_key_of_an_option_is_spelt_by_its_full_path():
    assert sub_path("timeout", "dev.watch") == "dev.watch.timeout"
    assert sub_path("watch.timeout", "dev.watch") == "dev.watch.timeout"
    assert sub_path("dev.watch.timeout", "dev.watch") == "dev.watch.timeout"
    assert sub_path("dev.watch", "dev.watch") is None
    assert sub_path("server.port", "dev.watch") is None
    assert sub_path("timeout", "Watching") is None
    # A bare name is a key only where the chunk shows it as one.
    assert key_path("timeout", "dev.watch", TYPED) == "dev.watch.timeout"
    assert key_path("callback", "dev.watch", TYPED) is None


def test_a_question_on_an_option_page_names_the_option():
    asked = with_subject("Which property bounds the wait in Kettle?", ["watch.timeout"], "dev.watch", None, TYPED)
    assert asked == ("Which property of dev.watch bounds the wait in Kettle?", ["dev.watch.timeout", "watch.timeout"])
    asked = with_subject("What is the default value of the retries option in Kettle?", ["3"], "dev.watch", None, TYPED)
    assert asked[0] == "What is the default value of the dev.watch.retries option in Kettle?"
    part = with_subject("brewTimer 的哪个属性限制等待时间？", ["tea.brewTimer.limit"], "tea.brewTimer", None, TYPED)
    assert part[0] == "tea.brewTimer 的哪个属性限制等待时间？"
    plain = with_subject("Which option do you set to watch the files?", ["dev.watch"], "dev.watch", None, TYPED)
    assert plain[0] == "Which option do you set to watch the files?"  # a plain word is no partial name
    zh = with_subject("在 Kettle 中，哪个属性用于限制等待时间？", ["dev.watch.timeout"], "dev.watch", None, TYPED)
    assert zh[0] == "在 Kettle 中，dev.watch 的哪个属性用于限制等待时间？"


def test_a_question_that_names_its_subject_or_asks_for_it_stays():
    same = "Which option of dev.watch bounds the wait?"
    assert with_subject(same, ["dev.watch.timeout"], "dev.watch", None, TYPED)[0] == same
    itself = "Which Kettle option restarts the brew when a file changes?"
    assert with_subject(itself, ["dev.watch"], "dev.watch", None, TYPED)[0] == itself
    # Another page's option is no key of this one.
    other = "Which option sets the port of the brew server?"
    assert with_subject(other, ["server.port"], "dev.watch", None, TYPED)[0] == other


def test_a_parameter_is_asked_of_the_hook_its_section_heads():
    asked = with_subject("Which parameter gives the pot's size in Kettle?", ["size"], "Hooks", "onBeforeBoil", "")
    assert asked[0] == "Which parameter of onBeforeBoil gives the pot's size in Kettle?"
    zh = with_subject("在 Kettle 中，通过哪个参数获得壶的容量？", ["size"], "钩子", "onBeforeBoil", "")
    assert zh[0] == "在 Kettle 中，通过 onBeforeBoil 的哪个参数获得壶的容量？"
    plugin = with_subject("在 Kettle 中，哪个选项决定是否保温？", ["keepWarm"], "保温插件", "onBoil", "")
    assert plugin[0] == "在 Kettle 中，onBoil 的哪个选项决定是否保温？"
    # The clause saying when the hook is called goes once the hook is named; an untitled fragment is named by its file.
    called = "Called after the water boils, which parameter gives the pot's size?"
    asked = with_subject(called, ["size"], None, "onAfterBoil", "")
    assert asked[0] == "Which parameter of onAfterBoil gives the pot's size?"
    zh = with_subject("在 Kettle 中，在水烧开后调用，可以通过哪个参数获得壶的容量？", ["size"], None, "onAfterBoil", "")
    assert zh[0] == "在 Kettle 中，可以通过 onAfterBoil 的哪个参数获得壶的容量？"
    fragment = Chunk(id="f", doc_id="shared/onAfterBoil.mdx", text="Called after the water boils.", start=0, end=29)
    assert SectionHeadings([fragment]).code_heading(fragment, "Called after") == "onAfterBoil"
    # Under an option's heading, a key of it is answered by its full path.
    keyed = with_subject("Which option do you set to limit the retries?", ["retries"], "Kettle", "dev.watch", TYPED)
    assert keyed == ("Which option of dev.watch do you set to limit the retries?", ["dev.watch.retries", "retries"])
    # The hook itself, or a question with a code name of its own, is asked as it is.
    hook = "Which hook is called before the water boils?"
    assert with_subject(hook, ["onBeforeBoil"], "Hooks", "onBeforeBoil", "")[0] == hook
    named = "Which parameter of the boil() call gives the size?"
    assert with_subject(named, ["size"], "Hooks", "onBeforeBoil", "")[0] == named


def test_a_method_is_asked_of_the_api_its_page_documents():
    headed = frozenset({"api.pour", "api.boil"})
    asked = with_subject("Which method pours the tea in Kettle?", ["api.pour"], "Brewer API", None, "", headed=headed)
    assert asked[0] == "Which method of the Brewer API pours the tea in Kettle?"
    zh = with_subject("在 Kettle 中，哪个方法用于倒茶？", ["api.pour"], "冲泡 API", None, "", headed=headed)
    assert zh[0] == "在 Kettle 中，冲泡 API 的哪个方法用于倒茶？"
    warm = with_subject("哪个选项决定是否保温？", ["keepWarm"], "保温插件", None, "", headed=frozenset({"keepwarm"}))
    assert warm[0] == "保温插件的哪个选项决定是否保温？"
    called = with_subject("Which method boils the water?", ["api.boil()"], "Brewer API", None, "", headed=headed)
    assert called[0] == "Which method of the Brewer API boils the water?"
    # A guide's title names no API: its questions are framed elsewhere.
    guide = "Which method pours the tea in Kettle?"
    assert with_subject(guide, ["api.pour"], "Serving tea", None, "", headed=headed)[0] == guide
    # A name the page only mentions, or one another page is titled by, belongs elsewhere.
    assert with_subject(guide, ["api.steep"], "Brewer API", None, "", headed=headed)[0] == guide
    other = frozenset({"api.pour"})
    assert with_subject(guide, ["api.pour"], "Brewer API", None, "", other_pages=other, headed=headed)[0] == guide
    # A question that already says whose name it asks for keeps its owner.
    owned = "在 Kettle 中，api 的哪个方法用于倒茶？"
    assert with_subject(owned, ["api.pour"], "冲泡 API", None, "", headed=headed)[0] == owned


def test_a_section_is_headed_by_the_last_heading_before_its_sentence():
    text = "Hooks\n\nonBeforeBoil\n\nCalled before the water boils.\n\nBoiling\n\nThe pot whistles.\n"
    chunks = [Chunk(id="a", doc_id="d", text=text, start=0, end=len(text))]
    sections = SectionHeadings(chunks)
    assert sections.code_heading(chunks[0], "Called before the water boils") == "onBeforeBoil"
    assert sections.code_heading(chunks[0], "The pot whistles") is None  # "Boiling" is no code name
    later = Chunk(id="b", doc_id="d", text="It may be called twice.", start=len(text), end=len(text) + 23)
    assert SectionHeadings([chunks[0], later]).code_heading(later, "It may be called twice") is None


def test_an_option_page_asks_its_option_as_an_option():
    page = "dev.watch\n\n- Type: boolean | Function\n- Default: false\n\nRestart the brew when a file changes.\n"
    chunks = [Chunk(id="a", doc_id="watch.md", text=page, start=0, end=len(page))]
    guide = "Hooks\n\nCall brew() to start.\n"
    chunks.append(Chunk(id="b", doc_id="hooks.md", text=guide, start=0, end=len(guide)))
    pages = option_pages(chunks, {"watch.md": "dev.watch", "hooks.md": "Hooks"})
    assert pages == {"watch.md"}
    asked = with_subject(
        "Which function restarts the brew when a file changes?", ["dev.watch"], "dev.watch", None, page, True
    )
    assert asked[0] == "Which option restarts the brew when a file changes?"
    zh = with_subject("哪个函数在文件变化时重新冲泡？", ["dev.watch"], "dev.watch", None, page, True)
    assert zh[0] == "哪个选项在文件变化时重新冲泡？"
    # A function the option's page mentions is still a function.
    other = "Which function starts the brew?"
    assert with_subject(other, ["brew"], "dev.watch", None, page, True)[0] == other
