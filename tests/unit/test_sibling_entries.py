"""Questions more than one parallel entry answers, and questions asking for a shared default state."""

from __future__ import annotations

from ragstress.core.types import Chunk
from ragstress.generators.questions.sibling_entries import asks_default_state, blurs_siblings, documented_paths

_PAGE = """# pour

Controls how the kettle pours each kind of drink.

## pour.tea.spout

Whether to pour through the spout. When false, the lid is used.

## pour.coffee.spout

Whether to pour through the spout. When false, the lid is used.

## pour.tea.speed

How fast to pour.
"""


def _paths() -> frozenset[str]:
    return documented_paths([Chunk(id="p#0", doc_id="config/pour.md", text=_PAGE, start=0, end=len(_PAGE))])


def test_headed_paths_of_three_parts_are_read():
    assert _paths() == {"pour.tea.spout", "pour.coffee.spout", "pour.tea.speed"}


def test_a_question_without_the_part_that_tells_siblings_apart_is_not_asked():
    question = "Which option of pour do you set to false so that the lid is used?"
    assert blurs_siblings(question, ["pour.tea.spout"], _paths())
    assert blurs_siblings("pour 的哪个选项设置为 false 时使用壶盖？", ["pour.coffee.spout"], _paths())


def test_a_question_naming_the_distinguishing_part_is_asked():
    question = "Which option of pour.tea do you set to false so that the lid is used for tea?"
    assert not blurs_siblings(question, ["pour.tea.spout"], _paths())
    # An entry with no sibling of the same last part answers alone.
    assert not blurs_siblings("Which option sets how fast to pour?", ["pour.tea.speed"], _paths())


def test_a_default_state_many_settings_share_is_not_asked():
    assert asks_default_state("Which property is enabled by default for cold brew in Kettle?")
    assert asks_default_state("Which option is disabled by default?")
    assert asks_default_state("哪个选项默认开启？")
    assert not asks_default_state("Which property is enabled by default to keep the tea warm?")
    assert not asks_default_state("哪个选项默认开启保温功能？")
