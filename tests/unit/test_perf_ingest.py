"""Helpers of the ingestion perf section: man pages to text, corpus subsets, measured child processes."""

from __future__ import annotations

import os
import sys

import pytest

from ragstress.perf.ingest import _edit_one_percent
from ragstress.perf.ingest_children import ChildFailed, run_child
from ragstress.perf.ingest_corpora import Source, roff_to_text, write_subset

MAN_PAGE = r""".\" generated file: a comment that must not show
.TH LS 1 2022年9月 "GNU coreutils 9.1" 用户命令
.SH 名称
ls \- 列出目录内容
.SH 描述
.PP
列出指定“文件”的信息。如果没有指定 \fB\-\-sort\fP，则按字母排序。
.TP
\fB\-a\fP, \fB\-\-all\fP
不要忽略以点号起始的条目 \" trailing comment
.BR ls (1)
.IP "\(bu" 2
see \fI\,dir\/\fR and \e escapes
"""


def test_roff_to_text_keeps_headings_and_text_and_drops_markup():
    text = roff_to_text(MAN_PAGE)
    assert text.startswith("名称\n\nls - 列出目录内容")
    assert "如果没有指定 --sort，则按字母排序。" in text
    assert "-a, --all\n不要忽略以点号起始的条目" in text
    assert "ls (1)" in text and "see dir and \\ escapes" in text
    for markup in ("\\f", ".TH", ".SH", ".PP", "comment", "\\-", "\\(", ".IP"):
        assert markup not in text, markup
    assert "\n\n\n" not in text


def test_write_subset_spreads_the_pick_and_stops_near_the_target(tmp_path):
    sources = [Source(f"part{i // 10}/doc{i:02d}.txt", f"text {i:02d} " * 50) for i in range(40)]
    size = len(sources[0].text)
    files, chars = write_subset(sources, target_chars=8 * size, folder=tmp_path / "subset")
    written = sorted(p.relative_to(tmp_path / "subset").as_posix() for p in (tmp_path / "subset").rglob("*.txt"))
    assert files == len(written) == 8 and chars == 8 * size
    assert len({name.split("/")[0] for name in written}) == 4  # every part of the corpus is represented
    # Rewriting replaces the folder: no file of an earlier, larger subset survives.
    assert write_subset(sources, target_chars=2 * size, folder=tmp_path / "subset")[0] == 2
    assert len(list((tmp_path / "subset").rglob("*.txt"))) == 2


def test_edit_one_percent_changes_one_file_in_a_hundred_mid_text(tmp_path):
    for i in range(150):
        (tmp_path / f"doc{i:03d}.txt").write_text("First sentence. Second sentence. Third one here.", encoding="utf-8")
    assert _edit_one_percent(tmp_path) == 2
    changed = [p.name for p in sorted(tmp_path.glob("*.txt")) if "incremental build" in p.read_text(encoding="utf-8")]
    assert changed == ["doc000.txt", "doc100.txt"]
    text = (tmp_path / "doc100.txt").read_text(encoding="utf-8")
    assert text.startswith("First sentence. Second sentence.") and text.endswith("Third one here.")


def test_run_child_reports_the_childs_own_peak_memory_and_its_errors(tmp_path):
    env = dict(os.environ)
    grow = "buf = b'x' * (200 * 1024 * 1024); print('done')"
    out, big = run_child(["-c", grow], env, tmp_path / "big")
    _, small = run_child(["-c", "print('done')"], env, tmp_path / "small")
    # The figure is the child's own, not this (large) pytest process's pages at fork time.
    assert out.strip() == "done" and 200 <= big < 400 and small < 60
    with pytest.raises(ChildFailed, match="exited 3: boom"):
        run_child(
            ["-c", "import sys; sys.exit('boom') if False else (sys.stderr.write('boom'), sys.exit(3))"],
            env,
            tmp_path / "fail",
        )
    assert sys.executable  # children ran with this interpreter, as the perf section's do


def test_throughput_rows_name_the_path_each_build_took():
    from ragstress.perf.ingest_throughput import throughput_rows

    baseline = {"chars": 100_000, "seconds": 10.0, "chunks": 100, "seconds_all": [9.0, 10.0, 12.0]}
    built = {"build_seconds": 5.0, "chunks": 120, "embedding_backend": "onnx-fp32", "seconds_all": [5.0, 4.0, 6.0]}
    no_amx = throughput_rows(baseline, built, None, 100_000, "sample")
    assert no_amx[0].status == "info" and no_amx[0].ours is None and "lacks AMX-BF16" in no_amx[0].note
    assert no_amx[1].status == "pass" and abs(no_amx[1].ratio - 2.0) < 1e-9 and "path onnx-fp32" in no_amx[1].note
    slow = dict(built, build_seconds=8.0, embedding_backend="torch-bf16")
    amx = throughput_rows(baseline, slow, built, 100_000, "sample")
    assert (
        [r.status for r in amx] == ["miss", "pass"]
        and "torch-bf16" in amx[0].note
        and "RAGSTRESS_BF16=0" in amx[1].figure
    )
