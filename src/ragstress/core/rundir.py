"""The names of a run directory's files, in one place.

RUN_DIR/index/       chunks.jsonl, index.json, chroma/        (build)
RUN_DIR/testset/     cases.jsonl, testset.json, seeds.jsonl    (generate)
RUN_DIR/             cases.jsonl, responses.jsonl, run.json    (run)
                     scores.jsonl, score.json                  (score)
                     report.json/.md/.html, scores.csv         (report)
                     bench.json                                (bench)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

INDEX_MANIFEST = "index.json"
CHUNKS_FILE = "chunks.jsonl"
CASES_FILE = "cases.jsonl"
SEEDS_FILE = "seeds.jsonl"
REJECTED_FILE = "rejected.jsonl"
TESTSET_MANIFEST = "testset.json"
RESPONSES_FILE = "responses.jsonl"
RUN_MANIFEST = "run.json"
SCORES_FILE = "scores.jsonl"
SCORE_MANIFEST = "score.json"
BENCH_MANIFEST = "bench.json"
REPORT_FILES = ("report.json", "report.md", "report.html", "scores.csv")


@dataclass(frozen=True)
class RunDir:
    """A run directory; each property is the path of one file or folder in it."""

    path: Path

    def __post_init__(self) -> None:
        object.__setattr__(self, "path", Path(self.path))

    @property
    def index(self) -> Path:
        return self.path / "index"

    @property
    def index_manifest(self) -> Path:
        return self.index / INDEX_MANIFEST

    @property
    def chunks(self) -> Path:
        return self.index / CHUNKS_FILE

    @property
    def testset(self) -> Path:
        return self.path / "testset"

    @property
    def testset_cases(self) -> Path:
        return self.testset / CASES_FILE

    @property
    def testset_manifest(self) -> Path:
        return self.testset / TESTSET_MANIFEST

    @property
    def cases(self) -> Path:
        return self.path / CASES_FILE

    @property
    def responses(self) -> Path:
        return self.path / RESPONSES_FILE

    @property
    def run_manifest(self) -> Path:
        return self.path / RUN_MANIFEST

    @property
    def scores(self) -> Path:
        return self.path / SCORES_FILE

    @property
    def score_manifest(self) -> Path:
        return self.path / SCORE_MANIFEST

    @property
    def bench_manifest(self) -> Path:
        return self.path / BENCH_MANIFEST

    @property
    def report_json(self) -> Path:
        return self.path / "report.json"

    @property
    def report_md(self) -> Path:
        return self.path / "report.md"

    @property
    def report_html(self) -> Path:
        return self.path / "report.html"

    @property
    def scores_csv(self) -> Path:
        return self.path / "scores.csv"

    def report_files(self) -> dict[str, Path]:
        """report.json, report.md, report.html and scores.csv by name."""
        return {name: self.path / name for name in REPORT_FILES}
