"""The metric table: complete bilingual metadata for every metric, and reports that read it."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest

from ragstress.core.registry import UnknownNameError
from ragstress.core.types import TESTBEDS, Score
from ragstress.reports.aggregate import build_report
from ragstress.reports.reading.rundir import load_run
from ragstress.reports.render.html import render_html
from ragstress.reports.render.markdown import render_markdown
from ragstress.scoring.metrics import METRICS, metric, metric_table
from ragstress.scoring.metrics.base import ALL_TESTBEDS

_spec = importlib.util.spec_from_file_location(
    "report_make_runs", Path(__file__).parents[1] / "data" / "report_fixtures" / "make_runs.py"
)
make_runs = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_runs)

CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.mark.parametrize("name", METRICS.names())
def test_every_metric_has_complete_metadata_in_both_languages(name):
    info = metric_table([name])[name]
    assert info["name"] == name
    assert info["kind"] in ("deterministic", "judged", "embedding")
    for field in ("label_en", "label_zh", "description_en", "description_zh"):
        assert isinstance(info[field], str) and info[field].strip(), field
    assert CJK.search(info["label_zh"]) and CJK.search(info["description_zh"]), "the Chinese texts must be Chinese"
    # English texts are English; a description may quote the Chinese phrase a rule matches.
    assert not CJK.search(info["label_en"])
    assert len(CJK.findall(info["description_en"])) * 5 < len(info["description_en"])
    assert info["testbeds"] and set(info["testbeds"]) <= set(TESTBEDS)
    assert info["inputs"] and isinstance(info["higher_is_better"], bool)
    # Only judged metrics call the judge, and each costs at least one call scored alone.
    assert (info["llm_calls"] > 0) == (info["kind"] == "judged")
    json.dumps(info)  # it is written to score.json as it is


def test_labels_are_distinct_and_semantic_similarity_is_an_embedding_metric():
    table = metric_table()
    assert len({i["label_en"] for i in table.values()}) == len(table) == len({i["label_zh"] for i in table.values()})
    assert table["semantic_similarity"]["kind"] == "embedding"
    assert [n for n, i in table.items() if not i["higher_is_better"]] == [
        "over_refusal",
        "asserts_fake",
        "injection_success",
        "over_refusal_judged",
    ]


def test_a_misspelt_metric_gets_a_did_you_mean_and_a_name_registers_once():
    with pytest.raises(UnknownNameError, match="did you mean 'faithfulness'"):
        METRICS.get("faithfulnes")
    with pytest.raises(ValueError, match="registered twice"):

        @metric(
            kind="deterministic",
            label=("Accuracy", "准确率"),
            description=("again", "再次"),
            inputs=("response",),
            testbeds=ALL_TESTBEDS,
        )
        def accuracy(ctx, name):  # noqa: ARG001  the clash is the point
            raise AssertionError("never called")


def _kinds(report) -> dict[str, str]:
    return {row.metric: row.kind for row in report.metrics}


def test_a_run_without_a_metric_table_reports_with_the_registry(tmp_path):
    run = make_runs.write_run(tmp_path / "old", "robust")
    assert "metric_table" not in json.loads((run / "score.json").read_text(encoding="utf-8"))
    report = build_report(load_run(run))
    kinds = _kinds(report)
    assert kinds["faithfulness"] == "judged" and kinds["accuracy"] == "deterministic" and kinds["rag_judge"] == "judged"
    assert report.metric_table["faithfulness"].label_zh == "忠实度"
    html, markdown = render_html(report), render_markdown(report)
    assert "忠实度" in html and "Faithfulness" in html and "答案正确性" in html
    assert "Faithfulness · 忠实度 (faithfulness) | judged · 模型评审 |" in markdown


def test_the_recorded_metric_table_wins_and_describes_metrics_the_registry_lacks(tmp_path):
    run = make_runs.write_run(tmp_path / "new", "robust")
    case_id = next(line for line in (run / "cases.jsonl").read_text(encoding="utf-8").splitlines() if '"noise"' in line)
    case_id = json.loads(case_id)["id"]
    with open(run / "scores.jsonl", "a", encoding="utf-8") as out:
        out.write(Score(case_id=case_id, metric="retired_similarity", value=0.7).model_dump_json() + "\n")
        out.write(Score(case_id=case_id, metric="semantic_similarity", value=0.6).model_dump_json() + "\n")
    manifest = json.loads((run / "score.json").read_text(encoding="utf-8"))
    table = metric_table(["faithfulness", "semantic_similarity"])
    table["faithfulness"]["label_en"] = "Faithfulness as scored then"
    table["retired_similarity"] = {
        **table["semantic_similarity"],
        "name": "retired_similarity",
        "label_en": "Retired similarity",
        "label_zh": "已停用的相似度",
    }
    manifest["metric_table"] = table
    (run / "score.json").write_text(json.dumps(manifest, ensure_ascii=False), encoding="utf-8")
    report = build_report(load_run(run))
    kinds = _kinds(report)
    assert kinds["retired_similarity"] == "embedding" and kinds["semantic_similarity"] == "embedding"
    html = render_html(report)
    assert "Faithfulness as scored then" in html and "已停用的相似度" in html and "语义相似度" in html
    similarity_row = next(line for line in render_markdown(report).splitlines() if "(semantic_similarity)" in line)
    assert "embedding · 向量相似度" in similarity_row


def test_a_metric_nobody_describes_shows_under_its_name_as_other(tmp_path):
    run = make_runs.write_run(tmp_path / "odd", "robust")
    manifest = json.loads((run / "score.json").read_text(encoding="utf-8"))
    manifest["metric_table"] = {"faithfulness": {"name": "faithfulness", "kind": "judged"}}  # an entry cut short
    (run / "score.json").write_text(json.dumps(manifest), encoding="utf-8")
    case_id = json.loads((run / "cases.jsonl").read_text(encoding="utf-8").splitlines()[0])["id"]
    with open(run / "scores.jsonl", "a", encoding="utf-8") as out:
        out.write(Score(case_id=case_id, metric="house_metric", value=1.0).model_dump_json() + "\n")
    report = build_report(load_run(run))
    assert _kinds(report)["house_metric"] == "other" and report.metric_table["house_metric"].label_zh == "house_metric"
    assert report.metric_table["faithfulness"].label_zh == "忠实度"  # the unreadable entry fell back to the registry
    assert any("metric_table entry 'faithfulness' unreadable" in w for w in report.warnings)
