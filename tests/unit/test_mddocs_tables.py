"""Questions on a docs page's parameter tables: the header carried across chunks, the page's subject, both languages."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.mddocs_tables import TableReading

_INTRO = (
    "The steep-timer plugin counts down while tea steeps. Enable the steep-timer plugin on a route.\n\nAttributes\n"
)
_HEADER = "Name | Type | Required | Default | Description\n"
_ROWS = (
    "brew_seconds | integer | False | 180 | The time a brew steeps, in seconds.\n"
    "alarm_sound | SoundName | False | chime | Selects the sound played when the brew is ready.\n"
)
_MORE_ROWS = "cup_size | CupVolume | True |  | The volume of one cup in millilitres.\n"


def _chunks(*texts: str, doc: str = "steep-timer.md") -> list[Chunk]:
    chunks, start = [], 0
    for n, text in enumerate(texts):
        chunks.append(Chunk(id=f"{doc}#{n}", doc_id=doc, text=text, start=start, end=start + len(text)))
        start += len(text)
    return chunks


def _asked(chunks: list[Chunk], product: str | None = "Kettle") -> dict[str, list[str]]:
    reading = TableReading(chunks)
    return {q[0]: q[1] for c in chunks for q in reading.questions(c, product)}


def test_each_row_asks_its_default_type_and_what_it_does_naming_the_page_subject():
    asked = _asked(_chunks(_INTRO + _HEADER + _ROWS))
    assert asked["What is the default value of brew_seconds for the steep-timer plugin?"] == ["180"]
    assert asked["What is the type of alarm_sound for the steep-timer plugin?"] == ["SoundName"]
    assert "What is the type of brew_seconds for the steep-timer plugin?" not in asked  # integer: any number's
    assert asked["Which parameter of the steep-timer plugin selects the sound played when the brew is ready?"][0] == (
        "alarm_sound"
    )
    assert asked["Which parameter of the steep-timer plugin sets the time a brew steeps, in seconds?"][0] == (
        "brew_seconds"
    )


def test_a_table_running_on_into_the_next_chunk_keeps_its_header_and_an_empty_default_is_not_asked():
    asked = _asked(_chunks(_INTRO + _HEADER + _ROWS, _MORE_ROWS))
    assert asked["What is the type of cup_size for the steep-timer plugin?"] == ["CupVolume"]
    assert not any("default value of cup_size" in q for q in asked)
    # Prose between the tables closes the first: rows after it have no header.
    assert (
        _asked(_chunks(_INTRO + _HEADER + _ROWS, "Then pour.\n" + _MORE_ROWS))
        .keys()
        .isdisjoint({"What is the type of cup_size for the steep-timer plugin?"})
    )


def test_a_page_with_no_subject_asks_only_of_code_names_no_other_row_has():
    plain = (
        "Settings\n\n"
        + _HEADER
        + "pot_size | integer | False | 2 | The size of the pot.\nname | string | False | kettle | The kettle's name.\n"
    )
    other = "More\n\n" + _HEADER + "pot_size | integer | False | 4 | The size of the other pot.\n"
    asked = _asked(_chunks(plain, doc="setup.md"))
    assert asked["What is the default value of pot_size in Kettle?"] == ["2"]
    assert not any(" name " in q for q in asked)  # a plain word names no parameter of its own
    # Two pages with a pot_size: neither can be asked about without saying which.
    both = _chunks(plain, doc="setup.md") + _chunks(other, doc="more.md")
    assert not any("pot_size" in q for q in _asked(both))
    assert _asked(_chunks(plain, doc="setup.md"), product=None) == {}


def test_a_noun_phrase_read_as_a_verb_and_rows_described_alike_are_not_asked():
    rows = (
        "Name | Type | Default | Description\n"
        "request_type | string | json | Request body original media type.\n"
        "limit | integer | 5 | The largest number of cups.\n"
        "rules.limit | integer | 5 | The largest number of cups.\n"
    )
    asked = _asked(_chunks(_INTRO + rows))
    assert not any(q.startswith("Which") for q in asked), asked
    assert asked["What is the default value of request_type for the steep-timer plugin?"] == ["json"]


def test_chinese_tables_too():
    # The page's own plugin, named in its file name, is its subject, though it names another more often.
    intro = "steep-timer 插件在泡茶时倒计时。在路由上启用 steep-timer 插件。常与 pour-guard 插件、pour-guard 插件、pour-guard 插件一起用。\n\n属性\n"
    header = "名称 | 类型 | 必选项 | 默认值 | 描述\n"
    rows = 'brew_seconds | integer | 否 | 180 | 泡茶的时长，单位为秒。\nalarm_sound | SoundName | 否 | "chime" | 茶泡好时播放的声音。\n'
    asked = _asked(_chunks(intro + header + rows))
    assert asked["在 steep-timer 插件中，brew_seconds 的默认值是什么？"] == ["180"]
    assert asked["在 steep-timer 插件中，alarm_sound 的默认值是什么？"] == ['"chime"', "chime"]
    assert asked["在 steep-timer 插件中，alarm_sound 是什么类型？"] == ["SoundName"]
    assert "在 steep-timer 插件中，brew_seconds 是什么类型？" not in asked
    assert asked["在 steep-timer 插件中，哪个参数表示“茶泡好时播放的声音”？"][0] == "alarm_sound"
    # A row with no description is asked in its page's language; one described in English, in English.
    more = "cup_size | integer | 是 | 2 |  \nlid_type | string | 否 | flat | The shape of the lid on top.\n"
    asked = _asked(_chunks(intro + header + rows + more))
    assert asked["在 steep-timer 插件中，cup_size 的默认值是什么？"] == ["2"]
    assert "What is the default value of lid_type in Kettle?" in asked


def test_a_default_cell_saying_there_is_none_is_not_asked():
    rows = "brew_seconds | integer | False | 180 | The time a brew steeps.\nlid_type | LidShape | False | 未设置 | The lid.\n"
    asked = _asked(_chunks(_INTRO + _HEADER + rows))
    assert asked["What is the default value of brew_seconds for the steep-timer plugin?"] == ["180"]
    assert not any("default value of lid_type" in q for q in asked)
