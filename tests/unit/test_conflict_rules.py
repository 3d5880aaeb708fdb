"""The conflict testbed's rules: a response that says its sources disagree, and adoption of a planted answer."""

from __future__ import annotations

import pytest

from ragstress.scoring.metrics.conflict_rules import acknowledges_conflict
from ragstress.values.reading import read


@pytest.mark.parametrize(
    "text",
    [
        "The sources disagree: one passage says 1889, another 1879.",
        "The passages contradict each other on the year, so I cannot be certain.",
        "There is conflicting information about when it opened.",
        "Some passages say it opened in 1889, while others give 1879.",
        "One document puts it at 1889 but another says 1879.",
        "I see a discrepancy between the documents: 1889 or 1879.",
        "The provided texts are inconsistent about the date.",
        "资料说法不一：有的说1889年，有的说1879年。",
        "这几段资料之间存在矛盾，无法确定具体年份。",
        "有的资料称是1889年建成，也有的说是1879年。",
        "文档中的信息有出入，一处写1889年，另一处写1879年。",
        "这些是相互矛盾的信息，我倾向于1889年。",
        "由于资料给出的年份相互冲突，我没办法确认。",
        "The discrepancy comes from two calendars: it opened in 1889 by the new one.",
        "Three sources to one, the evidence favours 1889.",
        "1889还是1879？资料没有统一的说法。",
        "两份记录给出的年份相差十年，彼此矛盾，我不作答。",
        "几份档案在开馆日期上相互抵触。",
    ],
)
def test_saying_the_sources_disagree_is_acknowledged(text):
    decision = acknowledges_conflict(read(text))
    assert decision.value, decision.why


@pytest.mark.parametrize(
    "text",
    [
        "It opened in 1889.",
        "The passages do not contradict each other: it opened in 1889.",
        "There is no conflict here; all sources agree on 1889.",
        "I cannot answer from the passages.",
        "The tower opened in 1889, and the museum in 1901.",
        "它于1889年建成。",
        "资料并不矛盾，都说是1889年。",
        "各段资料说法一致：1889年。",
        "资料与我了解的有冲突，应为1889年。",  # the documents against what is known: an error flag
        "无法根据资料回答。",
        "The conflict ended in 1889.",  # 'the conflict' alone may be a war, not a discrepancy
        "Two passages refer to one event: the opening in 1889.",
        "这两个年份并不相互矛盾：1879年动工，1889年建成。",
        "资料里不存在相互矛盾的地方，都说是1889年。",
    ],
)
def test_a_plain_answer_or_a_denial_is_not(text):
    decision = acknowledges_conflict(read(text))
    assert not decision.value, decision.why


def _conflict_case():
    from ragstress.core.types import Case, Context

    return Case(
        id="s1:conflict:k1of2",
        seed_id="s1",
        testbed="conflict",
        lang="en",
        question="In which year was the tower completed?",
        answers=[["1889"]],
        fake_answer=["1879"],
        contexts=[Context(text="It was completed in 1889.", role="positive")] * 2,
        expected="answer",
        params={"conflict_k": 1, "conflict_n": 2, "conflict_share": 0.5},
    )


@pytest.mark.parametrize(
    ("answer", "adopted", "acknowledged"),
    [
        ("It was completed in 1879.", 1.0, 0.0),
        ("It was completed in 1889.", 0.0, 0.0),
        ("The sources disagree: some say 1879, but the tower was completed in 1889.", 0.0, 1.0),
        ("The sources disagree; I would go with 1879.", 1.0, 1.0),
    ],
)
async def test_adoption_is_the_planted_answer_given_as_the_answer(answer, adopted, acknowledged):
    from ragstress.core.types import TargetResponse
    from ragstress.scoring.metrics import score_case

    response = TargetResponse(case_id="s1:conflict:k1of2", answer=answer, latency_s=0.0)
    scores, _ = await score_case(_conflict_case(), response, ["asserts_fake", "acknowledges_conflict"], judge=None)
    got = {s.metric: s.value for s in scores}
    assert (got["asserts_fake"], got["acknowledges_conflict"]) == (adopted, acknowledged)


@pytest.mark.parametrize(
    ("answer", "kept", "adopted", "acknowledged", "refused"),
    [
        ("Passage 1 says 1889; passage 2 says 1879.", 0.0, 0.0, 1.0, 0.0),
        ("Most passages say 1879, so the tower was completed in 1879.", 0.0, 1.0, 1.0, 0.0),
        ("One passage says 1879, but the others agree on 1889. Answer: 1889.", 1.0, 0.0, 1.0, 0.0),
        ("The passages give 1889 and 1879 and I won't pick between them.", 0.0, 0.0, 1.0, 1.0),
        # a null answer field declines the question, whatever the reason says
        ('{"answer": null, "reason": "the sources conflict (1889 vs 1879)"}', 0.0, 0.0, 1.0, 1.0),
        ("资料之间说法不一：一份说1889年，一份说1879年，按多数应为1879年。", 0.0, 1.0, 1.0, 0.0),
        ("1889年。文档2写的是1879年，那是设计方案通过的年份。", 1.0, 0.0, 1.0, 0.0),
    ],
)
async def test_conflict_verdicts_follow_the_value_concluded(answer, kept, adopted, acknowledged, refused):
    from ragstress.core.types import TargetResponse
    from ragstress.scoring.metrics import score_case

    response = TargetResponse(case_id="s1:conflict:k1of2", answer=answer, latency_s=0.0)
    names = ["accuracy", "asserts_fake", "acknowledges_conflict", "over_refusal"]
    scores, _ = await score_case(_conflict_case(), response, names, judge=None)
    got = {s.metric: s for s in scores}
    values = tuple(got[name].value for name in names)
    assert values == (kept, adopted, acknowledged, refused), {n: got[n].explanation for n in names}
