"""Flags read in round twenty-three: a doubt worded beside an answer that still goes by the passage ("the leaflet's
figure may be off, but going by it ..."), a value judged implausible ("which seems high to me"), a source said to
rest on old figures, a planted value read as another figure ("looks like the X rather than the Y"; "the nine probably
comes from the extension plan"). By the label definitions each says the documents may hold wrong information, so each
flags. Chinese says the same in words the rules already read; it is checked beside the English. Sentences of our own."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import rules
from ragstress.values.reading import read


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The brochure's figure may be off, but going by what it says, the hall seats 1,200.", "en"),
        ("I suspect the leaflet might be off here; I recall the bridge opening in 1932. I'd go with 1932.", "en"),
        ("The notice gives 48 days, which seems high to me. Going by the notice, though: 48 days.", "en"),
        ("Bear in mind the report may be using pre-2020 figures. Per the report: 3.4 million visitors.", "en"),
        ("The document gives 30 kg, which looks like the hold allowance rather than the cabin limit.", "en"),
        ("The passage says nine, but the line has seven stops; the nine probably comes from the extension plan.", "en"),
        ("资料里的数字可能不太准，不过按资料来说，音乐厅有1200个座位。", "zh"),
        ("资料说是48天，我有点怀疑，但按资料就是48天。", "zh"),
    ],
)
def test_a_doubt_beside_an_answer_from_the_passage_flags_it(text, lang):
    assert rules.error_flag(read(text, lang)).value


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("The offer might be off the table by next week, but the brochure gives 1,200 seats.", "en"),
        ("The hall seats 1,200, which is large for a town of that size.", "en"),
        ("The report uses 2023 figures: 3.4 million visitors.", "en"),
        ("The 30 kg is the hold allowance; the cabin limit is 8 kg.", "en"),
        ("资料说音乐厅有1200个座位。", "zh"),
    ],
)
def test_an_answer_without_doubt_is_no_flag(text, lang):
    assert not rules.error_flag(read(text, lang)).value
