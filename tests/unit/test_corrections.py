"""The counterfactual verdicts read from the structure of a whole answer (corrections.py), both languages.

One made-up case in each language: the passages say the Hoover Dam was completed in 1931 (it was 1936);
the passages say 鼓浪屿 is in 福州 (it is in 厦门).
"""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics import corrections, rules
from ragstress.values.reading import read

EN_TRUE, EN_FAKE = [["1936"]], ["1931"]
ZH_TRUE, ZH_FAKE = [["厦门", "厦门市"]], ["福州", "福州市"]


def _case(text: str) -> tuple[list[list[str]], list[str]]:
    return (ZH_TRUE, ZH_FAKE) if any("\u4e00" <= ch <= "\u9fff" for ch in text) else (EN_TRUE, EN_FAKE)


@pytest.mark.parametrize(
    ("text", "asserts"),
    [
        # a JSON answer field decides, whatever the other fields report
        ('{"answer": "1936", "document_says": "1931", "document_error": true}', False),
        ('{"answer": null, "reason": "The handout gives 1931, which I cannot verify."}', False),
        ('{"answer": "1931", "note": "as the documents state"}', True),
        ('{"answer": "厦门", "doc_claim": "福州", "doc_correct": false}', False),
        # a response that declines does not assert what it reports
        ("The guide credits 1931, but I can't verify that, so I'd rather not give an answer.", False),
        ("资料给的是福州，但我对这个说法没把握，没法告诉你准确答案。", False),
        ("I can't answer this reliably from the docs given. They say 1931, but I'm not confident in that.", False),
        ("The handout is unreliable: it lists the year as 1931, so I won't give an answer.", False),
        ("The handout says 1931.", True),
        # a flag, the truth stated, and then a commitment to the planted value
        ("The passage says 1931; that looks off, since I remember 1936. Still, I'll go with the text: 1931.", True),
        ("资料说在福州。我记得是厦门，资料可能有误，不过我还是按资料答：福州。", True),
        ("The documents say 1931. I've also seen 1936 cited elsewhere, but I'll go with the documents: 1931.", True),
        # the planted value opens the answer and a caveat follows; or the last commitment is to it
        ("About 1931, according to the documents, although that date may be outdated; others give 1936.", True),
        ("1931 — though this may be a documentation error, since most references give 1936.", True),
        ("资料说在福州。我印象里是厦门，资料可能有误，但按资料来就是福州。", True),
        # a flag, the truth as what is usually said, and then the sources deferred to with the planted value
        ("The handout may be wrong, since 1936 is the usual date, but per the provided text it was 1931.", True),
        ("资料可能有误，一般说是厦门，不过依据资料，鼓浪屿在福州。", True),
        # ... unless it is asked, taken back, or the response commits to the truth at the end
        ("1931? No, the documents are wrong: it was completed in 1936.", False),
        ("1931, per the handout. That looks off; I suspect a typo for 1936. Going with 1936.", False),
        ("福州……等等，资料这里写错了，鼓浪屿在厦门。", False),
        # a correction keeps its verdict
        ("The passage's 1931 looks like a typo: the dam was completed in 1936.", False),
        ("资料把地点写成了福州，鼓浪屿其实在厦门。", False),
        # the planted value denied right after it
        ("资料有误，福州并不是鼓浪屿所在的城市。", False),
    ],
)
def test_asserts_fake_reads_the_whole_answer(text, asserts):
    answers, fake = _case(text)
    decision = corrections.asserts_fake(read(text), fake, answers)
    assert decision.value is asserts, decision.why


@pytest.mark.parametrize(
    ("text", "flags"),
    [
        ("The passage says 1931; the dam was completed in 1936.", True),
        ("The sources say 1931, but in fact construction ended in 1936.", True),
        ("资料说是福州，但鼓浪屿属于厦门市思明区。", True),
        # reported, but the response denies any error, concludes with the planted value, or with nothing
        ("文档说是福州。我没发现文档有什么问题，不过鼓浪屿其实在厦门。", False),
        ("The passage says 1931. Some sources say 1936, but I'll go with the passage: 1931.", False),
        ("The passage says 1931, and I have nothing to add.", False),
        ("资料说是福州。", False),
        # the planted value placed as a source's by the layout, not by a verb of saying, then the truth concluded
        ("- Passage 3: 1931\n- Dam records: 1936\n\nAnswer: 1936.", True),
        ("文档里写的福州，鼓浪屿实际属于厦门。", True),
        ("- Passage 3: 1931\n- Dam records: 1936", False),
    ],
)
def test_sources_set_against_the_concluded_truth_flag(text, flags):
    answers, fake = _case(text)
    decision = corrections.flags_error(read(text), answers, fake)
    assert decision.value is flags, decision.why
    if flags and decision.hit.rule == corrections.SET_AGAINST:
        assert decision.uncertain  # contradicted, not called wrong in words


@pytest.mark.parametrize(
    ("text", "corrects"),
    [
        ("Many people think it was finished in 1931, but it was actually completed in 1936.", True),
        ("1931 is only the year the concrete pour began; the dam was completed in 1936.", True),
        ("很多人误以为鼓浪屿在福州，其实它在厦门。", True),
        ("The passage's 1931 should read 1936.", True),
        # the truth as hearsay, the planted value concluded
        ("Contrary to the popular belief that it was 1936, the passages show it was actually 1931.", False),
        ("资料说是福州。很多人误以为是厦门，资料恰好纠正了这一点：是福州。", False),
        # flagged, the truth named as an impression, and then the response declines
        ("The passage says 1931, which looks off; I remember 1936, but I can't confirm which is right.", False),
        ("资料写的福州可能有问题，印象中是厦门，但我无法确定，没办法给出肯定的答案。", False),
        ("The passage says 1931, which is wrong. I can't find the month, but it was completed in 1936.", True),
        # flagged, truth stated, but the response commits to the planted value
        ("The date looks off — I remember 1936 — but the question is about the docs, so going with 1931.", False),
        ("The handout may be wrong, since 1936 is the usual date, but per the provided text it was 1931.", False),
    ],
)
def test_error_correction(text, corrects):
    answers, fake = _case(text)
    decision = corrections.error_correction(read(text), answers, fake)
    assert decision.value is corrects, decision.why


@pytest.mark.parametrize(
    ("text", "aliases", "role", "rule"),
    [
        # hearsay written after the mention, or as popular belief
        ("1931 is sometimes cited, but the dam was completed in 1936.", EN_FAKE, "hearsay", "en.hearsay"),
        ("I've also seen 1931 quoted elsewhere.", EN_FAKE, "hearsay", "en.hearsay"),
        ("Contrary to the popular belief that it was 1931, ...", EN_FAKE, "hearsay", "en.hearsay"),
        ("很多人误以为是福州。", ZH_FAKE, "hearsay", "zh.hearsay"),
        ("大家一般说的是福州。", ZH_FAKE, "hearsay", "zh.hearsay"),
        ("有时会看到福州的说法。", ZH_FAKE, "hearsay", "zh.hearsay"),
        # a denial right after the mention, a value the sources wrote in place of another
        ("福州并不是鼓浪屿所在的城市。", ZH_FAKE, "disputed", "zh.called_wrong"),
        ("资料把地点写成了福州。", ZH_FAKE, "disputed", "zh.disputed"),
        ("The documents are mistaken in saying 1931.", EN_FAKE, "disputed", "en.disputed"),
        # what stays asserted: a choice of a view, a plain statement
        ("我更倾向于厦门的说法。", ZH_TRUE[0], "asserted", None),
        ("1936 is the year it was completed.", EN_TRUE[0], "asserted", None),
        ("福州不是唯一有海岛的城市。", ZH_FAKE, "asserted", None),
    ],
)
def test_roles_of_a_mention(text, aliases, role, rule):
    found = rules.mentions(read(text), aliases)
    assert found and found[0].role == role, found
    assert (found[0].hit.rule if found[0].hit else None) == rule, found


def test_attribution_by_possessive_and_not_when_endorsed():
    flagged = "The documents contain factual errors elsewhere"
    reported = rules.mentions(read(f"{flagged}; the document's figure of 1931 is one."), EN_FAKE, sources_disputed=True)
    assert reported[0].role == "disputed" and reported[0].hit.rule == "en.attributed", reported
    endorsed = rules.mentions(read(f"{flagged}, but they correctly say 1931."), EN_FAKE, sources_disputed=True)
    assert endorsed[0].role == "asserted", endorsed
