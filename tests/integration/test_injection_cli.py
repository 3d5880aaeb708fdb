"""The injection testbed through the CLI on both bundled samples: generate, run, score, report, gate, compare,
export, and an e2e run in which a LangChain chain retrieves from the index holding the injected passages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ragstress.cli import app
from ragstress.core.injection import INJECTION_KINDS, INJECTION_SLOTS, INSTRUCTION_KINDS, InjectionParams
from ragstress.core.jsonl import read_json, read_records
from ragstress.core.types import Case, Chunk, Score, TargetResponse
from ragstress.values.matching import normalise
from ragstress.values.spans import contains_alias

SAMPLES = Path(__file__).resolve().parents[2] / "src" / "ragstress" / "corpora" / "samples"
TARGETS = "fixtures_run.injection_targets"


def _ok(result):
    assert result.exit_code == 0, result.output
    return result


def _generate(root: Path, lang: str, seeds: Path) -> Path:
    runner = CliRunner()
    _ok(runner.invoke(app, ["build", str(SAMPLES / lang / "docs"), "--index", str(root / f"{lang}-index")]))
    args = ["generate", str(root / f"{lang}-index"), "--out", str(root / f"{lang}-testset"), "--seed-file", str(seeds)]
    _ok(runner.invoke(app, [*args, "--seeds", "0", "--testbeds", "injection", "--no-judge-noise"]))
    return root / f"{lang}-testset" / "cases.jsonl"


@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("injection")
    return {lang: _generate(root, lang, SAMPLES / lang / "seeds.jsonl") for lang in ("en", "zh")}


def _cases(path: Path) -> list[Case]:
    return read_records(path, Case)


def _chunks(cases_path: Path, lang: str) -> list[str]:
    index = cases_path.parent.parent / f"{lang}-index"  # beside the test set, as _generate builds them
    return [normalise(c.text) for c in read_records(index / "chunks.jsonl", Chunk)]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_sample_gets_cases_whose_canary_no_chunk_or_question_holds(samples, lang):
    cases = _cases(samples[lang])
    assert len(cases) >= 10 and {c.lang for c in cases} == {lang}
    assert {c.params["injection_kind"] for c in cases} == set(INJECTION_KINDS)
    assert {c.params["injection_slot"] for c in cases} == set(INJECTION_SLOTS)
    chunks = _chunks(samples[lang], lang)
    raw = [c.text for c in read_records(samples[lang].parent.parent / f"{lang}-index" / "chunks.jsonl", Chunk)]
    for case in cases:
        injected = InjectionParams.of(case)
        assert injected is not None, case.id
        canary = normalise(injected.canary)
        assert canary not in normalise(case.question), case.id
        others = [normalise(c.text) for i, c in enumerate(case.contexts) if i != injected.injection_index]
        assert not any(canary in text for text in others), case.id
        if injected.injection_kind == "poisoned":
            # The canary is the planted answer: nowhere else in the case, nor anywhere in the corpus.
            assert case.fake_answer and injected.canary == case.fake_answer[0]
            assert not any(contains_alias(text, case.fake_answer) for text in raw), case.id
            assert not injected.canary_in_corpus, case.id
        else:
            assert not any(canary in text for text in chunks) and not injected.canary_in_corpus, case.id
            assert canary in normalise(case.contexts[injected.injection_index].text)


def _bench(cases: Path, target: str, out: Path) -> dict:
    runner = CliRunner()
    _ok(runner.invoke(app, ["run", str(cases), "--target", f"python:{TARGETS}:{target}", "--out", str(out)]))
    _ok(runner.invoke(app, ["score", str(out), "--metrics", "accuracy,injection_success,over_refusal"]))
    _ok(runner.invoke(app, ["report", str(out)]))
    return read_json(out / "report.json")


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_target_that_obeys_is_taken_over_and_one_that_copies_its_passages_is_not(samples, lang, tmp_path):
    report = _bench(samples[lang], "obeys", tmp_path / "obeys")
    section = report["injection"]
    assert section["success"]["value"] >= 0.5 and section["n_cases"] == len(_cases(samples[lang]))
    kinds = {r["key"]: r["success"]["value"] for r in section["rows"] if r["axis"] == "kind"}
    # Replying with the canary, compact or letter-spaced, follows every instruction kind on every case.
    assert all(kinds[k] == 1.0 for k in INSTRUCTION_KINDS)
    assert {r["key"] for r in section["rows"] if r["axis"] == "slot"} == set(INJECTION_SLOTS)
    # Echoing the passages copies each instruction with its canary: quoted, not obeyed. The poisoned fact's
    # planted answer is stated as the passage states it, and that is adoption as before.
    echoed = _bench(samples[lang], "echo_passages", tmp_path / "echo")["injection"]
    kinds = {r["key"]: r["success"]["value"] for r in echoed["rows"] if r["axis"] == "kind"}
    assert all(kinds[k] == 0.0 for k in INSTRUCTION_KINDS) and kinds["poisoned"] > 0.0
    scores = [s for s in read_records(tmp_path / "echo" / "scores.jsonl", Score) if s.metric == "injection_success"]
    copied = [s for s in scores if "verbatim copy of the injected passage" in (s.explanation or "")]
    assert len(copied) == sum(c.params["injection_kind"] != "poisoned" for c in _cases(samples[lang]))


def test_gates_cards_methods_compare_and_export_on_the_en_sample(samples, tmp_path):
    obeyed = _bench(samples["en"], "obeys", tmp_path / "obeys")
    declined = _bench(samples["en"], "declines", tmp_path / "declines")
    assert declined["injection"]["success"]["value"] == 0.0 and declined["injection"]["accuracy"]["value"] == 0.0
    card = {(c["testbed"], c["lang"]): c for c in obeyed["card"]}
    assert card[("injection", "en")]["metric"] == "injection_success"
    assert card[("injection", "en")]["headline"]["value"] == obeyed["injection"]["success"]["value"]
    assert obeyed["metric_table"]["injection_success"]["higher_is_better"] is False
    assert obeyed["injection"]["n_poisoned_in_corpus"] == 0
    (note,) = [n for n in obeyed["methods"] if n["key"] == "injection"]
    assert "planted answers occurs anywhere else in the corpus" in note["text_en"][0]
    assert "PoisonedRAG" in note["text_en"][0] and "LLM01" in note["text_en"][0] and "BIPIA" in note["text_zh"][0]
    html = (tmp_path / "obeys" / "report.html").read_text(encoding="utf-8")
    assert 'id="injection"' in html and "提示注入" in html
    assert "curve-injection_slot-injection_success.svg" in (tmp_path / "obeys" / "report.md").read_text("utf-8")

    gates = tmp_path / "gates.json"
    gates.write_text(
        json.dumps({"injection_success@injection": {"max": 0.1}, "injection_success@injection:hidden": {"max": 0.1}})
    )
    for run, code, passed in (("obeys", 1, False), ("declines", 0, True)):
        gated = CliRunner().invoke(app, ["report", str(tmp_path / run), "--thresholds", str(gates)])
        assert gated.exit_code == code, gated.output
        checks = {c["testbed"]: c["passed"] for c in read_json(tmp_path / run / "report.json")["gating"]["checks"]}
        assert checks == {"injection": passed, "injection:hidden": passed}

    compared = CliRunner().invoke(
        app, ["compare", str(tmp_path / "obeys"), str(tmp_path / "declines"), "--out", str(tmp_path / "cmp")]
    )
    _ok(compared)
    overlay = (tmp_path / "cmp" / "compare.html").read_text(encoding="utf-8")
    assert "injection_success — injected passage slot" in overlay and "declines" in overlay

    exported = CliRunner().invoke(
        app, ["export-dataset", str(samples["en"].parent), "--out", str(tmp_path / "ds"), "--license", "cc-by-4.0"]
    )
    _ok(exported)
    rows = [json.loads(line) for line in (tmp_path / "ds" / "data" / "injection.jsonl").read_text("utf-8").splitlines()]
    assert len(rows) == obeyed["injection"]["n_cases"]
    assert all(r["provenance"]["canary"] and r["provenance"]["injection_kind"] in INJECTION_KINDS for r in rows)
    assert "path: data/injection.jsonl" in (tmp_path / "ds" / "README.md").read_text(encoding="utf-8")


def test_in_e2e_a_langchain_chain_retrieves_the_poisoned_passage_for_its_question(tmp_path):
    seeds = [json.loads(line) for line in (SAMPLES / "en" / "seeds.jsonl").read_text("utf-8").splitlines() if line]
    # Single facts with a number (a year, a quantity): their planted values are ones the corpus never states.
    chosen = [s for s in seeds if len(s["answers"]) == 1 and any(ch.isdigit() for ch in s["answers"][0][0])][:8]
    (tmp_path / "seeds.jsonl").write_text("".join(json.dumps(s) + "\n" for s in chosen), encoding="utf-8")
    cases_path = _generate(tmp_path, "en", tmp_path / "seeds.jsonl")
    out = tmp_path / "e2e"
    run = ["run", str(cases_path), "--target", f"langchain:{TARGETS}:make_echo_chain", "--out", str(out)]
    _ok(CliRunner().invoke(app, [*run, "--mode", "e2e", "--index", str(tmp_path / "en-index")]))
    cases = {c.id: c for c in _cases(cases_path)}
    responses = read_records(out / "responses.jsonl", TargetResponse)
    assert len(responses) == len(cases) and all(r.retrieved is not None for r in responses)
    found = {r.case_id: bool(r.retrieved.injected) for r in responses}
    poisoned = [found[i] for i, c in cases.items() if c.params["injection_kind"] == "poisoned"]
    assert len(poisoned) >= 5 and sum(poisoned) / len(poisoned) >= 0.75
    # The chain echoes what it retrieved: an injection retrieved is an injection that reached the answer.
    for response in responses:
        canary = cases[response.case_id].params["canary"]
        if found[response.case_id] and cases[response.case_id].params["injection_kind"] != "poisoned":
            assert canary in response.answer
    _ok(CliRunner().invoke(app, ["score", str(out), "--metrics", "accuracy,injection_success"]))
    _ok(CliRunner().invoke(app, ["report", str(out)]))
    section = read_json(out / "report.json")["injection"]
    assert section["retrieved"] == sum(found.values()) / len(found) and section["n_retrieval"] == len(found)
    assert not [r for r in section["rows"] if r["axis"] == "slot"]  # e2e: the retriever set the order
