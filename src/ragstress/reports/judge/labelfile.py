"""Human label files: a stratified sample of judged cases to label, and reading the labels back.

The file is CSV (UTF-8 with a byte-order mark, so spreadsheet programs show Chinese
text): one row per (case, judged metric) with `case_id`, `metric` and `label` (to fill:
1/0, yes/no, 是/否, or a number in [0, 1]; blank = not labelled) followed by columns
that help the person labelling (testbed, language, question, response, what the metric
asks). Only the first three columns are read back. The judge's own verdict is left out
on purpose: people shown it tend to agree with it.
"""

from __future__ import annotations

import csv
import io
import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ragstress.core.csvcells import spreadsheet_safe, spreadsheet_text
from ragstress.core.types import Case
from ragstress.reports.model import MetricInfo
from ragstress.reports.reading.metric_table import info_for
from ragstress.reports.reading.rundir import RunData

COLUMNS = ("case_id", "metric", "label", "testbed", "lang", "question", "response", "asks")
_TRUE = {"1", "1.0", "yes", "y", "true", "pass", "是", "对", "正确"}
_FALSE = {"0", "0.0", "no", "n", "false", "fail", "否", "错", "错误"}


class LabelFileError(ValueError):
    """A label file that cannot be used, naming the file, line and field."""


@dataclass(frozen=True)
class LabelRow:
    """One row of a label file to fill."""

    case_id: str
    metric: str
    testbed: str
    lang: str
    question: str
    response: str
    asks: str
    passages: tuple[str, ...] = ()


@dataclass(frozen=True)
class LabelSet:
    """The labels read from a file: (case id, metric) -> value, and what was left blank."""

    path: Path
    labels: dict[tuple[str, str], float]
    n_rows: int
    n_blank: int
    n_stale: int = 0  # labelled a response other than the run's: left out


def judged_metrics(data: RunData, table: Mapping[str, MetricInfo]) -> list[str]:
    """The run's judged metrics that scored at least one case with a value."""
    names = [m for m in data.metric_names() if info_for(m, table).kind == "judged"]
    return [m for m in names if any(s.get(m) is not None and s[m].value is not None for s in data.scores.values())]


def _allocate(sizes: Mapping[tuple[str, str], int], total: int) -> dict[tuple[str, str], int]:
    """Proportional allocation by largest remainder, so the sample mirrors the run's mix."""
    population = sum(sizes.values())
    quotas = {k: total * n / population for k, n in sizes.items()}
    counts = {k: min(sizes[k], int(q)) for k, q in quotas.items()}
    for key in sorted(quotas, key=lambda k: (-(quotas[k] - int(quotas[k])), k)):
        if sum(counts.values()) >= total:
            break
        if counts[key] < sizes[key]:
            counts[key] += 1
    return counts


def sample_rows(
    data: RunData, table: Mapping[str, MetricInfo], n_cases: int, *, metrics: Iterable[str] | None = None, seed: int = 0
) -> list[LabelRow]:
    """Rows for `n_cases` cases drawn at random within each (testbed, language) stratum.

    Strata get cases in proportion to their size, so the labelled cases are a (near)
    proportional random sample of the judged ones, which PPI's correction assumes.
    """
    wanted = list(metrics) if metrics is not None else judged_metrics(data, table)
    if not wanted:
        raise LabelFileError("the run has no judged metric with a scored value: nothing to label")
    if n_cases < 1:
        raise LabelFileError("--sample must be at least 1")

    def judged(case: Case) -> list[str]:
        scores = data.scores.get(case.id, {})
        return [m for m in wanted if m in scores and scores[m].value is not None]

    strata: dict[tuple[str, str], list[Case]] = {}
    for case in sorted(data.cases, key=lambda c: c.id):
        if judged(case):
            strata.setdefault((case.testbed, case.lang), []).append(case)
    if not strata:
        raise LabelFileError(f"no case has a value for {', '.join(wanted)}: nothing to label")
    rng = random.Random(seed)
    chosen: list[Case] = []
    for key, count in sorted(_allocate({k: len(v) for k, v in strata.items()}, n_cases).items()):
        chosen += rng.sample(strata[key], count)
    rows = []
    for case in chosen:
        response = data.responses.get((case.id, "case"))
        answer = response.answer if response is not None else ""
        for metric in judged(case):
            info = info_for(metric, table)
            rows.append(
                LabelRow(
                    case_id=case.id,
                    metric=metric,
                    testbed=case.testbed,
                    lang=case.lang,
                    question=case.question,
                    response=answer,
                    asks=f"{info.description_en} / {info.description_zh}".strip(" /"),
                    passages=tuple(c.text for c in case.contexts),
                )
            )
    return rows


def label_csv(rows: Iterable[LabelRow]) -> str:
    """The label file's text: a header and one row per (case, metric), label blank."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(COLUMNS)
    for r in rows:
        cells = (r.case_id, r.metric, "", r.testbed, r.lang, r.question, r.response, r.asks)
        writer.writerow([spreadsheet_safe(cell) for cell in cells])
    return "\ufeff" + buffer.getvalue()


def parse_label(text: str) -> float | None:
    """A label cell's value: None when blank; ValueError when it is not a verdict or a number in [0, 1]."""
    cell = text.strip().lower()
    if not cell:
        return None
    if cell in _TRUE:
        return 1.0
    if cell in _FALSE:
        return 0.0
    value = float(cell)  # ValueError for anything else
    if not 0.0 <= value <= 1.0:
        raise ValueError(f"{value} is outside [0, 1]")
    return value


def _same_text(a: str, b: str) -> bool:
    # A spreadsheet may rewrite line ends and trailing blanks; the words must be the same.
    return " ".join(a.split()) == " ".join(b.split())


def read_labels(
    path: Path, *, known_cases: Iterable[str] | None = None, answers: Mapping[str, str] | None = None
) -> LabelSet:
    """Read a filled label file; errors name the file, line and field.

    With `answers` (case id -> the run's response), a row whose `response` column holds
    another text labels an answer this run did not give: it is left out and counted as stale.
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise LabelFileError(f"{path}: no such label file") from None
    except UnicodeDecodeError as exc:
        raise LabelFileError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None
    reader = csv.DictReader(io.StringIO(text))
    missing = [c for c in ("case_id", "metric", "label") if c not in (reader.fieldnames or [])]
    if missing:
        raise LabelFileError(f"{path}:1: header lacks the column(s) {', '.join(missing)}")
    known = set(known_cases) if known_cases is not None else None
    labels: dict[tuple[str, str], float] = {}
    rows = blank = stale = 0
    for row in reader:
        line = reader.line_num
        rows += 1
        case_id = spreadsheet_text((row.get("case_id") or "").strip())
        metric = spreadsheet_text((row.get("metric") or "").strip())
        if not case_id or not metric:
            raise LabelFileError(f"{path}:{line}: field {'case_id' if not case_id else 'metric'} is empty")
        if known is not None and case_id not in known:
            raise LabelFileError(f"{path}:{line}: field case_id: {case_id!r} is not a case of this run")
        try:
            value = parse_label(row.get("label") or "")
        except ValueError as exc:
            raise LabelFileError(
                f"{path}:{line}: field label: {row.get('label')!r} is not 1/0, yes/no, 是/否 or a number in [0, 1] ({exc})"
            ) from None
        if value is None:
            blank += 1
            continue
        shown = spreadsheet_text(row.get("response") or "")
        if answers is not None and shown.strip() and not _same_text(shown, answers.get(case_id, "")):
            stale += 1
            continue
        previous = labels.get((case_id, metric))
        if previous is not None and previous != value:
            raise LabelFileError(f"{path}:{line}: field label: {case_id} / {metric} was labelled {previous:g} before")
        labels[(case_id, metric)] = value
    return LabelSet(path=path, labels=labels, n_rows=rows, n_blank=blank, n_stale=stale)


def read_run_labels(path: Path, data: RunData) -> LabelSet:
    """The labels of `path` that belong to the run `data`: its cases, and the answers it gave."""
    answers = {case_id: r.answer or "" for (case_id, probe), r in data.responses.items() if probe == "case"}
    return read_labels(path, known_cases=(c.id for c in data.cases), answers=answers)
