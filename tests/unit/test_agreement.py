"""The agreement tool on a tiny labels file of our own: counts, kappa, splits, table, bad input."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from ragstress.scoring.agreement import agreement, disagreements, load, main, measure, table

TINY = Path(__file__).resolve().parents[1] / "data" / "agreement" / "tiny_labels.jsonl"


def test_cohens_kappa_by_hand():
    # 10 pairs: 4 yes/yes, 1 yes/no, 1 no/yes, 4 no/no -> agreement .8, chance .5, kappa .6
    pairs = [(True, True)] * 4 + [(True, False), (False, True)] + [(False, False)] * 4
    result = agreement(pairs)
    assert (result.n, result.agree, result.rate) == (10, 8, 0.8) and result.kappa == pytest.approx(0.6)
    assert agreement([(True, True)] * 3).kappa is None  # chance agreement is total: kappa undefined
    assert agreement([]).rate is None


def test_measure_on_the_tiny_file():
    items = load(TINY)
    results = asyncio.run(measure(items))
    # rejects: t3, t4 (refusals) and t5 (an answer) all agree with the default rules.
    assert results[("rejects", "default", "whole")].rate == 1.0
    # RGB's exact phrase misses t4's "do not say": 2 of 3.
    assert (results[("rejects", "rgb", "whole")].agree, results[("rejects", "rgb", "whole")].n) == (2, 3)
    # rgb_flags: RGB's plain substring flags t6's negated "no factual errors", as the label says RGB would.
    assert results[("rgb_flags", "rgb", "whole")].rate == 1.0
    assert results[("flags_error", "default", "whole")].rate == 1.0
    assert results[("flags_error", "rgb", "holdout")].rate == 0.0  # t6 only
    assert results[("correct", "default", "dev")].n == 2 and ("correct", "default", "holdout") not in results
    assert results[("asserts_fake", "default", "whole")].rate == 1.0
    assert load(TINY, "holdout") == [i for i in items if i.split == "holdout"]


def test_disagreements_list_the_lines():
    found = asyncio.run(disagreements(load(TINY), "rejects", "rgb"))
    assert [(item.id, got) for item, got in found] == [("t4", False)]


def test_table_and_cli(capsys):
    assert main([str(TINY), "--split", "dev"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("| label | rule set (metric) | dev | holdout | whole |")
    assert "| rejects | default (`rejection`) | 100.0% / — (n=1) | — | 100.0% / — (n=1) |" in out
    assert "judged" not in table(asyncio.run(measure(load(TINY))))


def test_one_testbeds_lines(capsys):
    assert [i.id for i in load(TINY, testbed="negative")] == ["t3", "t4", "t5"]
    assert [i.id for i in load(TINY, "dev", "counterfactual")] == ["t7", "t8"]
    assert main([str(TINY), "--testbed", "negative"]) == 0
    out = capsys.readouterr().out
    assert "| rejects | default (`rejection`) | 100.0% / — (n=1) | 100.0% / 1.000 (n=2) | 100.0% / 1.000 (n=3) |" in out
    assert "flags_error" not in out  # only counterfactual lines carry it


@pytest.mark.parametrize(
    ("split", "header"),
    [("dev2", "| dev | dev2 | holdout | whole |"), ("holdout3", "| dev | holdout | holdout3 | whole |")],
)
def test_a_later_split_gets_its_own_column(tmp_path, capsys, split, header):
    lines = TINY.read_text(encoding="utf-8").splitlines()
    moved = tmp_path / "labels.jsonl"
    moved.write_text("\n".join([lines[0].replace('"split": "dev"', f'"split": "{split}"'), *lines[1:]]) + "\n")
    items = load(moved)
    assert [i.split for i in items].count(split) == 1 and load(moved, split) == [items[0]]
    assert main([str(moved)]) == 0
    assert capsys.readouterr().out.startswith("| label | rule set (metric) " + header)
    assert main([str(moved), "--split", split]) == 0
    assert split in capsys.readouterr().out


def test_bad_input_names_file_line_and_field(tmp_path, capsys):
    bad = tmp_path / "labels.jsonl"
    bad.write_text(TINY.read_text(encoding="utf-8").splitlines()[0] + '\n{"id": "x", "lang": "fr"}\n', encoding="utf-8")
    assert main([str(bad)]) == 2
    err = capsys.readouterr().err
    assert "labels.jsonl line 2: field lang" in err


def test_judged_rows_with_a_judge_endpoint(capsys):
    from ragstress.testing.fake_openai import FakeOpenAIServer
    from ragstress.testing.scripted_judge import ScriptedJudge

    judge = ScriptedJudge(
        {
            "judge_rejection": '{"reason": "says the documents lack it", "refuses": true}',
            "judge_over_refusal": '{"reason": "answers the question", "refuses": false}',
            "judge_error_detection": '{"reason": "points out the documents are wrong", "flags_error": true}',
        }
    )
    with FakeOpenAIServer(judge) as server:
        assert main([str(TINY), "--judge-url", server.base_url, "--judge-model", "judge-m"]) == 0
    out = capsys.readouterr().out
    # rejects is labelled on t3, t4 (true) and t5 (false): a judge that always refuses agrees on 2 of 3.
    assert (
        "| rejects | judged (`rejection_judged`) | 100.0% / — (n=1) | 50.0% / 0.000 (n=2) | 66.7% / 0.000 (n=3) |"
        in out
    )
    assert "| over_refusal | judged (`over_refusal_judged`) | 100.0% / — (n=2) | — | 100.0% / — (n=2) |" in out
    assert "| flags_error | judged (`error_detection_judged`) |" in out
    assert judge.counts == {"judge_rejection": 3, "judge_over_refusal": 2, "judge_error_detection": 3}
