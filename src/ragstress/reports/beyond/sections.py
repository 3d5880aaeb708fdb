"""The report sections of the testbeds past RGB's four, from a run's cases and scores.

- conflict: per cell of the dose axis (k of n passages planted) and of the plausibility axis
  (every passage planted, the value near or far from the truth): truth kept (`accuracy`),
  adoption (`asserts_fake`), conflict acknowledged (rule and judge), declined
  (`over_refusal`); adoption split by prior, on the cases whose fact the target knows
  closed-book and on the rest, as ClashEval splits it.
- style: each style against the original wording, paired by seed: the accuracy of both and
  their difference with an interval resampled by seed; in e2e mode, how often the
  answer-bearing chunk was among what the target retrieved, per style.
- position: accuracy per slot of the answer passage, pooled and per language.

Every estimate goes through the report's own Scores, so a target failure counts as the
report counts it everywhere else.
"""

from __future__ import annotations

from statistics import fmean

from ragstress.core.types import Case
from ragstress.reports.model.beyond import (
    ConflictCell,
    ConflictSection,
    PositionSection,
    StyleRow,
    StyleSection,
)
from ragstress.reports.reading.scoring import TARGET_ERROR_LABEL, Scores
from ragstress.reports.stats.clustered import clustered_paired_difference

DEVIATION_RANK = {"small": 1.0, "medium": 2.0, "large": 3.0}
ORIGINAL = "original"


def _cell(axis: str, x: float, label: str, cases: list[Case], s: Scores, known_seeds: set[str]) -> ConflictCell:
    known = [c for c in cases if c.seed_id in known_seeds]
    unknown = [c for c in cases if c.seed_id not in known_seeds]
    return ConflictCell(
        axis=axis,
        x=x,
        label=label,
        n_cases=len(cases),
        truth_kept=s.of(cases, "accuracy"),
        adoption=s.of(cases, "adoption"),
        acknowledged=s.of(cases, "acknowledged"),
        acknowledged_judged=s.of(cases, "acknowledged_judged"),
        declined=s.of(cases, "over_refusal"),
        adoption_known=s.of(known, "adoption"),
        adoption_unknown=s.of(unknown, "adoption"),
    )


def conflict_section(cases: list[Case], s: Scores) -> ConflictSection | None:
    """The conflict testbed's cells, dose axis first (by share), then the plausibility axis."""
    if not cases:
        return None
    # The closed-book probe is asked once per seed (on its unplanted case): the prior is the seed's.
    known_seeds = {c.seed_id for c in cases if s.passed(c, "closed_book_accuracy")}
    dose = [c for c in cases if not c.params.get("deviation")]
    shares = sorted({float(c.params.get("conflict_share", 0.0)) for c in dose})
    cells = []
    for share in shares:
        group = [c for c in dose if float(c.params.get("conflict_share", 0.0)) == share]
        cells.append(_cell("share", share, f"{share:.0%}", group, s, known_seeds))
    for level, rank in DEVIATION_RANK.items():
        group = [c for c in cases if c.params.get("deviation") == level]
        if group:
            cells.append(_cell("deviation", rank, level, group, s, known_seeds))
    planted = [c for c in dose if c.params.get("conflict_k", 0) > 0]
    return ConflictSection(
        n_cases=len(cases),
        n_known=len(known_seeds),
        adoption=s.of(planted, "adoption"),
        cells=cells,
    )


def _value(s: Scores, case: Case, metric: str) -> float | None:
    """The case's value as the report counts it: a target failure is a failure, unscored is None."""
    score = s.get(case, metric)
    if score is None:
        return None
    if score.value is not None:
        return score.value
    return 0.0 if score.label == TARGET_ERROR_LABEL and s.errors_as_failures else None


def _retrieved(s: Scores, cases: list[Case]) -> float | None:
    """e2e: the share of cases whose returned passages held the answer (None without retrieval records)."""
    found = [s.data.responses.get((c.id, "case")) for c in cases]
    shares = [r.retrieved.positive for r in found if r is not None and r.retrieved is not None]
    return fmean(float(bool(p)) for p in shares) if shares else None


def style_section(cases: list[Case], s: Scores) -> StyleSection | None:
    """Each style paired with the original wording of the same seed."""
    if not cases:
        return None
    originals = {c.seed_id: c for c in cases if c.params.get("style") == ORIGINAL}
    styles = list(dict.fromkeys(str(c.params.get("style")) for c in cases if c.params.get("style") != ORIGINAL))
    rows = []
    for style in styles:
        styled = [c for c in cases if c.params.get("style") == style and c.seed_id in originals]
        pairs = [(originals[c.seed_id], c) for c in styled]
        values = [(_value(s, a, "accuracy"), _value(s, b, "accuracy"), b.seed_id) for a, b in pairs]
        values = [(a, b, seed) for a, b, seed in values if a is not None and b is not None]
        diff = (
            clustered_paired_difference([a for a, _, _ in values], [b for _, b, _ in values], [k for *_, k in values])
            if values
            else None
        )
        rows.append(
            StyleRow(
                style=style,
                n_pairs=len(values),
                original=s.of([a for a, _ in pairs], "accuracy"),
                styled=s.of(styled, "accuracy"),
                difference=diff.difference if diff else None,
                low=diff.low if diff else None,
                high=diff.high if diff else None,
                retrieval_styled=_retrieved(s, styled),
                retrieval_original=_retrieved(s, [a for a, _ in pairs]),
            )
        )
    return StyleSection(n_cases=len(cases), original=s.of(list(originals.values()), "accuracy"), rows=rows)


def position_section(cases: list[Case], s: Scores) -> PositionSection | None:
    """Accuracy with the answer passage in each slot, pooled and per language."""
    if not cases:
        return None
    slots = sorted({int(c.params["position"]) for c in cases if isinstance(c.params.get("position"), int)})
    langs = sorted({c.lang for c in cases})

    def by_slot(group: list[Case]) -> list:
        return [s.of([c for c in group if c.params.get("position") == slot], "accuracy") for slot in slots]

    return PositionSection(
        n_cases=len(cases),
        n_slots=len(slots),
        by_slot=by_slot(cases),
        by_lang={lang: by_slot([c for c in cases if c.lang == lang]) for lang in langs} if len(langs) > 1 else {},
    )
