"""How certain a rule's verdict is: clear when the learned reader confidently reaches the same verdict and
nothing makes a careful reader hesitate, uncertain otherwise, and, in a weak zone of a rule, decided by a reader
sure enough. Every deterministic metric (deterministic.py, conflict_metrics.py, injection_metrics.py) and the
agreement measure (scoring.agreement) give their verdicts through `with_certainty`.
"""

from __future__ import annotations

from ragstress.core.types import Score
from ragstress.scoring.metrics import reader_marks, response_language
from ragstress.scoring.metrics.base import CaseJudging

# The learned reader's label for each rule verdict it reads (1 on the metric means the label holds).
READER_LABELS = {
    "accuracy": "correct",
    "rejection": "rejects",
    "over_refusal": "rejects",
    "error_detection": "flags_error",
    "error_correction": "corrects",
    "asserts_fake": "asserts_fake",
    "acknowledges_conflict": "acknowledges_conflict",
}

# The labels whose verdict rests on seeing an answer in the response: in a language the rules cannot read, not
# seeing one is no evidence that it is not there.
ANSWER_LABELS = frozenset({"correct", "corrects", "asserts_fake"})


def with_certainty(ctx: CaseJudging, score: Score, uncertain: str | None = None, read_as: str | None = None) -> Score:
    """A rule's Score with its certainty: clear only when the learned reader confidently reaches the same
    verdict (as label `read_as`, else the metric's own in READER_LABELS) and nothing else makes a careful
    reader hesitate (`uncertain`, or a response the rules cannot read in full: `response_language.unread`). The value
    stays the rule's, but in a weak zone of the rule (`reader_marks.weak_zone`) where the rule hesitates, a
    reader sure enough to decide (outside its deciding band) decides, and the verdict is clear; the explanation
    gives both readings and, in a weak zone, who decided. A verdict no label reads (an exact canary match) is
    the rule's alone."""
    label = read_as or READER_LABELS.get(score.metric)
    unseen = label in ANSWER_LABELS and score.value is not None and score.value < 0.5  # an answer it may not see
    hesitation = uncertain or response_language.unread(ctx.reading, unseen)
    view = ctx.reader_view(label) if label else None
    if view is None:
        update = {"certainty": "uncertain" if hesitation else "clear", "certainty_reason": hesitation}
        return score.model_copy(update=update)
    reason = hesitation
    if view.holds != (score.value is not None and score.value >= 0.5):
        reason = f"the learned reader disagrees ({view})" + (f"; {reason}" if reason else "")
    elif not view.confident:
        reason = f"the learned reader agrees but is unsure ({view})" + (f"; {reason}" if reason else "")
    explanation = f"{score.explanation}; {view}" if score.explanation else str(view)
    weak = reader_marks.weak_zone(label, ctx.reading, ctx.case.answers) if score.value is not None else None
    if weak and hesitation and view.decisive:
        # The same rule as the reader's training plays out (reader.band.outcomes), so the figures it reports hold.
        rule = f"the rule read {score.value:g}" + (f" ({score.label})" if score.label else "")
        explanation += (
            f"; decided by the learned reader where the rule is weak ({weak}) and unsure ({hesitation}): {rule}"
        )
        update = {
            "value": float(view.decision),
            "certainty": "clear",
            "certainty_reason": None,
            "explanation": explanation,
        }
        if view.decision != (score.value >= 0.5):
            update["label"] = f"{score.label}, overruled by the learned reader" if score.label else "learned reader"
        return score.model_copy(update=update)
    if weak:
        explanation += "; decided by the rule"
    update = {"certainty": "uncertain" if reason else "clear", "certainty_reason": reason, "explanation": explanation}
    return score.model_copy(update=update)
