"""`ragstress score` reads unseen wordings as a careful reader would, in en and zh, and says when it is unsure."""

from __future__ import annotations

import typer
from typer.testing import CliRunner

from ragstress.cli import report as cli_report
from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_json, read_records, write_records
from ragstress.core.types import Case, Context, Score, TargetResponse

# (testbed, lang, answers, response, metric, expected value, uncertain)
EXAMPLES = [
    ("negative", "en", [["1889"]], "I can't say for sure, but I believe it was 1890.", "rejection", 0.0, True),
    (
        "negative",
        "en",
        [["Gustave Eiffel"]],
        "The passages do not mention the architect, but the tower was completed in 1890.",
        "rejection",
        0.0,
        True,
    ),
    ("negative", "en", [["1912"]], "The wreck was not found until 1985; it sank in 1915.", "rejection", 0.0, True),
    ("negative", "en", [["1889"]], "No details given.", "rejection", 1.0, False),
    ("negative", "en", [["1889"]], "The text is silent on this.", "rejection", 1.0, False),
    ("negative", "zh", [["1889年"]], "资料里信息有限，不好妄下结论。", "rejection", 1.0, False),
    ("negative", "zh", [["1889年"]], "请补充相关资料后再问。", "rejection", 1.0, False),
    ("negative", "zh", [["埃菲尔"]], "文档中没有提到建筑师，但塔是1890年建成的。", "rejection", 0.0, True),
    ("noise", "en", [["Paris"]], "Paris is simply the capital of France.", "accuracy", 1.0, False),
    ("noise", "en", [["Stephen King"]], "King Charles III opened it.", "accuracy", 0.0, False),
    ("noise", "en", [["Uruguay"]], "Brazil won it, beating Uruguay.", "accuracy", 0.0, True),
    ("noise", "en", [["1500"]], "The hall seats fifteen hundred people.", "accuracy", 1.0, False),
    ("noise", "zh", [["1400"]], "礼堂可容纳一千四百人。", "accuracy", 1.0, False),
    ("noise", "zh", [["乌拉圭"]], "巴西队击败了乌拉圭队夺冠。", "accuracy", 0.0, True),
    ("noise", "zh", [["1889"]], "It was completed in 1889.", "accuracy", 1.0, True),  # answered in English
    (
        "integration",
        "en",
        [["Danube"], ["2850 km"]],
        "The river is the Danube; the documents don't give its length.",
        "over_refusal",
        0.0,
        True,
    ),
]


def _app() -> typer.Typer:
    app = typer.Typer()
    cli_score.register(app)
    cli_report.register(app)
    return app


def test_score_reads_unseen_wordings_and_marks_the_uncertain_ones(tmp_path):
    cases, responses = [], []
    for i, (testbed, lang, answers, text, *_rest) in enumerate(EXAMPLES):
        cases.append(
            Case(
                id=f"c{i}",
                seed_id=f"s{i}",
                testbed=testbed,
                lang=lang,
                question="问题？" if lang == "zh" else "Question?",
                answers=answers,
                contexts=[Context(text="passage", role="noise" if testbed == "negative" else "positive")],
                expected="reject" if testbed == "negative" else "answer",
            )
        )
        responses.append(TargetResponse(case_id=f"c{i}", answer=text, latency_s=0.1))
    write_records(tmp_path / "cases.jsonl", cases)
    write_records(tmp_path / "responses.jsonl", responses)
    result = CliRunner().invoke(_app(), ["score", str(tmp_path), "--metrics", "accuracy,rejection,over_refusal"])
    assert result.exit_code == 0, result.output
    scores = {(s.case_id, s.metric): s for s in read_records(tmp_path / "scores.jsonl", Score)}
    for i, (_, _, _, text, metric, value, uncertain) in enumerate(EXAMPLES):
        score = scores[(f"c{i}", metric)]
        assert score.value == value, (text, score.explanation)
        if uncertain:  # the rule itself hesitates: uncertain whatever the learned reader thinks
            assert score.certainty == "uncertain", (text, score.explanation)
        elif score.certainty == "uncertain":  # the rule is sure; only the learned reader can make it uncertain
            assert score.certainty_reason.startswith("the learned reader"), (text, score.certainty_reason)
        assert "reader p(" in score.explanation
    assert CliRunner().invoke(_app(), ["report", str(tmp_path)]).exit_code == 0
    uncertain = sum(s.certainty == "uncertain" for (_, m), s in scores.items() if m == "rejection")
    negative = read_json(tmp_path / "report.json")["negative"]["rejection"]
    assert negative["n_uncertain"] == uncertain >= 3
    markdown = (tmp_path / "report.md").read_text(encoding="utf-8")
    assert f"uncertain={uncertain}" in markdown and "if uncertain flipped · 不确定判定改判后 [" in markdown
    assert negative["uncertain_bounds"][0] <= negative["value"] <= negative["uncertain_bounds"][1]


def test_resolve_uncertain_sends_only_uncertain_verdicts_to_the_judge(tmp_path):
    import json

    from ragstress.testing.fake_openai import FakeOpenAIServer
    from ragstress.testing.scripted_judge import ScriptedJudge

    judge = ScriptedJudge({"judge_rejection": json.dumps({"reason": "it only guesses", "refuses": "yes"})})
    texts = ["I can't say for sure, but I believe it was 1890.", "No details given.", "It was 1889."]
    cases = [
        Case(
            id=f"n{i}",
            seed_id=f"n{i}",
            testbed="negative",
            lang="en",
            question="When was it completed?",
            answers=[["1889"]],
            contexts=[Context(text="passage", role="noise")],
            expected="reject",
        )
        for i in range(len(texts))
    ]
    write_records(tmp_path / "cases.jsonl", cases)
    write_records(
        tmp_path / "responses.jsonl",
        [TargetResponse(case_id=c.id, answer=t, latency_s=0.1) for c, t in zip(cases, texts)],
    )
    bundled = CliRunner().invoke(
        _app(), ["score", str(tmp_path), "--metrics", "rejection", "--resolve-uncertain", "judge"]
    )
    assert bundled.exit_code == 2 and "other than the bundled model" in bundled.output
    with FakeOpenAIServer(judge) as server:
        args = ["score", str(tmp_path), "--metrics", "rejection", "--resolve-uncertain", "judge"]
        args += ["--judge-base-url", server.base_url, "--judge-model", "judge-1", "--judge-api-key", "sk-test"]
        result = CliRunner().invoke(_app(), args)
        assert result.exit_code == 0, result.output
        asked = [r for r in server.chat_requests() if "ping" not in json.dumps(r.body).lower()]
    scores = {s.case_id: s for s in read_records(tmp_path / "scores.jsonl", Score)}
    resolved = scores["n0"]
    assert (
        resolved.value == 1.0
        and "resolved by the judge" in resolved.label
        and "the rule said answered" in resolved.explanation
    )
    assert scores["n1"].value == 1.0 and scores["n1"].certainty == "clear" and "judge" not in scores["n1"].label
    assert scores["n2"].value == 0.0 and scores["n2"].certainty == "clear"
    assert len(asked) == 1  # only the uncertain verdict went to the judge
    assert read_json(tmp_path / "score.json")["resolved_by_judge"] == {"rejection": 1}


def test_bench_refuses_to_resolve_with_the_bundled_judge(tmp_path):
    from ragstress.cli import app as cli_app

    app = cli_app  # the whole app: bench alone would make a one-command app with no `bench` name
    args = ["bench", str(tmp_path), "--out", str(tmp_path / "run"), "--resolve-uncertain", "judge"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2 and "other than the bundled model" in result.output
    assert not (tmp_path / "run").exists()  # refused before any stage
