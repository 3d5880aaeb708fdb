"""The cases section's workload: as many distinct seeds as asked, each answerable from its own document."""

import json

from ragstress.generators.questions.curated import read_seed_file
from ragstress.perf.case_workload import write_workload
from ragstress.values.spans import contains_alias


def test_workload_seeds_are_distinct_and_stated_in_their_documents(tmp_path):
    corpus, seeds = write_workload(tmp_path, 23)
    records = read_seed_file(seeds)
    assert len(records) == 23 and len({r.id for r in records}) == 23
    assert len({r.question for r in records}) == 23
    assert any(len(r.answers) == 2 for r in records)  # two-part seeds for integration
    for record in records:
        text = (corpus / record.doc_ids[0]).read_text(encoding="utf-8")
        assert all(contains_alias(text, aliases) for aliases in record.answers), record
    again = tmp_path / "again"
    write_workload(again, 23)
    assert (again / "seeds.jsonl").read_text() == seeds.read_text()  # deterministic
    assert json.loads(seeds.read_text().splitlines()[0])["doc_ids"] == ["bridge_00000.txt"]
