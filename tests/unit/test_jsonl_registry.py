"""Record files (line-numbered errors, torn-tail repair, atomic writes) and the name registry."""

from __future__ import annotations

import pytest

from ragstress.core.jsonl import (
    RecordAppender,
    RecordFileError,
    read_records,
    repair_torn_tail,
    write_json,
    write_records,
)
from ragstress.core.registry import Registry, UnknownNameError
from ragstress.core.types import Score, TargetResponse


def test_errors_name_the_file_line_and_field(tmp_path):
    path = tmp_path / "responses.jsonl"
    good = TargetResponse(case_id="c1", answer="a", latency_s=0.1).model_dump_json()
    path.write_text(good + "\n\n" + '{"case_id": "c2", "answer": 3, "latency_s": 0}\n')
    with pytest.raises(RecordFileError, match=r"responses.jsonl line 3: field answer"):
        read_records(path, TargetResponse)
    path.write_text(good + "\n{not json\n")
    with pytest.raises(RecordFileError, match=r"line 2: invalid JSON"):
        read_records(path, TargetResponse)


def test_appender_repairs_a_torn_last_line(tmp_path):
    path = tmp_path / "scores.jsonl"
    with RecordAppender(path) as out:
        out.append(Score(case_id="c1", metric="m", value=1.0))
    with path.open("a") as f:
        f.write('{"case_id": "c2", "metric": "m", "val')  # a crash mid-write
    with RecordAppender(path) as out:
        out.append(Score(case_id="c3", metric="m", value=None, explanation="unscored"))
    assert [s.case_id for s in read_records(path, Score)] == ["c1", "c3"]
    assert repair_torn_tail(path) is False


def test_torn_only_line_is_removed(tmp_path):
    path = tmp_path / "x.jsonl"
    path.write_text('{"partial": ')
    assert repair_torn_tail(path) and path.read_text() == ""


def test_atomic_writes_leave_no_temporary_files(tmp_path):
    write_records(tmp_path / "a.jsonl", [Score(case_id="c", metric="m", value=0.5)])
    write_json(tmp_path / "a.json", {"名字": "值"})
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json", "a.jsonl"]
    assert "名字" in (tmp_path / "a.json").read_text(encoding="utf-8")


def test_registry_suggests_close_names():
    reg: Registry[int] = Registry("metric")
    reg.register("faithfulness")(1)
    reg.register("answer_correctness")(2)
    with pytest.raises(UnknownNameError, match="did you mean 'faithfulness'"):
        reg.get("faithfulnes")
    with pytest.raises(ValueError, match="registered twice"):
        reg.register("faithfulness")(3)
    assert reg.resolve("faithfulness, answer_correctness,faithfulness") == ["faithfulness", "answer_correctness"]


def test_atomic_writes_get_ordinary_permissions(tmp_path):
    import os

    umask = os.umask(0o022)
    try:
        write_json(tmp_path / "report.json", {"a": 1})
    finally:
        os.umask(umask)
    assert (tmp_path / "report.json").stat().st_mode & 0o777 == 0o644
