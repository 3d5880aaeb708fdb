"""Test sets from Ragas, DeepEval, Giskard RAGET and a plain CSV import onto an index, run and report."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from ragstress import corpora
from ragstress.cli import import_testset as cli_import
from ragstress.cli import report as cli_report
from ragstress.cli import run as cli_run
from ragstress.cli import score as cli_score
from ragstress.core.jsonl import read_json, read_records
from ragstress.core.types import Case

IMPORTS = Path(__file__).parents[1] / "data" / "imports"
SAMPLES = Path(corpora.__file__).parent / "samples" / "en"


def _app() -> typer.Typer:
    app = typer.Typer()
    for module in (cli_import, cli_run, cli_score, cli_report):
        module.register(app)
    return app


@pytest.fixture(scope="module")
def index(tmp_path_factory):
    from ragstress.api.stages import build_index

    folder = tmp_path_factory.mktemp("index")
    docs = folder / "docs"
    docs.mkdir()
    for name in ("eiffel_tower.txt", "tokyo_tower.txt", "cn_tower.txt"):
        (docs / name).write_text((SAMPLES / "docs" / name).read_text(encoding="utf-8"), encoding="utf-8")
    build_index(docs, folder / "index")
    return folder / "index"


@pytest.mark.parametrize(
    ("name", "fmt", "columns", "checkable", "judged"),
    [
        ("ragas.jsonl", "ragas", None, 2, 1),
        ("ragas.csv", "ragas", None, 2, 1),
        ("deepeval.json", "deepeval", None, 2, 0),
        ("raget.jsonl", "raget", None, 2, 0),
        ("custom.csv", "csv", "question=q,answer=a,context=ctx", 3, 0),
        ("ragas_multiturn.jsonl", "ragas", None, 2, 0),
    ],
)
def test_each_format_imports_runs_and_reports(tmp_path, index, name, fmt, columns, checkable, judged):
    out = tmp_path / "testset"
    args = ["import-testset", str(IMPORTS / name), "--format", fmt, "--index", str(index), "--out", str(out)]
    result = CliRunner().invoke(_app(), args + (["--columns", columns] if columns else []))
    assert result.exit_code == 0, result.output
    assert f"{checkable} checkable by string, {judged} for judged metrics only" in " ".join(result.output.split())
    manifest = read_json(out / "testset.json")["import"]
    assert (manifest["span_checkable"], manifest["judged_only"]) == (checkable, judged)
    cases = read_records(out / "cases.jsonl", Case)
    assert {c.testbed for c in cases} >= {"noise", "negative", "counterfactual"}
    checkable_cases = [c for c in cases if not c.params.get("judged_only")]
    assert all(
        any(a in ("1889", "1958", "333 metres", "1994", "2007", "553.3 metres") for a in c.answers[0])
        for c in checkable_cases
        if c.answers
    )
    run = tmp_path / "run"
    ran = CliRunner().invoke(
        _app(),
        ["run", str(out / "cases.jsonl"), "--target", "python:fixtures_run.targets:conversational", "--out", str(run)],
    )
    assert ran.exit_code == 0, ran.output
    assert CliRunner().invoke(_app(), ["score", str(run), "--metrics", "accuracy,rejection"]).exit_code == 0
    assert CliRunner().invoke(_app(), ["report", str(run)]).exit_code == 0
    assert read_json(run / "report.json")["noise"]["n_cases"] > 0
    if fmt == "raget":
        kinds = {"simple": 1, "conversational": 1, "out of scope": 1}
        assert manifest["conversational"] == 1 and manifest["kinds"] == kinds and manifest["out_of_scope"] == 1
        talk = [c for c in cases if c.params.get("history")]
        assert talk and all(c.question == "And when was it finished?" for c in talk)
        (declined,) = [c for c in cases if c.params.get("out_of_scope")]
        assert (declined.testbed, declined.expected, declined.answers) == ("negative", "reject", [])
        assert [p.role for p in declined.contexts] == ["noise"]
        scores = [json.loads(x) for x in (run / "scores.jsonl").read_text(encoding="utf-8").splitlines()]
        assert {s["metric"] for s in scores if s["case_id"] == declined.id} == {"rejection"}
    if name in ("raget.jsonl", "ragas_multiturn.jsonl"):
        asked = [json.loads(x) for x in (run / "responses.jsonl").read_text(encoding="utf-8").splitlines()]
        assert any("history: 2 turns" in r["answer"] for r in asked)  # the target was sent the earlier turns
    if name == "ragas_multiturn.jsonl":
        talk = [c for c in cases if c.params.get("history")]
        assert talk and {c.question for c in talk} == {
            "In which year did it lose its title of tallest free-standing structure?"
        }
        assert [t["role"] for t in talk[0].params["history"]] == ["user", "assistant"]
    if judged:
        (line,) = [json.loads(x) for x in (out / "judged_only.jsonl").read_text(encoding="utf-8").splitlines()]
        assert line["why"] and line["question"].startswith("Why do towers")
        (kept,) = [c for c in cases if c.params.get("judged_only")]
        assert kept.answers == [[line["reference"]]] and kept.contexts
        scores = [json.loads(x) for x in (run / "scores.jsonl").read_text(encoding="utf-8").splitlines()]
        assert not [s for s in scores if s["case_id"] == kept.id]  # no rule scores what it cannot check


def test_a_bad_item_names_the_file_line_and_field(tmp_path, index):
    args = [
        "import-testset",
        str(IMPORTS / "bad.jsonl"),
        "--format",
        "ragas",
        "--index",
        str(index),
        "--out",
        str(tmp_path / "t"),
    ]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 2 and "bad.jsonl:2: field user_input" in result.output
    unknown = CliRunner().invoke(_app(), [*args[:2], "--format", "giskard", *args[4:]])
    assert unknown.exit_code == 2 and "choose one of ragas, deepeval, raget, csv" in unknown.output


def _import(tmp_path, index, file, fmt, *extra):
    args = ["import-testset", str(file), "--format", fmt, "--index", str(index), "--out", str(tmp_path / "t")]
    return CliRunner().invoke(_app(), [*args, *extra])


def test_a_file_with_no_checkable_answer_imports_for_judged_metrics(tmp_path, index):
    open_ended = tmp_path / "open.jsonl"
    item = {
        "user_input": "Why do towers inspire so many imitations?",
        "reference": "Because landmark towers become symbols that other cities want to echo.",
        "reference_contexts": ["It was completed in 1958 and reaches a height of 333 metres."],
    }
    open_ended.write_text(json.dumps(item) + "\n", encoding="utf-8")
    result = _import(tmp_path, index, open_ended, "ragas")
    assert result.exit_code == 0, result.output
    assert "0 checkable by string, 1 for judged metrics only" in " ".join(result.output.split())
    (case,) = read_records(tmp_path / "t" / "cases.jsonl", Case)
    assert case.params["judged_only"] and read_json(tmp_path / "t" / "testset.json")["cases"]["total"] == 1


def test_csv_errors_name_the_line_a_row_starts_on_and_the_missing_column(tmp_path, index):
    bad = tmp_path / "bad.csv"
    bad.write_text('q,a,ctx\nFirst?,1889,"two\nlines"\n,1958,ctx\n', encoding="utf-8")
    result = _import(tmp_path, index, bad, "csv", "--columns", "question=q,answer=a,context=ctx")
    assert result.exit_code == 2 and "bad.csv:4: field q" in result.output
    renamed = _import(tmp_path, index, bad, "csv", "--columns", "question=query,answer=a")
    assert renamed.exit_code == 2 and "bad.csv:1: --columns names query, not in the header" in " ".join(
        renamed.output.split()
    )


BLOG = IMPORTS / "blog"
FAILURES = ("not present in context", "does not provide", "can not be answered")
# What each blog test set's factoid items must be checked by: the question and its facts' main spellings.
RAGAS01_SEEDS = {
    "In which year was the Pellin Canal completed?": ["1911"],
    "Which model does the pipeline run first when analysing images?": ["CLIP"],  # "when" in a clause
    "How many requests per second did the new proxy handle at peak?": ["252"],  # a bare number
    "How many labourers worked on the Pellin Canal according to the census?": ["1063"],  # a count, not a year
    "Which protocol does the new edge proxy speak to the backends?": ["HTTP/2"],
    "Which version of the client library fixed the memory leak?": ["v1.4.2"],
    "Who said the proxy rewrite paid for itself within a quarter?": ["Peter Novak"],
    "Which language was the old edge proxy written in?": ["Python"],
    "Which cache tier keeps the hot embeddings?": ["C3"],  # the reference wrote "C3'"
}
RAGAS02_SEEDS = {
    "In what year did the Lumen project start?": ["2019"],
    "Which protocol does the new edge proxy speak to the backends, and who said the rewrite paid for itself "
    "within a quarter?": ["HTTP/2", "Peter Novak"],
    "Who designed the Pellin Canal?": ["Ada Marsh"],
}


@pytest.fixture(scope="module")
def blog_index(tmp_path_factory):
    from ragstress.api.stages import build_index

    folder = tmp_path_factory.mktemp("blog")
    build_index(BLOG, folder / "index")
    return folder / "index"


def _blog_import(tmp_path, blog_index, name, fmt="ragas"):
    out = tmp_path / "testset"
    args = ["import-testset", str(IMPORTS / name), "--format", fmt, "--index", str(blog_index), "--out", str(out)]
    result = CliRunner().invoke(_app(), args)
    assert result.exit_code == 0, result.output
    return out, read_records(out / "cases.jsonl", Case), read_json(out / "testset.json")


@pytest.mark.parametrize(
    ("name", "expected", "judged", "duplicated"),
    [
        ("ragas01_blog.jsonl", RAGAS01_SEEDS, 4, "In which year was the Pellin Canal completed?"),
        ("ragas01_blog.csv", RAGAS01_SEEDS, 4, "In which year was the Pellin Canal completed?"),
        ("ragas02_blog.jsonl", RAGAS02_SEEDS, 3, "In what year did the Lumen project start?"),
        ("ragas02_blog.csv", RAGAS02_SEEDS, 3, "In what year did the Lumen project start?"),
    ],
)
def test_ragas_blog_test_sets_become_seeds_checked_by_the_right_spans(
    tmp_path, blog_index, name, expected, judged, duplicated
):
    from ragstress.generators.interop.importers import read_items

    out, cases, manifest = _blog_import(tmp_path, blog_index, name)
    report = manifest["import"]
    checked = [c for c in cases if not c.params.get("judged_only") and c.answers]
    # Every seed's facts are the expected spans, and only the expected items became seeds.
    assert {c.question: [aliases[0] for aliases in c.answers] for c in checked} == expected
    assert report["span_checkable"] == len(expected) and report["seeds_matched_by"] == {"text": len(expected)}
    # No open question with a reference of more than 25 words is a seed.
    items = read_items(IMPORTS / name, "ragas")
    long = [i for i in items if i.reference and len(i.reference.split()) > 25]
    assert long and not {i.question for i in long} & {c.question for c in checked}
    # Identical items make one seed.
    assert sum(i.question == duplicated for i in items) == 2
    assert len({c.seed_id for c in cases if c.question == duplicated}) == 1
    assert report["dropped"] == 1 and report["duplicates"] == 1
    (dropped,) = [json.loads(x) for x in (out / "dropped.jsonl").read_text(encoding="utf-8").splitlines()]
    assert dropped["question"] == duplicated and "near-duplicate of ragas-" in dropped["why"]
    # The tool's failure reference is no expected answer: the item is a case to be declined.
    assert not [c for c in cases if any(f in a.lower() for aliases in c.answers for a in aliases for f in FAILURES)]
    (lacking,) = [c for c in cases if c.params.get("context_lacks_answer")]
    assert (lacking.testbed, lacking.expected, lacking.answers) == ("negative", "reject", [])
    assert lacking.question.startswith("What toll do barges pay") and report["negative"] == 1
    # Judged-only cases are counted apart from the testbeds, with no noise ratio.
    kept = [c for c in cases if c.params.get("judged_only")]
    assert len(kept) == judged == report["judged_only"] == manifest["cases"]["judged_only"]
    assert not [c for c in kept if "noise_ratio" in c.params]
    counted = sum(n for per_ratio in manifest["cases"]["by_testbed"].values() for n in per_ratio.values())
    assert counted + judged == manifest["cases"]["total"] == len(cases)
    assert manifest["cases"]["by_testbed"]["noise"] == {
        ratio: sum(1 for c in checked if c.testbed == "noise" and f"{c.params['noise_ratio']:g}" == ratio)
        for ratio in manifest["cases"]["by_testbed"]["noise"]
    }
    # judged_only.jsonl names every span it weighed, trimmed, and why it lost.
    records = [json.loads(x) for x in (out / "judged_only.jsonl").read_text(encoding="utf-8").splitlines()]
    features = next(r for r in records if "key features" in r["question"])
    assert features["why"].startswith("an open question")
    assert {"OpenAI", "Anthropic", "BM25"} <= {s["span"] for s in features["spans"]}
    assert all(s["verdict"].startswith("not weighed: an open question") for s in features["spans"])
    # Ragas's multi-hop markers are gone from every passage.
    assert not [p for c in cases for p in c.contexts if p.text.lstrip().startswith("<")]
    if expected is RAGAS02_SEEDS:
        (integration,) = [c for c in cases if c.testbed == "integration"]
        assert integration.answers[1][0] == "Peter Novak" and len(integration.contexts) == 2


def test_counterfactual_fakes_are_of_the_answers_kind(tmp_path, blog_index):
    _, cases, _ = _blog_import(tmp_path, blog_index, "ragas01_blog.csv")
    fakes = {c.answers[0][0]: c.fake_answer[0] for c in cases if c.testbed == "counterfactual" and c.fake_answer}
    assert fakes["Python"] == "Rust"  # a word the blog uses as a language, never a person's name
    assert fakes["CLIP"].isupper() and fakes["CLIP"] != "CLIP"  # an acronym for an acronym
    assert fakes["C3"] == "BM25"  # a name with a digit for a name with a digit
    assert fakes["Peter Novak"] == "Ada Marsh"
    people = {"Peter", "Peter Novak", "Ada Marsh"}
    assert not [truth for truth, fake in fakes.items() if fake in people and truth not in people]


def test_a_raget_csv_export_reads_python_literal_histories_and_string_metadata(tmp_path, blog_index):
    out, cases, manifest = _blog_import(tmp_path, blog_index, "raget_blog.csv", "raget")
    report = manifest["import"]
    assert report["kinds"] == {"simple": 1, "double": 1, "conversational": 1, "out of scope": 1}
    assert (report["out_of_scope"], report["conversational"]) == (1, 1)
    (declined,) = [c for c in cases if c.params.get("out_of_scope")]
    assert declined.question.startswith("What does a season ticket") and declined.answers == []
    talk = [c for c in cases if c.params.get("history")]
    assert talk and all(c.answers == [["HTTP/2"]] for c in talk)
    assert talk[0].params["history"][0] == {"role": "user", "content": "I'm reading about the team's new edge proxy."}
    assert {c.answers[0][0] for c in cases if c.question.startswith("How many labourers")} == {"1063"}
    # The double question's two facts lie in one sentence: no integration case can hold them apart.
    (double,) = [json.loads(x) for x in (out / "judged_only.jsonl").read_text(encoding="utf-8").splitlines()]
    assert double["kind"] == "double" and "different passages" in double["why"]
    assert {s["span"] for s in double["spans"] if s["verdict"].endswith("answer")} == {"1911", "Ada Marsh"}


def test_unreadable_exports_name_the_file_line_and_field(tmp_path, blog_index):
    neither = tmp_path / "answers.jsonl"
    neither.write_text(json.dumps({"query": "Who designed the canal?", "answer": "Ada Marsh"}) + "\n", encoding="utf-8")
    result = _import(tmp_path, blog_index, neither, "ragas")
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "answers.jsonl: --format ragas: the columns (query, answer)" in said
    assert "neither Ragas 0.2's" in said and "nor Ragas 0.1's" in said
    broken = tmp_path / "raget.csv"
    lines = (IMPORTS / "raget_blog.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    broken.write_text(lines[0] + lines[3].replace("'role': 'user'", "'role': user", 1), encoding="utf-8")
    result = _import(tmp_path, blog_index, broken, "raget")
    said = " ".join(result.output.split())
    assert result.exit_code == 2 and "raget.csv:2: field conversation_history: neither JSON" in said
    assert "nor a Python literal" in said
